#!/usr/bin/env bash
# compute-sanitizer and Nsight Compute on a GPU machine with the full CUDA toolkit:
#  1. the unsafe fixtures (kwb-expect-sanitize: sanitizer) fail under kwb verify --sanitize,
#  2. every reference solution is clean under --sanitize (all four tools),
#  3. kwb profile of sgemm-f32's reference against cuBLAS, and kwb samples profile of a stored one,
# each command timed (OUT/times.txt); the records (OUT/*.json), the sanitizer's raw reports
# (OUT/sanitizer/..., copied from the worker's cache) and ncu's report and raw CSV are kept for
# committing as fixtures. Exit 0 only when every expectation holds.
#   tests/gpu/tools_checks.sh BIN OUT      (BIN/bin holds kwb, kwb-runner, kwb-job)
# REFS="id ...": only these references in step 2, PAR=N of them at once; TOOL_TIMEOUT: seconds
# per command (300).
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
    if [ "$got" = "$2" ]; then echo "ok   $1: $got" | tee -a "$OUT/summary.txt"
    else echo "FAIL $1: got $got, want $2" | tee -a "$OUT/summary.txt"; rc=1; fi
}
"$KWB" doctor > "$OUT/doctor.txt" 2>&1
want() { [[ " ${STEPS:-1 2 3} " == *" $1 "* ]]; } # STEPS="1 3": only those steps

# 1. The unsafe fixtures: right sums (the output check passes), a hazard under --sanitize.
want 1 && for f in $(grep -l 'kwb-expect-sanitize: sanitizer' "$ROOT"/tests/fixtures/candidates/*/*.cu); do
    task=$(basename "$(dirname "$f")"); name="unsafe_${task}_$(basename "$f" .cu)"
    timed "${name}_plain" "$KWB" verify "$task" "$f" --no-bench --json
    expect "${name}_plain" pass
    timed "$name" "$KWB" verify "$task" "$f" --sanitize --json
    expect "$name" sanitizer
done
# 2. Every reference solution: clean under all four tools. REFS="id ..." limits this to some
# tasks (each reference takes four sanitizer runs); PAR=N runs N at once (correctness only, so
# they may share the GPU; default 1).
ref_ids=()
want 2 && for ref in "$ROOT"/resources/tasks/reference/*.cu; do
    task=$(basename "$ref" .cu)
    [ -n "${REFS:-}" ] && [[ " $REFS " != *" $task "* ]] && continue
    ref_ids+=("$task")
done
export KWB ROOT OUT
export -f timed
[ ${#ref_ids[@]} -gt 0 ] && printf '%s\n' "${ref_ids[@]}" | xargs -P "${PAR:-1}" -I{} bash -c \
    'timed "ref_{}" "$KWB" verify "{}" "$ROOT/resources/tasks/reference/{}.cu" --sanitize --json' \
    > /dev/null
for task in "${ref_ids[@]}"; do expect "ref_$task" pass; done
# The raw reports the records name, for fixtures.
mkdir -p "$OUT/sanitizer" && cp -r "$CACHE"/sanitizer/. "$OUT/sanitizer/" 2>/dev/null

# 3. kwb profile: sgemm-f32's reference against cuBLAS (full set, large shape; then the basic
# set on the small shape), and a stored sample through kwb samples profile, kept in the project.
ref="$ROOT/resources/tasks/reference/sgemm-f32.cu"
if want 3; then
timed profile_sgemm "$KWB" profile sgemm-f32 "$ref" --json
expect profile_sgemm pass
"$KWB" profile sgemm-f32 "$ref" --sections basic --shape small > "$OUT/profile_sgemm_basic.txt" 2>&1
echo "profile_sgemm_basic rc=$?" | tee -a "$OUT/times.txt"
python3 - "$OUT/profile_sgemm.json" <<'PY' | tee "$OUT/profile_sgemm_summary.txt"
import json, sys
r = json.load(open(sys.argv[1]))
p = r.get("profile") or {}
print("ncu", p.get("version"), "set", p.get("sections"), "shape", p.get("shape"))
for s in p.get("sides", []):
    ks = s.get("kernels", [])
    print(s["target"], s.get("label"), f'{s.get("seconds", 0):.1f} s', "error:" if s.get("error") else "", s.get("error", "")[:300])
    for k in ks:
        print("   ", k.get("kernel", "")[:70], k.get("duration_ns"), "ns  sm%", k.get("sm_throughput_pct"),
              "occ", k.get("achieved_occupancy_pct"), "limiter", k.get("occupancy_limiter"), "stalls", k.get("top_stalls"))
    for h in s.get("hot_lines", [])[:3]:
        print("    hot", h.get("file"), h.get("line"), h.get("samples"), h.get("source", "")[:60])
ok = len(p.get("sides", [])) == 2 and all(s.get("kernels") and not s.get("error") for s in p.get("sides", []))
print("both sides profiled:", ok)
sys.exit(0 if ok else 1)
PY
[ "${PIPESTATUS[0]}" = 0 ] || rc=1
project="$OUT/profile.kwbproj"
"$KWB" project new "$project" > /dev/null
mkdir -p "$OUT/import" && cp "$ref" "$OUT/import/sgemm.cu"
"$KWB" import "$OUT/import" --task sgemm-f32 --model reference --project "$project" > /dev/null
timed samples_profile "$KWB" samples profile 1 --project "$project" --sections basic --json
expect samples_profile pass
"$KWB" profile sgemm-f32 "$ref" > "$OUT/profile_sgemm_table.txt" 2>&1
sqlite3 "$project" "SELECT count(*) FROM profiles" > "$OUT/profiles_stored.txt" 2>&1 ||
    python3 -c 'import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute("select count(*) from profiles").fetchone()[0])' "$project" > "$OUT/profiles_stored.txt"
echo "profiles stored: $(cat "$OUT/profiles_stored.txt")" | tee -a "$OUT/summary.txt"
fi
cat "$OUT/summary.txt"
exit $rc
