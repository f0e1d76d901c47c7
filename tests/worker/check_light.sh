#!/usr/bin/env bash
# The worker (kwb-runner) must not load cuBLAS, cuBLASLt, cuDNN or NVRTC when it starts: loading
# cuBLASLt alone takes about a third of a second, all of it before nvcc could start. Those belong
# to kwb-job. Fails when the worker's dynamic section needs one of them, or kwb-job needs none.
#   check_light.sh KWB_RUNNER KWB_JOB
set -u
runner=${1:?usage: check_light.sh KWB_RUNNER KWB_JOB}
job=${2:?usage}
command -v readelf > /dev/null || { echo "SKIP: readelf (binutils) is not installed"; exit 77; }
needed() { readelf -d "$1" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'; }
heavy='^lib(cublas|cublasLt|cudnn|nvrtc)\.so'
echo "kwb-runner needs: $(needed "$runner" | tr '\n' ' ')"
if needed "$runner" | grep -Eq "$heavy"; then
    echo "FAIL: kwb-runner needs $(needed "$runner" | grep -E "$heavy" | tr '\n' ' ')"
    exit 1
fi
if ! needed "$job" | grep -Eq '^libcublas'; then
    echo "FAIL: kwb-job does not need cuBLAS; is it the job program?"
    exit 1
fi
echo "PASS: the worker loads no CUDA library beyond the runtime; kwb-job loads them"
