#include "core/gpu/baselines/causal_attention_baseline.h"

#include "core/gpu/baselines/call_checks.h"
#include "core/gpu/baselines/library_status.h"
#include "core/gpu/baselines/plain_kernels.h"

namespace kwb::gpu {

namespace {
const char* const kTask = "causal-attention-f16";
constexpr std::size_t kWorkspaceBytes = 32u << 20;
} // namespace

CausalAttentionBaseline::~CausalAttentionBaseline() {
    if (m_handle != nullptr)
        cublasDestroy(m_handle);
}

Status CausalAttentionBaseline::prepare(const BaselineCall& call) {
    m_prepared = false;
    KWB_GPU_TRY(checkBuffers(call, 3, 1, kTask));
    auto d = readDims(call, {"B", "H", "S"}, kTask);
    if (!d)
        return d.error();
    auto scale = readScalar(call, "scale", 0.125, kTask);
    if (!scale)
        return scale.error();
    m_scale = static_cast<float>(*scale);
    const std::size_t bh = std::size_t((*d)[0]) * std::size_t((*d)[1]);
    const std::size_t s = std::size_t((*d)[2]);
    if (bh * s > 2147483647u)
        return badCall(std::string(kTask) + " baseline: B*H or B*H*S too large");
    if (m_handle == nullptr) {
        KWB_GPU_TRY(cublasCheck(cublasCreate(&m_handle), "cublasCreate"));
        // Split-K partial sums stay in float: the contract (and the reference role) is float
        // accumulation.
        KWB_GPU_TRY(cublasCheck(
            cublasSetMathMode(m_handle, static_cast<cublasMath_t>(
                                            CUBLAS_DEFAULT_MATH |
                                            CUBLAS_MATH_DISALLOW_REDUCED_PRECISION_REDUCTION)),
            "cublasSetMathMode"));
    }
    KWB_GPU_TRY(m_workspace.ensure(kWorkspaceBytes, "the cuBLAS workspace"));
    KWB_GPU_TRY(m_scores.ensure(bh * s * s * sizeof(float), "the attention scores"));
    KWB_GPU_TRY(m_probs.ensure(bh * s * s * 2, "the attention probabilities"));
    m_dims = call.dims;
    KWB_GPU_TRY(enqueue(call));
    KWB_GPU_TRY(cudaCheck(cudaStreamSynchronize(call.stream), "first attention (synchronise)"));
    m_prepared = true;
    return okStatus();
}

Status CausalAttentionBaseline::run(const BaselineCall& call) {
    KWB_GPU_TRY(checkRunCall(m_prepared, call, m_dims, 3, 1, kTask));
    return enqueue(call);
}

Status CausalAttentionBaseline::enqueue(const BaselineCall& call) {
    KWB_GPU_TRY(cublasCheck(cublasSetStream(m_handle, call.stream), "cublasSetStream"));
    KWB_GPU_TRY(cublasCheck(cublasSetWorkspace(m_handle, m_workspace.data(), m_workspace.size()),
                            "cublasSetWorkspace"));
    const int batch = static_cast<int>(m_dims.at("B") * m_dims.at("H"));
    const int s = static_cast<int>(m_dims.at("S"));
    const int d = kHeadDim;
    const long long sd = static_cast<long long>(s) * d, ss = static_cast<long long>(s) * s;
    const float zero = 0.0f, one = 1.0f;
    // Column-major: scores^T[j, i] = sum_t K[j, t] Q[i, t], i.e. op_T(K as d x s) * (Q as d x s),
    // which is row-major scores[i][j] with leading dimension s.
    KWB_GPU_TRY(cublasCheck(cublasGemmStridedBatchedEx(m_handle, CUBLAS_OP_T, CUBLAS_OP_N, s, s, d,
                                                       &m_scale, call.inputs[1], CUDA_R_16F, d, sd,
                                                       call.inputs[0], CUDA_R_16F, d, sd, &zero,
                                                       m_scores.data(), CUDA_R_32F, s, ss, batch,
                                                       CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT),
                            "cublasGemmStridedBatchedEx (Q K^T)"));
    KWB_GPU_TRY(
        cudaCheck(launchCausalSoftmaxToHalf(m_scores.as<float>(), m_probs.data(),
                                            static_cast<long long>(batch) * s, s, call.stream),
                  "causal softmax kernel launch"));
    // Column-major: O^T[t, i] = sum_j V^T[t, j] P^T[j, i]: (V as d x s) * (P row-major = P^T).
    return cublasCheck(cublasGemmStridedBatchedEx(m_handle, CUBLAS_OP_N, CUBLAS_OP_N, d, s, s, &one,
                                                  call.inputs[2], CUDA_R_16F, d, sd, m_probs.data(),
                                                  CUDA_R_16F, s, ss, &zero, call.outputs[0],
                                                  CUDA_R_16F, d, sd, batch, CUBLAS_COMPUTE_32F,
                                                  CUBLAS_GEMM_DEFAULT),
                       "cublasGemmStridedBatchedEx (P V)");
}

} // namespace kwb::gpu
