#!/usr/bin/env bash
# The verification queue on one GPU machine (issue 20): the 24 reference solutions plus 100
# further samples (each task's reference with a distinct comment, so every one is a real nvcc
# build), verified with timing
#   queue     `kwb samples verify --all --jobs $(nproc)` through the queue, and
#   one       the same samples `kwb samples verify ID`, one process after another,
#   suite     the same 24 references through `kwb suite` (the same queue, --build-jobs $(nproc)),
# each with an empty build cache (the device's ceilings and algorithm choices stay cached, as on
# a machine in use). Writes to OUT: queue.txt, one.txt (kwb's output), gpu_queue.csv and
# gpu_one.csv (nvidia-smi utilization every 200 ms), results.json (samples and builds per minute,
# GPU busy fraction (NVML: the share of time a kernel ran; printed beside it, NVML's memory busy
# fraction, the share of time device memory was read or written, and the lane's: the records'
# GPU seconds over the wall, the share of time a job held the GPU), each sample's
# verdict and speedup on both sides; the suite's tasks per minute), one_compare.txt (the queue
# against one by one: queue_compare.py), suite.txt (kwb suite --json), queue.kwbproj
# (the queue side's project, its records' timelines show where each sample's GPU time went),
# lane.txt and lane.json (that breakdown, tests/benchmarks/lane_breakdown.py).
# Usage: tests/benchmarks/queue_benchmark.sh BIN_DIR OUT_DIR [--skip-one]
#   ONE_EVERY=K verifies every K-th sample one by one (samples 1, 1+K, ...: the agreement over
#   those, where a call's time is bounded); SUITE=0 leaves out the kwb suite side; QUEUE_JOBS=N
#   gives the queue side N build jobs (default: every core).
#   BIN_DIR holds kwb, kwb-runner and kwb-job; run from the repository root.
set -euo pipefail
BIN=$(cd "$1" && pwd)
OUT=$(mkdir -p "$2" && cd "$2" && pwd)
SKIP_ONE=${3:-}
SRC=$(cd "$(dirname "$0")/../.." && pwd)
KWB="$BIN/kwb"
export KWB_RUNNER="$BIN/kwb-runner"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
export KWB_DATA_DIR="$WORK/data" KWB_CACHE_DIR="$WORK/cache" KWB_CONFIG_DIR="$WORK/config"
export HOME="$WORK"

# The 24 tasks the acceptance figures were set on (the built-in suite has grown since).
TASKS24="avgpool2d-f32 batchnorm-inference-f32 causal-attention-f16 conv2d-bias-relu-f32
conv2d-nchw-f32 conv2d-nhwc-f16 gelu-f32 gemm-bf16 gemm-bias-gelu-bf16 gemv-f32 histogram-i32
layernorm-f32 layernorm-gelu-f32 maxpool2d-f32 mlp-bf16 reduce-sum-f32 rmsnorm-f32
rmsnorm-residual-f32 saxpy-f32 scaled-masked-softmax-f32 scan-f32 sgemm-f32 softmax-rows-f32
transpose-f32"
TASKS24=$(echo $TASKS24)

# Samples: folder per task, the reference and four variants of it (24 + 96 = 120), then four
# more variants of the first tasks (124 in all: 24 references and 100 further samples).
make_project() {
    local project=$1
    "$KWB" project new "$project" >/dev/null
    local n=0
    for task in $TASKS24; do
        local ref="$SRC/resources/tasks/reference/$task.cu"
        local dir="$WORK/in-$task-$(basename "$project")"
        mkdir -p "$dir"
        cp "$ref" "$dir/ref.cu"
        local variants=4
        [ "$n" -lt 4 ] && variants=5
        for v in $(seq 1 "$variants"); do
            { echo "// variant $v"; cat "$ref"; } >"$dir/v$v.cu"
        done
        "$KWB" import "$dir" --task "$task" --model bench --project "$project" >/dev/null
        n=$((n + 1))
    done
}

gpu_sampler() { # file; runs until killed (exec: the background job's pid is nvidia-smi's own, so
    # the kill stops the sampling, not just a shell that would leave it writing)
    exec nvidia-smi --query-gpu=timestamp,utilization.gpu,utilization.memory --format=csv,noheader,nounits \
        -lms 200 >"$1"
}

# One warm-up verification: the device's ceilings and the baselines' algorithm choices cached.
make_project "$WORK/warm.kwbproj"
"$KWB" samples verify 1 --project "$WORK/warm.kwbproj" >/dev/null || true

run_side() { # name command...
    local name=$1
    shift
    rm -rf "$KWB_CACHE_DIR/builds"
    gpu_sampler "$OUT/gpu_$name.csv" &
    local sampler=$!
    local t0 t1
    t0=$(date +%s.%N)
    "$@" >"$OUT/$name.txt" 2>&1 || true
    t1=$(date +%s.%N)
    kill "$sampler" 2>/dev/null || true
    wait "$sampler" 2>/dev/null || true
    echo "$t0 $t1" >"$OUT/${name}_wall.txt"
}

make_project "$WORK/queue.kwbproj"
run_side queue "$KWB" samples verify --all --jobs "${QUEUE_JOBS:-$(nproc)}" --project "$WORK/queue.kwbproj"

cp "$WORK/queue.kwbproj" "$OUT/queue.kwbproj" # every record, for where the lane's time went
[ "${SUITE:-1}" = 0 ] || run_side suite "$KWB" suite --samples "$SRC/resources/tasks/reference" --tasks "${TASKS24// /,}" \
    --json --build-jobs "$(nproc)"

one_by_one() {
    local count
    count=$(python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('select count(*) from samples').fetchone()[0])" "$WORK/one.kwbproj")
    for id in $(seq 1 "${ONE_EVERY:-1}" "$count"); do
        "$KWB" samples verify "$id" --project "$WORK/one.kwbproj" || true
    done
}
if [ "$SKIP_ONE" != "--skip-one" ]; then
    make_project "$WORK/one.kwbproj"
    run_side one one_by_one
fi

python3 - "$WORK" "$OUT" <<'EOF'
import csv, datetime, json, os, sqlite3, sys
work, out = sys.argv[1], sys.argv[2]

def side(name):
    db = os.path.join(work, name + ".kwbproj")
    if not os.path.exists(os.path.join(out, name + "_wall.txt")):
        return None
    t0, t1 = map(float, open(os.path.join(out, name + "_wall.txt")).read().split())
    rows = sqlite3.connect(db).execute("SELECT sample_id, record_json FROM verifications").fetchall()
    recs = {s: json.loads(r) for s, r in rows}
    util, mem = [], []  # the side's own readings: those stamped within its wall time
    with open(os.path.join(out, "gpu_" + name + ".csv")) as f:
        for row in csv.reader(f):
            try:
                stamp = datetime.datetime.strptime(row[0].strip(), "%Y/%m/%d %H:%M:%S.%f")
                if not t0 <= stamp.timestamp() <= t1:
                    continue
                util.append(float(row[1]))
            except (IndexError, ValueError):
                continue
            try:  # its own reading: one NVML cannot give ("[N/A]") leaves the GPU's kept
                mem.append(float(row[2]))
            except (IndexError, ValueError):
                pass
    minutes = (t1 - t0) / 60
    # From the first reading that saw a kernel: without the start, where the first builds run and
    # the GPU waits for them (a long queue's figure).
    used = util[next((i for i, x in enumerate(util) if x > 0), len(util)):]
    # The queue builds ahead of the GPU lane, so a record's own build step finds the library in
    # the cache: the queue's build seconds say whether this verification built it.
    built = sum(1 for r in recs.values()
                if r.get("queue", {}).get("build_seconds", 0) > 0
                or not r.get("build", {}).get("cached", False))
    return {"wall_seconds": t1 - t0, "samples": len(recs),
            "samples_per_minute": len(recs) / minutes if minutes else 0,
            "builds_per_minute": built / minutes if minutes else 0,
            "gpu_busy_fraction": sum(util) / (100 * len(util)) if util else None,
            "gpu_busy_from_first_use": sum(used) / (100 * len(used)) if used else None,
            "memory_busy_fraction": sum(mem) / (100 * len(mem)) if mem else None,
            "passed": sum(1 for r in recs.values() if r["verdict"] == "pass"),
            "gpu_seconds": sum(r.get("queue", {}).get("gpu_seconds", 0) for r in recs.values()),
            "records": {s: {"verdict": r["verdict"], "speedup": r.get("geomean_speedup")}
                        for s, r in recs.items()}}

res = {"queue": side("queue"), "one": side("one")}
try:
    text = open(os.path.join(out, "suite.txt")).read()  # stderr's lines, if any, come first
    st, _ = json.JSONDecoder().raw_decode(text[text.index("{\n"):])
    t0, t1 = map(float, open(os.path.join(out, "suite_wall.txt")).read().split())
    res["suite"] = {"tasks": len(st["tasks"]), "wall_seconds": t1 - t0,
                    "tasks_per_minute": len(st["tasks"]) / ((t1 - t0) / 60),
                    "passed": sum(1 for t in st["tasks"] if t["verdict"] == "pass")}
    print(f"suite: {res['suite']['tasks']} tasks in {t1 - t0:.1f} s = "
          f"{res['suite']['tasks_per_minute']:.1f}/min, passed {res['suite']['passed']}")
except (OSError, ValueError, KeyError) as e:
    res["suite"] = {"error": str(e)}
json.dump(res, open(os.path.join(out, "results.json"), "w"), indent=1)
for k in ("queue", "one"):
    if res[k]:
        r = res[k]
        print(f"{k}: {r['samples']} samples in {r['wall_seconds']:.1f} s = "
              f"{r['samples_per_minute']:.1f}/min, builds {r['builds_per_minute']:.1f}/min, "
              f"GPU busy {r['gpu_busy_fraction']} (from its first use {r['gpu_busy_from_first_use']}), "
              f"memory busy {r['memory_busy_fraction']}, "
              f"lane busy {r['gpu_seconds'] / r['wall_seconds']:.3f}, "
              f"passed {r['passed']}")
EOF
# The queue against one by one (the samples both verified; ONE_EVERY: some of them): verdicts,
# and speedups queue over one by one.
if [ -f "$WORK/one.kwbproj" ]; then
    python3 "$SRC/tests/benchmarks/queue_compare.py" "$WORK/queue.kwbproj" "$WORK/one.kwbproj" \
        --names queue "one by one" > "$OUT/one_compare.txt" 2>&1 || true
    cat "$OUT/one_compare.txt"
fi

# Where the queue side's lane time went, per sample and per timed shape.
python3 "$SRC/tests/benchmarks/lane_breakdown.py" "$OUT/queue.kwbproj" --json "$OUT/lane.json" \
    | tee "$OUT/lane.txt"
