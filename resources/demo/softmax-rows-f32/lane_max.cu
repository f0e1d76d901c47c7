// Demo sample for softmax-rows-f32 (Kernel Workbench starter project).
// Expected: wrong result. A warp per row sums across the warp, but each lane subtracts only
// the maximum of its own elements: the lanes' terms are scaled differently, so the row does
// not sum to one.
#include <cuda_runtime.h>
#include <math.h>

__global__ void softmaxWarpPerRow(const float* x, float* y, int rows, int cols) {
    const int row = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
    const int lane = threadIdx.x % 32;
    if (row >= rows)
        return;
    const float* in = x + (size_t)row * cols;
    float* out = y + (size_t)row * cols;
    float m = -INFINITY;
    for (int c = lane; c < cols; c += 32)
        m = fmaxf(m, in[c]); // the bug: never reduced across the warp
    float sum = 0.0f;
    for (int c = lane; c < cols; c += 32)
        sum += expf(in[c] - m);
    for (int offset = 16; offset > 0; offset /= 2)
        sum += __shfl_xor_sync(0xffffffffu, sum, offset);
    const float inv = 1.0f / sum;
    for (int c = lane; c < cols; c += 32)
        out[c] = expf(in[c] - m) * inv;
}

extern "C" void kwb_softmax_rows(const float* x, float* y, int rows, int cols, cudaStream_t stream) {
    const int warpsPerBlock = 8;
    const int blocks = (rows + warpsPerBlock - 1) / warpsPerBlock;
    softmaxWarpPerRow<<<blocks, warpsPerBlock * 32, 0, stream>>>(x, y, rows, cols);
}
