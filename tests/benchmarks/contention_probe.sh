#!/usr/bin/env bash
# Whether a watch kernel (contention_probe.cu) sees another process's GPU work, the detector two
# overlapping jobs of one lane would need: the job about to time looks for a time slice given to
# another context while the other job is held with SIGSTOP. Five cases, three watches each:
#   alone          nothing else on the device
#   idle context   another process holds a CUDA context and queues nothing
#   running        another process's one-block spin kernel runs (3 s)
#   held, one long another process queued a 3 s spin and was then held with SIGSTOP
#   held, many     another process queued 2000 spins of 1 ms on 4 blocks, then held with SIGSTOP
# then ten watches each of 1, 3 and 6 ms, alone and beside a held 10 s spin: how short a watch
# still sees it.
#   tests/benchmarks/contention_probe.sh BUILD_DIR   (nvcc builds the probe into BUILD_DIR)
set -u
dir=${1:?usage: contention_probe.sh BUILD_DIR}
here=$(cd "$(dirname "$0")" && pwd)
probe=$dir/contention_probe
nvcc -O2 -arch=sm_90 -o "$probe" "$here/contention_probe.cu" || exit 1
watch3() { for i in 1 2 3; do "$probe" watch 20; done; }
beside() { # NAME HOLD MS BLOCKS KERNELS
    local name=$1 hold=$2
    echo "== $name"
    "$probe" hog "$3" "$4" "$5" > "$dir/hog.out" 2>&1 &
    local pid=$!
    for _ in $(seq 100); do grep -q queued "$dir/hog.out" && break; sleep 0.05; done
    cat "$dir/hog.out"
    [ "$hold" = hold ] && kill -STOP "$pid"
    ${WATCH:-watch3}
    kill -KILL "$pid" 2>/dev/null; wait "$pid" 2>/dev/null
    sleep 0.5 # the killed context's teardown
}
short() { # how short a watch still sees held work: 10 watches each of 1, 3 and 6 ms
    for ms in 1 3 6; do for i in $(seq 10); do "$probe" watch $ms; done; done
}
echo "== alone"; watch3
beside "idle context" run 0 1 0
beside "running" run 3000 1 1
beside "held, one long" hold 3000 1 1
beside "held, many" hold 1 4 2000
echo "== alone again"; watch3
echo "== short watches, alone"; short
WATCH=short beside "short watches, held, one long" hold 10000 1 1
