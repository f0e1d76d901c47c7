#!/usr/bin/env bash
# Evaluation runs on a GPU machine with scripted students (scripted_students.py, instant answers):
#  1. the CI acceptance plan (3 tasks x 2 conditions x 4 samples x 3 students) with full
#     verification: its markdown report;
#  2. the speed benchmark: 24 tasks x 3 conditions x 4 samples (288 answers) from an instant
#     student, verified with timing; wall time, time per answer, GPU busy fraction (nvidia-smi
#     every 200 ms).
#   tests/gpu/eval_checks.sh BIN OUT [VERIFY_JOBS]     (BIN/bin holds kwb, kwb-runner, kwb-job)
# EVAL_SPEED=0 runs the first part only, EVAL_AB=0 the second only.
set -u
BIN=$(cd "${1:?usage: eval_checks.sh BIN OUT [VERIFY_JOBS]}" && pwd)
OUT=${2:?usage}
JOBS=${3:-1}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
work=$(mktemp -d)
source "$ROOT/tests/gpu/bin_env.sh" "$BIN" "$work/cache" "$work/data"
export KWB_CONFIG_DIR=$work/config OPENAI_API_KEY=sk-scripted-students KWB_PROJECT=
mkdir -p "$KWB_CONFIG_DIR"
marker="KWB-SKILL-7f3a: declare every pointer __restrict__"
python3 "$ROOT/tests/gpu/scripted_students.py" "$ROOT/resources/tasks" "$work/port" "$marker" &
server=$!
trap 'kill $server 2>/dev/null' EXIT
for _ in $(seq 300); do [ -s "$work/port" ] && break; sleep 0.1; done
url="http://127.0.0.1:$(cat "$work/port")/v1"
printf -- '---\nname: eval-test\ndescription: test skill\n---\n%s\n' "$marker" > "$work/skill.md"
model() { printf '[[models]]\nname = "%s"\nprovider = "openai"\nbase_url = "%s"\nmodel = "%s"\n' "$1" "$url" "$2"; }
{
    printf 'name = "ab"\ntasks = ["saxpy-f32", "reduce-sum-f32", "gelu-f32"]\n'
    printf 'conditions = ["plain", "skill:skill.md"]\nsamples = 4\nseed = 11\n'
    model skilled skilled-student; model broken broken-student; model good good-student
} > "$work/ab.toml"
# The 24 tasks of the first suite, as the issue's benchmark names them.
all_tasks='"avgpool2d-f32", "batchnorm-inference-f32", "causal-attention-f16", "conv2d-bias-relu-f32", "conv2d-nchw-f32", "conv2d-nhwc-f16", "gelu-f32", "gemm-bf16", "gemm-bias-gelu-bf16", "gemv-f32", "histogram-i32", "layernorm-f32", "layernorm-gelu-f32", "maxpool2d-f32", "mlp-bf16", "reduce-sum-f32", "rmsnorm-f32", "rmsnorm-residual-f32", "saxpy-f32", "scaled-masked-softmax-f32", "scan-f32", "sgemm-f32", "softmax-rows-f32", "transpose-f32"'
{
    printf 'name = "speed"\ntasks = [%s]\n' "$all_tasks"
    printf 'conditions = ["plain", "skill:skill.md", "examples:3"]\nsamples = 4\nseed = 5\n'
    model good good-student
} > "$work/speed.toml"
proj=$work/eval.kwbproj
"$BIN/bin/kwb" project new "$proj" > /dev/null
rc=0
: > "$OUT/times.txt"
if [ "${EVAL_AB:-1}" != 0 ]; then
    t0=$(date +%s.%N)
    "$BIN/bin/kwb" eval run "$work/ab.toml" --project "$proj" --verify-jobs "$JOBS" > "$OUT/ab_run.txt" 2>&1 || rc=1
    echo "ab: $(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN{printf "%.1f", b-a}') s" > "$OUT/times.txt"
    "$BIN/bin/kwb" eval report ab --markdown --project "$proj" > "$OUT/ab_report.md" 2>&1 || rc=1
    "$BIN/bin/kwb" eval report ab --json --project "$proj" > "$OUT/ab_report.json" 2>&1 || rc=1
fi
if [ "${EVAL_SPEED:-1}" = 0 ]; then cat "$OUT/times.txt"; exit $rc; fi
nvidia-smi --query-gpu=utilization.gpu --format=csv,noheader,nounits -lms 200 > "$work/util.txt" 2>/dev/null &
smi=$!
t0=$(date +%s.%N)
# EVAL_LIMIT (seconds) stops the run where a call's time is bounded; the project is kept in OUT
# then, so that `kwb eval run` can resume it elsewhere.
timeout --signal=TERM "${EVAL_LIMIT:-0}" "$BIN/bin/kwb" eval run "$work/speed.toml" --project "$proj" \
    --verify-jobs "$JOBS" > "$OUT/speed_run.txt" 2>&1
speed_rc=$?
t1=$(date +%s.%N)
if [ $speed_rc = 124 ]; then
    echo "speed: stopped by EVAL_LIMIT=$EVAL_LIMIT s; $(tr '\r' '\n' < "$OUT/speed_run.txt" | grep cells | tail -1)" >> "$OUT/times.txt"
    cp "$proj" "$OUT/eval.kwbproj"
    rc=1
elif [ $speed_rc != 0 ]; then
    rc=1
fi
kill $smi 2>/dev/null
# Where the GPU lane's time went over the run's verifications (the queue's records).
python3 "$ROOT/tests/benchmarks/lane_breakdown.py" "$proj" > "$OUT/lane.txt" 2>&1 || true
"$BIN/bin/kwb" eval report speed --markdown --project "$proj" > "$OUT/speed_report.md" 2>&1 || rc=1
python3 - "$t0" "$t1" "$work/util.txt" "$JOBS" "$speed_rc" >> "$OUT/times.txt" <<'PY'
import sys
t0, t1, path, jobs = float(sys.argv[1]), float(sys.argv[2]), sys.argv[3], sys.argv[4]
if sys.argv[5] != "0":
    print("speed run did not finish (exit %s) after %.1f s" % (sys.argv[5], t1 - t0))
    sys.exit(0)
u = [int(x) for x in open(path).read().split() if x.strip().isdigit()]
busy = sum(1 for x in u if x > 0) / len(u) if u else float("nan")
mean = sum(u) / len(u) if u else float("nan")
print("speed: 288 answers in %.1f s (%.2f s per answer, %.1f answers per minute), verify jobs %s, "
      "GPU busy %.0f %% of samples (mean utilization %.0f %%)" % (t1 - t0, (t1 - t0) / 288, 288 * 60 / (t1 - t0), jobs, 100 * busy, mean))
PY
cat "$OUT/times.txt"
exit $rc
