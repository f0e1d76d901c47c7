// What NVML's GPU utilization (the queue benchmark's "GPU busy") counts, and what the job's bulk
// device work costs done each way. A job copies and clears buffers of gigabytes (the inputs'
// shadow copies, the first call's kept outputs, the scrubs, the guard bands) with
// cudaMemcpyAsync and cudaMemsetAsync; if the copy engines do that work and NVML counts only
// kernels, the benchmark's busy fraction misses it, and a kernel doing the same work may also
// be faster. Each mode runs back to back on one stream for about two seconds while a thread
// reads nvmlDeviceGetUtilizationRates every 100 ms; the readings of the last second are averaged.
//
//   nvcc -O2 -arch=sm_90 -o nvml_busy_probe tests/benchmarks/nvml_busy_probe.cu -ldl
//   ./nvml_busy_probe [MiB]   (the buffers' size, default 2048)
//
// Prints, per mode: the rate (GB/s, bytes written, and read where it copies), the mean NVML GPU
// and memory utilization over the last second of the run, and the number of readings.
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <thread>
#include <vector>

#include <cuda_runtime.h>
#include <dlfcn.h>

namespace {

// NVML through dlopen, as the worker reads it: no header or link-time library needed.
using NvmlDevice = void*;
struct NvmlUtilization {
    unsigned gpu, memory;
};
struct Nvml {
    int (*init)() = nullptr;
    int (*byBusId)(const char*, NvmlDevice*) = nullptr;
    int (*utilization)(NvmlDevice, NvmlUtilization*) = nullptr;
    bool load() {
        void* lib = ::dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
        if (!lib)
            return false;
        init = reinterpret_cast<int (*)()>(::dlsym(lib, "nvmlInit_v2"));
        byBusId = reinterpret_cast<int (*)(const char*, NvmlDevice*)>(
            ::dlsym(lib, "nvmlDeviceGetHandleByPciBusId_v2"));
        utilization = reinterpret_cast<int (*)(NvmlDevice, NvmlUtilization*)>(
            ::dlsym(lib, "nvmlDeviceGetUtilizationRates"));
        return init && byBusId && utilization && init() == 0;
    }
} nvml;

__global__ void copyKernel(const uint4* __restrict__ src, uint4* __restrict__ dst, size_t n) {
    for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n;
         i += size_t(gridDim.x) * blockDim.x)
        dst[i] = src[i];
}

__global__ void setKernel(uint4* __restrict__ dst, size_t n, unsigned v) {
    const uint4 w{v, v, v, v};
    for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n;
         i += size_t(gridDim.x) * blockDim.x)
        dst[i] = w;
}

struct Reading {
    double gpu = 0, memory = 0;
    int n = 0;
};

// Reads NVML every 100 ms from `from` on, until `stop`.
void sample(NvmlDevice dev, std::chrono::steady_clock::time_point from,
            const std::atomic<bool>& stop, Reading* out) {
    while (!stop.load()) {
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        NvmlUtilization u{};
        if (std::chrono::steady_clock::now() >= from && nvml.utilization(dev, &u) == 0) {
            out->gpu += u.gpu;
            out->memory += u.memory;
            ++out->n;
        }
    }
}

void run(const char* name, NvmlDevice dev, cudaStream_t st, size_t bytesPerOp, int bytesFactor,
         const std::function<void()>& op) {
    op(); // loads the kernel or the copy path once
    cudaStreamSynchronize(st);
    const auto t0 = std::chrono::steady_clock::now();
    std::atomic<bool> stop{false};
    Reading r;
    std::thread sampler(sample, dev, t0 + std::chrono::seconds(1), std::cref(stop), &r);
    long ops = 0;
    double s = 0;
    while (s < 2.0) {
        for (int i = 0; i < 8; ++i, ++ops)
            op();
        cudaStreamSynchronize(st);
        s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    }
    stop = true;
    sampler.join();
    const double gbs = double(ops) * double(bytesPerOp) * bytesFactor / s / 1e9;
    std::printf("%-34s %8.0f GB/s  NVML gpu %5.1f %%  memory %5.1f %%  (%d readings)\n", name, gbs,
                r.n ? r.gpu / r.n : -1.0, r.n ? r.memory / r.n : -1.0, r.n);
}

} // namespace

int main(int argc, char** argv) {
    const size_t mib = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 2048;
    const size_t bytes = mib << 20, n16 = bytes / 16;
    char busId[32] = {};
    NvmlDevice dev = nullptr;
    if (cudaDeviceGetPCIBusId(busId, sizeof busId, 0) != cudaSuccess || !nvml.load() ||
        nvml.byBusId(busId, &dev) != 0) {
        std::printf("CUDA or NVML did not start\n");
        return 1;
    }
    cudaStream_t st;
    cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking);
    void *a = nullptr, *b = nullptr;
    if (cudaMalloc(&a, bytes) != cudaSuccess || cudaMalloc(&b, bytes) != cudaSuccess) {
        std::printf("cannot allocate 2 x %zu MiB\n", mib);
        return 1;
    }
    cudaMemset(a, 1, bytes);
    cudaDeviceSynchronize();
    int sms = 0;
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
    const int blocks = sms * 4, threads = 512;
    std::printf("buffers of %zu MiB, %d SMs\n", mib, sms);
    run("idle (sleeping host)", dev, st, 0, 0,
        [] { std::this_thread::sleep_for(std::chrono::milliseconds(10)); });
    run("cudaMemcpyAsync device to device", dev, st, bytes, 2,
        [&] { cudaMemcpyAsync(b, a, bytes, cudaMemcpyDeviceToDevice, st); });
    run("copy kernel", dev, st, bytes, 2, [&] {
        copyKernel<<<blocks, threads, 0, st>>>(static_cast<const uint4*>(a), static_cast<uint4*>(b),
                                               n16);
    });
    run("cudaMemsetAsync", dev, st, bytes, 1, [&] { cudaMemsetAsync(b, 0, bytes, st); });
    run("set kernel", dev, st, bytes, 1,
        [&] { setKernel<<<blocks, threads, 0, st>>>(static_cast<uint4*>(b), n16, 0u); });
    cudaFree(a);
    cudaFree(b);
    return cudaGetLastError() == cudaSuccess ? 0 : 1;
}
