#include "core/gpu/device_query.h"

#include <string>

#include <cublas_api.h> // CUBLAS_VER_MAJOR: the headers only, nothing of the library is linked
#include <cuda_runtime.h>
#include <cudnn_version.h>
#include <dlfcn.h>

namespace kwb::gpu {

namespace {

// A library loaded only to ask its version, unloaded again.
class Loaded {
public:
    // soname, e.g. "libcublas.so.13", found as the dynamic loader finds it (this program's
    // run path, LD_LIBRARY_PATH, the system's); then in fallbackDir when given.
    Loaded(const std::string& soname, const char* fallbackDir) {
        m_handle = ::dlopen(soname.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (!m_handle && fallbackDir && *fallbackDir)
            m_handle =
                ::dlopen((std::string(fallbackDir) + "/" + soname).c_str(), RTLD_NOW | RTLD_LOCAL);
    }
    ~Loaded() {
        if (m_handle)
            ::dlclose(m_handle);
    }
    Loaded(const Loaded&) = delete;
    Loaded& operator=(const Loaded&) = delete;
    template <typename Fn> Fn* symbol(const char* name) const {
        return m_handle ? reinterpret_cast<Fn*>(::dlsym(m_handle, name)) : nullptr;
    }

private:
    void* m_handle = nullptr;
};

#ifndef KWB_CUDNN_DIR
#define KWB_CUDNN_DIR ""
#endif

void addLibraryVersions(DeviceInfo& info) {
    const std::string cudaMajor = std::to_string(CUDART_VERSION / 1000);
    {
        Loaded nvrtc("libnvrtc.so." + cudaMajor, nullptr);
        int major = 0, minor = 0;
        if (auto* fn = nvrtc.symbol<int(int*, int*)>("nvrtcVersion"); fn && fn(&major, &minor) == 0)
            info.nvrtcVersion = std::to_string(major) + "." + std::to_string(minor);
    }
    {
        // cublasGetProperty(MAJOR_VERSION | MINOR_VERSION | PATCH_LEVEL, int*): 0 on success.
        Loaded cublas("libcublas.so." + std::to_string(CUBLAS_VER_MAJOR), nullptr);
        int v[3] = {0, 0, 0};
        if (auto* fn = cublas.symbol<int(libraryPropertyType, int*)>("cublasGetProperty");
            fn && fn(MAJOR_VERSION, &v[0]) == 0 && fn(MINOR_VERSION, &v[1]) == 0 &&
            fn(PATCH_LEVEL, &v[2]) == 0)
            info.cublasVersion =
                std::to_string(v[0]) + "." + std::to_string(v[1]) + "." + std::to_string(v[2]);
    }
    {
        Loaded cudnn("libcudnn.so." + std::to_string(CUDNN_MAJOR), KWB_CUDNN_DIR);
        if (auto* fn = cudnn.symbol<std::size_t()>("cudnnGetVersion")) {
            std::size_t dnn = fn(); // cuDNN 9: major*10000 + minor*100 + patch
            if (dnn > 0)
                info.cudnnVersion = std::to_string(dnn / 10000) + "." +
                                    std::to_string((dnn % 10000) / 100) + "." +
                                    std::to_string(dnn % 100);
        }
    }
}

} // namespace

DeviceInfo queryDevices(bool withLibraries) {
    DeviceInfo info;
    cudaDriverGetVersion(&info.driverVersion); // 0 when no driver is installed
    cudaRuntimeGetVersion(&info.runtimeVersion);
    if (withLibraries)
        addLibraryVersions(info);

    int count = 0;
    cudaError_t err = cudaGetDeviceCount(&count);
    if (err != cudaSuccess) {
        info.noDeviceReason =
            info.driverVersion == 0 ? "no NVIDIA driver is installed" : cudaGetErrorString(err);
        cudaGetLastError(); // clear the sticky-free error so later calls start clean
        return info;
    }
    if (count == 0) {
        info.noDeviceReason = "the driver reports no CUDA device";
        return info;
    }
    for (int i = 0; i < count; ++i) {
        cudaDeviceProp p{};
        if (cudaGetDeviceProperties(&p, i) != cudaSuccess)
            continue;
        GpuInfo g;
        g.index = i;
        g.name = p.name;
        g.ccMajor = p.major;
        g.ccMinor = p.minor;
        g.totalMemoryBytes = p.totalGlobalMem;
        g.multiprocessors = p.multiProcessorCount;
        cudaDeviceGetAttribute(&g.smClockKHz, cudaDevAttrClockRate, i);
        cudaDeviceGetAttribute(&g.memoryClockKHz, cudaDevAttrMemoryClockRate, i);
        g.memoryBusWidthBits = p.memoryBusWidth;
        char bus[32] = {};
        if (cudaDeviceGetPCIBusId(bus, sizeof bus, i) == cudaSuccess)
            g.pciBusId = bus;
        info.gpus.push_back(std::move(g));
    }
    if (info.gpus.empty())
        info.noDeviceReason = "no device could be queried";
    return info;
}

} // namespace kwb::gpu
