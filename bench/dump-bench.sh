#!/usr/bin/env bash
# The recorded-dump benchmark (issue 14): generates the 5,000-node dump with `caldera generate` (seeded, not
# committed: 40,000 pods in gangs of 1 to 19, 75% of them running, so about 4,000 PodGroups and 10,000 pending
# pods, 23 MB of YAML), runs `caldera simulate --cycles 1` on it cold, several times, and records wall time, peak
# RSS (GNU time), the split between starting, reading and scheduling (--timings), the kernel's cycle and its
# allocate action, and whether every pending pod was placed; once through bin/caldera (the class-data sharing
# archive, C1 only, the parallel collector) and once as plain `java -jar`. With --warm it adds the same work after
# JIT warm-up (JMH, DumpBenchmark) beside the cold figures; with --profile an async-profiler flame graph of one
# whole cold run and, from another, the first allocate's CPU samples by kind of work. Results:
# perf-results/dump-bench.md (and the flame graph under perf-results/flamegraphs/).
# Record on a quiet machine: every figure is a wall time on 2 cores.
set -euo pipefail

usage() {
  cat <<'USAGE'
usage: bench/dump-bench.sh [--runs N] [--jdk PATH] [--warm] [--profile] [--quick] [--no-build] [--out FILE]
  --runs N     cold runs per configuration (default 5)
  --jdk PATH   JDK home (default: java on the PATH; the archive only serves the JDK that built it)
  --warm       also the JMH DumpBenchmark (5 warm-up and 5 measured single shots of reading and of the cycle)
  --profile    also cold runs of bin/caldera under async-profiler (cpu): a flame graph of the whole run, and
               the first allocate's samples by kind of work (bench/lib/allocate-kinds.awk)
  --quick      smoke pass: 500 nodes, 4,000 pods, 1 run, written to perf-results/tmp/dump-bench.md
  --no-build   use the jars already built
  --baseline-jar JAR  also run an earlier build's caldera.jar (plain java), for a before/after in one session
  --baseline-root DIR  also run an earlier checkout's bin/caldera (its own jar, class-data archive and flags,
               built there), alternating with this one's: a side-by-side before/after in the same minutes
  --only-caldera  run bin/caldera only (and the baselines), not the C2 and plain java variants
  --out FILE   the report (default perf-results/dump-bench.md)
USAGE
}

ROOT=$(cd "$(dirname "$0")/.." && pwd)
COMMAND="bench/dump-bench.sh${*:+ $*}"
JAVA=java; JDK=""; RUNS=5; WARM=0; PROFILE=0; BUILD=1; QUICK=0; BASELINE=""; BASEROOT=""; ONLY=0
NODES=5000; PODS=40000; RUNNING=75; GANG=1-19; SEED=1
OUT="$ROOT/perf-results/dump-bench.md"
FLAMES="$ROOT/perf-results/flamegraphs"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --runs) RUNS="$2"; shift ;;
    --jdk) JDK="$2"; JAVA="$2/bin/java"; shift ;;
    --warm) WARM=1 ;;
    --profile) PROFILE=1 ;;
    --quick) QUICK=1 ;;
    --no-build) BUILD=0 ;;
    --baseline-jar) BASELINE="$2"; shift ;;
    --baseline-root) BASEROOT=$(cd "$2" && pwd); shift ;;
    --only-caldera) ONLY=1 ;;
    --out) OUT="$2"; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "dump-bench.sh: unknown option '$1'" >&2; usage >&2; exit 2 ;;
  esac
  shift
done
if [[ $QUICK == 1 ]]; then
  NODES=500; PODS=4000; RUNS=1
  [[ $OUT == "$ROOT/perf-results/dump-bench.md" ]] && OUT="$ROOT/perf-results/tmp/dump-bench.md"
  FLAMES="$ROOT/perf-results/tmp"
fi

JAR="$ROOT/adapters-k8s/target/caldera.jar"
BENCH_JAR="$ROOT/bench/target/benchmarks.jar"
if [[ $BUILD == 1 ]]; then
  echo "== building (the jar and its class-data sharing archive$([[ $WARM == 1 ]] && echo ', the benchmarks'))"
  MODULES=adapters-k8s
  [[ $WARM == 1 ]] && MODULES=adapters-k8s,bench
  (cd "$ROOT" && JAVA_HOME=${JDK:-${JAVA_HOME:-}} mvn -B -ntp -q -pl "$MODULES" -am package -DskipTests)
fi
[[ -f $JAR ]] || { echo "dump-bench.sh: $JAR not found (build it, or drop --no-build)" >&2; exit 1; }
if [[ -n $BASEROOT && ! -f $BASEROOT/adapters-k8s/target/caldera.jar ]]; then
  echo "dump-bench.sh: $BASEROOT/adapters-k8s/target/caldera.jar not found (build the baseline there)" >&2
  exit 1
fi
command -v /usr/bin/time > /dev/null || { echo "dump-bench.sh: needs GNU time (/usr/bin/time)" >&2; exit 1; }

WORK=$(mktemp -d "${TMPDIR:-/tmp}/caldera-dump-bench.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
DUMP="$WORK/dump-${NODES}n-${PODS}p.yaml"
echo "== generating $DUMP"
"$JAVA" -jar "$JAR" generate --nodes "$NODES" --pods "$PODS" --running "$RUNNING" --gang-size "$GANG" \
  --seed "$SEED" "$DUMP" 2>/dev/null
SIZE_MB=$(awk -v b="$(stat -c %s "$DUMP")" 'BEGIN { printf "%.1f", b / 1048576 }')
PODGROUPS=$(grep -c '^kind: PodGroup$' "$DUMP")
PENDING=$(awk '/^kind: Pod$/ {p = 1} /^kind: PodGroup$/ {p = 0} p && /^  phase: Pending$/ {n++} END {print n + 0}' \
  "$DUMP")

# one_run LABEL CMD...: one cold run; prints a table row and appends its figures to $WORK/LABEL.rows (a build
# without --timings gets "-" for the split)
one_run() {
  local label="$1"; shift
  local timings=--timings
  [[ $label == baseline* ]] && timings=""
  /usr/bin/time -f "%e %M %U %S" -o "$WORK/time" "$@" simulate $timings --cycles 1 --output json "$DUMP" \
    > "$WORK/out.json" 2> "$WORK/err"
  read -r wall rss user sys < "$WORK/time"
  local t before reading cycle allocate kernel pend placed
  before=-; reading=-; cycle=-
  if t=$(grep '^caldera: timings:' "$WORK/err"); then
    before=$(sed -E 's/.*JVM start to command ([0-9]+) ms.*/\1/' <<< "$t")
    reading=$(sed -E 's/.*reading [0-9]+ objects ([0-9]+) ms.*/\1/' <<< "$t")
    cycle=$(sed -E 's/.*1 cycle and their report ([0-9]+) ms.*/\1/' <<< "$t")
  fi
  kernel=$(grep -m1 '"cycleMs"' "$WORK/out.json" | sed -E 's/[^0-9.]//g')
  allocate=$(grep -m1 '"allocate"' "$WORK/out.json" | sed -E 's/[^0-9.]//g')
  pend=$(grep -m1 '"pendingTasks"' "$WORK/out.json" | sed -E 's/[^0-9]//g')
  placed=$(grep -m1 '"placed"' "$WORK/out.json" | sed -E 's/[^0-9]//g')
  echo "$wall $((rss / 1024)) $user $sys $before $reading $cycle $kernel $allocate $pend $placed" \
    >> "$WORK/${label//[\/ ()]/_}.rows"
  echo "| $label | $wall | $((rss / 1024)) | $user + $sys | $before | $reading | $cycle | $kernel | $allocate | $placed of $pend |"
}

# median COLUMN FILE: the median of one column of a .rows file
median() {
  sort -g -k"$1","$1" "$2" | awk -v c="$1" '{ v[NR] = $c } END {
    if (v[1] == "-") print "-"; else print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# ratio COLUMN AFTER BEFORE: median of AFTER over median of BEFORE (CPU: user + system)
ratio() {
  local x y
  if [[ $1 == 3 ]]; then
    x=$(awk '{ print $3 + $4 }' "$2" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }')
    y=$(awk '{ print $3 + $4 }' "$3" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }')
  else
    x=$(median "$1" "$2")
    y=$(median "$1" "$3")
  fi
  awk -v x="$x" -v y="$y" 'BEGIN { printf "%.2f", x / y }'
}

JVM=$("$JAVA" -version 2>&1 | tail -1)
MACHINE="$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(nproc) vCPU"
mkdir -p "$(dirname "$OUT")"
{
  echo "# caldera simulate on a recorded dump, cold"
  echo
  echo "\`caldera simulate --timings --cycles 1 --output json DUMP\` on a dump from \`caldera generate --nodes $NODES"
  echo "--pods $PODS --running $RUNNING --gang-size $GANG --seed $SEED\` ($SIZE_MB MB of YAML, $NODES nodes, $PODS pods of"
  echo "which $PENDING pending, $PODGROUPS PodGroups), each run a fresh JVM. bin/caldera: the build's class-data sharing"
  echo "archive, C1 only, parallel GC with a 400 MB young generation whose survivors go straight to the old one;"
  echo "bin/caldera with C2: the same with tiered compilation up to C2; plain: \`java -jar adapters-k8s/target/caldera.jar\`."
  echo
  echo "- JVM: $JVM"
  echo "- machine: $MACHINE, load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "- date: $(date -u +%Y-%m-%dT%H:%MZ)"
  echo "- command: \`$COMMAND\`"
  echo
  echo "Columns: wall time and peak RSS of the process (GNU time), its CPU time (user + system), then from"
  echo "\`--timings\`: JVM start to the command, reading the manifests into a checked cluster, the first cycle with its"
  echo "report; the kernel's own cycle time and allocate action (\`stats\` of the JSON); pods placed of pending."
  [[ -n $BASELINE ]] && echo "baseline: \`$BASELINE\` (an earlier build, run as plain \`java -jar\`, without \`--timings\`)."
  [[ -n $BASEROOT ]] && echo "before: \`$BASEROOT/bin/caldera\` at $(git -C "$BASEROOT" rev-parse --short HEAD 2>/dev/null || echo '?') (an earlier checkout, its own jar, archive and flags), run alternately with this checkout's \`bin/caldera\` at $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo '?')."
  echo
  echo "| run | wall s | RSS MB | CPU s | start ms | reading ms | cycle + report ms | kernel cycle ms | allocate ms | placed |"
  echo "|---|---|---|---|---|---|---|---|---|---|"
} > "$OUT"
for i in $(seq "$RUNS"); do
  echo "== cold run $i of $RUNS"
  if [[ -n $BASEROOT ]]; then
    one_run "before: bin/caldera" env JAVA="$JAVA" "$BASEROOT/bin/caldera" >> "$OUT"
  fi
  one_run "bin/caldera" env JAVA="$JAVA" "$ROOT/bin/caldera" >> "$OUT"
  if [[ $ONLY == 0 ]]; then
    one_run "bin/caldera with C2" env JAVA="$JAVA" CALDERA_JAVA_OPTS=-XX:TieredStopAtLevel=4 "$ROOT/bin/caldera" >> "$OUT"
    one_run "plain java" "$JAVA" -jar "$JAR" >> "$OUT"
  fi
  if [[ -n $BASELINE ]]; then
    one_run "baseline (plain java)" "$JAVA" -jar "$BASELINE" >> "$OUT"
  fi
done
{
  echo
  echo "Medians over $RUNS runs, against issue 14's targets (wall <= 2 s, RSS <= 600 MB, allocate < 125 ms, every"
  echo "pending pod placed):"
  echo
  echo "| | wall s | RSS MB | reading ms | kernel cycle ms | allocate ms |"
  echo "|---|---|---|---|---|---|"
  labels=("bin/caldera")
  [[ $ONLY == 0 ]] && labels+=("bin/caldera with C2" "plain java")
  [[ -n $BASEROOT ]] && labels=("before: bin/caldera" "${labels[@]}")
  [[ -n $BASELINE ]] && labels+=("baseline (plain java)")
  for label in "${labels[@]}"; do
    f="$WORK/${label//[\/ ()]/_}.rows"
    echo "| $label | $(median 1 "$f") | $(median 2 "$f") | $(median 6 "$f") | $(median 8 "$f") | $(median 9 "$f") |"
  done
  if [[ -n $BASEROOT ]]; then
    b="$WORK/before:_bin_caldera.rows"
    a="$WORK/bin_caldera.rows"
    echo
    echo "This checkout against the baseline, bin/caldera both, ratios of the medians (after / before): wall" \
      "$(ratio 1 "$a" "$b"), CPU $(ratio 3 "$a" "$b"), reading $(ratio 6 "$a" "$b"), kernel cycle" \
      "$(ratio 8 "$a" "$b"), allocate $(ratio 9 "$a" "$b")."
  fi
} >> "$OUT"

if [[ $WARM == 1 ]]; then
  echo "== warm: JMH DumpBenchmark"
  JMH_ARGS=(-p nodes="$NODES" -p pods="$PODS" -p running="$RUNNING" -p maxGang="${GANG#*-}" -p seed="$SEED")
  [[ $QUICK == 1 ]] && JMH_ARGS+=(-wi 1 -i 1)
  "$JAVA" -jar "$BENCH_JAR" 'DumpBenchmark' "${JMH_ARGS[@]}" -rf json -rff "$WORK/warm.json" > "$WORK/warm.txt" 2>&1
  {
    echo
    echo "Warm, the same dump in one long-lived JVM after warm-up iterations (JMH \`DumpBenchmark\`, single shots,"
    echo "milliseconds; the allocate times of each cycle, warm-up first):"
    echo
    echo '```'
    grep -E '^(Benchmark +\(|DumpBenchmark\.)' "$WORK/warm.txt"
    grep -m1 'allocate ms per cycle' "$WORK/warm.txt"
    echo '```'
  } >> "$OUT"
fi

if [[ $PROFILE == 1 ]]; then
  # shellcheck source=lib/async-profiler.sh
  source "$ROOT/bench/lib/async-profiler.sh"
  LIB=$(async_profiler_lib "$WORK")
  LABEL=$("$JAVA" -XshowSettings:properties -version 2>&1 | awk -F'= ' '/java.specification.version/ {print "jdk-" $2}')
  NAME="$(date -u +%Y-%m-%dT%H%MZ)-$LABEL-dump-${NODES}n-${PODS}p-cpu"
  mkdir -p "$FLAMES"
  HTML="$FLAMES/$NAME.html"
  echo "== profiling one cold run: $HTML"
  CALDERA_JAVA_OPTS="-agentpath:$LIB=start,event=cpu,interval=1ms,file=$HTML" \
    JAVA="$JAVA" "$ROOT/bin/caldera" simulate --cycles 1 --output json "$DUMP" > /dev/null
  # a second cold run, its stacks collapsed: the first cycle's allocate by kind of work
  CALDERA_JAVA_OPTS="-agentpath:$LIB=start,event=cpu,interval=1ms,collapsed,file=$WORK/stacks.collapsed" \
    JAVA="$JAVA" "$ROOT/bin/caldera" simulate --cycles 1 --output json "$DUMP" > /dev/null
  {
    echo
    echo "Flame graph of one whole cold run of bin/caldera (async-profiler, cpu, 1 ms):"
    echo "\`${HTML#"$ROOT"/}\`."
    echo
    echo "Another cold run's CPU samples (1 ms) under \`AllocateAction.execute\`, each stack counted in the first kind"
    echo "of work, in this order, that one of its frames names:"
    echo
    echo "| kind of work | samples | share |"
    echo "|---|---|---|"
    awk -f "$ROOT/bench/lib/allocate-kinds.awk" "$WORK/stacks.collapsed"
  } >> "$OUT"
fi
echo "== written: $OUT"
sed -n '/^Medians/,$p' "$OUT"
