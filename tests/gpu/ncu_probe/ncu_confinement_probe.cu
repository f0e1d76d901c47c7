// Which part of the job's confinement keeps Nsight Compute from profiling a job: the probe
// applies the named parts in the job's order (a private /dev/shm and IPC namespace first, the
// resource limits, CUDA, then the seccomp filter and Landlock), launches one kernel twice and
// says which parts held. Run under `ncu --target-processes all -o REPORT` once per combination;
// tests/gpu/ncu_probe/run.sh does it and counts the kernels each report holds.
//   kwb-ncu-probe [shm] [limits] [seccomp] [landlock]
#include <cstdio>
#include <cstring>
#include <string>
#include <unistd.h>

#include <cuda_runtime.h>

#include "core/gpu/sandbox.h"

__global__ void kwbProbeScale(float* x, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = 2.0f * x[i] + 1.0f;
}

int main(int argc, char** argv) {
    auto has = [&](const char* what) {
        for (int i = 1; i < argc; ++i)
            if (std::strcmp(argv[i], what) == 0)
                return true;
        return false;
    };
    std::string why;
    if (has("shm"))
        std::printf("shm: %s\n", kwb::gpu::isolateSharedMemory(&why) ? "private" : why.c_str());
    if (has("limits"))
        std::printf("limits: %d\n", int(kwb::gpu::applyResourceLimits().limits));
    float* x = nullptr;
    const int n = 1 << 20;
    if (cudaMalloc(&x, n * sizeof(float)) != cudaSuccess) {
        std::printf("no device\n");
        return 77;
    }
    cudaMemset(x, 0, n * sizeof(float));
    cudaDeviceSynchronize();
    if (has("seccomp"))
        std::printf("seccomp: %s\n", kwb::gpu::applySyscallFilter(&why) ? "on" : why.c_str());
    if (has("landlock")) {
        char cwd[4096];
        const bool on = getcwd(cwd, sizeof cwd) && kwb::gpu::applyFilesystemRules(cwd, {}, &why);
        std::printf("landlock: %s\n", on ? "on" : why.c_str());
    }
    for (int k = 0; k < 2; ++k)
        kwbProbeScale<<<(n + 255) / 256, 256>>>(x, n);
    const cudaError_t e = cudaDeviceSynchronize();
    std::printf("kernels: %s\n", cudaGetErrorString(e));
    cudaFree(x);
    return e == cudaSuccess ? 0 : 1;
}
