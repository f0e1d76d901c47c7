#pragma once
// CUDA runtime status codes as kwb::Status, and KWB_GPU_TRY. The runtime alone, so that the
// worker process (kwb_gpu_worker) can use them without loading the libraries.
#include <cuda_runtime_api.h>

#include "core/model/error.h"

namespace kwb::gpu {

// okStatus() on success; otherwise an error "cuda-error" with a sentence naming the call.
Status cudaCheck(cudaError_t status, const char* what);

} // namespace kwb::gpu

// Returns from the enclosing function (which returns a Status or Result) on failure.
#define KWB_GPU_TRY(expr)                                                                          \
    do {                                                                                           \
        ::kwb::Status kwbGpuTryStatus_ = (expr);                                                   \
        if (!kwbGpuTryStatus_.ok())                                                                \
            return kwbGpuTryStatus_.error();                                                       \
    } while (false)
