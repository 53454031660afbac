#!/usr/bin/env bash
# The FGD paper's evaluation through caldera replay: every workload x policy x seed of the paper's grid (17
# workloads, 6 policies, seeds 42-51) replayed in the paper's protocol on one thread, appended to
# perf-results/replay/runs.csv and curves.csv as each replay finishes (a rerun resumes where it stopped; --fresh
# starts over), then tables and charts written into perf-results/replay/ (README.md, *.png) by bench's
# ReplayFigures, stamped with the JVM and machine. See perf-results/replay/README.md and docs/REPLAY.md.
set -euo pipefail

usage() {
  cat <<'USAGE'
usage: bench/replay-figures.sh [--jdk PATH] [--seeds FIRST-LAST] [--workloads a,b,...] [--policies a,b,...]
                               [--fresh] [--no-build] [--out DIR]
  --jdk PATH        JDK home to run on (default: the java on PATH)
  --seeds A-B       seeds (default 42-51, the paper's)
  --workloads LIST  pod lists openb_pod_list_<name>.csv (default: the paper's 17)
  --policies LIST   default: fgdfill,fgd,bestfit,gpupacking,dotprod,random
  --fresh           delete the results first (default: resume)
  --no-build        use the jars already built
  --out DIR         default perf-results/replay
USAGE
}

ROOT=$(cd "$(dirname "$0")/.." && pwd)
JAVA=java
SEEDS=42-51
WORKLOADS=""
POLICIES=""
FRESH=0
BUILD=1
OUT="$ROOT/perf-results/replay"
ARGS="$*"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --jdk) JAVA="$2/bin/java"; shift ;;
    --seeds) SEEDS="$2"; shift ;;
    --workloads) WORKLOADS="$2"; shift ;;
    --policies) POLICIES="$2"; shift ;;
    --fresh) FRESH=1 ;;
    --no-build) BUILD=0 ;;
    --out) OUT="$2"; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "replay-figures.sh: unknown option '$1'" >&2; usage >&2; exit 2 ;;
  esac
  shift
done

TARGET=${CALDERA_TARGET:-target}
if [[ $BUILD == 1 ]]; then
  echo "== building the command line and the benchmarks"
  (cd "$ROOT" && mvn -B -ntp -q -pl adapters-k8s,bench -am package -DskipTests -Dcaldera.target="$TARGET")
fi
CLI="$ROOT/adapters-k8s/target/caldera.jar"
BENCH="$ROOT/bench/$TARGET/benchmarks.jar"
[[ -f "$CLI" && -f "$BENCH" ]] || { echo "replay-figures.sh: $CLI or $BENCH missing (build, or drop --no-build)" >&2; exit 1; }

mkdir -p "$OUT"
if [[ $FRESH == 1 ]]; then rm -f "$OUT/runs.csv" "$OUT/curves.csv"; fi
ALL_WORKLOADS=default,cpu050,cpu100,cpu200,cpu250,gpushare40,gpushare60,gpushare80,gpushare100,gpuspec10,gpuspec20,gpuspec25,gpuspec33,multigpu20,multigpu30,multigpu40,multigpu50
ALL_POLICIES=fgdfill,fgd,bestfit,gpupacking,dotprod,random
rows() { if [[ -f "$OUT/runs.csv" ]]; then wc -l < "$OUT/runs.csv"; else echo 0; fi; }
ROWS_BEFORE=$(rows)
"$JAVA" -XX:ActiveProcessorCount=1 -cp "$CLI" dev.caldera.k8s.replay.ReplayEvaluation "$ROOT/traces/alibaba-openb" "$OUT" \
  "${WORKLOADS:-$ALL_WORKLOADS}" "${POLICIES:-$ALL_POLICIES}" "${SEEDS%-*}" "${SEEDS#*-}"

JVM=$("$JAVA" -XshowSettings:properties -version 2>&1 | awk -F'= ' '/java.vm.name/ {n=$2} /java.runtime.version/ {v=$2} END {print n " " v}')
MACHINE="$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(nproc) vCPU"
"$JAVA" -cp "$BENCH" dev.caldera.bench.report.ReplayFigures "$OUT" "bench/replay-figures.sh${ARGS:+ $ARGS}" "$JVM" "$MACHINE" \
  $(( $(rows) - ROWS_BEFORE ))
echo "== $OUT/README.md"
