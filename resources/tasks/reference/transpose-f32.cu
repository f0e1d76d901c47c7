// Reference solution for transpose-f32: y[c, r] = x[r, c].
//
// 32 x 32 tiles through shared memory (one column of padding: no bank conflicts); a block of
// 32 x 8 threads moves a tile, each thread four elements. Reads of x and writes of y are both
// coalesced; edge tiles are guarded.
#include <cuda_runtime.h>

namespace {

constexpr int TILE = 32, ROWS = 8;

__global__ void transpose(const float* __restrict__ x, float* __restrict__ y, int rows, int cols) {
    __shared__ float tile[TILE][TILE + 1];
    const int c0 = blockIdx.x * TILE, r0 = blockIdx.y * TILE;
    for (int k = threadIdx.y; k < TILE; k += ROWS) {
        const int r = r0 + k, c = c0 + threadIdx.x;
        if (r < rows && c < cols)
            tile[k][threadIdx.x] = x[static_cast<size_t>(r) * cols + c];
    }
    __syncthreads();
    for (int k = threadIdx.y; k < TILE; k += ROWS) {
        const int c = c0 + k, r = r0 + threadIdx.x; // y is [cols, rows]
        if (r < rows && c < cols)
            y[static_cast<size_t>(c) * rows + r] = tile[threadIdx.x][k];
    }
}

} // namespace

extern "C" void kwb_transpose(const float* x, float* y, int rows, int cols, cudaStream_t stream) {
    if (rows <= 0 || cols <= 0)
        return;
    const dim3 grid((cols + TILE - 1) / TILE, (rows + TILE - 1) / TILE);
    transpose<<<grid, dim3(TILE, ROWS), 0, stream>>>(x, y, rows, cols);
}
