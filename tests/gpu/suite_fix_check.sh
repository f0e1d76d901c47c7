#!/usr/bin/env bash
# `kwb verify` of the reference kernels of argmax-f32, argmin-f32 and cross-entropy-f32 on a GPU
# machine, every shape, with the verdicts and, per shape, what decides them: the index's error
# against the baseline (an int32 index above 2^24 is compared exactly only against a double
# reference) and each side's batch and buffer sets (the baseline's batch may be longer than the
# candidate's; its calls past the candidate's read sets that only the allocation filled).
# cross-entropy-f32's small shape runs with several seeds, since which side's batch comes out
# longer varies from run to run. Binaries as for run_task_suite.sh (BIN/bin/kwb, a build without
# Qt).
#
#   tests/gpu/suite_fix_check.sh BIN OUT
#
# With SANITIZE=1, one more run of cross-entropy-f32's small shape under compute-sanitizer
# (memcheck, every child process), its report in OUT/sanitizer.txt.
# Writes OUT/<run>.json, .stderr, .rc and OUT/summary.txt. Exit: 0 when every run passes.
set -u
BIN=$(cd "${1:?usage: suite_fix_check.sh BIN OUT}" && pwd)
OUT=${2:?usage: suite_fix_check.sh BIN OUT}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
source "$(dirname "$0")/bin_env.sh" "$BIN" "$BIN/cache" "$BIN/data"
KWB="$BIN/bin/kwb"
REF="$ROOT/resources/tasks/reference"

runs=()
verify() { # NAME TASK [kwb verify options]
    local name=$1 task=$2
    shift 2
    "$KWB" verify "$task" "$REF/$task.cu" --json "$@" > "$OUT/$name.json" 2> "$OUT/$name.stderr"
    echo $? > "$OUT/$name.rc"
    runs+=("$name")
}

verify argmax-f32 argmax-f32 --seed 1
verify argmin-f32 argmin-f32 --seed 1
verify cross-entropy-f32 cross-entropy-f32 --seed 1
for seed in 2 3 4 5 6 7; do
    verify "cross-entropy-f32-small-seed$seed" cross-entropy-f32 --shapes small --seed "$seed"
done

if [ "${SANITIZE:-0}" = 1 ]; then
    if [ -x /usr/local/cuda/bin/compute-sanitizer ]; then
        timeout 900 /usr/local/cuda/bin/compute-sanitizer --tool memcheck --target-processes all \
            "$KWB" verify cross-entropy-f32 "$REF/cross-entropy-f32.cu" --shapes small --seed 2 \
            --json > "$OUT/sanitizer.json" 2> "$OUT/sanitizer.txt"
        echo "compute-sanitizer exit $?" >> "$OUT/sanitizer.txt"
    else
        echo "SANITIZE=1: no /usr/local/cuda/bin/compute-sanitizer here" > "$OUT/sanitizer.txt"
    fi
fi

python3 - "$OUT" "${runs[@]}" > "$OUT/summary.txt" <<'PY'
import json, sys
out, runs = sys.argv[1], sys.argv[2:]
failed = 0
for name in runs:
    rc = open(f"{out}/{name}.rc").read().strip()
    try:
        rec = json.load(open(f"{out}/{name}.json"))
    except ValueError:
        err = open(f"{out}/{name}.stderr").read().strip()[-400:]
        print(f"{name:34s} no record (exit {rc}): {err}")
        failed += 1
        continue
    verdict = rec.get("verdict")
    failed += verdict != "pass"
    print(f"{name:34s} {verdict} (exit {rc})")
    for s in rec.get("shapes", []):
        t = s.get("timing") or {}
        c, b = t.get("candidate", {}), t.get("baseline", {})
        errs = ", ".join(f"{k} max_abs_err {v.get('max_abs_err')}" for k, v in s.get("outputs", {}).items())
        print(f"    {s['name']:6s} {s['verdict']:14s} batch {c.get('batch')}/{b.get('batch')} (ref/base) "
              f"sets {c.get('buffer_sets')} l2 {c.get('l2')}  {errs}")
        if s["verdict"] != "pass":
            print(f"        {s.get('detail', '')[:400]}")
print("ALL PASS" if not failed else f"{failed} of {len(runs)} runs failed")
PY
cat "$OUT/summary.txt"
[ -f "$OUT/sanitizer.txt" ] && grep -E "ERROR SUMMARY|Invalid|compute-sanitizer exit" "$OUT/sanitizer.txt" | head -20
tail -n 1 "$OUT/summary.txt" | grep -q "^ALL PASS$"
