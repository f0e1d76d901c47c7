#include "core/gpu/baselines/masked_softmax_baseline.h"

#include "core/gpu/baselines/call_checks.h"
#include "core/gpu/baselines/library_status.h"
#include "core/gpu/baselines/plain_kernels.h"

namespace kwb::gpu {

namespace {
const char* const kTask = "scaled-masked-softmax-f32";
}

MaskedSoftmaxBaseline::~MaskedSoftmaxBaseline() {
    if (m_desc != nullptr)
        cudnnDestroyTensorDescriptor(m_desc);
    if (m_handle != nullptr)
        cudnnDestroy(m_handle);
}

Status MaskedSoftmaxBaseline::prepare(const BaselineCall& call) {
    m_prepared = false;
    KWB_GPU_TRY(checkBuffers(call, 2, 1, kTask));
    auto d = readDims(call, {"batch", "heads", "sq", "sk"}, kTask);
    if (!d)
        return d.error();
    auto scale = readScalar(call, "scale", 1.0, kTask);
    if (!scale)
        return scale.error();
    m_scale = static_cast<float>(*scale);
    const long long rows = static_cast<long long>((*d)[0]) * (*d)[1] * (*d)[2];
    if (rows > 2147483647LL)
        return badCall(std::string(kTask) + " baseline: more than 2^31-1 rows");
    if (m_handle == nullptr)
        KWB_GPU_TRY(cudnnCheck(cudnnCreate(&m_handle), "cudnnCreate"));
    if (m_desc == nullptr)
        KWB_GPU_TRY(
            cudnnCheck(cudnnCreateTensorDescriptor(&m_desc), "cudnnCreateTensorDescriptor"));
    // N = rows, C = sk: CUDNN_SOFTMAX_MODE_INSTANCE normalises over one row.
    KWB_GPU_TRY(cudnnCheck(cudnnSetTensor4dDescriptor(m_desc, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT,
                                                      static_cast<int>(rows), (*d)[3], 1, 1),
                           "cudnnSetTensor4dDescriptor (rows x sk)"));
    KWB_GPU_TRY(m_scratch.ensure(sizeof(float) * std::size_t(rows) * std::size_t((*d)[3]),
                                 "the scaled, masked scores"));
    m_dims = call.dims;
    KWB_GPU_TRY(enqueue(call));
    KWB_GPU_TRY(
        cudaCheck(cudaStreamSynchronize(call.stream), "first masked softmax (synchronise)"));
    m_prepared = true;
    return okStatus();
}

Status MaskedSoftmaxBaseline::run(const BaselineCall& call) {
    KWB_GPU_TRY(checkRunCall(m_prepared, call, m_dims, 2, 1, kTask));
    return enqueue(call);
}

Status MaskedSoftmaxBaseline::enqueue(const BaselineCall& call) {
    KWB_GPU_TRY(cudaCheck(
        launchScaleMask(static_cast<const float*>(call.inputs[0]),
                        static_cast<const int*>(call.inputs[1]), m_scratch.as<float>(),
                        static_cast<int>(m_dims.at("batch")), static_cast<int>(m_dims.at("heads")),
                        static_cast<int>(m_dims.at("sq")), static_cast<int>(m_dims.at("sk")),
                        m_scale, call.stream),
        "scale+mask kernel launch"));
    KWB_GPU_TRY(cudnnCheck(cudnnSetStream(m_handle, call.stream), "cudnnSetStream"));
    const float one = 1.0f, zero = 0.0f;
    return cudnnCheck(cudnnSoftmaxForward(m_handle, CUDNN_SOFTMAX_ACCURATE,
                                          CUDNN_SOFTMAX_MODE_INSTANCE, &one, m_desc,
                                          m_scratch.data(), &zero, m_desc, call.outputs[0]),
                      "cudnnSoftmaxForward");
}

} // namespace kwb::gpu
