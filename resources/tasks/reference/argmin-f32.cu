// Reference solution for argmin-f32: idx[0] = the first i with x[i] = the min of x[0..n).
//
// Each candidate (value, index) is packed into one 64-bit key that orders like the answer: the
// high half is the float's bits mapped to an order-preserving unsigned int (complemented, so the smallest float has the largest key), the low half
// 0xffffffff - i, so that on equal values the lowest index wins an unsigned 64-bit maximum.
// A grid-stride loop keeps each thread's best key, a warp-shuffle maximum and one atomicMax per
// block fold them into a scratch key (a __device__ variable, reset by an init kernel at the
// start of every call, so no state survives a call), and a last kernel unpacks the index.
#include <cuda_runtime.h>
#include <stdint.h>

namespace {

constexpr int kThreads = 256;
constexpr int kMaxBlocks = 2048;

__device__ unsigned long long g_best;

__device__ __forceinline__ unsigned long long keyOf(float v, unsigned int i) {
    unsigned int u = __float_as_uint(v);
    u = (u & 0x80000000u) ? ~u : (u | 0x80000000u); // larger float, larger u
    u = ~u; // the smallest float now has the largest key
    return (static_cast<unsigned long long>(u) << 32) | (0xffffffffu - i);
}

__device__ __forceinline__ unsigned long long warpMax(unsigned long long k) {
    for (int offset = 16; offset > 0; offset /= 2) {
        const unsigned long long o = __shfl_xor_sync(0xffffffffu, k, offset);
        k = o > k ? o : k;
    }
    return k;
}

__global__ void initBest() { g_best = 0; }

__global__ void __launch_bounds__(kThreads) argKernel(const float* __restrict__ x, int n) {
    __shared__ unsigned long long partial[kThreads / 32];
    const size_t stride = static_cast<size_t>(gridDim.x) * kThreads;
    unsigned long long best = 0;
    for (size_t i = static_cast<size_t>(blockIdx.x) * kThreads + threadIdx.x;
         i < static_cast<size_t>(n); i += stride) {
        const unsigned long long k = keyOf(x[i], static_cast<unsigned int>(i));
        best = k > best ? k : best;
    }
    best = warpMax(best);
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    if (lane == 0)
        partial[warp] = best;
    __syncthreads();
    if (warp == 0) {
        unsigned long long t = lane < kThreads / 32 ? partial[lane] : 0;
        t = warpMax(t);
        if (lane == 0)
            atomicMax(&g_best, t);
    }
}

__global__ void writeIndex(int* idx) {
    idx[0] = static_cast<int>(0xffffffffu - static_cast<unsigned int>(g_best & 0xffffffffu));
}

} // namespace

extern "C" void kwb_argmin(const float* x, int* idx, int n, cudaStream_t stream) {
    initBest<<<1, 1, 0, stream>>>();
    if (n > 0) {
        int blocks = static_cast<int>((static_cast<long long>(n) + kThreads * 4 - 1) / (kThreads * 4));
        if (blocks > kMaxBlocks)
            blocks = kMaxBlocks;
        argKernel<<<blocks, kThreads, 0, stream>>>(x, n);
    }
    writeIndex<<<1, 1, 0, stream>>>(idx);
}
