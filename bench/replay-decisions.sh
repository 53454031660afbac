#!/usr/bin/env bash
# Compares the decisions of two caldera.jar builds on the openb default trace: the replay JSON of both protocols
# (recorded times and the paper's), seeds 42-44 and all six policies (36 replays per jar), every field but the
# timings and where it ran (wallSeconds, cpuSeconds, eventsPerSecond, eventsPerCpuSecond, schedulingMicrosPerPod,
# startSeconds, readSeconds, processSeconds, eventsPerProcessSecond, jvm, machine; a jar from before the process
# figures has none of those four, which is no difference). Prints one line per replay and exits 1 when any differs. A speed change must leave them all
# identical; see perf-results/replay/speed.md.
set -euo pipefail

usage() {
  cat <<'USAGE'
usage: bench/replay-decisions.sh [--policies a,b,...] [--seeds 42,43,44] [--protocols recorded,paper]
                                 [--out DIR] BEFORE.jar AFTER.jar
USAGE
}

ROOT=$(cd "$(dirname "$0")/.." && pwd)
POLICIES=fgdfill,fgd,bestfit,gpupacking,dotprod,random
SEEDS=42,43,44
PROTOCOLS=recorded,paper
OUT=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --policies) POLICIES="$2"; shift 2 ;;
    --seeds) SEEDS="$2"; shift 2 ;;
    --protocols) PROTOCOLS="$2"; shift 2 ;;
    --out) OUT="$2"; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    -*) echo "replay-decisions.sh: unknown option '$1'" >&2; usage >&2; exit 2 ;;
    *) break ;;
  esac
done
[[ $# -eq 2 ]] || { usage >&2; exit 2; }
BEFORE=$1
AFTER=$2
OUT=${OUT:-$(mktemp -d)}
mkdir -p "$OUT/before" "$OUT/after"
NODES="$ROOT/traces/alibaba-openb/openb_node_list_gpu_node.csv"
PODS="$ROOT/traces/alibaba-openb/openb_pod_list_default.csv"

strip() {
  python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
for k in ("wallSeconds", "cpuSeconds", "eventsPerSecond", "eventsPerCpuSecond", "schedulingMicrosPerPod",
          "startSeconds", "readSeconds", "processSeconds", "eventsPerProcessSecond", "jvm", "machine"):
    d.pop(k, None)
print(json.dumps(d, sort_keys=True, indent=1))' "$1"
}

differ=0
total=0
for protocol in ${PROTOCOLS//,/ }; do
  for policy in ${POLICIES//,/ }; do
    for seed in ${SEEDS//,/ }; do
      name="$protocol-$policy-$seed"
      for side in before after; do
        jar=$BEFORE
        [[ $side == after ]] && jar=$AFTER
        java -jar "$jar" replay --no-progress --output json --protocol "$protocol" --policy "$policy" --seed "$seed" \
          "$NODES" "$PODS" > "$OUT/$side/$name.json"
        strip "$OUT/$side/$name.json" > "$OUT/$side/$name.stripped.json"
      done
      total=$((total + 1))
      if cmp -s "$OUT/before/$name.stripped.json" "$OUT/after/$name.stripped.json"; then
        echo "same    $name"
      else
        echo "DIFFERS $name"
        differ=$((differ + 1))
      fi
    done
  done
done
echo "== $((total - differ)) of $total replays identical but for timings ($OUT)"
[[ $differ -eq 0 ]]
