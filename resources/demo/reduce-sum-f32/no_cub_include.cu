// Demo sample for reduce-sum-f32 (Kernel Workbench starter project).
// Expected: does not compile. It uses cub::BlockReduce without including <cub/cub.cuh>.
#include <cuda_runtime.h>

constexpr int kThreads = 256;

__global__ void reduceCub(const float* x, float* out, int n) {
    using BlockReduce = cub::BlockReduce<float, kThreads>; // kwb-error-line
    __shared__ typename BlockReduce::TempStorage temp;
    float acc = 0.0f;
    for (int i = threadIdx.x; i < n; i += kThreads)
        acc += x[i];
    const float total = BlockReduce(temp).Sum(acc);
    if (threadIdx.x == 0)
        out[0] = total;
}

extern "C" void kwb_reduce_sum(const float* x, float* out, int n, cudaStream_t stream) {
    reduceCub<<<1, kThreads, 0, stream>>>(x, out, n);
}
