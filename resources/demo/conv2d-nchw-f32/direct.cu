// Demo sample for conv2d-nchw-f32 (Kernel Workbench starter project).
// Expected: correct at every shape, but much slower than cuDNN. One thread per output pixel
// loops over every input channel and the 3x3 window, straight from global memory.
#include <cuda_runtime.h>

__global__ void conv3x3Direct(const float* x, const float* w, float* y, int N, int C, int H, int W, int K) {
    const size_t idx = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    const size_t total = (size_t)N * K * H * W;
    if (idx >= total)
        return;
    const int j = idx % W;
    const int i = (idx / W) % H;
    const int k = (idx / ((size_t)W * H)) % K;
    const int n = idx / ((size_t)W * H * K);
    float acc = 0.0f;
    for (int c = 0; c < C; ++c) {
        const float* xc = x + ((size_t)n * C + c) * H * W;
        const float* wk = w + ((size_t)k * C + c) * 9;
        for (int r = 0; r < 3; ++r) {
            const int ii = i + r - 1;
            if (ii < 0 || ii >= H)
                continue;
            for (int s = 0; s < 3; ++s) {
                const int jj = j + s - 1;
                if (jj < 0 || jj >= W)
                    continue;
                acc += xc[(size_t)ii * W + jj] * wk[r * 3 + s];
            }
        }
    }
    y[idx] = acc;
}

extern "C" void kwb_conv2d_nchw(const float* x, const float* w, float* y, int N, int C, int H, int W, int K,
                                cudaStream_t stream) {
    const size_t total = (size_t)N * K * H * W;
    const int threads = 256;
    conv3x3Direct<<<(unsigned)((total + threads - 1) / threads), threads, 0, stream>>>(x, w, y, N, C, H, W, K);
}
