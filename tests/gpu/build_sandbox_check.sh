#!/usr/bin/env bash
# The confined build on a GPU machine: every reference solution built and verified under the
# default build limits with an empty cache (each record's build.sandbox must say limits,
# Landlock and seccomp held), the heaviest ones again under KWB_BUILD_MEMORY_MIB=1024, and the
# build's bad-input suites (tests/badinput/build_cases.cpp) run there.
#
#   tests/gpu/build_sandbox_check.sh BIN OUT
#
# BIN/bin holds kwb, kwb-runner, kwb-job and kwb_bad_input_tests from one build; the suites find
# kwb and the sources where that build put them (KWB_CLI_PATH, KWB_SOURCE_DIR), so this script
# links those paths to BIN and to this checkout when they do not exist here.
set -u
BIN=$(cd "${1:?usage: build_sandbox_check.sh BIN OUT}" && pwd)
OUT=${2:?usage}
mkdir -p "$OUT"
source "$(dirname "$0")/bin_env.sh" "$BIN" "$(mktemp -d)" "$(mktemp -d)"
report="$OUT/build_sandbox.txt"
: > "$report"

verify_all() { # label, then env assignments for kwb
    local label=$1; shift
    local cache; cache=$(mktemp -d)
    for ref in "$ROOT"/resources/tasks/reference/*.cu; do
        task=$(basename "$ref" .cu)
        env KWB_CACHE_DIR="$cache" "$@" "$BIN/bin/kwb" verify "$task" "$ref" --json --no-bench > "$cache/rec.json" 2> "$cache/err.txt"
        rc=$?
        python3 - "$cache/rec.json" "$label" "$task" "$rc" >> "$report" <<'EOF'
import json, sys
path, label, task, rc = sys.argv[1:]
try:
    rec = json.load(open(path))
except ValueError:
    print(f"{label:12s} {task:26s} exit {rc}: no record"); sys.exit()
b = rec.get("build", {})
s = b.get("sandbox", {})
print(f"{label:12s} {task:26s} exit {rc} verdict={rec.get('verdict'):14s} build_ok={b.get('ok')} "
      f"nvcc={b.get('seconds', 0):.2f}s limits={s.get('limits')} landlock={s.get('landlock')} "
      f"seccomp={s.get('seccomp')} stopped={b.get('stopped', '')!r}")
EOF
    done
}

verify_all default
verify_all mem1024 KWB_BUILD_MEMORY_MIB=1024

# The bad-input suites of the build, with the paths their binary was built with.
cli=$(strings "$BIN/bin/kwb_bad_input_tests" | grep -m1 '/bin/kwb$' || true)
src=$(strings "$BIN/bin/kwb_bad_input_tests" | grep -m1 '/resources/tasks$' | sed 's|/resources/tasks$||' || true)
if [[ -n $cli && -n $src ]]; then
    [[ -e $src ]] || { mkdir -p "$(dirname "$src")" && ln -s "$ROOT" "$src"; }
    [[ -e $cli ]] || { mkdir -p "$(dirname "$cli")" && cp "$BIN"/bin/* "$(dirname "$cli")/"; }
    for suite in build-reads-nothing-outside-the-candidate build-is-bounded killed-build-is-not-cached \
                 build-errors-name-the-cause; do
        "$BIN/bin/kwb_bad_input_tests" "$suite" > "$OUT/suite.txt" 2>&1
        echo "bad-input.$suite exit $? ($(tail -1 "$OUT/suite.txt"))" >> "$report"
        grep '^FAIL\|^SKIP' "$OUT/suite.txt" >> "$report"
    done
    rm -f "$OUT/suite.txt"
else
    echo "bad-input suites not run: the paths built into kwb_bad_input_tests were not found" >> "$report"
fi
cat "$report"
