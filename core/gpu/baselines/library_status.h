#pragma once
// Turns CUDA, cuBLAS, cuBLASLt and cuDNN status codes into kwb::Status with a sentence that
// names the call. Each function returns okStatus() on success.
#include <cublasLt.h>
#include <cublas_v2.h>
#include <cuda_runtime_api.h>
#include <cudnn.h>

#include "core/model/error.h"

namespace kwb::gpu {

Status cudaCheck(cudaError_t status, const char* what);
Status cublasCheck(cublasStatus_t status, const char* what);
Status cudnnCheck(cudnnStatus_t status, const char* what);
Status badCall(const std::string& message); // code "baseline-bad-call"

} // namespace kwb::gpu

// Returns from the enclosing function (which returns a Status or Result) on failure.
#define KWB_GPU_TRY(expr)                                                                          \
    do {                                                                                           \
        ::kwb::Status kwbGpuTryStatus_ = (expr);                                                   \
        if (!kwbGpuTryStatus_.ok())                                                                \
            return kwbGpuTryStatus_.error();                                                       \
    } while (false)
