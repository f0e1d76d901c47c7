// Reference solution for sort-i32: sorted = keys in ascending order (int32).
//
// A bitonic sorting network in the form whose comparators all put the smaller key first: each
// merge of two sorted runs of k / 2 starts by comparing element i with its mirror image in the
// run of k (i with k - 1 - i), then half-cleaners at distances k / 4, ..., 1. With n padded up
// to a power of two by virtual +infinity keys at the end, a comparator never has to move a
// virtual key, so every comparator that touches a position >= n is simply skipped. The keys
// are copied into `sorted` first and sorted there in place (no scratch). Distances below the
// tile of 2048 keys run in shared memory, one block per tile; longer ones are global passes.
// O(n log^2 n): slower than a radix sort, but simple and exact.
#include <climits>
#include <cuda_runtime.h>

namespace {

constexpr int kTile = 2048;
constexpr int kTileThreads = kTile / 2; // one comparator per thread
constexpr int kThreads = 256;
constexpr long long kMaxBlocks = 132 * 32;

__device__ __forceinline__ void order(int& a, int& b) {
    if (a > b) {
        const int t = a;
        a = b;
        b = t;
    }
}

// Half-cleaners at distances j = from, from / 2, ..., 1 inside one tile in shared memory.
__device__ void tileHalfCleaners(int* s, int from) {
    const int t = threadIdx.x;
    for (int j = from; j >= 1; j >>= 1) {
        const int i = (t / j) * 2 * j + t % j;
        order(s[i], s[i + j]);
        __syncthreads();
    }
}

__device__ void loadTile(const int* d, int* s, long long base, long long n) {
    for (int i = threadIdx.x; i < kTile; i += kTileThreads)
        s[i] = base + i < n ? d[base + i] : INT_MAX; // virtual keys sort last
    __syncthreads();
}

__device__ void storeTile(int* d, const int* s, long long base, long long n) {
    for (int i = threadIdx.x; i < kTile; i += kTileThreads)
        if (base + i < n)
            d[base + i] = s[i];
}

// Sorts each tile completely (runs of 2, 4, ..., kTile).
__global__ void __launch_bounds__(kTileThreads) tileSort(int* d, long long n) {
    __shared__ int s[kTile];
    const long long base = static_cast<long long>(blockIdx.x) * kTile;
    loadTile(d, s, base, n);
    const int t = threadIdx.x;
    for (int k = 2; k <= kTile; k <<= 1) {
        const int half = k / 2;
        const int start = (t / half) * k, off = t % half;
        order(s[start + off], s[start + k - 1 - off]);
        __syncthreads();
        tileHalfCleaners(s, k / 4);
    }
    storeTile(d, s, base, n);
}

// The last log2(kTile) half-cleaners of a merge, per tile.
__global__ void __launch_bounds__(kTileThreads) tileMerge(int* d, long long n) {
    __shared__ int s[kTile];
    const long long base = static_cast<long long>(blockIdx.x) * kTile;
    loadTile(d, s, base, n);
    tileHalfCleaners(s, kTile / 2);
    storeTile(d, s, base, n);
}

// The mirror comparators of a merge into runs of k (k > kTile).
__global__ void mirrorPass(int* d, long long n, long long k, long long pairs) {
    const long long half = k / 2;
    for (long long p = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x; p < pairs;
         p += static_cast<long long>(gridDim.x) * blockDim.x) {
        const long long start = (p / half) * k, off = p % half;
        const long long i = start + off, l = start + k - 1 - off;
        if (l < n)
            order(d[i], d[l]);
    }
}

// One half-cleaner at distance j >= kTile.
__global__ void halfCleanerPass(int* d, long long n, long long j, long long pairs) {
    for (long long p = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x; p < pairs;
         p += static_cast<long long>(gridDim.x) * blockDim.x) {
        const long long i = (p / j) * 2 * j + p % j;
        if (i + j < n)
            order(d[i], d[i + j]);
    }
}

} // namespace

extern "C" void kwb_sort(const int* keys, int* sorted, int n, cudaStream_t stream) {
    if (n <= 0)
        return;
    cudaMemcpyAsync(sorted, keys, sizeof(int) * static_cast<size_t>(n), cudaMemcpyDeviceToDevice,
                    stream);
    const long long nn = n;
    const int tiles = static_cast<int>((nn + kTile - 1) / kTile);
    tileSort<<<tiles, kTileThreads, 0, stream>>>(sorted, nn);
    long long padded = kTile;
    while (padded < nn)
        padded <<= 1;
    const long long pairs = padded / 2;
    const long long wanted = (pairs + kThreads - 1) / kThreads;
    const int blocks = static_cast<int>(wanted < kMaxBlocks ? wanted : kMaxBlocks);
    for (long long k = 2LL * kTile; k <= padded; k <<= 1) {
        mirrorPass<<<blocks, kThreads, 0, stream>>>(sorted, nn, k, pairs);
        for (long long j = k / 4; j >= kTile; j >>= 1)
            halfCleanerPass<<<blocks, kThreads, 0, stream>>>(sorted, nn, j, pairs);
        tileMerge<<<tiles, kTileThreads, 0, stream>>>(sorted, nn);
    }
}
