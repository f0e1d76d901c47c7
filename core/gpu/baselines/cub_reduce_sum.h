#pragma once
// CUB's device-wide float sum, wrapped so plain C++ can call it (CUB needs nvcc).
#include <cstddef>

#include <cuda_runtime_api.h>

namespace kwb::gpu {

// The temporary storage cub::DeviceReduce::Sum needs for n floats.
cudaError_t cubReduceSumTempBytes(int n, std::size_t* bytes);
// Enqueues out[0] = sum of x[0..n) on stream; temp must hold cubReduceSumTempBytes(n) bytes.
cudaError_t cubReduceSum(void* temp, std::size_t tempBytes, const float* x, float* out, int n,
                         cudaStream_t stream);

} // namespace kwb::gpu
