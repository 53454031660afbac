#!/usr/bin/env bash
# Profiles `caldera replay` with async-profiler and writes a flame graph: replays an openb trace (the paper's
# protocol or its recorded times) --repeat times in one JVM with libasyncProfiler.so (taken from the benchmarks
# jar, which ships it) loaded as an agent, and copies the result to
# perf-results/flamegraphs/<date>-<jvm>-replay-<protocol>-<workload>-<policy>-<event>.html, with the collapsed
# stacks (a second, identical run) and the share of samples under the replay's main phases and the JIT's compiler
# threads (CompileBroker::compiler_thread_loop: a replay of a few tenths of a second runs while C2 still compiles).
set -euo pipefail

usage() {
  cat <<'USAGE'
usage: bench/profile-replay.sh [--jdk PATH] [--protocol paper|recorded] [--workload NAME] [--policy NAME]
                               [--repeat N] [--event cpu|itimer|wall|alloc] [--no-build] [--out DIR]
  --jdk PATH        JDK home to run on (default: the java on PATH)
  --protocol P      paper (default) or recorded
  --workload NAME   pod list openb_pod_list_NAME.csv (default: default)
  --policy NAME     placement policy (default: fgdfill)
  --repeat N        replays in one JVM (default 5: the first ones warm the JIT up)
  --event E         async-profiler event (default cpu; it falls back to itimer where perf events are not allowed)
  --no-build        use the jars already built
  --out DIR         where the flame graph goes (default perf-results/flamegraphs)
USAGE
}

ROOT=$(cd "$(dirname "$0")/.." && pwd)
JAVA=java
PROTOCOL=paper
WORKLOAD=default
POLICY=fgdfill
REPEAT=5
EVENT=cpu
BUILD=1
OUT="$ROOT/perf-results/flamegraphs"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --jdk) JAVA="$2/bin/java"; shift ;;
    --protocol) PROTOCOL="$2"; shift ;;
    --workload) WORKLOAD="$2"; shift ;;
    --policy) POLICY="$2"; shift ;;
    --repeat) REPEAT="$2"; shift ;;
    --event) EVENT="$2"; shift ;;
    --no-build) BUILD=0 ;;
    --out) OUT="$2"; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "profile-replay.sh: unknown option '$1'" >&2; usage >&2; exit 2 ;;
  esac
  shift
done

TARGET=${CALDERA_TARGET:-target}
if [[ $BUILD == 1 ]]; then
  echo "== building the command line and the benchmarks jar"
  (cd "$ROOT" && mvn -B -ntp -q -pl adapters-k8s,bench -am package -DskipTests -Dcaldera.target="$TARGET")
fi
CLI="$ROOT/adapters-k8s/$TARGET/caldera.jar"
JAR="$ROOT/bench/$TARGET/benchmarks.jar"
[[ -f "$CLI" && -f "$JAR" ]] || { echo "profile-replay.sh: $CLI or $JAR missing (build, or drop --no-build)" >&2; exit 1; }

# shellcheck source=lib/async-profiler.sh
source "$ROOT/bench/lib/async-profiler.sh"
WORK=$(mktemp -d "${TMPDIR:-/tmp}/caldera-profile-replay.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
LIB=$(async_profiler_lib "$WORK")

TRACES="$ROOT/traces/alibaba-openb"
REPLAY=(replay --protocol "$PROTOCOL" --policy "$POLICY" --repeat "$REPEAT" --no-progress
        "$TRACES/openb_node_list_gpu_node.csv" "$TRACES/openb_pod_list_$WORKLOAD.csv")
LABEL=$("$JAVA" -XshowSettings:properties -version 2>&1 | awk -F'= ' '/java.specification.version/ {print "jdk-" $2}')
STAMP=$(date -u +%Y-%m-%dT%H%MZ)
NAME="$STAMP-$LABEL-replay-$PROTOCOL-$WORKLOAD-$POLICY-$EVENT"
echo "== profiling: caldera ${REPLAY[*]} ($EVENT, $LABEL)"
"$JAVA" -agentpath:"$LIB=start,event=$EVENT,file=$WORK/flame.html" -jar "$CLI" "${REPLAY[@]}" | tee "$WORK/replay.txt" | grep -E 'unallocated|replay:'
"$JAVA" -agentpath:"$LIB=start,event=$EVENT,collapsed,file=$WORK/stacks.collapsed" -jar "$CLI" "${REPLAY[@]}" > /dev/null

mkdir -p "$OUT"
cp "$WORK/flame.html" "$OUT/$NAME.html"
cp "$WORK/stacks.collapsed" "$OUT/$NAME.collapsed"
{
  echo "# $NAME"
  echo "# JVM: $("$JAVA" -version 2>&1 | tail -1)"
  echo "# machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(nproc) vCPU"
  echo "# command: bench/profile-replay.sh --protocol $PROTOCOL --workload $WORKLOAD --policy $POLICY --repeat $REPEAT --event $EVENT"
  echo "# the replay's own report (its last run; with --repeat, the timings are the median of the later half of the runs):"
  sed 's/^/#   /' "$WORK/replay.txt"
  echo "share of samples under (inclusive):"
  awk -v frames="CompileBroker::compiler_thread_loop ReplayEngine.run Scheduler.runOnce Session.open IncrementalSelector.build IncrementalSelector.catchUp ClassView.evaluateAll DeviceSharePlugin.open FgdPolicy.score FillPolicy.score Fragmentation.after FillFragmentation.after OpenbTraces ReplayEngine.bound" '
    { n = $NF; total += n; for (i = 1; i <= nf; i++) if (index($1, f[i])) under[i] += n }
    BEGIN { nf = split(frames, f, " ") }
    END { for (i = 1; i <= nf; i++) printf "  %-32s %5.1f%%\n", f[i], total ? 100 * under[i] / total : 0 }' "$WORK/stacks.collapsed"
} > "$OUT/$NAME.txt"
cat "$OUT/$NAME.txt"
echo "== flame graph: $OUT/$NAME.html"
