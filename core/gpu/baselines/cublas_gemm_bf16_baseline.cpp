#include "core/gpu/baselines/cublas_gemm_bf16_baseline.h"

#include "core/gpu/baselines/call_checks.h"
#include "core/gpu/baselines/library_status.h"

namespace kwb::gpu {

namespace {
const char* const kTask = "gemm-bf16";
constexpr std::size_t kWorkspaceBytes = 32u << 20;
} // namespace

CublasGemmBf16Baseline::~CublasGemmBf16Baseline() {
    if (m_handle != nullptr)
        cublasDestroy(m_handle);
}

Status CublasGemmBf16Baseline::prepare(const BaselineCall& call) {
    m_prepared = false;
    KWB_GPU_TRY(checkBuffers(call, 2, 1, kTask));
    auto dims = readDims(call, {"M", "N", "K"}, kTask);
    if (!dims)
        return dims.error();
    if (m_handle == nullptr) {
        KWB_GPU_TRY(cublasCheck(cublasCreate(&m_handle), "cublasCreate"));
        // cuBLAS may otherwise reduce split-K partial sums in bfloat16 (several output steps
        // off): this baseline is also the reference of the shapes without a CPU reference, and
        // the task asks for float accumulation with one rounding at the end.
        KWB_GPU_TRY(cublasCheck(
            cublasSetMathMode(m_handle, static_cast<cublasMath_t>(
                                            CUBLAS_DEFAULT_MATH |
                                            CUBLAS_MATH_DISALLOW_REDUCED_PRECISION_REDUCTION)),
            "cublasSetMathMode"));
    }
    KWB_GPU_TRY(m_workspace.ensure(kWorkspaceBytes, "the cuBLAS workspace"));
    m_dims = call.dims;
    m_prepared = true;
    Status s = enqueue(call);
    if (s.ok())
        s = cudaCheck(cudaStreamSynchronize(call.stream), "first cublasGemmEx (synchronise)");
    m_prepared = s.ok();
    return s;
}

Status CublasGemmBf16Baseline::run(const BaselineCall& call) {
    KWB_GPU_TRY(checkRunCall(m_prepared, call, m_dims, 2, 1, kTask));
    return enqueue(call);
}

Status CublasGemmBf16Baseline::enqueue(const BaselineCall& call) {
    KWB_GPU_TRY(cublasCheck(cublasSetStream(m_handle, call.stream), "cublasSetStream"));
    KWB_GPU_TRY(cublasCheck(cublasSetWorkspace(m_handle, m_workspace.data(), m_workspace.size()),
                            "cublasSetWorkspace"));
    const int m = static_cast<int>(m_dims.at("M"));
    const int n = static_cast<int>(m_dims.at("N"));
    const int k = static_cast<int>(m_dims.at("K"));
    const float alpha = 1.0f, beta = 0.0f;
    return cublasCheck(cublasGemmEx(m_handle, CUBLAS_OP_N, CUBLAS_OP_N, n, m, k, &alpha,
                                    call.inputs[1], CUDA_R_16BF, n, call.inputs[0], CUDA_R_16BF, k,
                                    &beta, call.outputs[0], CUDA_R_16BF, n, CUBLAS_COMPUTE_32F,
                                    CUBLAS_GEMM_DEFAULT),
                       "cublasGemmEx (bf16, float accumulation)");
}

} // namespace kwb::gpu
