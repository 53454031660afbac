#!/usr/bin/env bash
# One-a-minute pairs of cold long replays: every minute for MINUTES minutes, one cold run of the long chained openb
# trace through each build's own bin/caldera (CALDERA_JAR=<root>/adapters-k8s/target/caldera.jar <root>/bin/caldera
# replay --no-progress --policy fgdfill ...), the order alternating minute by minute, with two yardsticks of the
# machine's speed that minute (openssl's sha256 over 16 KB blocks, dd of 4 GB from /dev/zero in 64 MB blocks). Each
# line gives both runs' whole-process time and events per second (the replay's `process:` line). This is how the
# "one cold run of each build a minute" figures in perf-results/README.md are taken; the machine's speed moves by the
# minute, so only pairs taken in the same minutes compare. Both roots must be built (`mvn -B -ntp -q package
# -DskipTests`, which also makes each jar's class-data archive); the trace is made by bench/replay-long.sh --keep.
set -euo pipefail

usage() {
  echo "usage: bench/replay-pairs.sh [--minutes N] [--trace FILE] BEFORE_ROOT AFTER_ROOT" >&2
}

ROOT=$(cd "$(dirname "$0")/.." && pwd)
MINUTES=18
TRACE=/tmp/chained.csv
while [[ $# -gt 0 ]]; do
  case "$1" in
    --minutes) MINUTES="$2"; shift 2 ;;
    --trace) TRACE="$2"; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    -*) echo "replay-pairs.sh: unknown option '$1'" >&2; usage; exit 2 ;;
    *) break ;;
  esac
done
[[ $# -eq 2 ]] || { usage; exit 2; }
for d in "$1" "$2"; do
  [[ -d $d ]] || { echo "replay-pairs.sh: no directory $d" >&2; exit 2; }
done
BEFORE=$(cd "$1" && pwd)
AFTER=$(cd "$2" && pwd)
for r in "$BEFORE" "$AFTER"; do
  [[ -f $r/adapters-k8s/target/caldera.jar && -x $r/bin/caldera ]] \
    || { echo "replay-pairs.sh: $r has no built adapters-k8s/target/caldera.jar or bin/caldera" >&2; exit 2; }
done
[[ -f $TRACE ]] || { echo "replay-pairs.sh: no trace $TRACE (make it with bench/replay-long.sh --runs 1 --keep $TRACE)" >&2; exit 2; }

one() {
  (cd "$ROOT" && CALDERA_JAR="$1/adapters-k8s/target/caldera.jar" "$1/bin/caldera" replay --no-progress \
    --policy fgdfill traces/alibaba-openb/openb_node_list_gpu_node.csv "$TRACE" 2>&1) \
    | grep -E '^process:' | grep -oE '[0-9.]+ s from|\([0-9]+ events/s\)' | tr '\n' ' '
}

echo "# before $BEFORE, after $AFTER; $(java -version 2>&1 | tail -1); $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(nproc) vCPU; $(date -u +%Y-%m-%dT%H:%M:%SZ)"
end=$(( $(date +%s) + MINUTES * 60 ))
i=0
while (( $(date +%s) < end )); do
  start=$(date +%s)
  sha=$(openssl speed -seconds 1 -bytes 16384 sha256 2>/dev/null | tail -1 | awk '{print $2}')
  dd=$(dd if=/dev/zero of=/dev/null bs=64M count=64 2>&1 | tail -1 | awk '{print $(NF-1)$NF}')
  if (( i % 2 == 0 )); then b=$(one "$BEFORE"); a=$(one "$AFTER"); first=before
  else a=$(one "$AFTER"); b=$(one "$BEFORE"); first=after; fi
  echo "$(date -u +%H:%M:%S) load $(cut -d' ' -f1 /proc/loadavg) sha256 $sha dd64M $dd | before $b| after $a| first $first"
  i=$((i + 1))
  left=$(( 60 - ($(date +%s) - start) ))
  if (( left > 0 )); then sleep "$left"; fi
done
