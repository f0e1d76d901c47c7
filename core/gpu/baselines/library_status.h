#pragma once
// Turns cuBLAS, cuBLASLt and cuDNN status codes into kwb::Status with a sentence that names
// the call (CUDA's own: core/gpu/cuda_status.h). Each function returns okStatus() on success.
#include <cublasLt.h>
#include <cublas_v2.h>
#include <cudnn.h>

#include "core/gpu/cuda_status.h"

namespace kwb::gpu {

Status cublasCheck(cublasStatus_t status, const char* what);
Status cudnnCheck(cudnnStatus_t status, const char* what);
Status badCall(const std::string& message); // code "baseline-bad-call"

} // namespace kwb::gpu
