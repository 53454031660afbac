#!/usr/bin/env bash
# Profiles generated allocate cycles (10,000 nodes by default) with async-profiler and writes a flame graph:
# runs AllocateCycleBenchmark in a loop under JMH's async profiler, with libasyncProfiler.so taken from the
# benchmarks jar (the tools.profiler:async-profiler dependency ships it), and copies the result to
# perf-results/flamegraphs/<date>-<jvm label>-allocate-<nodes>n-<tasks>t-<event>.html, with the flat top
# frames in a .txt and the collapsed stacks in a .collapsed next to it; prints the share of samples under the
# main phases of a cycle. See perf-results/README.md.
set -euo pipefail

usage() {
  cat <<'EOF'
usage: bench/profile.sh [--jdk PATH] [--nodes N] [--tasks N] [--seconds S] [--event cpu|itimer|wall|alloc]
                        [--no-build] [--out DIR]
  --jdk PATH     JDK home to run on (default: the java on PATH)
  --nodes N      cluster size (default 10000)
  --tasks N      pending tasks per cycle (default 10000)
  --seconds S    profiled time, after 3 warm-up iterations of 2 s (default 20)
  --event E      async-profiler event (default cpu; falls back to itimer where perf events are not allowed)
  --no-build     use the benchmarks jar already built
  --out DIR      where the flame graph goes (default perf-results/flamegraphs)
environment: CALDERA_TARGET=target-NAME builds into bench/target-NAME (default target)
EOF
}

ROOT=$(cd "$(dirname "$0")/.." && pwd)
JAVA=java
NODES=10000
TASKS=10000
SECONDS_PROFILED=20
EVENT=cpu
BUILD=1
OUT="$ROOT/perf-results/flamegraphs"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --jdk) JAVA="$2/bin/java"; shift ;;
    --nodes) NODES="$2"; shift ;;
    --tasks) TASKS="$2"; shift ;;
    --seconds) SECONDS_PROFILED="$2"; shift ;;
    --event) EVENT="$2"; shift ;;
    --no-build) BUILD=0 ;;
    --out) OUT="$2"; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "profile.sh: unknown option '$1'" >&2; usage >&2; exit 2 ;;
  esac
  shift
done

TARGET=${CALDERA_TARGET:-target}
JAR="$ROOT/bench/$TARGET/benchmarks.jar"
if [[ $BUILD == 1 ]]; then
  echo "== building $JAR"
  (cd "$ROOT" && mvn -B -ntp -q -pl bench -am package -DskipTests -Dcaldera.target="$TARGET")
fi
[[ -f "$JAR" ]] || { echo "profile.sh: $JAR not found (build it, or drop --no-build)" >&2; exit 1; }

# shellcheck source=lib/async-profiler.sh
source "$ROOT/bench/lib/async-profiler.sh"
WORK=$(mktemp -d "${TMPDIR:-/tmp}/caldera-profile.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
LIB=$(async_profiler_lib "$WORK")

LABEL=$("$JAVA" -XshowSettings:properties -version 2>&1 | awk -F'= ' '/java.specification.version/ {print "jdk-" $2}')
STAMP=$(date -u +%Y-%m-%dT%H%MZ)
NAME="$STAMP-$LABEL-allocate-${NODES}n-${TASKS}t-$EVENT"
echo "== profiling $NODES nodes, $TASKS pending tasks, $EVENT, ${SECONDS_PROFILED}s on $LABEL"
"$JAVA" -jar "$JAR" '\.AllocateCycleBenchmark\.' -p nodes="$NODES" -p pendingTasks="$TASKS" -p incremental=true \
  -f 1 -wi 3 -w 2s -i 1 -r "${SECONDS_PROFILED}s" \
  -prof "async:libPath=$LIB;event=$EVENT;output=flamegraph,text,collapsed;direction=forward;simple=true;flat=25;traces=5;dir=$WORK/out" \
  2>&1 | tee "$WORK/jmh.txt" | grep -E '^(Iteration|AllocateCycleBenchmark\.)|WARNING|rror' || true

HTML=$(find "$WORK/out" -name 'flame-*-forward.html' | head -1)
COLLAPSED=$(find "$WORK/out" -name 'collapsed-*.csv' | head -1)
TEXT=$(find "$WORK/out" -name 'summary-*.txt' -o -name '*.txt' | grep -v jmh.txt | head -1)
[[ -n "$HTML" ]] || { echo "profile.sh: no flame graph written; JMH said:" >&2; tail -40 "$WORK/jmh.txt" >&2; exit 1; }
mkdir -p "$OUT"
cp "$HTML" "$OUT/$NAME.html"
{
  echo "# $NAME"
  echo "# JVM: $("$JAVA" -version 2>&1 | tail -1)"
  echo "# machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(nproc) vCPU"
  echo "# command: bench/profile.sh --nodes $NODES --tasks $TASKS --seconds $SECONDS_PROFILED --event $EVENT"
  if [[ -n "$TEXT" ]]; then cat "$TEXT"; fi
} > "$OUT/$NAME.txt"
[[ -n "$COLLAPSED" ]] && cp "$COLLAPSED" "$OUT/$NAME.collapsed"
echo "== flame graph: $OUT/$NAME.html"
if [[ -n "$COLLAPSED" ]]; then
  echo "== share of samples under (inclusive):"
  awk -v frames="Scheduler.runOnce Session.open AllocateAction.execute IncrementalSelector.build IncrementalSelector.catchUp ClassView.rebuild BackfillAction.execute Session.close" '
    { n = $NF; total += n; for (i = 1; i <= nf; i++) if (index(";" $1 ";", ";" f[i] ";")) under[i] += n }
    BEGIN { nf = split(frames, f, " ") }
    END { for (i = 1; i <= nf; i++) printf "  %-32s %5.1f%%\n", f[i], total ? 100 * under[i] / total : 0 }' "$COLLAPSED"
fi
echo "== top frames (self time):"
grep -A12 -m1 'ns  percent  samples  top' "$OUT/$NAME.txt" || sed -n '1,40p' "$OUT/$NAME.txt"
