#include "core/gpu/device_query.h"

#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <cudnn.h>
#include <nvrtc.h>

namespace kwb::gpu {

DeviceInfo queryDevices() {
    DeviceInfo info;
    cudaDriverGetVersion(&info.driverVersion); // 0 when no driver is installed
    cudaRuntimeGetVersion(&info.runtimeVersion);

    int major = 0, minor = 0;
    if (nvrtcVersion(&major, &minor) == NVRTC_SUCCESS)
        info.nvrtcVersion = std::to_string(major) + "." + std::to_string(minor);

    int cbMajor = 0, cbMinor = 0, cbPatch = 0;
    if (cublasGetProperty(MAJOR_VERSION, &cbMajor) == CUBLAS_STATUS_SUCCESS &&
        cublasGetProperty(MINOR_VERSION, &cbMinor) == CUBLAS_STATUS_SUCCESS &&
        cublasGetProperty(PATCH_LEVEL, &cbPatch) == CUBLAS_STATUS_SUCCESS)
        info.cublasVersion = std::to_string(cbMajor) + "." + std::to_string(cbMinor) + "." +
                             std::to_string(cbPatch);

    std::size_t dnn = cudnnGetVersion(); // cuDNN 9: major*10000 + minor*100 + patch
    if (dnn > 0)
        info.cudnnVersion = std::to_string(dnn / 10000) + "." + std::to_string((dnn % 10000) / 100) +
                            "." + std::to_string(dnn % 100);

    int count = 0;
    cudaError_t err = cudaGetDeviceCount(&count);
    if (err != cudaSuccess) {
        info.noDeviceReason = info.driverVersion == 0 ? "no NVIDIA driver is installed"
                                                      : cudaGetErrorString(err);
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
