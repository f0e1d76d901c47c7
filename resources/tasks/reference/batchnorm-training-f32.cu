// Reference solution for batchnorm-training-f32: batch normalisation with the batch's own
// statistics (training mode), NCHW float32: per channel, mean and biased variance over N, H, W.
//
// One block of 1024 threads per channel, which reads the channel's N planes of H * W floats:
// pass 1 sums them for the mean, pass 2 sums squared deviations from it (two-pass variance,
// no cancellation), pass 3 writes (x - mean) * rstd * gamma[c] + beta[c]. Each thread walks the
// planes with a flat index over N * H * W, so short planes still keep the whole block busy.
// All float32; no scratch memory is needed because one block owns a channel.
#include <cuda_runtime.h>
#include <math.h>

namespace {

constexpr int kThreads = 1024;
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
    batchNormTraining(const float* __restrict__ x, const float* __restrict__ gamma,
                      const float* __restrict__ beta, float* __restrict__ y, int N, int C,
                      int plane, float eps) {
    __shared__ float scratch[kWarps];
    const int c = blockIdx.x;
    // N * plane < 2^31: the whole tensor has fewer than 2^31 elements.
    const int count = N * plane;
    // Element e of the channel: image e / plane, offset e % plane.
    auto at = [&](int e) { return (static_cast<size_t>(e / plane) * C + c) * plane + e % plane; };

    float s = 0.0f;
    for (int e = threadIdx.x; e < count; e += kThreads)
        s += x[at(e)];
    const float mean = blockSum(s, scratch) / static_cast<float>(count);
    float q = 0.0f;
    for (int e = threadIdx.x; e < count; e += kThreads) {
        const float d = x[at(e)] - mean;
        q = fmaf(d, d, q);
    }
    const float rstd = rsqrtf(blockSum(q, scratch) / static_cast<float>(count) + eps);
    const float scale = rstd * gamma[c], shift = beta[c] - mean * scale;
    for (int e = threadIdx.x; e < count; e += kThreads) {
        const size_t i = at(e);
        y[i] = fmaf(x[i], scale, shift);
    }
}

} // namespace

extern "C" void kwb_batchnorm_training(const float* x, const float* gamma, const float* beta,
                                       float* y, int N, int C, int H, int W, float eps,
                                       cudaStream_t stream) {
    if (N <= 0 || C <= 0 || H <= 0 || W <= 0)
        return;
    batchNormTraining<<<C, kThreads, 0, stream>>>(x, gamma, beta, y, N, C, H * W, eps);
}
