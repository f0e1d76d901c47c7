// What a job child's first library handles cost, in a fresh process: the CUDA context, NVML's
// start, then cuBLAS, cuBLASLt and cuDNN handles, each created and destroyed twice (the first
// create pays the library's one-time set-up; the second is what a later handle costs). Under
// Nsight Compute, which lists every kernel it sees (`ncu --target-processes all
// ./library_start_probe`), "No kernels were profiled" says that none of it launches one. It
// still touches the device: looped beside a verification (sample_spread.py --beside), it stalls
// that verification's timed samples, which is why a job child started ahead (while another job
// may be timing) starts CUDA and nothing more.
//
//   nvcc -O2 -o library_start_probe tests/benchmarks/library_start_probe.cpp \
//        -lcublas -lcublasLt -lcudnn -ldl
#include <chrono>
#include <cstdio>
#include <functional>

#include <cublasLt.h>
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <cudnn.h>
#include <dlfcn.h>

namespace {

double timeMs(const std::function<bool()>& step) {
    const auto t0 = std::chrono::steady_clock::now();
    const bool ok = step();
    const double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    return ok ? ms : -1;
}

void row(const char* what, double ms) {
    if (ms < 0)
        std::printf("%-34s failed\n", what);
    else
        std::printf("%-34s %8.2f ms\n", what, ms);
}

} // namespace

int main() {
    row("context (cudaFree(nullptr))", timeMs([] { return cudaFree(nullptr) == cudaSuccess; }));
    row("NVML (dlopen, nvmlInit_v2)", timeMs([] {
            void* lib = ::dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
            auto init = lib ? reinterpret_cast<int (*)()>(::dlsym(lib, "nvmlInit_v2")) : nullptr;
            return init && init() == 0;
        }));
    for (int round = 1; round <= 2; ++round) {
        std::printf("-- round %d\n", round);
        cublasHandle_t blas = nullptr;
        row("cublasCreate", timeMs([&] { return cublasCreate(&blas) == CUBLAS_STATUS_SUCCESS; }));
        row("cublasDestroy", timeMs([&] { return cublasDestroy(blas) == CUBLAS_STATUS_SUCCESS; }));
        cublasLtHandle_t lt = nullptr;
        row("cublasLtCreate", timeMs([&] { return cublasLtCreate(&lt) == CUBLAS_STATUS_SUCCESS; }));
        row("cublasLtDestroy",
            timeMs([&] { return cublasLtDestroy(lt) == CUBLAS_STATUS_SUCCESS; }));
        cudnnHandle_t dnn = nullptr;
        row("cudnnCreate", timeMs([&] { return cudnnCreate(&dnn) == CUDNN_STATUS_SUCCESS; }));
        row("cudnnDestroy", timeMs([&] { return cudnnDestroy(dnn) == CUDNN_STATUS_SUCCESS; }));
    }
    return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
