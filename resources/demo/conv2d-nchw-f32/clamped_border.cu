// Demo sample for conv2d-nchw-f32 (Kernel Workbench starter project).
// Expected: wrong result at the image border. Outside the image the kernel reads the nearest
// edge pixel (replicate padding) instead of zero.
#include <cuda_runtime.h>

__device__ __forceinline__ int clampIndex(int v, int n) { return v < 0 ? 0 : (v >= n ? n - 1 : v); }

__global__ void conv3x3Clamped(const float* x, const float* w, float* y, int N, int C, int H, int W, int K) {
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
        for (int r = 0; r < 3; ++r)
            for (int s = 0; s < 3; ++s)
                acc += xc[(size_t)clampIndex(i + r - 1, H) * W + clampIndex(j + s - 1, W)] * wk[r * 3 + s];
    }
    y[idx] = acc;
}

extern "C" void kwb_conv2d_nchw(const float* x, const float* w, float* y, int N, int C, int H, int W, int K,
                                cudaStream_t stream) {
    const size_t total = (size_t)N * K * H * W;
    const int threads = 256;
    conv3x3Clamped<<<(unsigned)((total + threads - 1) / threads), threads, 0, stream>>>(x, w, y, N, C, H, W, K);
}
