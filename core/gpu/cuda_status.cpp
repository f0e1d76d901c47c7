#include "core/gpu/cuda_status.h"

#include <string>

namespace kwb::gpu {

Status cudaCheck(cudaError_t status, const char* what) {
    if (status == cudaSuccess)
        return okStatus();
    // Clear a non-sticky error so the next call does not report it again.
    cudaGetLastError();
    return Error::make("cuda-error", std::string(what) + " failed: " + cudaGetErrorString(status) +
                                         " (" + cudaGetErrorName(status) + ")");
}

} // namespace kwb::gpu
