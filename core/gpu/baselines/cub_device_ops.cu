// CUDA 13 ships CUB under include/cccl, which nvcc searches by default.
#include "core/gpu/baselines/cub_device_ops.h"

#include <cub/cub.cuh>

namespace kwb::gpu {

namespace {
constexpr int kLevels = 257;
constexpr int kLower = 0;
constexpr int kUpper = 256;
} // namespace

cudaError_t cubInclusiveSumTempBytes(int n, std::size_t* bytes) {
    *bytes = 0;
    const float* none = nullptr;
    float* out = nullptr;
    return cub::DeviceScan::InclusiveSum(nullptr, *bytes, none, out, n);
}

cudaError_t cubInclusiveSum(void* temp, std::size_t tempBytes, const float* x, float* y, int n,
                            cudaStream_t stream) {
    if (temp == nullptr)
        return cudaErrorInvalidValue; // a null temp would turn the call into a size query
    std::size_t bytes = tempBytes;
    cudaError_t e = cub::DeviceScan::InclusiveSum(temp, bytes, x, y, n, stream);
    return e != cudaSuccess ? e : cudaGetLastError();
}

cudaError_t cubHistogram256TempBytes(int n, std::size_t* bytes) {
    *bytes = 0;
    const int* none = nullptr;
    int* hist = nullptr;
    return cub::DeviceHistogram::HistogramEven(nullptr, *bytes, none, hist, kLevels, kLower, kUpper,
                                               n);
}

cudaError_t cubHistogram256(void* temp, std::size_t tempBytes, const int* x, int* hist, int n,
                            cudaStream_t stream) {
    if (temp == nullptr)
        return cudaErrorInvalidValue;
    std::size_t bytes = tempBytes;
    cudaError_t e = cub::DeviceHistogram::HistogramEven(temp, bytes, x, hist, kLevels, kLower,
                                                        kUpper, n, stream);
    return e != cudaSuccess ? e : cudaGetLastError();
}

} // namespace kwb::gpu
