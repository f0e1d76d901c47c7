#!/usr/bin/env bash
# Issue-level acceptance on a GPU machine, in one command: the same candidates verified by the
# build before a change and the build after it (verdicts and speedups, compare_binaries.py), every
# reference and fixture with its expected verdict (gpu_suite.py: the hostile fixtures too, with
# what they must not leave behind), the job sandbox's hostile probes (tst_sandbox, if built), and
# the warm re-verify time of the proof tasks.
#
#   tests/gpu/trust_checks.sh BEFORE AFTER OUT [STEP...]
#
# BEFORE/bin and AFTER/bin hold kwb, kwb-runner and kwb-job of the two builds (AFTER/bin may also
# hold tst_sandbox and AFTER/probes its probe libraries). Steps: compare suite sandbox warm
# (default: all). Each writes OUT/<step>.txt.
set -u
BEFORE=$(cd "${1:?usage: trust_checks.sh BEFORE AFTER OUT [STEP...]}" && pwd)
AFTER=$(cd "${2:?usage}" && pwd)
OUT=${3:?usage}
shift 3
steps=("$@")
[[ ${#steps[@]} -eq 0 ]] && steps=(compare suite sandbox warm)
mkdir -p "$OUT"
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
rc=0
for step in "${steps[@]}"; do
    t0=$(date +%s)
    case "$step" in
    compare) # the references and the honest fixtures: same verdicts, speedups within 2 %
        python3 "$ROOT/tests/gpu/compare_binaries.py" --a "$BEFORE/bin" --b "$AFTER/bin" --source "$ROOT" --runs 2 \
            --candidates "$ROOT"/resources/tasks/reference/*.cu "$ROOT"/tests/fixtures/candidates/*/good.cu \
            --out "$OUT/compare.txt" > /dev/null || rc=1 ;;
    suite) # every reference (cold and warm) and every fixture against its kwb-expect line
        ( source "$ROOT/tests/gpu/bin_env.sh" "$AFTER" "$(mktemp -d)" "$(mktemp -d)"
          python3 "$ROOT/tests/gpu/gpu_suite.py" --bin "$AFTER/bin" --source "$ROOT" --steps refs,fixtures \
              > "$OUT/suite.txt" 2>&1 ) || rc=1 ;;
    sandbox) # the hostile probes through the real launcher and kwb-job, on this machine's kernel
        if [[ -x $AFTER/bin/tst_sandbox ]]; then
            : > "$OUT/sandbox.txt"
            for c in $("$AFTER/bin/tst_sandbox" 2>&1 | sed -n 's/^usage: [^<]*<\(.*\)>$/\1/p' | tr '|' ' '); do
                echo "== sandbox.$c" >> "$OUT/sandbox.txt"
                "$AFTER/bin/tst_sandbox" "$c" >> "$OUT/sandbox.txt" 2>&1 || { rc=1; echo "FAILED sandbox.$c" >> "$OUT/sandbox.txt"; }
            done
        else
            echo "tst_sandbox not in $AFTER/bin: sandbox step skipped" > "$OUT/sandbox.txt"
        fi ;;
    warm) # the proof tasks verified cold, then warm three times each: wall seconds
        ( source "$ROOT/tests/gpu/bin_env.sh" "$AFTER" "$(mktemp -d)" "$(mktemp -d)"
          python3 - "$AFTER/bin/kwb" "$ROOT" > "$OUT/warm.txt" 2>&1 <<'PY'
import json, subprocess, sys, time
kwb, root = sys.argv[1], sys.argv[2]
for task in ["sgemm-f32", "softmax-rows-f32", "layernorm-gelu-f32", "gemm-bias-gelu-bf16", "reduce-sum-f32",
             "conv2d-nchw-f32"]:
    for run in ["cold", "warm1", "warm2", "warm3"]:
        t0 = time.monotonic()
        p = subprocess.run([kwb, "verify", task, f"{root}/resources/tasks/reference/{task}.cu", "--json"],
                           capture_output=True, text=True)
        wall = time.monotonic() - t0
        try:
            verdict = json.loads(p.stdout).get("verdict")
        except ValueError:
            verdict = "no-json"
        print(f"{task:22s} {run:6s} {verdict:10s} {wall:.2f} s", flush=True)
PY
        ) || rc=1 ;;
    *) echo "unknown step $step" >&2; rc=2 ;;
    esac
    echo "$step: $(( $(date +%s) - t0 )) s" >> "$OUT/steps.txt"
done
exit $rc
