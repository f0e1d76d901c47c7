#!/usr/bin/env bash
# compute-sanitizer and Nsight Compute on a GPU machine with the full CUDA toolkit:
#  1. the unsafe fixtures (kwb-expect-sanitize: sanitizer) fail under kwb verify --sanitize,
#  2. every reference solution is clean under --sanitize (all four tools),
#  3. sgemm-f32's reference verified under ncu (one job: candidate, reference and cuBLAS kernels),
# each command timed (OUT/times.txt); the records (OUT/*.json), the sanitizer's raw reports
# (OUT/sanitizer/..., copied from the worker's cache) and ncu's report and raw CSV are kept for
# committing as fixtures. Exit 0 only when every expectation holds.
#   tests/gpu/tools_checks.sh BIN OUT      (BIN/bin holds kwb, kwb-runner, kwb-job)
# REFS="id ...": only these references in step 2; TOOL_TIMEOUT: seconds per command (300).
set -u
BIN=$(cd "${1:?usage: tools_checks.sh BIN OUT}" && pwd)
OUT=$(mkdir -p "${2:?usage: tools_checks.sh BIN OUT}" && cd "$2" && pwd)
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
CACHE=$(mktemp -d)
source "$ROOT/tests/gpu/bin_env.sh" "$BIN" "$CACHE" "$(mktemp -d)"
KWB="$BIN/bin/kwb"
rc=0
: > "$OUT/times.txt"
timed() { # name, command...: output to OUT/name.json / .txt, the time to times.txt
    local name=$1; shift
    local t0=$(date +%s.%N)
    timeout "${TOOL_TIMEOUT:-300}" "$@" > "$OUT/$name.json" 2> "$OUT/$name.stderr"
    local code=$?
    echo "$name rc=$code seconds=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN{printf "%.2f", b-a}')" | tee -a "$OUT/times.txt"
    return $code
}
verdict() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1])).get("verdict","?"))' "$1" 2>/dev/null || echo "no-json"; }
expect() { # name, wanted verdict
    local got=$(verdict "$OUT/$1.json")
    if [ "$got" = "$2" ]; then echo "ok   $1: $got"; else echo "FAIL $1: got $got, want $2"; rc=1; fi | tee -a "$OUT/summary.txt"
}
"$KWB" doctor > "$OUT/doctor.txt" 2>&1

# 1. The unsafe fixtures: right sums (the output check passes), a hazard under --sanitize.
for f in $(grep -l 'kwb-expect-sanitize: sanitizer' "$ROOT"/tests/fixtures/candidates/*/*.cu); do
    task=$(basename "$(dirname "$f")"); name="unsafe_${task}_$(basename "$f" .cu)"
    timed "${name}_plain" "$KWB" verify "$task" "$f" --no-bench --json
    expect "${name}_plain" pass
    timed "$name" "$KWB" verify "$task" "$f" --sanitize --json
    expect "$name" sanitizer
done
# 2. Every reference solution: clean under all four tools.
# REFS="id ..." limits this to some tasks (each reference takes four sanitizer runs).
for ref in "$ROOT"/resources/tasks/reference/*.cu; do
    task=$(basename "$ref" .cu)
    [ -n "${REFS:-}" ] && [[ " $REFS " != *" $task "* ]] && continue
    timed "ref_$task" "$KWB" verify "$task" "$ref" --sanitize --json
    expect "ref_$task" pass
done
# The raw reports the records name, for fixtures.
mkdir -p "$OUT/sanitizer" && cp -r "$CACHE"/sanitizer/. "$OUT/sanitizer/" 2>/dev/null

# 3. Nsight Compute over one verification of sgemm-f32's reference (the job is a child of the
# worker, itself a child of kwb: --target-processes all); clocks untouched.
NCU=${KWB_NCU:-$(command -v ncu || echo /usr/local/cuda/bin/ncu)}
small=$(python3 -c 'import tomllib,sys; t=tomllib.load(open(sys.argv[1],"rb")); print(next((s["name"] for s in t["shapes"] if s.get("cpu_reference")), t["shapes"][0]["name"]))' "$ROOT/resources/tasks/sgemm-f32.toml" 2>/dev/null || echo odd)
t0=$(date +%s.%N)
"$NCU" --clock-control none --target-processes all --set full -f -o "$OUT/sgemm_reference" \
    "$KWB" verify sgemm-f32 "$ROOT/resources/tasks/reference/sgemm-f32.cu" --no-bench --trials 1 \
    --shapes "$small" --json > "$OUT/ncu_sgemm.json" 2> "$OUT/ncu_sgemm.stderr"
echo "ncu_sgemm_reference rc=$? seconds=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN{printf "%.2f", b-a}')" | tee -a "$OUT/times.txt"
expect ncu_sgemm pass
"$NCU" --import "$OUT/sgemm_reference.ncu-rep" --csv --page raw --print-units base > "$OUT/ncu_sgemm_raw.csv" 2>&1 || rc=1
# The parser's view of it (kernel, duration, occupancy, stalls) via the tools' test binary is in
# tests/tools; here the kernel names and durations for the note.
python3 - "$OUT/ncu_sgemm_raw.csv" <<'PY' | tee "$OUT/ncu_sgemm_summary.txt"
import csv, sys
rows = [r for r in csv.reader(l for l in open(sys.argv[1]) if not l.startswith("=="))]
h = rows[0]; idx = {n: i for i, n in enumerate(h)}
for r in rows[2:]:
    get = lambda m: r[idx[m]] if m in idx else "?"
    print(f'{get("Kernel Name")[:70]:70} {get("gpu__time_duration.sum"):>12} ns  regs {get("launch__registers_per_thread")}  '
          f'sm {get("sm__throughput.avg.pct_of_peak_sustained_elapsed")}%  mem {get("gpu__compute_memory_throughput.avg.pct_of_peak_sustained_elapsed")}%')
PY
cat "$OUT/summary.txt"
exit $rc
