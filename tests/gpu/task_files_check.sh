#!/usr/bin/env bash
# Issue-level check of task files on a GPU machine: every reference and fixture with its expected
# verdict (gpu_suite.py), then a task of the user's own (scaffolded by `kwb tasks new`, no library
# operation) checked and verified against its reference kernel with timing.
#   tests/gpu/task_files_check.sh BIN OUT      (BIN/bin holds kwb, kwb-runner, kwb-job)
set -u
BIN=$(cd "${1:?usage: task_files_check.sh BIN OUT}" && pwd)
OUT=${2:?usage}
mkdir -p "$OUT"
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
source "$ROOT/tests/gpu/bin_env.sh" "$BIN" "$(mktemp -d)" "$(mktemp -d)"
rc=0
tasks=$(mktemp -d)
{
    "$BIN/bin/kwb" tasks new my-relu --dir "$tasks" || rc=1
    "$BIN/bin/kwb" tasks check --tasks-dir "$tasks" my-relu 2>&1 || "$BIN/bin/kwb" tasks check "$tasks/my-relu" || rc=1
    "$BIN/bin/kwb" verify --tasks-dir "$tasks" my-relu "$tasks/my-relu/reference.cu" || rc=1
    "$BIN/bin/kwb" verify --tasks-dir "$tasks" my-relu "$tasks/my-relu/reference.cu" --json > "$OUT/user_task.json" || rc=1
} > "$OUT/user_task.txt" 2>&1
python3 "$ROOT/tests/gpu/gpu_suite.py" --bin "$BIN/bin" --source "$ROOT" --steps refs,fixtures > "$OUT/suite.txt" 2>&1 || rc=1
exit $rc
