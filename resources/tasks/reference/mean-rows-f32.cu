// Reference solution for mean-rows-f32: y[r] = the mean of row r of x[rows, cols].
//
// One warp per row: each lane sums a strided slice of the row (consecutive lanes read
// consecutive elements), then a warp-shuffle mean combines the lanes. Eight rows per
// 256-thread block; 64-bit offsets.
#include <cuda_runtime.h>

namespace {

constexpr int kThreads = 256;
constexpr int kRowsPerBlock = kThreads / 32;

__global__ void __launch_bounds__(kThreads)
rowKernel(const float* __restrict__ x, float* __restrict__ y, int rows, int cols) {
    const long long row = static_cast<long long>(blockIdx.x) * kRowsPerBlock + threadIdx.x / 32;
    if (row >= rows)
        return; // whole warps leave together: the shuffles below see full warps
    const int lane = threadIdx.x % 32;
    const float* xr = x + row * cols;
    float s = 0.0f;
    for (int c = lane; c < cols; c += 32)
        s += xr[c];
    for (int offset = 16; offset > 0; offset /= 2)
        s += __shfl_xor_sync(0xffffffffu, s, offset);
    if (lane == 0)
        y[row] = s / static_cast<float>(cols);
}

} // namespace

extern "C" void kwb_mean_rows(const float* x, float* y, int rows, int cols, cudaStream_t stream) {
    if (rows <= 0 || cols <= 0)
        return;
    const int blocks = static_cast<int>((static_cast<long long>(rows) + kRowsPerBlock - 1) / kRowsPerBlock);
    rowKernel<<<blocks, kThreads, 0, stream>>>(x, y, rows, cols);
}
