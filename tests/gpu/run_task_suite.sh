#!/usr/bin/env bash
# Runs the task suite on a GPU machine: `kwb suite` over the reference solutions (every task,
# every shape, correctness and timing against its library baseline), then the baseline
# self-test (every baseline against its float64 reference). Binaries come from a build
# without Qt (cmake -DKWB_GUI=OFF), copied into BIN/bin; the built-in tasks are looked up
# beside them (BIN/share/kernel-workbench/tasks), so this copies resources/tasks there.
#
#   tests/gpu/run_task_suite.sh BIN OUT [extra kwb suite options]
#
# Writes OUT/suite.txt (the table, fast_p, wall time), OUT/suite.json, OUT/selftest.txt.
# Exit: 0 when every reference passes and the self-test passes.
set -u
BIN=$(cd "${1:?usage: run_task_suite.sh BIN OUT}" && pwd)
OUT=${2:?usage: run_task_suite.sh BIN OUT}
shift 2
mkdir -p "$OUT"
source "$(dirname "$0")/bin_env.sh" "$BIN" "$BIN/cache" "$BIN/data"
"$BIN/bin/kwb" doctor > "$OUT/doctor.txt" 2>&1
start=$(date +%s)
"$BIN/bin/kwb" suite --samples "$ROOT/resources/tasks/reference" --build-jobs 8 --json "$@" \
    > "$OUT/suite.json" 2> "$OUT/suite.stderr"
suite_rc=$?
python3 - "$OUT/suite.json" > "$OUT/suite.txt" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
print("%-26s %3s %-18s %-8s %9s %-17s %7s" % ("task", "lvl", "verdict", "shapes", "speedup", "baseline", "wall s"))
for t in d["tasks"]:
    sh = t.get("shapes", [])
    ok = sum(1 for s in sh if s["verdict"] == "pass")
    sp = t.get("geomean_speedup")
    print("%-26s %3d %-18s %-8s %9s %-17s %7.1f" % (t["id"], t["level"], t["verdict"], "%d/%d" % (ok, len(sh)),
          "%.2fx" % sp if sp else "-", t.get("baseline", {}).get("kind", "-"), t["wall_seconds"]))
    for s in sh:
        print("    %-10s %-18s base %8.4f ms  ref %8.4f ms  %s" % (s["name"], s["verdict"], s.get("baseline_ms", 0),
              s.get("candidate_ms", 0), "%.2fx" % s["speedup"] if "speedup" in s else "-"))
    if t["verdict"] != "pass":
        print("    detail:", t["detail"][:600])
print("fast_p:", json.dumps(d["fast_p"]), " device:", d["device"], " wall %.1f s" % d["wall_seconds"])
PY
echo "kwb suite exit $suite_rc, $(( $(date +%s) - start )) s" >> "$OUT/suite.txt"
"$BIN/bin/kwb-baseline-selftest" > "$OUT/selftest.txt" 2>&1
self_rc=$?
echo "selftest exit $self_rc" >> "$OUT/selftest.txt"
cat "$OUT/suite.txt"
grep -E "FAIL|ALL PASS|SOME FAILED|selftest exit" "$OUT/selftest.txt" | head -40
[ "$suite_rc" = 0 ] && [ "$self_rc" = 0 ]
