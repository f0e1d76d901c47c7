// CUDA 13 ships CUB under include/cccl, which nvcc searches by default.
#include "core/gpu/baselines/cub_reduce_sum.h"

#include <cub/cub.cuh>

namespace kwb::gpu {

cudaError_t cubReduceSumTempBytes(int n, std::size_t* bytes) {
    *bytes = 0;
    const float* none = nullptr;
    float* out = nullptr;
    // With a null temp pointer CUB only computes the size; nothing is launched.
    return cub::DeviceReduce::Sum(nullptr, *bytes, none, out, n);
}

cudaError_t cubReduceSum(void* temp, std::size_t tempBytes, const float* x, float* out, int n,
                         cudaStream_t stream) {
    if (temp == nullptr)
        return cudaErrorInvalidValue; // a null temp would silently turn this into a size query
    std::size_t bytes = tempBytes;
    cudaError_t err = cub::DeviceReduce::Sum(temp, bytes, x, out, n, stream);
    if (err != cudaSuccess)
        return err;
    return cudaGetLastError();
}

} // namespace kwb::gpu
