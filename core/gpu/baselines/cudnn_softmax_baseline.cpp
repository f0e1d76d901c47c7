#include "core/gpu/baselines/cudnn_softmax_baseline.h"

#include "core/gpu/baselines/call_checks.h"
#include "core/gpu/baselines/library_status.h"

namespace kwb::gpu {

namespace {
const char* const kTask = "softmax-rows-f32";
}

CudnnSoftmaxBaseline::~CudnnSoftmaxBaseline() {
    if (m_desc != nullptr)
        cudnnDestroyTensorDescriptor(m_desc);
    if (m_handle != nullptr)
        cudnnDestroy(m_handle);
}

std::string CudnnSoftmaxBaseline::label() const {
    return "cuDNN softmax (CUDNN_SOFTMAX_ACCURATE, per row)";
}

Status CudnnSoftmaxBaseline::prepare(const BaselineCall& call) {
    m_rows = m_cols = 0;
    KWB_GPU_TRY(checkBuffers(call, 1, 1, kTask));
    auto dims = readDims(call, {"rows", "cols"}, kTask);
    if (!dims)
        return dims.error();
    if (m_handle == nullptr)
        KWB_GPU_TRY(cudnnCheck(cudnnCreate(&m_handle), "cudnnCreate"));
    if (m_desc == nullptr)
        KWB_GPU_TRY(
            cudnnCheck(cudnnCreateTensorDescriptor(&m_desc), "cudnnCreateTensorDescriptor"));
    // NCHW with N = rows, C = cols: CUDNN_SOFTMAX_MODE_INSTANCE normalises over C*H*W = one row.
    KWB_GPU_TRY(cudnnCheck(cudnnSetTensor4dDescriptor(m_desc, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT,
                                                      (*dims)[0], (*dims)[1], 1, 1),
                           "cudnnSetTensor4dDescriptor (softmax rows x cols)"));
    m_rows = (*dims)[0];
    m_cols = (*dims)[1];
    KWB_GPU_TRY(run(call));
    return cudaCheck(cudaStreamSynchronize(call.stream), "first cuDNN softmax (synchronise)");
}

Status CudnnSoftmaxBaseline::run(const BaselineCall& call) {
    if (m_handle == nullptr || call.inputs.size() != 1 || call.outputs.size() != 1 ||
        call.dims.count("rows") == 0 || call.dims.count("cols") == 0 ||
        call.dims.at("rows") != m_rows || call.dims.at("cols") != m_cols)
        return notPrepared(kTask);
    KWB_GPU_TRY(cudnnCheck(cudnnSetStream(m_handle, call.stream), "cudnnSetStream"));
    const float alpha = 1.0f;
    const float beta = 0.0f; // beta 0: y is not read, so poisoned outputs stay harmless
    return cudnnCheck(cudnnSoftmaxForward(m_handle, CUDNN_SOFTMAX_ACCURATE,
                                          CUDNN_SOFTMAX_MODE_INSTANCE, &alpha, m_desc,
                                          call.inputs[0], &beta, m_desc, call.outputs[0]),
                      "cudnnSoftmaxForward");
}

} // namespace kwb::gpu
