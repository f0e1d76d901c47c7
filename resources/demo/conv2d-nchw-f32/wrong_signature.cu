// Demo sample for conv2d-nchw-f32 (Kernel Workbench starter project).
// Expected: does not compile. The kernel is launched with one argument too few.
#include <cuda_runtime.h>

__global__ void conv3x3Direct(const float* x, const float* w, float* y, int N, int C, int H, int W, int K) {
    const size_t idx = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= (size_t)N * K * H * W)
        return;
    const int j = idx % W;
    const int i = (idx / W) % H;
    const int k = (idx / ((size_t)W * H)) % K;
    const int n = idx / ((size_t)W * H * K);
    float acc = 0.0f;
    for (int c = 0; c < C; ++c)
        for (int r = 0; r < 3; ++r)
            for (int s = 0; s < 3; ++s) {
                const int ii = i + r - 1, jj = j + s - 1;
                if (ii >= 0 && ii < H && jj >= 0 && jj < W)
                    acc += x[(((size_t)n * C + c) * H + ii) * W + jj] * w[((size_t)k * C + c) * 9 + r * 3 + s];
            }
    y[idx] = acc;
}

extern "C" void kwb_conv2d_nchw(const float* x, const float* w, float* y, int N, int C, int H, int W, int K,
                                cudaStream_t stream) {
    const size_t total = (size_t)N * K * H * W;
    conv3x3Direct<<<(unsigned)((total + 255) / 256), 256, 0, stream>>>(x, w, y, N, C, H, W); // kwb-error-line
}
