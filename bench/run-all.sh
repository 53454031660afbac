#!/usr/bin/env bash
# Regenerates every benchmark figure: builds bench/<target>/benchmarks.jar, runs each JMH suite with -prof gc
# and JSON output into perf-results/<jvm label>/<run>.json (console log next to it as <run>.txt), runs the
# headline suite (AllocateCycle) on the extra JDKs too, then writes perf-results/RESULTS.md, the per-JVM
# RESULTS.md and PNG charts with dev.caldera.bench.report.Report. See perf-results/README.md.
set -euo pipefail

usage() {
  cat <<'EOF'
usage: bench/run-all.sh [--quick] [--jdk PATH] [--headline-jdk PATH|none]... [--only RUN[,RUN...]] [--no-build]
                        [--out DIR] [--list]
  --quick              smoke pass: 1 fork, 1 warm-up and 1 measurement iteration of 1 s, smaller sizes;
                       results go to perf-results/tmp/quick/ (git-ignored) unless --out is given
  --jdk PATH           JDK home that runs every suite (default: the java on PATH)
  --headline-jdk PATH  another JDK home that runs the headline runs (allocate-nodes, allocate-tasks); repeatable;
                       default /usr/lib/jvm/temurin-25-jdk-amd64 when it exists; 'none' for no other JDK
  --only LIST          only these runs (names from --list); other results in the folder are kept
  --no-build           use the benchmarks jar already built
  --out DIR            results root (default perf-results, or perf-results/tmp/quick with --quick)
  --list               print the runs and exit
environment: CALDERA_TARGET=target-NAME builds into bench/target-NAME (default target)
EOF
}

ROOT=$(cd "$(dirname "$0")/.." && pwd)
COMMAND="bench/run-all.sh${*:+ $*}"
QUICK=0
JDK=""
HEADLINE_JDKS=()
HEADLINE_SET=0
ONLY=""
BUILD=1
OUT=""
LIST=0
while [[ $# -gt 0 ]]; do
  case "$1" in
    --quick) QUICK=1 ;;
    --jdk) JDK="$2"; shift ;;
    --headline-jdk) HEADLINE_SET=1; [[ "$2" != none ]] && HEADLINE_JDKS+=("$2"); shift ;;
    --only) ONLY="$2"; shift ;;
    --no-build) BUILD=0 ;;
    --out) OUT="$2"; shift ;;
    --list) LIST=1 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "run-all.sh: unknown option '$1'" >&2; usage >&2; exit 2 ;;
  esac
  shift
done
if [[ $HEADLINE_SET == 0 && -x /usr/lib/jvm/temurin-25-jdk-amd64/bin/java ]]; then
  HEADLINE_JDKS=(/usr/lib/jvm/temurin-25-jdk-amd64)
fi

# run name | benchmark | parameters of the full run | parameters of the quick run
RUNS=(
  "allocate-nodes|AllocateCycleBenchmark|-p nodes=1000,5000,10000,50000,100000 -p pendingTasks=10000 -p incremental=true|-p nodes=1000,5000 -p pendingTasks=10000 -p incremental=true"
  "allocate-tasks|AllocateCycleBenchmark|-p nodes=5000 -p pendingTasks=1000,2000,5000,10000,20000 -p incremental=true|-p nodes=1000 -p pendingTasks=1000,5000 -p incremental=true"
  "allocate-scan|AllocateCycleBenchmark|-p nodes=1000,5000 -p pendingTasks=2000 -p incremental=true,false|-p nodes=1000 -p pendingTasks=2000 -p incremental=true,false"
  "allocate-workers|AllocateCycleBenchmark|-p nodes=1000,5000,10000,20000,50000 -p pendingTasks=10000 -p incremental=true -p filterWorkers=1,2 -p parallelThreshold=0|-p nodes=1000,10000 -p pendingTasks=10000 -p incremental=true -p filterWorkers=1,2 -p parallelThreshold=0"
  "per-task|PerTaskPlacementBenchmark|-p nodes=1000,5000,10000,50000|-p nodes=1000,5000"
  "statement|StatementBenchmark||"
  "session-open-size|SessionOpenBenchmark|-p nodes=1000,5000,10000,50000 -p changedPercent=0|-p nodes=1000,10000 -p changedPercent=0"
  "session-open-changed|SessionOpenBenchmark|-p nodes=10000 -p changedPercent=0,1,5,10,25,50|-p nodes=1000 -p changedPercent=0,10,50"
  "parallel-filter|ParallelFilterBenchmark|-p nodes=250,500,1000,2000,5000,10000,50000 -p workers=1,2|-p nodes=500,2000,10000 -p workers=1,2"
  "fenzo|FenzoComparisonBenchmark|-p nodes=1000,5000 -p pendingTasks=2000|-p nodes=1000 -p pendingTasks=2000"
  "preempt|PreemptCycleBenchmark||"
  "queues|QueueHierarchyBenchmark|-p nodes=10000 -p pendingTasks=10000|-p nodes=1000 -p pendingTasks=2000"
  "topology-gang|TopologyGangBenchmark||"
  "topology-cycle|TopologyCycleBenchmark||"
)
HEADLINE_RUNS=(allocate-nodes allocate-tasks)

if [[ $LIST == 1 ]]; then
  for r in "${RUNS[@]}"; do IFS='|' read -r name bench full quick <<<"$r"; echo "$name: $bench $full"; done
  exit 0
fi

TARGET=${CALDERA_TARGET:-target}
JAR="$ROOT/bench/$TARGET/benchmarks.jar"
if [[ -z "$OUT" ]]; then
  if [[ $QUICK == 1 ]]; then OUT="$ROOT/perf-results/tmp/quick"; else OUT="$ROOT/perf-results"; fi
fi
JAVA=java
[[ -n "$JDK" ]] && JAVA="$JDK/bin/java"
JMH_TIMES=()
[[ $QUICK == 1 ]] && JMH_TIMES=(-f 1 -wi 1 -i 1 -w 1s -r 1s)
START=$(date -u +%Y-%m-%dT%H:%M:%SZ)
MACHINE="$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(nproc) vCPU"

if [[ $BUILD == 1 ]]; then
  echo "== building $JAR"
  (cd "$ROOT" && mvn -B -ntp -q -pl bench -am package -DskipTests -Dcaldera.target="$TARGET")
fi
[[ -f "$JAR" ]] || { echo "run-all.sh: $JAR not found (build it, or drop --no-build)" >&2; exit 1; }

# jdk-17, jdk-25, ...: the folder of one JVM's results
label() {
  "$1" -XshowSettings:properties -version 2>&1 | awk -F'= ' '/java.specification.version/ {print "jdk-" $2}'
}

selected() {
  [[ -z "$ONLY" ]] && return 0
  [[ ",$ONLY," == *",$1,"* ]]
}

# run_one JAVA DIR NAME BENCHMARK PARAMS
run_one() {
  local java="$1" dir="$2" name="$3" bench="$4" params="$5"
  echo "== $name on $(label "$java"): $bench $params"
  # shellcheck disable=SC2086 # params are JMH options split on purpose
  "$java" -jar "$JAR" "\\.$bench\\." ${JMH_TIMES[@]+"${JMH_TIMES[@]}"} $params -prof gc -rf json -rff "$dir/$name.json" \
    2>&1 | tee "$dir/$name.txt" | grep -E '^(Benchmark|[A-Z][A-Za-z]+Benchmark\.)|^# Run complete|ERROR|Exception' || true
  [[ -s "$dir/$name.json" ]] || { echo "run-all.sh: $name wrote no results; see $dir/$name.txt" >&2; exit 1; }
  # when and where: RESULTS.md names each file's own run (the page's header names the last run-all only)
  printf 'date=%s\nmachine=%s\nload=%s\ncommand=%s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$MACHINE" \
    "$(cut -d' ' -f1-3 /proc/loadavg)" "$COMMAND" > "$dir/$name.stamp"
}

# run_jdk JAVA HEADLINE_ONLY
run_jdk() {
  local java="$1" headline_only="$2" dir
  dir="$OUT/$(label "$java")"
  mkdir -p "$dir"
  # the page's header: the last run-all that ran this JVM (Report keeps other folders' own headers)
  printf 'date=%s\nmachine=%s\ncommand=%s\n' "$START" "$MACHINE" "$COMMAND" > "$dir/run.stamp"
  if [[ -z "$ONLY" ]]; then
    rm -f "$dir"/*.json "$dir"/*.txt "$dir"/*.stamp
  fi
  for r in "${RUNS[@]}"; do
    IFS='|' read -r name bench full quick <<<"$r"
    if [[ $headline_only == 1 && ! " ${HEADLINE_RUNS[*]} " == *" $name "* ]]; then continue; fi
    selected "$name" || continue
    if [[ $QUICK == 1 ]]; then run_one "$java" "$dir" "$name" "$bench" "$quick"; else run_one "$java" "$dir" "$name" "$bench" "$full"; fi
  done
}

mkdir -p "$OUT"
run_jdk "$JAVA" 0
for jdk in "${HEADLINE_JDKS[@]+"${HEADLINE_JDKS[@]}"}"; do
  if [[ ! -x "$jdk/bin/java" ]]; then echo "run-all.sh: no JDK at $jdk" >&2; exit 1; fi
  if [[ "$(label "$jdk/bin/java")" == "$(label "$JAVA")" ]]; then echo "== skipping $jdk: same version as the main JDK"; continue; fi
  run_jdk "$jdk/bin/java" 1
done

echo "== report"
"$JAVA" -cp "$JAR" dev.caldera.bench.report.Report --root "$OUT" --command "$COMMAND" --date "$START" --machine "$MACHINE"
