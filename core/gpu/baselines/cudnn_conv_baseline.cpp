#include "core/gpu/baselines/cudnn_conv_baseline.h"

#include <algorithm>
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

namespace {

// The algorithms cudnnFind ran, fastest first by its own (single-run) timing; tensor-core ones
// only when allowed.
Result<std::vector<cudnnConvolutionFwdAlgo_t>>
findConvolutionAlgorithms(cudnnHandle_t handle, cudnnTensorDescriptor_t x,
                          cudnnFilterDescriptor_t w, cudnnConvolutionDescriptor_t conv,
                          cudnnTensorDescriptor_t y, bool allowTensorOps) {
    int maxCount = 0;
    KWB_GPU_TRY(cudnnCheck(cudnnGetConvolutionForwardAlgorithmMaxCount(handle, &maxCount),
                           "cudnnGetConvolutionForwardAlgorithmMaxCount"));
    std::vector<cudnnConvolutionFwdAlgoPerf_t> perf(
        static_cast<std::size_t>(std::max(maxCount, 1)));
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

} // namespace

Status useConvolutionAlgorithm(const ConvolutionSearch& c,
                               const std::function<Status(cudnnConvolutionFwdAlgo_t)>& enqueue) {
    std::string key = "cudnn " + std::to_string(cudnnGetVersion()) + " " + c.task;
    for (int d : c.dims)
        key += " " + std::to_string(d);
    auto use = [&](cudnnConvolutionFwdAlgo_t algo) -> Status {
        KWB_GPU_TRY(cudnnCheck(cudnnGetConvolutionForwardWorkspaceSize(c.handle, c.x, c.w, c.conv,
                                                                       c.y, algo, c.workspaceBytes),
                               "cudnnGetConvolutionForwardWorkspaceSize"));
        KWB_GPU_TRY(c.workspace->ensure(*c.workspaceBytes, "the cuDNN convolution workspace"));
        return enqueue(algo);
    };
    auto runOnce = [&](cudnnConvolutionFwdAlgo_t algo) -> Status {
        KWB_GPU_TRY(use(algo));
        return cudaCheck(cudaStreamSynchronize(c.stream), "first cuDNN convolution (synchronise)");
    };
    if (auto known = knownAlgorithm(key)) {
        Status s = runOnce(static_cast<cudnnConvolutionFwdAlgo_t>(*known));
        if (s.ok() || s.error().code != "cudnn-error")
            return s; // a CUDA error is not an unsupported algorithm; otherwise search again
    }
    auto algos = findConvolutionAlgorithms(c.handle, c.x, c.w, c.conv, c.y, c.allowTensorOps);
    if (!algos)
        return algos.error();
    if (algos->empty())
        return Error::make("cudnn-error",
                           c.task + ": cudnnFindConvolutionForwardAlgorithm found no usable "
                                    "algorithm for this shape");
    // cudnnFind's order is a first cut (one timed run each); the fastest few that the call
    // accepts are timed again.
    auto best = fastestCandidate(
        algos->size(), [&](std::size_t i) { return use((*algos)[i]); }, c.stream);
    if (!best)
        return best.error();
    KWB_GPU_TRY(runOnce((*algos)[*best]));
    rememberAlgorithm(key, (*algos)[*best]);
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
    const ConvolutionSearch search{kTask,
                                   {m_dims[0], m_dims[1], m_dims[2], m_dims[3], m_dims[4]},
                                   m_handle,
                                   m_xDesc,
                                   m_wDesc,
                                   m_convDesc,
                                   m_yDesc,
                                   false,
                                   call.stream,
                                   &m_workspace,
                                   &m_workspaceBytes};
    auto enqueueWith = [&](cudnnConvolutionFwdAlgo_t algo) {
        m_algo = algo;
        return enqueue(call);
    };
    KWB_GPU_TRY(useConvolutionAlgorithm(search, enqueueWith));
    m_prepared = true;
    return okStatus();
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
