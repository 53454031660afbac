#!/usr/bin/env bash
# End-to-end figures of `caldera run` against the embedded API server, in one JVM (dev.caldera.k8s.run.bench.LiveBench):
#   throughput: 5,000 nodes, then rounds of 10,000 pods in gangs of 10 (--warmup N rounds first, default 1, each
#               reported, then the measured one); pods/s from the first creation to the last bind, p50/p99 per-pod
#               latency (creation to bind), and the API server's requests and store changes per pod.
#               --create http (default): 8 creator threads POST each PodGroup and pod through a fabric8 client;
#               --create store: the same threads hand each object to the embedded server's create handler without
#               HTTP (in a cluster the creators run elsewhere). --observe store (default): a bind counts when the
#               server stores it; --observe watch: when a watcher of the bench's own (a second client) sees it.
#               Either way the scheduler's watch in and its binding POSTs out stay real HTTP. --rate N paces the
#               creation at N pods/s (the per-pod latency at a load the system sustains; 0: as fast as they go).
#   restart:    5,000 nodes, 20,000 pods already bound, 1,000 pending; time from the informers' sync to the first
#               bind, observed as --observe says (store: when the server stores it; watch: when the bench's watcher
#               sees it, which on a restart can lag the stored bind by seconds while the watch streams catch up)
# With --profile, async-profiler (the library and its Java API from the tools.profiler:async-profiler jar in the
# local Maven repository) samples the measured throughput round only, and the share of samples in the embedded API
# server, the kernel, the adapter, the fabric8 client, HTTP (vert.x and netty, either side), GC and the JIT is
# printed (inclusive: a stack may count in two parts). Results go to perf-results/live/; --only runs one of the two.
# Record on a quiet machine: several engineers' builds on 2 cores make every figure meaningless.
set -euo pipefail

usage() {
  cat <<'USAGE'
usage: bench/live-bench.sh [--jdk PATH] [--nodes N] [--pods N] [--bound N] [--pending N] [--gang N]
                           [--creators N] [--bind-workers N] [--warmup N] [--create http|store] [--rate N]
                           [--observe store|watch] [--only throughput|restart] [--profile] [--no-build] [--out DIR]
  defaults: --nodes 5000 --pods 10000 --bound 20000 --pending 1000 --gang 10 --creators 8 --bind-workers 8
            --warmup 1 --create http --rate 0 (as fast as the creators go) --observe store, out perf-results/live
USAGE
}

ROOT=$(cd "$(dirname "$0")/.." && pwd)
JAVA=java; NODES=5000; PODS=10000; BOUND=20000; PENDING=1000; GANG=10; PROFILE=0; BUILD=1; CREATORS=8; WORKERS=8
ONLY=; WARMUP=1; CREATE=http; OBSERVE=store; RATE=0
OUT="$ROOT/perf-results/live"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --jdk) JAVA="$2/bin/java"; shift ;;
    --nodes) NODES="$2"; shift ;;
    --pods) PODS="$2"; shift ;;
    --bound) BOUND="$2"; shift ;;
    --pending) PENDING="$2"; shift ;;
    --gang) GANG="$2"; shift ;;
    --creators) CREATORS="$2"; shift ;;
    --bind-workers) WORKERS="$2"; shift ;;
    --only) ONLY="$2"; shift ;;
    --warmup) WARMUP="$2"; shift ;;
    --create) CREATE="$2"; shift ;;
    --observe) OBSERVE="$2"; shift ;;
    --rate) RATE="$2"; shift ;;
    --profile) PROFILE=1 ;;
    --no-build) BUILD=0 ;;
    --out) OUT="$2"; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "live-bench.sh: unknown option '$1'" >&2; usage >&2; exit 2 ;;
  esac
  shift
done

JAR="$ROOT/adapters-k8s/target/caldera.jar"
if [[ $BUILD == 1 ]]; then
  (cd "$ROOT" && mvn -B -ntp -q -pl adapters-k8s -am package -DskipTests)
fi
LABEL=$("$JAVA" -XshowSettings:properties -version 2>&1 | awk -F'= ' '/java.specification.version/ {print "jdk-" $2}')
STAMP=$(date -u +%Y-%m-%dT%H%MZ)
mkdir -p "$OUT"
MAIN=dev.caldera.k8s.run.bench.LiveBench
HEAP="-Xms4g -Xmx4g"

PROFILER=()
CP="$JAR"
if [[ $PROFILE == 1 ]]; then
  # shellcheck source=lib/async-profiler.sh
  source "$ROOT/bench/lib/async-profiler.sh"
  WORK=$(mktemp -d "${TMPDIR:-/tmp}/caldera-live.XXXXXX")
  trap 'rm -rf "$WORK"' EXIT
  LIB=$(async_profiler_lib "$WORK")
  PROF="$OUT/$STAMP-$LABEL-throughput-${NODES}n-${PODS}p"
  # LiveBench starts and stops the profiler through its Java API around the measured round
  CP="$JAR:$(find "${HOME}/.m2/repository/tools/profiler/async-profiler" -name 'async-profiler-*.jar' | sort | tail -1)"
  PROFILER=("-Dcaldera.profile.lib=$LIB" "-Dcaldera.profile.file=$PROF.collapsed")
fi

if [[ -n "$ONLY" && "$ONLY" != throughput && "$ONLY" != restart ]]; then
  echo "live-bench.sh: --only takes throughput or restart, not '$ONLY'" >&2; exit 2
fi

if [[ "$ONLY" != restart ]]; then
echo "== throughput: $NODES nodes, $PODS pods in gangs of $GANG on $LABEL"
"$JAVA" $HEAP "${PROFILER[@]}" -cp "$CP" $MAIN throughput --nodes "$NODES" --pods "$PODS" --gang "$GANG" \
  --creators "$CREATORS" --bind-workers "$WORKERS" --warmup "$WARMUP" --create "$CREATE" --observe "$OBSERVE" --rate "$RATE" \
  --out "$OUT/$STAMP-$LABEL-throughput-${NODES}n-${PODS}p.txt" 2> "$OUT/$STAMP-$LABEL-throughput.log"

if [[ $PROFILE == 1 && -f "$PROF.collapsed" ]]; then
  # share of samples whose stack passes through each part (inclusive; a stack may count in two parts)
  awk '{ n = $NF; t += n
         if ($0 ~ /KubernetesCrudDispatcher|EmbeddedApiDispatcher|io\/fabric8\/mockwebserver/) api += n
         if ($0 ~ /dev\/caldera\/kernel/) kernel += n
         if ($0 ~ /dev\/caldera\/k8s\/(run|convert)\// && $0 !~ /LiveBench|EmbeddedApiDispatcher/) adapter += n
         if ($0 ~ /LiveBench/) bench += n
         if ($0 ~ /io\/fabric8\/kubernetes\/client/ && $0 !~ /server\/mock/) client += n
         if ($0 ~ /GCTaskThread|G1|ConcurrentGCThread/) gc += n
         if ($0 ~ /io\/vertx|io\/netty/) http += n
         if ($0 ~ /CompileBroker|C2Compiler|Compiler::compile/) jit += n
         if ($0 ~ /NioEventLoop/) { if ($0 ~ /Http1xServer|mockwebserver|ServerWebSocket/) els += n
                                    else if ($0 ~ /Http1xClient|io\/fabric8\/kubernetes\/client|ClientWebSocket/) elc += n
                                    else elo += n } }
       END { printf "samples %d\n  embedded API server %5.1f%%\n  Caldera kernel      %5.1f%%\n  Caldera adapter     %5.1f%%\n  bench load driver   %5.1f%%\n  fabric8 client      %5.1f%%\n  GC                  %5.1f%%\n  HTTP (vert.x, netty) %5.1f%%\n  JIT compiler        %5.1f%%\n",
             t, 100*api/t, 100*kernel/t, 100*adapter/t, 100*bench/t, 100*client/t, 100*gc/t, 100*http/t, 100*jit/t
             printf "  of which on vert.x event-loop threads: server side %5.1f%%, client side %5.1f%%, polling and syscalls of either %5.1f%%\n",
             100*els/t, 100*elc/t, 100*elo/t }' "$PROF.collapsed" \
    | tee "$PROF.shares.txt"
  # the same samples by what the thread does (exclusive: sums to 100%)
  { echo "by thread:"; awk '{ n = $NF; t += n; k = "other"
         if ($0 ~ /CompileBroker/) k = "JIT compiler threads"
         else if ($0 ~ /G1|GCTaskThread|ConcurrentGCThread|WorkerThread::run/) k = "GC threads"
         else if ($0 ~ /NioEventLoop/) k = "vert.x event loops (API server and clients: HTTP, watch frames, the server handlers)"
         else if ($0 ~ /SerialExecutor/) k = "fabric8 informer threads (watch events decoded, the feed handlers)"
         else if ($0 ~ /BindPipeline/) k = "Caldera bind workers (binding POSTs through the fabric8 HTTP client)"
         else if ($0 ~ /LiveScheduler/) k = "Caldera scheduling loop (kernel cycle, status and metrics reports)"
         else if ($0 ~ /StatusWriter/) k = "Caldera status writer"
         else if ($0 ~ /LiveBench/) k = "bench creators (with --create store: the server create handler)"
         c[k] += n }
       END { for (k in c) printf "  %5.1f%%  %s\n", 100*c[k]/t, k }' "$PROF.collapsed" | sort -rn; } \
    | tee -a "$PROF.shares.txt"
fi

fi

if [[ "$ONLY" != throughput ]]; then
echo "== restart: $NODES nodes, $BOUND bound pods, $PENDING pending"
"$JAVA" $HEAP -cp "$JAR" $MAIN restart --nodes "$NODES" --bound "$BOUND" --pods "$PENDING" --gang "$GANG" \
  --creators "$CREATORS" --bind-workers "$WORKERS" --observe "$OBSERVE" \
  --out "$OUT/$STAMP-$LABEL-restart-${NODES}n-${BOUND}b-${PENDING}p.txt" 2> "$OUT/$STAMP-$LABEL-restart.log"
fi
echo "== results in $OUT"
