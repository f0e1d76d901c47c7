// Small kernels with known hazards and a naive SGEMM beside cuBLAS: raw compute-sanitizer and
// Nsight Compute outputs of them are the parser fixtures of the tool integration.
#include <cublas_v2.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>

__global__ void read_past_end(const float* x, float* y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = x[i] + x[i + 64];  // reads 64 elements past the end for the last threads
}

__global__ void shared_race_sum(const float* x, float* out, int n) {
    __shared__ float s[256];
    int t = threadIdx.x;
    int i = blockIdx.x * 256 + t;
    s[t] = i < n ? x[i] : 0.0f;
    __syncthreads();
    // no barrier between steps: a read-after-write hazard that often gives the right sum
    for (int stride = 128; stride > 0; stride >>= 1) {
        if (t < stride) s[t] += s[t + stride];
    }
    if (t == 0) atomicAdd(out, s[0]);
}

__global__ void read_uninitialised(const float* x, float* y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = x[i] * 2.0f;
}

__global__ void divergent_barrier(float* y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (threadIdx.x < 16) {
        __syncthreads();
    }
    if (i < n) y[i] = 1.0f;
}

__global__ void naive_sgemm(const float* a, const float* b, float* c, int m, int n, int k) {
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= m || col >= n) return;
    float acc = 0.0f;
    for (int p = 0; p < k; ++p) acc += a[row * k + p] * b[p * n + col];
    c[row * n + col] = acc;
}

int main(int argc, char** argv) {
    const char* what = argc > 1 ? argv[1] : "all";
    int n = 1000;
    float *x, *y, *out;
    cudaMalloc(&x, n * sizeof(float));
    cudaMalloc(&y, n * sizeof(float));
    cudaMalloc(&out, sizeof(float));
    if (!strcmp(what, "oob") || !strcmp(what, "all")) {
        cudaMemset(x, 0, n * sizeof(float));
        read_past_end<<<4, 256>>>(x, y, n);
    }
    if (!strcmp(what, "race") || !strcmp(what, "all")) {
        cudaMemset(x, 0, n * sizeof(float));
        cudaMemset(out, 0, sizeof(float));
        shared_race_sum<<<4, 256>>>(x, out, n);
    }
    if (!strcmp(what, "uninit") || !strcmp(what, "all")) {
        float* fresh;
        cudaMalloc(&fresh, n * sizeof(float));
        read_uninitialised<<<4, 256>>>(fresh, y, n);
    }
    if (!strcmp(what, "sync") || !strcmp(what, "all")) {
        divergent_barrier<<<4, 256>>>(y, n);
    }
    if (!strcmp(what, "sgemm")) {
        int m = 2048, nn = 2048, k = 2048;
        float *a, *b, *c;
        cudaMalloc(&a, (size_t)m * k * 4);
        cudaMalloc(&b, (size_t)k * nn * 4);
        cudaMalloc(&c, (size_t)m * nn * 4);
        cudaMemset(a, 0, (size_t)m * k * 4);
        cudaMemset(b, 0, (size_t)k * nn * 4);
        naive_sgemm<<<dim3(nn / 16, m / 16), dim3(16, 16)>>>(a, b, c, m, nn, k);
        cublasHandle_t h;
        cublasCreate(&h);
        float one = 1.0f, zero = 0.0f;
        cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, nn, m, k, &one, b, nn, a, k, &zero, c, nn);
        cudaDeviceSynchronize();
        cublasDestroy(h);
    }
    cudaError_t e = cudaDeviceSynchronize();
    printf("%s: %s\n", what, cudaGetErrorString(e));
    return 0;
}
