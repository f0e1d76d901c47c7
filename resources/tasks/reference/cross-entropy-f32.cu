// Reference solution for cross-entropy-f32: loss[0] = mean over rows of -log softmax(logits[r, :])[targets[r]].
//
// One warp per row: a pass for the row's maximum, a pass for the sums of exponentials
// shifted by it (expf), then the row's loss, computed by lane 0. The block's rows are summed in
// shared memory and one atomicAdd per block adds that sum divided by rows into loss[0], which
// is zeroed on the stream first. Eight rows per 256-thread block; 64-bit offsets.
#include <cuda_runtime.h>
#include <math.h>

namespace {

constexpr int kThreads = 256;
constexpr int kRowsPerBlock = kThreads / 32;

__device__ __forceinline__ float warpSum(float v) {
    for (int offset = 16; offset > 0; offset /= 2)
        v += __shfl_xor_sync(0xffffffffu, v, offset);
    return v;
}

__device__ __forceinline__ float warpMax(float v) {
    for (int offset = 16; offset > 0; offset /= 2)
        v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, offset));
    return v;
}

// -log softmax(x)[target] = log sum_c exp(x[c] - max) + max - x[target], for one row.
__device__ float rowCrossEntropy(const float* __restrict__ x, int target, int cols, int lane) {
    float m = -INFINITY;
    for (int c = lane; c < cols; c += 32)
        m = fmaxf(m, x[c]);
    m = warpMax(m);
    float s = 0.0f;
    for (int c = lane; c < cols; c += 32)
        s += expf(x[c] - m);
    s = warpSum(s);
    return logf(s) + m - x[target];
}

__global__ void __launch_bounds__(kThreads)
lossKernel(const float* __restrict__ logits, const int* __restrict__ targets, float* loss, int rows, int cols) {
    __shared__ float rowLoss[kRowsPerBlock];
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    const long long row = static_cast<long long>(blockIdx.x) * kRowsPerBlock + warp;
    float l = 0.0f;
    if (row < rows) // whole warps take part or not: the shuffles see full warps
        l = rowCrossEntropy(logits + row * cols, targets[row], cols, lane);
    if (lane == 0)
        rowLoss[warp] = l;
    __syncthreads();
    if (threadIdx.x == 0) {
        float s = 0.0f;
        for (int w = 0; w < kRowsPerBlock; ++w)
            s += rowLoss[w];
        atomicAdd(loss, s / static_cast<float>(rows));
    }
}

} // namespace

extern "C" void kwb_cross_entropy(const float* logits, const int* targets, float* loss, int rows, int classes,
                        cudaStream_t stream) {
    cudaMemsetAsync(loss, 0, sizeof(float), stream);
    if (rows <= 0 || classes <= 0)
        return;
    const int blocks = static_cast<int>((static_cast<long long>(rows) + kRowsPerBlock - 1) / kRowsPerBlock);
    lossKernel<<<blocks, kThreads, 0, stream>>>(logits, targets, loss, rows, classes);
}
