#!/usr/bin/env bash
# The GPU runs behind the verification figures, as one command on a GPU machine. Binaries come
# from a build without Qt (cmake -DKWB_GUI=OFF), stripped into BIN/bin (kwb, kwb-runner, kwb-job,
# kwb-baseline-selftest); the built-in tasks are copied beside them.
#
#   tests/gpu/device_steps.sh BIN OUT STEP...
#
# Steps (each writes OUT/<step>.txt):
#   cold     the six proof tasks with an empty build cache, then warm: wall, nvcc, timelines
#   coldab   the same with the policy of KWB_AB_POLICY, into OUT/cold_ab.txt
#   ab       repeatability of the microsecond shapes, the default policy against KWB_AB_POLICY
#   aball    the same over every task and shape
#   repeatall  repeatability of every task and shape with the default policy alone
#   repeatsame the same with one seed (the same inputs) for all five runs
#   only     repeatability of KWB_ONLY (timing_repeat.py --only) under the default policy and
#            each of KWB_POLICIES (space-separated NAME=KEY=VALUE,...), into OUT/only.txt
#   probe    graph launches behind a spin (tests/benchmarks/graph_launch_probe.cu, built here)
#   contention  whether a watch kernel sees another process's kernels, held or running
#            (tests/benchmarks/contention_probe.sh, built here), into OUT/contention.txt
#   watch    the job's watch before timing, alone and beside a process held with its spin still
#            queued (tests/gpu/watch_check.py; the probe built here), into OUT/watch.txt
#   lock     whether the driver's process lock (cuCheckpointProcessLock) holds another process
#            still on the device: its queued work drained, its launches stopped, what it costs
#            (tests/gpu/lock_probe.cu, BIN/bin/kwb-lock-probe), children plain then confined as a
#            job, into OUT/lock.txt
#   units    the timing unit tests (BIN/bin/kwb_timing_unit_tests) with the device: the SM clock's
#            readings among them, into OUT/units.txt
#   libstart what a job child's first NVML start and library handles cost in a fresh process, and
#            whether making them sends the GPU any kernel (Nsight Compute lists what it sees)
#            (tests/benchmarks/library_start_probe.cpp, built here), into OUT/libstart.txt
#   ctxstart a fresh process's CUDA start without the CUDA libraries, with them linked (as kwb-job
#            links them), and without them then loading them after it; then, linked, the start in
#            its two driver steps (cuInit, the primary context) with CUDA_DEVICE_MAX_CONNECTIONS
#            unset, 4 and 2 (context_start_probe.cpp, built here), six rounds, into OUT/ctxstart.txt
#   nvmlbusy what NVML's GPU utilization counts: device-to-device copies and memsets by the copy
#            path and by kernels, two seconds each, their rates and NVML's readings
#            (tests/benchmarks/nvml_busy_probe.cu, built here), into OUT/nvmlbusy.txt
#   spread   the samples of three references' large shapes (sample_spread.py): alone, then beside
#            library_start_probe looped (another process starting CUDA), into OUT/spread.txt
#   placement  the reference softmax on 8 buffer placements, batch/cold/rotate, three processes
#            appended to OUT/placement.txt (tests/benchmarks/placement_probe.cu, built here)
#   refs     references (cold and warm) and known-bad fixtures (tests/gpu/gpu_suite.py; unbuffered, so
#            a run cut short still leaves the lines it got to); REFS_PART=K/N: every N-th of each,
#            from the K-th (the whole suite takes longer than one call); REFS_STEPS=refs: the
#            references alone; REFS_TIMEOUT=S: ended after S seconds, what it reached kept
#   fixtures the known-bad fixtures alone, each with its verdict (and kwb-expect-detail) checked
#   queue    the queue benchmark (queue_benchmark.sh; ONE_EVERY, default 4: every 4th sample one
#            by one too, for the agreement), its lane breakdown into OUT/queue.txt, the rest packed
#            into OUT/queue.tar.xz
#   queueab  the queue benchmark of BIN, then of QUEUE_B (another build's folder, like BIN), one
#            after the other (SUITE=0, --skip-one), each side's lane breakdown and the two side by
#            side (queue_compare.py) into OUT/queueab.txt, the projects packed into
#            OUT/queueab.tar.xz
#   lane     the queue benchmark of BIN alone (SUITE=0, --skip-one): its figures and lane breakdown
#            into OUT/lane.txt, the project packed into OUT/lane.tar.xz; with a build that traces
#            its jobs (DEVBIN_TRACE=ON tests/gpu/devbin.sh) the breakdown ends with the device
#            trace's rows: where each job's own device work left the device idle
#   queuejobs  the queue benchmark with a build job a core (every ONE_EVERY-th sample, default 6,
#            one by one too), then with QUEUE_JOBS_B build jobs (default 8; --skip-one), SUITE=0:
#            whether builds beside the lane slow it; into OUT/queuejobs.txt and OUT/queuejobs.tar.xz
#   prewarm  the queue test's GPU case (tests/queue/queue_test.py --case prewarm): two tasks'
#            references through one lane, later jobs' baselines warmed ahead, into OUT/prewarm.txt
#   hostile  the queue test's other GPU case (--case hostile): the known-bad fixtures through a lane
#            that reuses its references' baselines, each with its expected verdict, OUT/hostile.txt
#   tables   the tables `kwb verify` prints for the proof tasks, PyTorch agreement
#   suite    kwb suite over the reference solutions and the baseline self-test
#   startup  how long the worker and the job program take to start (--version, five each), and
#            a device-info round trip through the worker (it loads the libraries for versions)
set -u
BIN=$(cd "${1:?usage: device_steps.sh BIN OUT STEP...}" && pwd)
OUT=${2:?usage}
shift 2
mkdir -p "$OUT"
source "$(dirname "$0")/bin_env.sh" "$BIN" "$(mktemp -d)" "$(mktemp -d)"
# The policy compared with the default in ab/aball (NAME=KEY=VALUE,...).
AB=${KWB_AB_POLICY:-no-spin=cover_us=0}
for step in "$@"; do
    t0=$(date +%s)
    case "$step" in
    cold) python3 "$ROOT/tests/benchmarks/timing_repeat.py" --bin "$BIN/bin" --source "$ROOT" --cold --reps 0 \
              --policy default= --out "$OUT/cold.txt" > /dev/null ;;
    coldab) python3 "$ROOT/tests/benchmarks/timing_repeat.py" --bin "$BIN/bin" --source "$ROOT" --cold --reps 0 \
              --policy default= --cold-timing "${AB#*=}" --out "$OUT/cold_ab.txt" > /dev/null ;;
    ab) python3 "$ROOT/tests/benchmarks/timing_repeat.py" --bin "$BIN/bin" --source "$ROOT" --reps 5 \
            --policy default= --policy "$AB" --out "$OUT/ab.txt" ;;
    aball) python3 "$ROOT/tests/benchmarks/timing_repeat.py" --bin "$BIN/bin" --source "$ROOT" --reps 5 --all \
               --policy default= --policy "$AB" --out "$OUT/aball.txt" ;;
    only) pol=(--policy default=)
          for p in ${KWB_POLICIES:-}; do pol+=(--policy "$p"); done
          python3 "$ROOT/tests/benchmarks/timing_repeat.py" --bin "$BIN/bin" --source "$ROOT" --reps 5 \
              --only "${KWB_ONLY:?KWB_ONLY names the tasks}" "${pol[@]}" --out "$OUT/only.txt" > /dev/null ;;
    probe) nvcc -O2 -arch=sm_90 -o "$BIN/graph_launch_probe" "$ROOT/tests/benchmarks/graph_launch_probe.cu" &&
           "$BIN/graph_launch_probe" > "$OUT/probe.txt" 2>&1 ;;
    contention) "$ROOT/tests/benchmarks/contention_probe.sh" "$BIN" > "$OUT/contention.txt" 2>&1 ;;
    watch) nvcc -O2 -arch=sm_90 -o "$BIN/contention_probe" "$ROOT/tests/benchmarks/contention_probe.cu" &&
           (unset KWB_CACHE_DIR KWB_DATA_DIR
            python3 "$ROOT/tests/gpu/watch_check.py" --bin "$BIN/bin" --probe "$BIN/contention_probe") \
               > "$OUT/watch.txt" 2>&1 ;;
    lock) for how in plain confined; do
            timeout 90 "$BIN/bin/kwb-lock-probe" $([ $how = confined ] && echo confined) 2>&1
            echo "exit: $?"
        done > "$OUT/lock.txt" ;;
    units) "$BIN/bin/kwb_timing_unit_tests" > "$OUT/units.txt" 2>&1 ;;
    libstart) nvcc -O2 -o "$BIN/library_start_probe" "$ROOT/tests/benchmarks/library_start_probe.cpp" \
                  -lcublas -lcublasLt -lcudnn -ldl && {
                  for run in 1 2; do echo "== run $run"; "$BIN/library_start_probe"; done
                  echo "== under ncu --target-processes all"
                  "$(command -v ncu || echo /usr/local/cuda/bin/ncu)" --target-processes all "$BIN/library_start_probe" 2>&1
              } > "$OUT/libstart.txt" 2>&1 ;;
    ctxstart) src="$ROOT/tests/benchmarks/context_start_probe.cpp"
              nvcc -O2 -cudart shared -o "$BIN/context_start_plain" "$src" -ldl &&
              nvcc -O2 -cudart shared -o "$BIN/context_start_linked" "$src" -ldl \
                  -Xlinker --no-as-needed -lcublas -lcublasLt -lcudnn && {
                  for round in 1 2 3 4 5 6; do
                      echo "plain   $("$BIN/context_start_plain")"
                      echo "linked  $("$BIN/context_start_linked")"
                      echo "late    $("$BIN/context_start_plain" --late)"
                      echo "split   $(env -u CUDA_DEVICE_MAX_CONNECTIONS "$BIN/context_start_linked" --split)"
                      for c in 4 2; do
                          echo "split   $(CUDA_DEVICE_MAX_CONNECTIONS=$c "$BIN/context_start_linked" --split)"
                      done
                  done
              } > "$OUT/ctxstart.txt" 2>&1 ;;
    nvmlbusy) nvcc -O2 -arch=sm_90 -o "$BIN/nvml_busy_probe" "$ROOT/tests/benchmarks/nvml_busy_probe.cu" -ldl &&
              "$BIN/nvml_busy_probe" > "$OUT/nvmlbusy.txt" 2>&1 ;;
    spread) nvcc -O2 -o "$BIN/library_start_probe" "$ROOT/tests/benchmarks/library_start_probe.cpp" \
                -lcublas -lcublasLt -lcudnn -ldl &&
            (unset KWB_CACHE_DIR KWB_DATA_DIR
             python3 "$ROOT/tests/benchmarks/sample_spread.py" --bin "this=$BIN/bin" --source "$ROOT" \
                 --runs 3 --out "$OUT/spread_alone.txt" > /dev/null &&
             python3 "$ROOT/tests/benchmarks/sample_spread.py" --bin "this=$BIN/bin" --source "$ROOT" \
                 --runs 3 --beside "$BIN/library_start_probe" --out "$OUT/spread_beside.txt" > /dev/null) &&
            cat "$OUT/spread_alone.txt" "$OUT/spread_beside.txt" > "$OUT/spread.txt" &&
            rm "$OUT/spread_alone.txt" "$OUT/spread_beside.txt" ;;
    placement) nvcc -O2 -arch=sm_90 -o "$BIN/placement_probe" "$ROOT/tests/benchmarks/placement_probe.cu" && {
                   rc=0
                   for run in 1 2 3; do
                       echo "== placement_probe run $run of 3, $(date -u +%FT%TZ)" >> "$OUT/placement.txt"
                       "$BIN/placement_probe" >> "$OUT/placement.txt" 2>&1 || rc=$?
                   done
                   (exit $rc)
               } ;;
    repeatsame) python3 "$ROOT/tests/benchmarks/timing_repeat.py" --bin "$BIN/bin" --source "$ROOT" --reps 5 --all \
                    --same-seed --policy default= --out "$OUT/repeatsame.txt" > /dev/null ;;
    repeatall) python3 "$ROOT/tests/benchmarks/timing_repeat.py" --bin "$BIN/bin" --source "$ROOT" --reps 5 --all \
                   --policy default= --out "$OUT/repeatall.txt" > /dev/null ;;
    refs) ${REFS_TIMEOUT:+timeout "$REFS_TIMEOUT"} python3 -u "$ROOT/tests/gpu/gpu_suite.py" --bin "$BIN/bin" --source "$ROOT" --out "$OUT/refs" \
              --steps "${REFS_STEPS:-refs,fixtures}" --part "${REFS_PART:-1/1}" > "$OUT/refs.txt" 2>&1
          # a run that ended early (killed, or a crash) printed nothing yet: keep what it got to
          p="$OUT/refs/gpu_suite.partial.txt"
          [ -f "$p" ] && ! grep -q "passed, .* failed" "$OUT/refs.txt" &&
              { echo "== what gpu_suite.py had reached"; cat "$p"; } >> "$OUT/refs.txt"
          rm -f "$p" "$OUT/refs/gpu_suite_records.json" ;;
    fixtures) python3 -u "$ROOT/tests/gpu/gpu_suite.py" --bin "$BIN/bin" --source "$ROOT" --out "$OUT/fixtures" \
                  --steps fixtures > "$OUT/fixtures.txt" 2>&1
              rm -rf "$OUT/fixtures" ;;
    queue) (unset KWB_CACHE_DIR KWB_DATA_DIR
            ONE_EVERY=${ONE_EVERY:-4} "$ROOT/tests/benchmarks/queue_benchmark.sh" "$BIN/bin" "$OUT/queue" \
                > "$OUT/queue.log" 2>&1)
           { grep -E "^(suite|queue|one)" "$OUT/queue.log"; cat "$OUT/queue/one_compare.txt" "$OUT/queue/lane.txt"; } \
               > "$OUT/queue.txt" 2>/dev/null
           # packed and removed even where tar warns (exit 1: a file changed as it read), so OUT
           # keeps few files for the trip back
           tar -C "$OUT" -cJf "$OUT/queue.tar.xz" queue queue.log; [ $? -le 1 ] &&
               rm -rf "$OUT/queue" "$OUT/queue.log" ;;
    queueab) [ -n "${QUEUE_B:-}" ] && [ -d "$QUEUE_B/bin" ] || { echo "queueab: QUEUE_B must name the other build's folder" >&2; exit 2; }
             B=$(cd "$QUEUE_B" && pwd)
             source "$ROOT/tests/gpu/bin_env.sh" "$B" "$(mktemp -d)" "$(mktemp -d)"
             for side in a b; do
                 dir=$BIN; [ $side = b ] && dir=$B
                 (unset KWB_CACHE_DIR KWB_DATA_DIR KWB_RUNNER
                  SUITE=0 "$ROOT/tests/benchmarks/queue_benchmark.sh" "$dir/bin" "$OUT/queue-$side" --skip-one \
                      > "$OUT/queue-$side.log" 2>&1)
             done
             { for side in a b; do
                   echo "== $side: $([ $side = a ] && echo "$BIN" || echo "$B")"
                   grep -E "^queue" "$OUT/queue-$side.log"; cat "$OUT/queue-$side/lane.txt"
               done
               echo "== side by side"
               python3 "$ROOT/tests/benchmarks/queue_compare.py" "$OUT/queue-a/queue.kwbproj" \
                   "$OUT/queue-b/queue.kwbproj" --names a b
             } > "$OUT/queueab.txt" 2>&1
             tar -C "$OUT" -cJf "$OUT/queueab.tar.xz" queue-a queue-b queue-a.log queue-b.log; [ $? -le 1 ] &&
                 rm -rf "$OUT/queue-a" "$OUT/queue-b" "$OUT/queue-a.log" "$OUT/queue-b.log" ;;
    lane) (unset KWB_CACHE_DIR KWB_DATA_DIR
           SUITE=0 "$ROOT/tests/benchmarks/queue_benchmark.sh" "$BIN/bin" "$OUT/lane" --skip-one \
               > "$OUT/lane.log" 2>&1)
          { grep -E "^queue" "$OUT/lane.log"; cat "$OUT/lane/lane.txt"; } > "$OUT/lane.txt" 2>&1
          tar -C "$OUT" -cJf "$OUT/lane.tar.xz" lane lane.log; [ $? -le 1 ] &&
              rm -rf "$OUT/lane" "$OUT/lane.log" ;;
    queuejobs) for side in all few; do
                   (unset KWB_CACHE_DIR KWB_DATA_DIR
                    if [ $side = all ]; then
                        SUITE=0 ONE_EVERY=${ONE_EVERY:-6} "$ROOT/tests/benchmarks/queue_benchmark.sh" \
                            "$BIN/bin" "$OUT/queue-$side"
                    else
                        SUITE=0 QUEUE_JOBS=${QUEUE_JOBS_B:-8} "$ROOT/tests/benchmarks/queue_benchmark.sh" \
                            "$BIN/bin" "$OUT/queue-$side" --skip-one
                    fi > "$OUT/queue-$side.log" 2>&1)
               done
               { for side in all few; do
                     echo "== $side: $([ $side = all ] && nproc || echo "${QUEUE_JOBS_B:-8}") build jobs"
                     grep -E "^(queue|one)" "$OUT/queue-$side.log"; cat "$OUT/queue-$side/lane.txt"
                 done
                 echo "== the queue (a build job a core) against one by one"
                 cat "$OUT/queue-all/one_compare.txt"
               } > "$OUT/queuejobs.txt" 2>&1
               tar -C "$OUT" -cJf "$OUT/queuejobs.tar.xz" queue-all queue-few queue-all.log queue-few.log; [ $? -le 1 ] &&
                   rm -rf "$OUT/queue-all" "$OUT/queue-few" "$OUT/queue-all.log" "$OUT/queue-few.log" ;;
    prewarm|hostile) (unset KWB_CACHE_DIR KWB_DATA_DIR KWB_RUNNER
              python3 "$ROOT/tests/queue/queue_test.py" --case "$step" --kwb "$BIN/bin/kwb" \
                  --runner "$BIN/bin/kwb-runner") > "$OUT/$step.txt" 2>&1 ;;
    tables) python3 "$ROOT/tests/benchmarks/torch_baselines.py" --json "$OUT/torch.json" > /dev/null 2>&1
            python3 -u "$ROOT/tests/gpu/gpu_suite.py" --bin "$BIN/bin" --source "$ROOT" --out "$OUT/tables" \
                --torch-json "$OUT/torch.json" --steps tables,torch > "$OUT/tables.txt" 2>&1
            rm -f "$OUT/tables/gpu_suite.partial.txt" "$OUT/tables/gpu_suite_records.json" ;;
    startup) { for prog in kwb-runner kwb-job; do
                   for i in 1 2 3 4 5; do
                       TIMEFORMAT="$prog --version: %R s wall, %U s user, %S s sys"
                       time "$BIN/bin/$prog" --version > /dev/null
                   done
               done
               TIMEFORMAT="hello + device-info + shutdown through kwb-runner: %R s wall"
               time printf '%s\n' '{"type":"hello","protocol":1}' '{"id":1,"type":"device-info"}' \
                   '{"id":2,"type":"shutdown"}' | "$BIN/bin/kwb-runner"
             } >> "$OUT/startup.txt" 2>&1 ;;
    suite) bash "$ROOT/tests/gpu/run_task_suite.sh" "$BIN" "$OUT/suite" > /dev/null 2>&1
           cat "$OUT/suite/suite.txt" "$OUT/suite/selftest.txt" > "$OUT/suite.txt" 2>&1 ;;
    *) echo "unknown step $step" >&2; exit 2 ;;
    esac
    echo "step $step: exit $? in $(( $(date +%s) - t0 )) s" | tee -a "$OUT/steps.txt"
done
