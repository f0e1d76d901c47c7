#include "core/gpu/baselines/cudnn_conv_nd_baseline.h"

#include <algorithm>

#include "core/gpu/baselines/algorithm_choices.h"
#include "core/gpu/baselines/call_checks.h"
#include "core/gpu/baselines/cudnn_conv_baseline.h"
#include "core/gpu/baselines/library_status.h"

namespace kwb::gpu {

namespace {

const char* backwardDataAlgorithmName(cudnnConvolutionBwdDataAlgo_t algo) {
    switch (algo) {
    case CUDNN_CONVOLUTION_BWD_DATA_ALGO_0:
        return "ALGO_0";
    case CUDNN_CONVOLUTION_BWD_DATA_ALGO_1:
        return "ALGO_1";
    case CUDNN_CONVOLUTION_BWD_DATA_ALGO_FFT:
        return "FFT";
    case CUDNN_CONVOLUTION_BWD_DATA_ALGO_FFT_TILING:
        return "FFT_TILING";
    case CUDNN_CONVOLUTION_BWD_DATA_ALGO_WINOGRAD:
        return "WINOGRAD";
    case CUDNN_CONVOLUTION_BWD_DATA_ALGO_WINOGRAD_NONFUSED:
        return "WINOGRAD_NONFUSED";
    default:
        return "unknown";
    }
}

std::string dimsText(const std::vector<int>& d) {
    std::string s;
    for (int v : d)
        s += (s.empty() ? "" : " x ") + std::to_string(v);
    return s;
}

// The backward-data algorithms cudnnFind ran, fastest first by its single timed run; none
// that uses tensor-op (TF32) math.
Result<std::vector<cudnnConvolutionBwdDataAlgo_t>>
findBackwardDataAlgorithms(cudnnHandle_t handle, cudnnFilterDescriptor_t w,
                           cudnnTensorDescriptor_t dy, cudnnConvolutionDescriptor_t conv,
                           cudnnTensorDescriptor_t dx) {
    int maxCount = 0;
    KWB_GPU_TRY(cudnnCheck(cudnnGetConvolutionBackwardDataAlgorithmMaxCount(handle, &maxCount),
                           "cudnnGetConvolutionBackwardDataAlgorithmMaxCount"));
    std::vector<cudnnConvolutionBwdDataAlgoPerf_t> perf(
        static_cast<std::size_t>(std::max(maxCount, 1)));
    int returned = 0;
    KWB_GPU_TRY(cudnnCheck(cudnnFindConvolutionBackwardDataAlgorithm(handle, w, dy, conv, dx,
                                                                     static_cast<int>(perf.size()),
                                                                     &returned, perf.data()),
                           "cudnnFindConvolutionBackwardDataAlgorithm"));
    std::vector<cudnnConvolutionBwdDataAlgo_t> algos;
    for (int i = 0; i < returned; ++i) {
        const auto& p = perf[static_cast<std::size_t>(i)];
        const bool tensorOps = p.mathType == CUDNN_TENSOR_OP_MATH ||
                               p.mathType == CUDNN_TENSOR_OP_MATH_ALLOW_CONVERSION;
        if (p.status != CUDNN_STATUS_SUCCESS || p.time < 0.0f || tensorOps)
            continue;
        if (std::find(algos.begin(), algos.end(), p.algo) == algos.end())
            algos.push_back(p.algo);
    }
    return algos;
}

} // namespace

CudnnConvNdBaseline::~CudnnConvNdBaseline() {
    if (m_convDesc != nullptr)
        cudnnDestroyConvolutionDescriptor(m_convDesc);
    if (m_wDesc != nullptr)
        cudnnDestroyFilterDescriptor(m_wDesc);
    for (auto* d : {m_inDesc, m_outDesc})
        if (d != nullptr)
            cudnnDestroyTensorDescriptor(d);
    if (m_handle != nullptr)
        cudnnDestroy(m_handle);
}

const char* CudnnConvNdBaseline::opName() const {
    switch (m_op) {
    case Op::Conv1d:
        return "cudnn-conv1d";
    case Op::Conv2d:
        return "cudnn-conv2d";
    case Op::Conv3d:
        return "cudnn-conv3d";
    case Op::Transpose2d:
        break;
    }
    return "cudnn-conv-transpose2d";
}

std::string CudnnConvNdBaseline::label() const {
    const bool transposed = m_op == Op::Transpose2d;
    std::string s = transposed ? "cuDNN convolution backward data (transposed convolution"
                               : "cuDNN convolution forward (";
    s += std::string(transposed ? ", " : "") + "kernel " + std::to_string(m_kernel) + ", stride " +
         std::to_string(m_stride) + ", pad " + std::to_string(m_padding) + ", dilation " +
         std::to_string(m_dilation);
    if (m_groups != 1)
        s += ", " + std::to_string(m_groups) + " groups";
    s += ", FP32 FMA, no TF32";
    if (m_prepared)
        s += std::string(", algo ") + (transposed ? backwardDataAlgorithmName(m_bwdAlgo)
                                                  : convolutionAlgorithmName(m_fwdAlgo));
    return s + ")";
}

// Kernel size, stride, padding and dilation: the task's [baseline] params (whole numbers).
Status CudnnConvNdBaseline::readGeometry(const BaselineCall& call) {
    int* fields[] = {&m_kernel, &m_stride, &m_padding, &m_dilation};
    const char* names[] = {"kernel", "stride", "padding", "dilation"};
    const double defaults[] = {3, 1, 0, 1};
    for (int i = 0; i < 4; ++i) {
        auto v = readScalar(call, names[i], defaults[i], opName());
        if (!v)
            return v.error();
        const int low = i == 2 ? 0 : 1;
        if (*v != static_cast<int>(*v) || *v < low || *v > 64)
            return badCall(std::string(opName()) + " baseline: " + names[i] +
                           " must be a whole number in [" + std::to_string(low) + ", 64]");
        *fields[i] = static_cast<int>(*v);
    }
    return okStatus();
}

// The forward convolution's input, filter and expected output dims from the task's dims.
Status CudnnConvNdBaseline::readShape(const BaselineCall& call) {
    const std::string task = opName();
    const int r = m_kernel;
    if (m_op == Op::Transpose2d) {
        auto d = readDims(call, {"N", "C", "H", "W", "K", "OH", "OW"}, task);
        if (!d)
            return d.error();
        const auto& v = *d;
        m_groups = 1;
        m_in = {v[0], v[4], v[5], v[6]}; // y [N, K, OH, OW] is the forward input
        m_out = {v[0], v[1], v[2], v[3]};
        m_filter = {v[1], v[4], r, r};
        return okStatus();
    }
    auto d = m_op == Op::Conv1d ? readDims(call, {"N", "C", "L", "K", "OL", "G"}, task)
             : m_op == Op::Conv2d
                 ? readDims(call, {"N", "C", "H", "W", "K", "OH", "OW", "G"}, task)
                 : readDims(call, {"N", "C", "D", "H", "W", "K", "OD", "OH", "OW", "G"}, task);
    if (!d)
        return d.error();
    const auto& v = *d;
    const std::size_t spatial = m_op == Op::Conv1d ? 1 : m_op == Op::Conv2d ? 2 : 3;
    const int n = v[0], c = v[1], k = v[2 + spatial];
    m_groups = v.back();
    if (c % m_groups != 0 || k % m_groups != 0)
        return badCall(task + " baseline: G = " + std::to_string(m_groups) +
                       " does not divide both C and K");
    m_in = {n, c};
    m_out = {n, k};
    m_filter = {k, c / m_groups};
    if (m_op == Op::Conv1d) { // as 2D over [N, C, 1, L]
        m_in.push_back(1);
        m_out.push_back(1);
        m_filter.push_back(1);
    }
    for (std::size_t i = 0; i < spatial; ++i) {
        m_in.push_back(v[2 + i]);
        m_out.push_back(v[3 + spatial + i]);
        m_filter.push_back(r);
    }
    return okStatus();
}

Status CudnnConvNdBaseline::describe() {
    if (m_handle == nullptr)
        KWB_GPU_TRY(cudnnCheck(cudnnCreate(&m_handle), "cudnnCreate"));
    for (auto* d : {&m_inDesc, &m_outDesc})
        if (*d == nullptr)
            KWB_GPU_TRY(cudnnCheck(cudnnCreateTensorDescriptor(d), "cudnnCreateTensorDescriptor"));
    if (m_wDesc == nullptr)
        KWB_GPU_TRY(
            cudnnCheck(cudnnCreateFilterDescriptor(&m_wDesc), "cudnnCreateFilterDescriptor"));
    if (m_convDesc == nullptr)
        KWB_GPU_TRY(cudnnCheck(cudnnCreateConvolutionDescriptor(&m_convDesc),
                               "cudnnCreateConvolutionDescriptor"));
    const int nb = static_cast<int>(m_in.size());
    KWB_GPU_TRY(cudnnCheck(cudnnSetTensorNdDescriptorEx(m_inDesc, CUDNN_TENSOR_NCHW,
                                                        CUDNN_DATA_FLOAT, nb, m_in.data()),
                           "cudnnSetTensorNdDescriptorEx (convolution input)"));
    KWB_GPU_TRY(cudnnCheck(cudnnSetFilterNdDescriptor(m_wDesc, CUDNN_DATA_FLOAT, CUDNN_TENSOR_NCHW,
                                                      nb, m_filter.data()),
                           "cudnnSetFilterNdDescriptor"));
    // 1D runs as 2D: the height axis has no padding, stride or dilation.
    const bool oneD = m_op == Op::Conv1d;
    std::vector<int> pad(static_cast<std::size_t>(nb - 2), m_padding);
    std::vector<int> stride(pad.size(), m_stride), dilation(pad.size(), m_dilation);
    if (oneD)
        pad[0] = 0, stride[0] = 1, dilation[0] = 1;
    KWB_GPU_TRY(cudnnCheck(
        cudnnSetConvolutionNdDescriptor(m_convDesc, nb - 2, pad.data(), stride.data(),
                                        dilation.data(), CUDNN_CROSS_CORRELATION, CUDNN_DATA_FLOAT),
        "cudnnSetConvolutionNdDescriptor"));
    KWB_GPU_TRY(cudnnCheck(cudnnSetConvolutionGroupCount(m_convDesc, m_groups),
                           "cudnnSetConvolutionGroupCount"));
    // CUDNN_DEFAULT_MATH would let float32 convolutions use TF32 tensor cores; FMA forbids it.
    KWB_GPU_TRY(cudnnCheck(cudnnSetConvolutionMathType(m_convDesc, CUDNN_FMA_MATH),
                           "cudnnSetConvolutionMathType(CUDNN_FMA_MATH)"));
    std::vector<int> computed(m_in.size(), 0);
    KWB_GPU_TRY(cudnnCheck(
        cudnnGetConvolutionNdForwardOutputDim(m_convDesc, m_inDesc, m_wDesc, nb, computed.data()),
        "cudnnGetConvolutionNdForwardOutputDim"));
    if (computed != m_out)
        return badCall(std::string(opName()) + " baseline: the task's sizes give " +
                       dimsText(m_out) + " where cuDNN computes " + dimsText(computed) +
                       " for this kernel, stride, padding and dilation");
    return cudnnCheck(cudnnSetTensorNdDescriptorEx(m_outDesc, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT,
                                                   nb, m_out.data()),
                      "cudnnSetTensorNdDescriptorEx (convolution output)");
}

// As useConvolutionAlgorithm, for the backward-data call: the remembered choice, else the
// fastest of cudnnFind's first ranks as timed here, remembered.
Status CudnnConvNdBaseline::chooseBackwardDataAlgorithm(const BaselineCall& call,
                                                        const std::string& key) {
    auto use = [&](cudnnConvolutionBwdDataAlgo_t algo) -> Status {
        KWB_GPU_TRY(cudnnCheck(
            cudnnGetConvolutionBackwardDataWorkspaceSize(m_handle, m_wDesc, m_outDesc, m_convDesc,
                                                         m_inDesc, algo, &m_workspaceBytes),
            "cudnnGetConvolutionBackwardDataWorkspaceSize"));
        KWB_GPU_TRY(m_workspace.ensure(m_workspaceBytes, "the cuDNN convolution workspace"));
        m_bwdAlgo = algo;
        return enqueue(call);
    };
    auto runOnce = [&](cudnnConvolutionBwdDataAlgo_t algo) -> Status {
        KWB_GPU_TRY(use(algo));
        return cudaCheck(cudaStreamSynchronize(call.stream), "first cuDNN convolution");
    };
    if (auto known = knownAlgorithm(key)) {
        Status s = runOnce(static_cast<cudnnConvolutionBwdDataAlgo_t>(*known));
        if (s.ok() || s.error().code != "cudnn-error")
            return s;
    }
    auto algos = findBackwardDataAlgorithms(m_handle, m_wDesc, m_outDesc, m_convDesc, m_inDesc);
    if (!algos)
        return algos.error();
    if (algos->empty())
        return Error::make("cudnn-error", std::string(opName()) +
                                              ": cudnnFindConvolutionBackwardDataAlgorithm found "
                                              "no usable float32 algorithm for this shape");
    auto best = fastestCandidate(
        algos->size(), [&](std::size_t i) { return use((*algos)[i]); }, call.stream);
    if (!best)
        return best.error();
    KWB_GPU_TRY(runOnce((*algos)[*best]));
    rememberAlgorithm(key, (*algos)[*best]);
    return okStatus();
}

Status CudnnConvNdBaseline::prepare(const BaselineCall& call) {
    m_prepared = false;
    KWB_GPU_TRY(checkBuffers(call, 2, 1, opName()));
    KWB_GPU_TRY(readGeometry(call));
    KWB_GPU_TRY(readShape(call));
    KWB_GPU_TRY(describe());
    KWB_GPU_TRY(cudnnCheck(cudnnSetStream(m_handle, call.stream), "cudnnSetStream"));
    m_dims = call.dims;
    std::vector<int> keyDims = m_in;
    keyDims.insert(keyDims.end(), m_filter.begin(), m_filter.end());
    keyDims.insert(keyDims.end(), {m_stride, m_padding, m_dilation, m_groups});
    if (m_op == Op::Transpose2d) {
        std::string key = "cudnn " + std::to_string(cudnnGetVersion()) + " " + opName();
        for (int d : keyDims)
            key += " " + std::to_string(d);
        KWB_GPU_TRY(chooseBackwardDataAlgorithm(call, key));
    } else {
        const ConvolutionSearch search{opName(),    keyDims,      m_handle,         m_inDesc,
                                       m_wDesc,     m_convDesc,   m_outDesc,        false,
                                       call.stream, &m_workspace, &m_workspaceBytes};
        auto enqueueWith = [&](cudnnConvolutionFwdAlgo_t algo) {
            m_fwdAlgo = algo;
            return enqueue(call);
        };
        KWB_GPU_TRY(useConvolutionAlgorithm(search, enqueueWith));
    }
    m_prepared = true;
    return okStatus();
}

Status CudnnConvNdBaseline::run(const BaselineCall& call) {
    KWB_GPU_TRY(checkRunCall(m_prepared, call, m_dims, 2, 1, opName()));
    KWB_GPU_TRY(cudnnCheck(cudnnSetStream(m_handle, call.stream), "cudnnSetStream"));
    return enqueue(call);
}

Status CudnnConvNdBaseline::enqueue(const BaselineCall& call) {
    const float one = 1.0f, zero = 0.0f; // beta 0: y is not read
    if (m_op == Op::Transpose2d)
        return cudnnCheck(
            cudnnConvolutionBackwardData(m_handle, &one, m_wDesc, call.inputs[1], m_outDesc,
                                         call.inputs[0], m_convDesc, m_bwdAlgo, m_workspace.data(),
                                         m_workspaceBytes, &zero, m_inDesc, call.outputs[0]),
            "cudnnConvolutionBackwardData");
    return cudnnCheck(cudnnConvolutionForward(m_handle, &one, m_inDesc, call.inputs[0], m_wDesc,
                                              call.inputs[1], m_convDesc, m_fwdAlgo,
                                              m_workspace.data(), m_workspaceBytes, &zero,
                                              m_outDesc, call.outputs[0]),
                      "cudnnConvolutionForward");
}

} // namespace kwb::gpu
