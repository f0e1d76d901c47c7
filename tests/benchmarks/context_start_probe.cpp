// What a fresh process's CUDA start (cudaFree(nullptr): the driver's start and the primary
// context) costs with and without the CUDA libraries a job child links (cuBLAS, cuBLASLt, cuDNN):
// does loading them before CUDA starts make the start slower, and what would loading them after
// it cost instead? A job child started ahead spends most of its life before its job in this
// start (the records' child_prepare_read to child_cuda_ready), part of it beside a running job.
//
//   nvcc -O2 -cudart shared -o context_start_plain tests/benchmarks/context_start_probe.cpp -ldl
//   nvcc -O2 -cudart shared -o context_start_linked tests/benchmarks/context_start_probe.cpp -ldl \
//        -Xlinker --no-as-needed -lcublas -lcublasLt -lcudnn
//   ./context_start_plain [--late | --split]   (--late: then dlopen the three libraries, each
//   timed; --split: the start in its two driver steps, cuInit then the primary context)
//
// Prints one line: the process's age at main (from /proc/self/stat's start time), the CUDA
// start, and with --late each library's load after it. With --split, the environment's
// CUDA_DEVICE_MAX_CONNECTIONS is printed too: the step runs it with several values, since a
// context makes that many hardware queues as it starts.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>

#include <cuda_runtime.h>
#include <dlfcn.h>
#include <time.h>
#include <unistd.h>

namespace {

double msSince(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

// How long ago the process started (the kernel's start time, in clock ticks since boot), in ms:
// the loader's work on the linked libraries happens before main.
double ageAtMainMs() {
    std::ifstream in("/proc/self/stat");
    std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const auto close = stat.rfind(')');
    if (close == std::string::npos)
        return -1;
    std::istringstream rest(stat.substr(close + 2));
    std::string field;
    unsigned long long start = 0;
    for (int i = 3; i <= 22 && rest >> field; ++i) // field 22: starttime
        if (i == 22)
            start = std::stoull(field);
    timespec now{};
    clock_gettime(CLOCK_BOOTTIME, &now);
    const double nowMs = now.tv_sec * 1000.0 + now.tv_nsec / 1e6;
    return nowMs - 1000.0 * double(start) / double(sysconf(_SC_CLK_TCK));
}

// The start in the driver's two steps: cuInit (the driver, the devices), then the primary
// context cudart would make (cuDevicePrimaryCtxRetain), then cudaFree(nullptr) on it. The
// driver's entry points come from dlopen, as cudart finds them, so no binary links libcuda.
int split(double age) {
    const char* connections = std::getenv("CUDA_DEVICE_MAX_CONNECTIONS");
    auto t0 = std::chrono::steady_clock::now();
    void* lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_GLOBAL);
    const double load = msSince(t0);
    auto init = lib ? reinterpret_cast<int (*)(unsigned)>(dlsym(lib, "cuInit")) : nullptr;
    auto get = lib ? reinterpret_cast<int (*)(int*, int)>(dlsym(lib, "cuDeviceGet")) : nullptr;
    auto retain =
        lib ? reinterpret_cast<int (*)(void**, int)>(dlsym(lib, "cuDevicePrimaryCtxRetain"))
            : nullptr;
    if (!init || !get || !retain) {
        std::printf("CUDA did not start: libcuda.so.1 or its entry points not found\n");
        return 1;
    }
    t0 = std::chrono::steady_clock::now();
    int r = init(0);
    const double initMs = msSince(t0);
    int dev = 0;
    void* ctx = nullptr;
    t0 = std::chrono::steady_clock::now();
    if (r == 0)
        r = get(&dev, 0);
    if (r == 0)
        r = retain(&ctx, dev);
    const double retainMs = msSince(t0);
    t0 = std::chrono::steady_clock::now();
    const cudaError_t e = r == 0 ? cudaFree(nullptr) : cudaErrorInitializationError;
    const double attachMs = msSince(t0);
    if (e != cudaSuccess) {
        std::printf("CUDA did not start: driver %d, runtime %s\n", r, cudaGetErrorString(e));
        return 1;
    }
    std::printf("age at main %7.1f ms  libcuda %5.1f ms  cuInit %7.1f ms  primary context %7.1f ms"
                "  cudart %5.1f ms  (CUDA_DEVICE_MAX_CONNECTIONS=%s)\n",
                age, load, initMs, retainMs, attachMs, connections ? connections : "unset");
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    const double age = ageAtMainMs();
    if (argc > 1 && std::strcmp(argv[1], "--split") == 0)
        return split(age);
    const bool late = argc > 1 && std::strcmp(argv[1], "--late") == 0;
    auto t0 = std::chrono::steady_clock::now();
    const cudaError_t e = cudaFree(nullptr);
    const double ctx = msSince(t0);
    if (e != cudaSuccess) {
        std::printf("CUDA did not start: %s\n", cudaGetErrorString(e));
        return 1;
    }
    std::printf("age at main %7.1f ms  CUDA start %7.1f ms", age, ctx);
    if (late)
        for (const char* lib : {"libcublasLt.so.13", "libcublas.so.13", "libcudnn.so.9"}) {
            t0 = std::chrono::steady_clock::now();
            void* h = dlopen(lib, RTLD_NOW | RTLD_GLOBAL);
            std::printf("  %s %7.1f ms%s", lib, msSince(t0), h ? "" : " (not loaded)");
        }
    std::printf("\n");
    return 0;
}
