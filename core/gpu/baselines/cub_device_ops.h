#pragma once
// CUB device-wide scan and histogram, wrapped so plain C++ can call them (CUB needs nvcc).
// Each *TempBytes only sizes the temporary storage; nothing is launched.
#include <cstddef>

#include <cuda_runtime_api.h>

namespace kwb::gpu {

cudaError_t cubInclusiveSumTempBytes(int n, std::size_t* bytes);
// y[i] = x[0] + ... + x[i] (cub::DeviceScan::InclusiveSum).
cudaError_t cubInclusiveSum(void* temp, std::size_t tempBytes, const float* x, float* y, int n,
                            cudaStream_t stream);

// 256 bins of width 1 over [0, 256): hist[b] counts samples equal to b; others are ignored
// (cub::DeviceHistogram::HistogramEven, 257 levels from 0 to 256, int samples and counters).
cudaError_t cubHistogram256TempBytes(int n, std::size_t* bytes);
cudaError_t cubHistogram256(void* temp, std::size_t tempBytes, const int* x, int* hist, int n,
                            cudaStream_t stream);

} // namespace kwb::gpu
