#include "core/gpu/baselines/cudnn_pooling_nd_baseline.h"

#include "core/gpu/baselines/call_checks.h"
#include "core/gpu/baselines/library_status.h"

namespace kwb::gpu {

namespace {

std::string dimsText(const std::vector<int>& d) {
    std::string s;
    for (int v : d)
        s += (s.empty() ? "" : " x ") + std::to_string(v);
    return s;
}

} // namespace

CudnnPoolingNdBaseline::~CudnnPoolingNdBaseline() {
    if (m_pool != nullptr)
        cudnnDestroyPoolingDescriptor(m_pool);
    for (auto* d : {m_xDesc, m_yDesc})
        if (d != nullptr)
            cudnnDestroyTensorDescriptor(d);
    if (m_handle != nullptr)
        cudnnDestroy(m_handle);
}

const char* CudnnPoolingNdBaseline::opName() const {
    switch (m_op) {
    case Op::Max1d:
        return "cudnn-maxpool1d";
    case Op::Average1d:
        return "cudnn-avgpool1d";
    case Op::Max3d:
        return "cudnn-maxpool3d";
    case Op::Average3d:
        break;
    }
    return "cudnn-avgpool3d";
}

std::string CudnnPoolingNdBaseline::label() const {
    const std::string w = std::to_string(m_window);
    return std::string("cuDNN cudnnPoolingForward (") +
           (isMax() ? "max" : "average including padding") + ", " +
           (is1d() ? "1 x " + w : w + "x" + w + "x" + w) + ", stride " + std::to_string(m_stride) +
           ", pad " + std::to_string(m_padding) + ")";
}

// The window, stride and padding: the task's [baseline] params, 3, 2 and 1 by default.
Status CudnnPoolingNdBaseline::readWindow(const BaselineCall& call) {
    int* fields[] = {&m_window, &m_stride, &m_padding};
    const char* names[] = {"window", "stride", "padding"};
    const double defaults[] = {3, 2, 1};
    for (int i = 0; i < 3; ++i) {
        auto v = readScalar(call, names[i], defaults[i], opName());
        if (!v)
            return v.error();
        if (*v != static_cast<int>(*v) || *v < (i == 2 ? 0 : 1) || *v > 64)
            return badCall(std::string(opName()) + " baseline: " + names[i] +
                           " must be a whole number in [" + (i == 2 ? "0" : "1") + ", 64]");
        *fields[i] = static_cast<int>(*v);
    }
    if (m_padding >= m_window)
        return badCall(std::string(opName()) + " baseline: padding must be below the window");
    return okStatus();
}

Status CudnnPoolingNdBaseline::describe(const std::vector<int>& x, const std::vector<int>& y) {
    if (m_handle == nullptr)
        KWB_GPU_TRY(cudnnCheck(cudnnCreate(&m_handle), "cudnnCreate"));
    for (auto* desc : {&m_xDesc, &m_yDesc})
        if (*desc == nullptr)
            KWB_GPU_TRY(
                cudnnCheck(cudnnCreateTensorDescriptor(desc), "cudnnCreateTensorDescriptor"));
    if (m_pool == nullptr)
        KWB_GPU_TRY(
            cudnnCheck(cudnnCreatePoolingDescriptor(&m_pool), "cudnnCreatePoolingDescriptor"));
    const int nb = static_cast<int>(x.size());
    std::vector<int> window(static_cast<std::size_t>(nb - 2), m_window);
    std::vector<int> padding(window.size(), m_padding), stride(window.size(), m_stride);
    if (is1d()) // the height axis of [N, C, 1, L]: a window of one, no padding
        window[0] = 1, padding[0] = 0, stride[0] = 1;
    KWB_GPU_TRY(cudnnCheck(
        cudnnSetPoolingNdDescriptor(
            m_pool, isMax() ? CUDNN_POOLING_MAX : CUDNN_POOLING_AVERAGE_COUNT_INCLUDE_PADDING,
            CUDNN_PROPAGATE_NAN, nb - 2, window.data(), padding.data(), stride.data()),
        "cudnnSetPoolingNdDescriptor"));
    KWB_GPU_TRY(cudnnCheck(
        cudnnSetTensorNdDescriptorEx(m_xDesc, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, nb, x.data()),
        "cudnnSetTensorNdDescriptorEx (x)"));
    std::vector<int> computed(x.size(), 0);
    KWB_GPU_TRY(cudnnCheck(cudnnGetPoolingNdForwardOutputDim(m_pool, m_xDesc, nb, computed.data()),
                           "cudnnGetPoolingNdForwardOutputDim"));
    if (computed != y)
        return badCall(std::string(opName()) + " baseline: the task's output is " + dimsText(y) +
                       ", but cuDNN computes " + dimsText(computed) + " for this input");
    return cudnnCheck(
        cudnnSetTensorNdDescriptorEx(m_yDesc, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, nb, y.data()),
        "cudnnSetTensorNdDescriptorEx (y)");
}

Status CudnnPoolingNdBaseline::prepare(const BaselineCall& call) {
    m_prepared = false;
    KWB_GPU_TRY(checkBuffers(call, 1, 1, opName()));
    auto d = is1d() ? readDims(call, {"N", "C", "L", "OL"}, opName())
                    : readDims(call, {"N", "C", "D", "H", "W", "OD", "OH", "OW"}, opName());
    if (!d)
        return d.error();
    KWB_GPU_TRY(readWindow(call));
    const auto& v = *d;
    const std::vector<int> x = is1d() ? std::vector<int>{v[0], v[1], 1, v[2]}
                                      : std::vector<int>{v[0], v[1], v[2], v[3], v[4]};
    const std::vector<int> y = is1d() ? std::vector<int>{v[0], v[1], 1, v[3]}
                                      : std::vector<int>{v[0], v[1], v[5], v[6], v[7]};
    KWB_GPU_TRY(describe(x, y));
    m_dims = call.dims;
    KWB_GPU_TRY(cudnnCheck(cudnnSetStream(m_handle, call.stream), "cudnnSetStream"));
    KWB_GPU_TRY(enqueue(call));
    KWB_GPU_TRY(cudaCheck(cudaStreamSynchronize(call.stream), "first cuDNN pooling (synchronise)"));
    m_prepared = true;
    return okStatus();
}

Status CudnnPoolingNdBaseline::run(const BaselineCall& call) {
    KWB_GPU_TRY(checkRunCall(m_prepared, call, m_dims, 1, 1, opName()));
    KWB_GPU_TRY(cudnnCheck(cudnnSetStream(m_handle, call.stream), "cudnnSetStream"));
    return enqueue(call);
}

Status CudnnPoolingNdBaseline::enqueue(const BaselineCall& call) {
    const float one = 1.0f, zero = 0.0f;
    return cudnnCheck(cudnnPoolingForward(m_handle, m_pool, &one, m_xDesc, call.inputs[0], &zero,
                                          m_yDesc, call.outputs[0]),
                      "cudnnPoolingForward");
}

} // namespace kwb::gpu
