// Reference solution for groupnorm-f32: group normalisation, NCHW float32, C split into G
// groups of C / G consecutive channels, affine per channel.
//
// A group of one image is contiguous in memory ((C / G) * H * W floats), so one block of 256
// threads per (n, g) treats it as one row: pass 1 sums it for the mean, pass 2 sums squared
// deviations (two-pass variance), pass 3 writes (x - mean) * rstd * gamma[c] + beta[c] with c
// the element's channel. Passes 2 and 3 re-read the group, mostly from L2. All float32.
#include <cuda_runtime.h>
#include <math.h>

namespace {

constexpr int kThreads = 256;
constexpr int kWarps = kThreads / 32;

// Sum over the block; every thread gets the result. All threads must call it.
__device__ float blockSum(float v, float* scratch) {
    for (int offset = 16; offset > 0; offset /= 2)
        v += __shfl_xor_sync(0xffffffffu, v, offset);
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    if (lane == 0)
        scratch[warp] = v;
    __syncthreads();
    float total = lane < kWarps ? scratch[lane] : 0.0f;
    for (int offset = 16; offset > 0; offset /= 2)
        total += __shfl_xor_sync(0xffffffffu, total, offset);
    __syncthreads(); // scratch is reused by the next call
    return total;
}

__global__ void __launch_bounds__(kThreads)
    groupNorm(const float* __restrict__ x, const float* __restrict__ gamma,
              const float* __restrict__ beta, float* __restrict__ y, int G, int channelsPerGroup,
              int plane, float eps) {
    __shared__ float scratch[kWarps];
    const size_t blk = blockIdx.x; // n * G + g
    const int g = static_cast<int>(blk % G);
    const int len = channelsPerGroup * plane;
    const float* in = x + blk * len;
    float* out = y + blk * len;

    float s = 0.0f;
    for (int i = threadIdx.x; i < len; i += kThreads)
        s += in[i];
    const float mean = blockSum(s, scratch) / len;
    float q = 0.0f;
    for (int i = threadIdx.x; i < len; i += kThreads) {
        const float d = in[i] - mean;
        q = fmaf(d, d, q);
    }
    const float rstd = rsqrtf(blockSum(q, scratch) / len + eps);
    for (int i = threadIdx.x; i < len; i += kThreads) {
        const int c = g * channelsPerGroup + i / plane;
        out[i] = (in[i] - mean) * rstd * gamma[c] + beta[c];
    }
}

} // namespace

extern "C" void kwb_groupnorm(const float* x, const float* gamma, const float* beta, float* y,
                              int N, int C, int H, int W, int G, float eps, cudaStream_t stream) {
    if (N <= 0 || C <= 0 || H <= 0 || W <= 0 || G <= 0 || C % G != 0)
        return;
    groupNorm<<<N * G, kThreads, 0, stream>>>(x, gamma, beta, y, G, C / G, H * W, eps);
}
