// Reference solution for exclusive-scan-f32: exclusive prefix sum, reduce-then-scan in three
// kernels (scan-f32's reference, writing each element's sum before adding it).
//
// Tiles of 4096 elements (256 threads x 16). 1) Each block sums its tile and parks the sum in
// the tile's last element of y (y is ours until we return: no other scratch is needed).
// 2) One block turns those parked sums into exclusive tile offsets, in place. 3) Each block
// reads its offset, then scans its tile exclusively (per-thread sequential sums, a warp-shuffle
// scan of the thread totals, a scan of the warp totals) and writes y. The inputs are whole numbers, so
// every partial sum is exact in float32.
#include <cuda_runtime.h>

namespace {

constexpr int kThreads = 256;
constexpr int kPerThread = 16;
constexpr int kTile = kThreads * kPerThread;
constexpr int kWarps = kThreads / 32;

__device__ float warpInclusive(float v) {
    const int lane = threadIdx.x % 32;
    for (int off = 1; off < 32; off *= 2) {
        const float u = __shfl_up_sync(0xffffffffu, v, off);
        if (lane >= off)
            v += u;
    }
    return v;
}

// Inclusive scan over the block; total receives the block's sum.
__device__ float blockInclusive(float v, float* total) {
    __shared__ float warpSums[kWarps];
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    v = warpInclusive(v);
    if (lane == 31)
        warpSums[warp] = v;
    __syncthreads();
    if (warp == 0) {
        float w = lane < kWarps ? warpSums[lane] : 0.0f;
        w = warpInclusive(w);
        if (lane < kWarps)
            warpSums[lane] = w;
    }
    __syncthreads();
    if (warp > 0)
        v += warpSums[warp - 1];
    *total = warpSums[kWarps - 1];
    __syncthreads();
    return v;
}

__global__ void __launch_bounds__(kThreads) tileSums(const float* __restrict__ x, float* y, long long n) {
    const long long start = static_cast<long long>(blockIdx.x) * kTile;
    const long long end = start + kTile < n ? start + kTile : n;
    float s = 0.0f;
    for (long long i = start + threadIdx.x; i < end; i += kThreads)
        s += x[i];
    float total;
    blockInclusive(s, &total);
    if (threadIdx.x == 0)
        y[end - 1] = total;
}

// One block: exclusive scan of the tile sums parked at y[end_t - 1], written back there.
__global__ void __launch_bounds__(1024) tileOffsets(float* y, long long n, int tiles) {
    __shared__ float warpSums[32];
    const int per = (tiles + 1023) / 1024;
    const int first = threadIdx.x * per;
    auto at = [&](int t) -> float& {
        const long long end = (static_cast<long long>(t) + 1) * kTile;
        return y[(end < n ? end : n) - 1];
    };
    float s = 0.0f;
    for (int t = first; t < first + per && t < tiles; ++t)
        s += at(t);
    // Block-wide exclusive scan of s over 1024 threads.
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    float v = warpInclusive(s);
    if (lane == 31)
        warpSums[warp] = v;
    __syncthreads();
    if (warp == 0)
        warpSums[lane] = warpInclusive(warpSums[lane]);
    __syncthreads();
    float run = v - s + (warp > 0 ? warpSums[warp - 1] : 0.0f);
    for (int t = first; t < first + per && t < tiles; ++t) {
        const float sum = at(t);
        at(t) = run;
        run += sum;
    }
}

__global__ void __launch_bounds__(kThreads) scanTiles(const float* __restrict__ x, float* y, long long n) {
    const long long start = static_cast<long long>(blockIdx.x) * kTile;
    const long long end = start + kTile < n ? start + kTile : n;
    __shared__ float offset;
    if (threadIdx.x == 0)
        offset = y[end - 1];
    __syncthreads();
    // Each thread owns kPerThread consecutive elements.
    const long long mine = start + static_cast<long long>(threadIdx.x) * kPerThread;
    float v[kPerThread];
    float s = 0.0f;
#pragma unroll
    for (int k = 0; k < kPerThread; ++k) {
        v[k] = mine + k < end ? x[mine + k] : 0.0f;
        s += v[k];
    }
    float total;
    const float before = blockInclusive(s, &total) - s + offset;
    float run = before; // exclusive: each element gets the sum of those before it
#pragma unroll
    for (int k = 0; k < kPerThread; ++k) {
        if (mine + k < end)
            y[mine + k] = run;
        run += v[k];
    }
}

} // namespace

extern "C" void kwb_exclusive_scan(const float* x, float* y, int n, cudaStream_t stream) {
    if (n <= 0)
        return;
    const int tiles = static_cast<int>((static_cast<long long>(n) + kTile - 1) / kTile);
    tileSums<<<tiles, kThreads, 0, stream>>>(x, y, n);
    tileOffsets<<<1, 1024, 0, stream>>>(y, n, tiles);
    scanTiles<<<tiles, kThreads, 0, stream>>>(x, y, n);
}
