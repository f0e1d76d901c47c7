// Demo sample for softmax-rows-f32 (Kernel Workbench starter project).
// Expected: correct at every shape, but slow. One thread per row makes three passes over the
// row (maximum, sum, write); neighbouring threads read addresses a whole row apart, so no
// load is coalesced.
#include <cuda_runtime.h>
#include <math.h>

__global__ void softmaxThreadPerRow(const float* x, float* y, int rows, int cols) {
    const int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= rows)
        return;
    const float* in = x + (size_t)row * cols;
    float* out = y + (size_t)row * cols;
    float m = -INFINITY;
    for (int c = 0; c < cols; ++c)
        m = fmaxf(m, in[c]);
    float sum = 0.0f;
    for (int c = 0; c < cols; ++c)
        sum += expf(in[c] - m);
    const float inv = 1.0f / sum;
    for (int c = 0; c < cols; ++c)
        out[c] = expf(in[c] - m) * inv;
}

extern "C" void kwb_softmax_rows(const float* x, float* y, int rows, int cols, cudaStream_t stream) {
    const int threads = 128;
    softmaxThreadPerRow<<<(rows + threads - 1) / threads, threads, 0, stream>>>(x, y, rows, cols);
}
