# Sourced by the GPU scripts: BIN holds bin/kwb, bin/kwb-runner and bin/kwb-job (a build without
# Qt); the built-in tasks are copied beside them (BIN/share/kernel-workbench/tasks, where kwb looks
# them up), and kwb finds the worker, its cache and its data through the environment.
#   source bin_env.sh BIN CACHE_DEFAULT DATA_DEFAULT
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
mkdir -p "$1/share/kernel-workbench"
rm -rf "$1/share/kernel-workbench/tasks"
cp -r "$ROOT/resources/tasks" "$1/share/kernel-workbench/tasks"
export KWB_RUNNER="$1/bin/kwb-runner"
export KWB_CACHE_DIR="${KWB_CACHE_DIR:-$2}"
export KWB_DATA_DIR="${KWB_DATA_DIR:-$3}"
