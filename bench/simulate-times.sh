#!/usr/bin/env bash
# Times `caldera simulate` end to end (JVM start, parsing, every cycle, output), as a user runs it: on the
# bundled example and on a generated 1,000-node, 20,000-pod dump (issue 3's targets: under 2 s and under 10 s).
# Writes perf-results/simulate.md with the JVM, machine, date and command. Needs adapters-k8s/target/caldera.jar
# (built unless --no-build).
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
COMMAND="bench/simulate-times.sh${*:+ $*}"
RUNS=5
BUILD=1
JAVA=java
while [[ $# -gt 0 ]]; do
  case "$1" in
    --runs) RUNS="$2"; shift ;;
    --no-build) BUILD=0 ;;
    --jdk) JAVA="$2/bin/java"; shift ;;
    -h|--help) echo "usage: bench/simulate-times.sh [--runs N] [--jdk PATH] [--no-build]"; exit 0 ;;
    *) echo "simulate-times.sh: unknown option '$1'" >&2; exit 2 ;;
  esac
  shift
done
JAR="$ROOT/adapters-k8s/target/caldera.jar"
if [[ $BUILD == 1 ]]; then
  (cd "$ROOT" && mvn -B -ntp -q -pl adapters-k8s -am package -DskipTests)
fi
WORK=$(mktemp -d "${TMPDIR:-/tmp}/caldera-simulate.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
"$JAVA" -jar "$JAR" generate --nodes 1000 --pods 20000 --seed 1 "$WORK/generated-1000n-20000p.yaml" 2>/dev/null

# time_runs KEY ARGS...: RUNS wall times in seconds (GNU time), sorted; the last run's output in $WORK/KEY.out
time_runs() {
  local key="$1"; shift
  for _ in $(seq "$RUNS"); do
    /usr/bin/time -f "%e" -o "$WORK/t" "$JAVA" -jar "$JAR" simulate "$@" > "$WORK/$key.out" 2>/dev/null
    cat "$WORK/t"
  done | sort -n
}

# row KEY LABEL TARGET ARGS...: one table row
row() {
  local key="$1" label="$2" target="$3"; shift 3
  local times min median max summary
  times=$(time_runs "$key" "$@")
  min=$(echo "$times" | head -1)
  median=$(echo "$times" | sed -n "$(( (RUNS + 1) / 2 ))p")
  max=$(echo "$times" | tail -1)
  summary=$(grep -E '^  (nodes|cycles|kernel cycle time)' "$WORK/$key.out" | sed 's/^ *//' | paste -sd ';' - \
    | sed 's/;/; /g')
  echo "| $label | $median | $min | $max | $target | $summary |"
}

JVM=$("$JAVA" -version 2>&1 | tail -1)
MACHINE="$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(nproc) vCPU"
{
  echo "# caldera simulate, end to end"
  echo
  echo "Wall time of \`java -jar adapters-k8s/target/caldera.jar simulate ...\` (JVM start, reading the manifests,"
  echo "every cycle until one changes nothing, text output), $RUNS runs each, in seconds."
  echo
  echo "- JVM: $JVM"
  echo "- machine: $MACHINE"
  echo "- date: $(date -u +%Y-%m-%dT%H:%MZ)"
  echo "- command: \`$COMMAND\`"
  echo
  echo "| input | median s | min s | max s | target | what the run reported |"
  echo "|---|---|---|---|---|---|"
  row example "examples/quickstart" "< 2 s" --conf "$ROOT/examples/quickstart/scheduler.conf" "$ROOT/examples/quickstart"
  row generated "generated 1,000 nodes, 20,000 pods (seed 1)" "< 10 s" "$WORK/generated-1000n-20000p.yaml"
} > "$ROOT/perf-results/simulate.md"
cat "$ROOT/perf-results/simulate.md"
