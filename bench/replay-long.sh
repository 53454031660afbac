#!/usr/bin/env bash
# A long trace in one cold run: the openb pod lists in traces/alibaba-openb/ that carry times (13 of the 17; the
# multigpu lists have none) chained one after the other in virtual time (each list's times shifted past the end of
# the one before, its pods renamed <list>-<name>), about 107,000 pods and 215,000 events on the 1,213 GPU nodes, replayed once by `caldera replay` in a fresh JVM with its
# recorded arrivals and departures. The figure is the replay's own events per second of wall time with the JIT's
# warm-up inside it (no --repeat); the process: line (builds from 2026-11-29 10:40 UTC on) adds starting the JVM
# and reading the trace, what a user replaying a long trace waits for. It runs through bin/caldera (the jar's
# class-data sharing archive when one lies beside it, C1 only, the parallel collector), the launcher a user runs;
# --plain runs `java -jar` instead (C2 included: slower over a cold run of a few seconds). The chained CSV is
# written to a temporary folder and removed (the openb lists hold no quoted fields, so fields are cut at commas).
# See perf-results/replay/speed.md.
set -euo pipefail

usage() {
  echo "usage: bench/replay-long.sh [--policy NAME] [--runs N] [--jar JAR] [--plain] [--keep FILE]" >&2
}

ROOT=$(cd "$(dirname "$0")/.." && pwd)
POLICY=fgdfill
RUNS=3
JAR="$ROOT/adapters-k8s/target/caldera.jar"
KEEP=""
PLAIN=0
while [[ $# -gt 0 ]]; do
  case "$1" in
    --policy) POLICY="$2"; shift 2 ;;
    --runs) RUNS="$2"; shift 2 ;;
    --jar) JAR="$2"; shift 2 ;;
    --keep) KEEP="$2"; shift 2 ;;
    --plain) PLAIN=1; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "replay-long.sh: unknown option '$1'" >&2; usage; exit 2 ;;
  esac
done
[[ -f "$JAR" ]] || { echo "replay-long.sh: no $JAR; build with: mvn -B -ntp -q -pl adapters-k8s -am package -DskipTests" >&2; exit 1; }
TRACES="$ROOT/traces/alibaba-openb"
TMP=$(mktemp -d -t caldera-replay-long.XXXXXX)
trap 'rm -rf "$TMP"' EXIT
CHAINED="${KEEP:-$TMP/openb_pod_list_chained.csv}"

# columns: name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec,qos,pod_phase,creation_time,deletion_time,scheduled_time
head -1 "$TRACES/openb_pod_list_default.csv" > "$CHAINED"
offset=0
LISTS=0
for list in "$TRACES"/openb_pod_list_*.csv; do
  head -1 "$list" | grep -q ',creation_time,deletion_time,' || continue
  LISTS=$((LISTS + 1))
  tag=$(basename "$list" .csv); tag=${tag#openb_pod_list_}
  end=$(awk -F, -v OFS=, -v off="$offset" -v tag="$tag" -v out="$CHAINED" '
    NR == 1 { next }
    { $1 = tag "-" $1
      for (c = 9; c <= 11; c++) if ($c != "") { $c += off; if ($c > last) last = $c }
      print >> out }
    END { printf "%d", last }' "$list")
  offset=$((end + 1))
done
PODS=$(($(wc -l < "$CHAINED") - 1))
if ((PLAIN)); then
  launcher=(java -jar "$JAR"); how="java -jar"
else
  launcher=(env CALDERA_JAR="$JAR" "$ROOT/bin/caldera"); how="bin/caldera"
fi
echo "# chained $PODS pods of $LISTS lists; $how $JAR; $(java -version 2>&1 | tail -1);" \
  "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(nproc) vCPU; load $(cut -d' ' -f1-3 /proc/loadavg);" \
  "$(date -u +%Y-%m-%dT%H:%M:%SZ)"
for ((run = 1; run <= RUNS; run++)); do
  start=$(date +%s%N)
  line=$("${launcher[@]}" replay --no-progress --policy "$POLICY" "$TRACES/openb_node_list_gpu_node.csv" "$CHAINED" \
    | grep -E '^(pods|replay|process):' | tr '\n' ' ')
  end=$(date +%s%N)
  echo "run $run: process $(( (end - start) / 1000000 )) ms; $line"
done
