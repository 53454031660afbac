#!/usr/bin/env bash
# cpu-alt.sh OUT BEFORE_JAR AFTER_JAR NODES ROUNDS: SpeedGateBenchmark (headline cycle, thread CPU time per placement)
set -euo pipefail
OUT=$1; B=$2; A=$3; NODES=$4; ROUNDS=$5
mkdir -p "$OUT"
run() { local side=$1 jar=$2 r=$3
  java -jar "$jar" '\.SpeedGateBenchmark\.' -f 1 -wi 5 -i 5 -w 2s -r 2s -p nodes=$NODES -p pendingTasks=10000 -p incremental=true \
    -rf json -rff "$OUT/$side-$NODES-r$r.json" > "$OUT/$side-$NODES-r$r.txt" 2>&1
  python3 - "$OUT/$side-$NODES-r$r.json" <<'PY'
import json,sys
d=json.load(open(sys.argv[1]))[0]
sm=d['secondaryMetrics']
cpu=sum(sum(x) for x in sm['cpuNs']['rawData']); placed=sum(sum(x) for x in sm['placed']['rawData'])
print("%s ns_cpu_per_placement=%.1f placements_per_s=%.0f" % (sys.argv[1].split('/')[-1], cpu/placed, sm['placements']['score'] if 'placements' in sm else 0))
PY
}
for ((r=1; r<=ROUNDS; r++)); do
  if (( r % 2 == 1 )); then run before "$B" $r; run after "$A" $r; else run after "$A" $r; run before "$B" $r; fi
  echo "load $(cut -d' ' -f1-3 /proc/loadavg)"
done
