// Demo sample for layernorm-gelu-f32 (Kernel Workbench starter project).
// Expected: does not compile. The output pointer is declared const, so it cannot be written.
#include <cuda_runtime.h>
#include <math.h>

__global__ void layernormGeluThreadPerRow(const float* x, const float* gamma, const float* beta, const float* y,
                                          int rows, int cols, float eps) {
    const int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= rows)
        return;
    const float* in = x + (size_t)row * cols;
    const float* out = y + (size_t)row * cols;
    float sum = 0.0f;
    for (int c = 0; c < cols; ++c)
        sum += in[c];
    const float mean = sum / cols;
    float sq = 0.0f;
    for (int c = 0; c < cols; ++c)
        sq += (in[c] - mean) * (in[c] - mean);
    const float rstd = rsqrtf(sq / cols + eps);
    for (int c = 0; c < cols; ++c) {
        const float v = (in[c] - mean) * rstd * gamma[c] + beta[c];
        out[c] = 0.5f * v * (1.0f + erff(v * 0.70710678118654752f)); // kwb-error-line
    }
}

extern "C" void kwb_layernorm_gelu(const float* x, const float* gamma, const float* beta, float* y, int rows, int cols,
                                   float eps, cudaStream_t stream) {
    const int threads = 128;
    layernormGeluThreadPerRow<<<(rows + threads - 1) / threads, threads, 0, stream>>>(x, gamma, beta, y, rows, cols, eps);
}
