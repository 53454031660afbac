#!/usr/bin/env bash
# Same-minutes comparison of two caldera.jar builds' replay speed in one JVM: the openb default trace replayed
# ROUNDS times by each build, alternating jar by jar (bench/lib/ReplayTwoJars.java), so both see the same machine
# load and neither has a JVM of its own to warm. Prints each round's cpu and wall time and, over the second half of
# the rounds, the median cpu time of each and the median of the rounds' ratios (before/after above 1: after is
# faster). Decisions are not compared here: bench/replay-decisions.sh does that. See perf-results/replay/speed.md.
set -euo pipefail

usage() {
  echo "usage: bench/replay-two-jars.sh [--rounds N] [--protocol recorded|paper] BEFORE.jar AFTER.jar" >&2
}

ROOT=$(cd "$(dirname "$0")/.." && pwd)
ROUNDS=30
PROTOCOL=recorded
while [[ $# -gt 0 ]]; do
  case "$1" in
    --rounds) ROUNDS="$2"; shift 2 ;;
    --protocol) PROTOCOL="$2"; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    -*) echo "replay-two-jars.sh: unknown option '$1'" >&2; usage; exit 2 ;;
    *) break ;;
  esac
done
[[ $# -eq 2 ]] || { usage; exit 2; }
echo "# $(java -version 2>&1 | tail -1); $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(nproc) vCPU; load $(cut -d' ' -f1-3 /proc/loadavg); $(date -u +%Y-%m-%dT%H:%M:%SZ)"
exec java "$ROOT/bench/lib/ReplayTwoJars.java" "$1" "$2" "$ROOT/traces/alibaba-openb" "$ROUNDS" "$PROTOCOL"
