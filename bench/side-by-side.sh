#!/usr/bin/env bash
# Before/after check of the headline figures: builds the benchmarks of two commits into separate folders, runs the
# headline AllocateCycleBenchmark (10,000 pending tasks, incremental selector, one filter thread) with -prof gc for
# each node count, alternating the two builds round after round (before, after, then after, before, ...), and
# writes the table of dev.caldera.bench.report.SideBySide (median placements per second and bytes per cycle of each
# side, median of the per-round ratios after/before, verdict against the tolerance) to
# perf-results/side-by-side/<before>..<after>/RESULTS.md, next to every run's JSON and console log.
set -euo pipefail

usage() {
  cat <<'EOF'
usage: bench/side-by-side.sh --before REV [--after REV] [--nodes LIST] [--rounds N] [--tolerance PERCENT]
                             [--jdk PATH] [--quick] [--out DIR] [--work DIR]
  --before REV       the commit to compare against (required)
  --after REV        the commit under test (default HEAD)
  --nodes LIST       node counts, comma separated (default 5000,10000)
  --rounds N         before/after pairs per node count (default 5)
  --tolerance P      largest accepted slowdown of placements per second, in percent (default 3)
  --jdk PATH         JDK home that runs the benchmarks (default: the java on PATH)
  --quick            smoke pass: 1 warm-up and 1 measurement iteration of 1 s per run, 1 round;
                     results go under perf-results/tmp/ (git-ignored) unless --out is given
  --out DIR          results folder (default perf-results/side-by-side/<before>..<after>; when that folder
                     already holds results, <before>..<after>-<UTC date and time> instead)
  --overwrite        replace the results already in the folder --out names (refused otherwise)
  --work DIR         where the two source trees are built (default a fresh temporary folder, removed at exit)
Each run is one JMH fork with the benchmark's own warm-up and measurement (5 x 2 s each, about 30 s with set-up).
EOF
}

ROOT=$(cd "$(dirname "$0")/.." && pwd)
COMMAND="bench/side-by-side.sh${*:+ $*}"
BEFORE=""
AFTER=HEAD
NODES=5000,10000
ROUNDS=5
TOLERANCE=3
JDK=""
QUICK=0
OUT=""
OVERWRITE=0
WORK=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --before) BEFORE="$2"; shift ;;
    --after) AFTER="$2"; shift ;;
    --nodes) NODES="$2"; shift ;;
    --rounds) ROUNDS="$2"; shift ;;
    --tolerance) TOLERANCE="$2"; shift ;;
    --jdk) JDK="$2"; shift ;;
    --quick) QUICK=1 ;;
    --out) OUT="$2"; shift ;;
    --overwrite) OVERWRITE=1 ;;
    --work) WORK="$2"; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "side-by-side.sh: unknown option '$1'" >&2; usage >&2; exit 2 ;;
  esac
  shift
done
[[ -n "$BEFORE" ]] || { echo "side-by-side.sh: --before REV is required" >&2; usage >&2; exit 2; }

BEFORE_SHA=$(git -C "$ROOT" rev-parse --short=12 "$BEFORE^{commit}")
AFTER_SHA=$(git -C "$ROOT" rev-parse --short=12 "$AFTER^{commit}")
JMH_TIMES=()
if [[ $QUICK == 1 ]]; then
  JMH_TIMES=(-wi 1 -i 1 -w 1s -r 1s)
  ROUNDS=1
fi
has_results() { compgen -G "$1/before-*" > /dev/null || compgen -G "$1/after-*" > /dev/null || [[ -e "$1/RESULTS.md" ]]; }
if [[ -z "$OUT" ]]; then
  if [[ $QUICK == 1 ]]; then OUT="$ROOT/perf-results/tmp/side-by-side/$BEFORE_SHA..$AFTER_SHA"
  else OUT="$ROOT/perf-results/side-by-side/$BEFORE_SHA..$AFTER_SHA"; fi
  # a second comparison of the same pair (another day, another load) keeps the first one's results
  if has_results "$OUT"; then OUT="$OUT-$(date -u +%Y-%m-%dT%H%MZ)"; fi
elif has_results "$OUT" && [[ $OVERWRITE == 0 ]]; then
  echo "side-by-side.sh: $OUT already holds results; choose another --out or add --overwrite" >&2
  exit 2
fi
if [[ -z "$WORK" ]]; then
  WORK=$(mktemp -d -t caldera-side-by-side.XXXXXX)
  trap 'rm -rf "$WORK"' EXIT
fi
JAVA=java
[[ -n "$JDK" ]] && JAVA="$JDK/bin/java"

# build SIDE SHA: the commit's tree (git archive, no work tree needed) built into WORK/SIDE
build() {
  local side="$1" sha="$2"
  echo "== building $side ($sha) in $WORK/$side"
  rm -rf "${WORK:?}/$side"
  mkdir -p "$WORK/$side"
  git -C "$ROOT" archive "$sha" | tar -x -C "$WORK/$side"
  (cd "$WORK/$side" && mvn -B -ntp -q -pl bench -am package -DskipTests)
  [[ -f "$WORK/$side/bench/target/benchmarks.jar" ]] || { echo "side-by-side.sh: no benchmarks.jar for $side" >&2; exit 1; }
}

# run SIDE NODES ROUND
run() {
  local side="$1" nodes="$2" round="$3" name="$1-$2-r$3"
  echo "== round $round, $nodes nodes: $side"
  "$JAVA" -jar "$WORK/$side/bench/target/benchmarks.jar" '\.AllocateCycleBenchmark\.' -f 1 \
    ${JMH_TIMES[@]+"${JMH_TIMES[@]}"} -p nodes="$nodes" -p pendingTasks=10000 -p incremental=true \
    -p filterWorkers=1 -prof gc -rf json -rff "$OUT/$name.json" > "$OUT/$name.txt" 2>&1 \
    || { echo "side-by-side.sh: $name failed; see $OUT/$name.txt" >&2; exit 1; }
  grep -E '^AllocateCycleBenchmark\.cycle(:placements)? ' "$OUT/$name.txt" || true
}

build before "$BEFORE_SHA"
build after "$AFTER_SHA"
mkdir -p "$OUT"
rm -f "$OUT"/before-*.json "$OUT"/after-*.json "$OUT"/before-*.txt "$OUT"/after-*.txt
START=$(date -u +%Y-%m-%dT%H:%M:%SZ)
for ((round = 1; round <= ROUNDS; round++)); do
  for nodes in ${NODES//,/ }; do
    if (( round % 2 == 1 )); then run before "$nodes" "$round"; run after "$nodes" "$round"
    else run after "$nodes" "$round"; run before "$nodes" "$round"; fi
  done
done

MACHINE="$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(nproc) vCPU"
JVM="$("$JAVA" -XshowSettings:properties -version 2>&1 | awk -F'= ' '/java.vm.name/ {n=$2} /java.runtime.version/ {v=$2} END {print n " " v}')"
LOAD="$(cut -d' ' -f1-3 /proc/loadavg)"
"$JAVA" -cp "$WORK/after/bench/target/benchmarks.jar" dev.caldera.bench.report.SideBySide "$OUT" nodes "$TOLERANCE" \
  "before: $BEFORE_SHA ($(git -C "$ROOT" log -1 --format=%s "$BEFORE_SHA" | cut -c1-80))" \
  "after: $AFTER_SHA ($(git -C "$ROOT" log -1 --format=%s "$AFTER_SHA" | cut -c1-80))" \
  "benchmark: AllocateCycleBenchmark, pendingTasks=10000, incremental=true, filterWorkers=1, -prof gc, 1 fork per run" \
  "JVM: $JVM   machine: $MACHINE   load average at the end: $LOAD" \
  "date: $START   command: \`$COMMAND\`"
echo "== table written to $OUT/RESULTS.md"
