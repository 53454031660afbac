# Sourced by the bench scripts that profile: one place that finds async-profiler's native library.
#
# async_profiler_lib DIR: unpacks libasyncProfiler.so for this machine from the tools.profiler:async-profiler jar in
# the local Maven repository (resolving the bench module's dependencies first when it is absent) into DIR and
# prints the library's path; exits with a message when the jar cannot be found or the machine has no build of it.
async_profiler_lib() {
  local dir=$1 root jar arch
  root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
  jar=$(find "${HOME}/.m2/repository/tools/profiler/async-profiler" -name 'async-profiler-*.jar' 2>/dev/null | sort | tail -1)
  if [[ -z $jar ]]; then
    (cd "$root" && mvn -B -ntp -q -pl bench -am dependency:resolve > /dev/null)
    jar=$(find "${HOME}/.m2/repository/tools/profiler/async-profiler" -name 'async-profiler-*.jar' 2>/dev/null | sort | tail -1)
  fi
  [[ -n $jar ]] || { echo "$(basename "$0"): no tools.profiler:async-profiler jar in ~/.m2 (build bench/ once)" >&2; exit 1; }
  case "$(uname -m)" in
    x86_64) arch=linux-x64 ;;
    aarch64) arch=linux-arm64 ;;
    *) echo "$(basename "$0"): no async-profiler library for $(uname -m)" >&2; exit 1 ;;
  esac
  unzip -q -o "$jar" "$arch/libasyncProfiler.so" -d "$dir" >&2
  echo "$dir/$arch/libasyncProfiler.so"
}
