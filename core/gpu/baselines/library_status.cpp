#include "core/gpu/baselines/library_status.h"

#include <string>

namespace kwb::gpu {

Status cublasCheck(cublasStatus_t status, const char* what) {
    if (status == CUBLAS_STATUS_SUCCESS)
        return okStatus();
    return Error::make("cublas-error", std::string(what) +
                                           " failed: " + cublasGetStatusString(status) + " (" +
                                           cublasGetStatusName(status) + ")");
}

Status cudnnCheck(cudnnStatus_t status, const char* what) {
    if (status == CUDNN_STATUS_SUCCESS)
        return okStatus();
    char detail[512] = {0};
    cudnnGetLastErrorString(detail, sizeof(detail));
    std::string message = std::string(what) + " failed: " + cudnnGetErrorString(status);
    if (detail[0] != '\0')
        message += " (" + std::string(detail) + ")";
    return Error::make("cudnn-error", message);
}

Status badCall(const std::string& message) {
    return Error::make("baseline-bad-call", message);
}

} // namespace kwb::gpu
