// Reference solution for kl-div-f32: loss[0] = mean over rows of KL(softmax(p_logits[r]) || softmax(q_logits[r])).
//
// One warp per row: a pass for the row's maximum (of both rows), a pass for the sums of exponentials
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

// KL(p || q) for one row, p = softmax(a), q = softmax(b): with ea = exp(a - max a),
// sa = sum ea, la = max a + log sa (and lb likewise), KL = sum ea (a - b) / sa - la + lb.
__device__ float rowKl(const float* __restrict__ a, const float* __restrict__ b, int cols,
                       int lane) {
    float ma = -INFINITY, mb = -INFINITY;
    for (int c = lane; c < cols; c += 32) {
        ma = fmaxf(ma, a[c]);
        mb = fmaxf(mb, b[c]);
    }
    ma = warpMax(ma);
    mb = warpMax(mb);
    float sa = 0.0f, sb = 0.0f, sd = 0.0f;
    for (int c = lane; c < cols; c += 32) {
        const float ea = expf(a[c] - ma);
        sa += ea;
        sb += expf(b[c] - mb);
        sd += ea * (a[c] - b[c]);
    }
    sa = warpSum(sa);
    sb = warpSum(sb);
    sd = warpSum(sd);
    return sd / sa - (ma + logf(sa)) + (mb + logf(sb));
}

__global__ void __launch_bounds__(kThreads)
lossKernel(const float* __restrict__ p, const float* __restrict__ q, float* loss, int rows, int cols) {
    __shared__ float rowLoss[kRowsPerBlock];
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    const long long row = static_cast<long long>(blockIdx.x) * kRowsPerBlock + warp;
    float l = 0.0f;
    if (row < rows) // whole warps take part or not: the shuffles see full warps
        l = rowKl(p + row * cols, q + row * cols, cols, lane);
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

extern "C" void kwb_kl_div(const float* p_logits, const float* q_logits, float* loss, int rows, int cols,
                        cudaStream_t stream) {
    cudaMemsetAsync(loss, 0, sizeof(float), stream);
    if (rows <= 0 || cols <= 0)
        return;
    const int blocks = static_cast<int>((static_cast<long long>(rows) + kRowsPerBlock - 1) / kRowsPerBlock);
    lossKernel<<<blocks, kThreads, 0, stream>>>(p_logits, q_logits, loss, rows, cols);
}
