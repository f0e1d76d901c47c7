#include "core/gpu/baselines/cudnn_conv_baseline.h"

#include <algorithm>
#include <array>
#include <vector>

#include "core/gpu/baselines/algorithm_choices.h"
#include "core/gpu/baselines/call_checks.h"
#include "core/gpu/baselines/library_status.h"

namespace kwb::gpu {

namespace {

const char* const kTask = "conv2d-nchw-f32";

} // namespace

const char* convolutionAlgorithmName(cudnnConvolutionFwdAlgo_t algo) {
    switch (algo) {
    case CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_GEMM:
        return "IMPLICIT_GEMM";
    case CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_PRECOMP_GEMM:
        return "IMPLICIT_PRECOMP_GEMM";
    case CUDNN_CONVOLUTION_FWD_ALGO_GEMM:
        return "GEMM";
    case CUDNN_CONVOLUTION_FWD_ALGO_DIRECT:
        return "DIRECT";
    case CUDNN_CONVOLUTION_FWD_ALGO_FFT:
        return "FFT";
    case CUDNN_CONVOLUTION_FWD_ALGO_FFT_TILING:
        return "FFT_TILING";
    case CUDNN_CONVOLUTION_FWD_ALGO_WINOGRAD:
        return "WINOGRAD";
    case CUDNN_CONVOLUTION_FWD_ALGO_WINOGRAD_NONFUSED:
        return "WINOGRAD_NONFUSED";
    default:
        return "unknown";
    }
}

CudnnConvBaseline::~CudnnConvBaseline() {
    if (m_convDesc != nullptr)
        cudnnDestroyConvolutionDescriptor(m_convDesc);
    if (m_wDesc != nullptr)
        cudnnDestroyFilterDescriptor(m_wDesc);
    if (m_yDesc != nullptr)
        cudnnDestroyTensorDescriptor(m_yDesc);
    if (m_xDesc != nullptr)
        cudnnDestroyTensorDescriptor(m_xDesc);
    if (m_handle != nullptr)
        cudnnDestroy(m_handle);
}

std::string CudnnConvBaseline::label() const {
    std::string s = "cuDNN conv forward (FP32 FMA math, no TF32";
    if (m_prepared)
        s += std::string(", algo ") + convolutionAlgorithmName(m_algo);
    return s + ")";
}

Status CudnnConvBaseline::createDescriptors() {
    if (m_handle == nullptr)
        KWB_GPU_TRY(cudnnCheck(cudnnCreate(&m_handle), "cudnnCreate"));
    if (m_xDesc == nullptr)
        KWB_GPU_TRY(
            cudnnCheck(cudnnCreateTensorDescriptor(&m_xDesc), "cudnnCreateTensorDescriptor"));
    if (m_yDesc == nullptr)
        KWB_GPU_TRY(
            cudnnCheck(cudnnCreateTensorDescriptor(&m_yDesc), "cudnnCreateTensorDescriptor"));
    if (m_wDesc == nullptr)
        KWB_GPU_TRY(
            cudnnCheck(cudnnCreateFilterDescriptor(&m_wDesc), "cudnnCreateFilterDescriptor"));
    if (m_convDesc == nullptr)
        KWB_GPU_TRY(cudnnCheck(cudnnCreateConvolutionDescriptor(&m_convDesc),
                               "cudnnCreateConvolutionDescriptor"));
    return okStatus();
}

Status CudnnConvBaseline::describeShape() {
    const int n = m_dims[0], c = m_dims[1], h = m_dims[2], w = m_dims[3], k = m_dims[4];
    KWB_GPU_TRY(cudnnCheck(
        cudnnSetTensor4dDescriptor(m_xDesc, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, n, c, h, w),
        "cudnnSetTensor4dDescriptor (x: N,C,H,W)"));
    KWB_GPU_TRY(cudnnCheck(
        cudnnSetFilter4dDescriptor(m_wDesc, CUDNN_DATA_FLOAT, CUDNN_TENSOR_NCHW, k, c, 3, 3),
        "cudnnSetFilter4dDescriptor (w: K,C,3,3)"));
    KWB_GPU_TRY(
        cudnnCheck(cudnnSetConvolution2dDescriptor(m_convDesc, 1, 1, 1, 1, 1, 1,
                                                   CUDNN_CROSS_CORRELATION, CUDNN_DATA_FLOAT),
                   "cudnnSetConvolution2dDescriptor (pad 1, stride 1)"));
    // CUDNN_DEFAULT_MATH would let FP32 convolutions use TF32 tensor cores; FMA forbids it.
    KWB_GPU_TRY(cudnnCheck(cudnnSetConvolutionMathType(m_convDesc, CUDNN_FMA_MATH),
                           "cudnnSetConvolutionMathType(CUDNN_FMA_MATH)"));
    int on = 0, ok = 0, oh = 0, ow = 0;
    KWB_GPU_TRY(cudnnCheck(
        cudnnGetConvolution2dForwardOutputDim(m_convDesc, m_xDesc, m_wDesc, &on, &ok, &oh, &ow),
        "cudnnGetConvolution2dForwardOutputDim"));
    if (on != n || ok != k || oh != h || ow != w)
        return Error::make("cudnn-error", "cuDNN reports a convolution output of " +
                                              std::to_string(on) + "x" + std::to_string(ok) + "x" +
                                              std::to_string(oh) + "x" + std::to_string(ow) +
                                              ", expected N x K x H x W");
    return cudnnCheck(
        cudnnSetTensor4dDescriptor(m_yDesc, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, n, k, h, w),
        "cudnnSetTensor4dDescriptor (y: N,K,H,W)");
}

std::string convolutionChoiceKey(const char* task, std::initializer_list<int> dims) {
    std::string key = "cudnn " + std::to_string(cudnnGetVersion()) + " " + task;
    for (int d : dims)
        key += " " + std::to_string(d);
    return key;
}

Result<std::vector<cudnnConvolutionFwdAlgo_t>>
findConvolutionAlgorithms(cudnnHandle_t handle, cudnnTensorDescriptor_t x, cudnnFilterDescriptor_t w,
                          cudnnConvolutionDescriptor_t conv, cudnnTensorDescriptor_t y, bool allowTensorOps) {
    int maxCount = 0;
    KWB_GPU_TRY(cudnnCheck(cudnnGetConvolutionForwardAlgorithmMaxCount(handle, &maxCount),
                           "cudnnGetConvolutionForwardAlgorithmMaxCount"));
    std::vector<cudnnConvolutionFwdAlgoPerf_t> perf(static_cast<std::size_t>(std::max(maxCount, 1)));
    int returned = 0;
    // Times every algorithm on scratch buffers cuDNN allocates itself; results come fastest first.
    KWB_GPU_TRY(cudnnCheck(cudnnFindConvolutionForwardAlgorithm(handle, x, w, conv, y,
                                                                static_cast<int>(perf.size()),
                                                                &returned, perf.data()),
                           "cudnnFindConvolutionForwardAlgorithm"));
    std::vector<cudnnConvolutionFwdAlgo_t> algos;
    for (int i = 0; i < returned; ++i) {
        const auto& p = perf[static_cast<std::size_t>(i)];
        const bool tensorOps = p.mathType == CUDNN_TENSOR_OP_MATH ||
                               p.mathType == CUDNN_TENSOR_OP_MATH_ALLOW_CONVERSION;
        if (p.status != CUDNN_STATUS_SUCCESS || p.time < 0.0f || (tensorOps && !allowTensorOps))
            continue; // TF32 is not an FP32 baseline
        if (std::find(algos.begin(), algos.end(), p.algo) == algos.end())
            algos.push_back(p.algo);
    }
    return algos;
}

Status CudnnConvBaseline::chooseAlgorithm(const BaselineCall& call) {
    const std::string key = convolutionChoiceKey(kTask, {m_dims[0], m_dims[1], m_dims[2], m_dims[3], m_dims[4]});
    if (auto known = knownAlgorithm(key)) {
        m_algo = static_cast<cudnnConvolutionFwdAlgo_t>(*known);
        return okStatus();
    }
    auto algos = findConvolutionAlgorithms(m_handle, m_xDesc, m_wDesc, m_convDesc, m_yDesc, false);
    if (!algos)
        return algos.error();
    if (algos->empty())
        return Error::make("cudnn-error",
                           "cudnnFindConvolutionForwardAlgorithm found no FP32 (FMA) algorithm for " +
                               std::to_string(m_dims[0]) + "x" + std::to_string(m_dims[1]) + "x" +
                               std::to_string(m_dims[2]) + "x" + std::to_string(m_dims[3]) +
                               " with K=" + std::to_string(m_dims[4]));
    // cudnnFind's order is a first cut (one timed run each); the fastest few are timed again.
    auto best = fastestCandidate(algos->size(), [&](std::size_t i) -> Status {
        m_algo = (*algos)[i];
        KWB_GPU_TRY(cudnnCheck(cudnnGetConvolutionForwardWorkspaceSize(m_handle, m_xDesc, m_wDesc, m_convDesc,
                                                                       m_yDesc, m_algo, &m_workspaceBytes),
                               "cudnnGetConvolutionForwardWorkspaceSize"));
        KWB_GPU_TRY(m_workspace.ensure(m_workspaceBytes, "the cuDNN convolution workspace"));
        return enqueue(call);
    }, call.stream);
    if (!best)
        return best.error();
    m_algo = (*algos)[*best];
    rememberAlgorithm(key, m_algo);
    return okStatus();
}

Status CudnnConvBaseline::prepare(const BaselineCall& call) {
    m_prepared = false;
    KWB_GPU_TRY(checkBuffers(call, 2, 1, kTask));
    auto dims = readDims(call, {"N", "C", "H", "W", "K"}, kTask);
    if (!dims)
        return dims.error();
    for (std::size_t i = 0; i < 5; ++i)
        m_dims[i] = (*dims)[i];
    KWB_GPU_TRY(createDescriptors());
    KWB_GPU_TRY(cudnnCheck(cudnnSetStream(m_handle, call.stream), "cudnnSetStream"));
    KWB_GPU_TRY(describeShape());
    KWB_GPU_TRY(chooseAlgorithm(call));
    KWB_GPU_TRY(
        cudnnCheck(cudnnGetConvolutionForwardWorkspaceSize(m_handle, m_xDesc, m_wDesc, m_convDesc,
                                                           m_yDesc, m_algo, &m_workspaceBytes),
                   "cudnnGetConvolutionForwardWorkspaceSize"));
    KWB_GPU_TRY(m_workspace.ensure(m_workspaceBytes, "the cuDNN convolution workspace"));
    m_prepared = true;
    Status first = run(call);
    if (first.ok())
        first =
            cudaCheck(cudaStreamSynchronize(call.stream), "first cuDNN convolution (synchronise)");
    if (!first.ok())
        m_prepared = false;
    return first;
}

Status CudnnConvBaseline::run(const BaselineCall& call) {
    if (!m_prepared || call.inputs.size() != 2 || call.outputs.size() != 1)
        return notPrepared(kTask);
    static const char* const names[5] = {"N", "C", "H", "W", "K"};
    for (int i = 0; i < 5; ++i) {
        auto it = call.dims.find(names[i]);
        if (it == call.dims.end() || it->second != m_dims[i])
            return notPrepared(kTask);
    }
    KWB_GPU_TRY(cudnnCheck(cudnnSetStream(m_handle, call.stream), "cudnnSetStream"));
    return enqueue(call);
}

Status CudnnConvBaseline::enqueue(const BaselineCall& call) {
    const float alpha = 1.0f;
    const float beta = 0.0f; // beta 0: y is not read
    return cudnnCheck(cudnnConvolutionForward(m_handle, &alpha, m_xDesc, call.inputs[0], m_wDesc,
                                              call.inputs[1], m_convDesc, m_algo,
                                              m_workspace.data(), m_workspaceBytes, &beta, m_yDesc,
                                              call.outputs[0]),
                      "cudnnConvolutionForward");
}


} // namespace kwb::gpu
