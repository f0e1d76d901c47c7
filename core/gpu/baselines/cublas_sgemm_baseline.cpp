#include "core/gpu/baselines/cublas_sgemm_baseline.h"

#include "core/gpu/baselines/call_checks.h"
#include "core/gpu/baselines/library_status.h"

namespace kwb::gpu {

namespace {
const char* const kTask = "sgemm-f32";
// cuBLAS's recommended workspace on Hopper.
constexpr std::size_t kWorkspaceBytes = 32u << 20;
} // namespace

Status createFp32CublasHandle(cublasHandle_t* handle) {
    *handle = nullptr;
    cublasHandle_t h = nullptr;
    KWB_GPU_TRY(cublasCheck(cublasCreate(&h), "cublasCreate"));
    // An explicit mode overrides any default taken from the environment at handle creation.
    // CUBLAS_DEFAULT_MATH allows neither TF32 (CUBLAS_TF32_TENSOR_OP_MATH) nor BF16x9
    // emulation (CUBLAS_FP32_EMULATED_BF16X9_MATH) for single precision.
    Status s = cublasCheck(cublasSetMathMode(h, CUBLAS_DEFAULT_MATH), "cublasSetMathMode(DEFAULT)");
    cublasMath_t mode = CUBLAS_TF32_TENSOR_OP_MATH;
    if (s.ok())
        s = cublasCheck(cublasGetMathMode(h, &mode), "cublasGetMathMode");
    if (s.ok() && mode != CUBLAS_DEFAULT_MATH)
        s = Error::make("cublas-error", "cuBLAS math mode is " +
                                            std::to_string(static_cast<int>(mode)) +
                                            " after setting CUBLAS_DEFAULT_MATH: TF32 may be on");
    if (!s.ok()) {
        cublasDestroy(h);
        return s;
    }
    *handle = h;
    return okStatus();
}

CublasSgemmBaseline::~CublasSgemmBaseline() {
    if (m_handle != nullptr)
        cublasDestroy(m_handle);
}

Status CublasSgemmBaseline::prepare(const BaselineCall& call) {
    m_m = m_n = m_k = 0;
    KWB_GPU_TRY(checkBuffers(call, 2, 1, kTask));
    auto dims = readDims(call, {"M", "N", "K"}, kTask);
    if (!dims)
        return dims.error();
    if (m_handle == nullptr)
        KWB_GPU_TRY(createFp32CublasHandle(&m_handle));
    KWB_GPU_TRY(m_workspace.ensure(kWorkspaceBytes, "the cuBLAS workspace"));
    m_m = (*dims)[0];
    m_n = (*dims)[1];
    m_k = (*dims)[2];
    KWB_GPU_TRY(run(call));
    return cudaCheck(cudaStreamSynchronize(call.stream), "first cuBLAS SGEMM (synchronise)");
}

Status CublasSgemmBaseline::run(const BaselineCall& call) {
    if (m_handle == nullptr || call.inputs.size() != 2 || call.outputs.size() != 1 ||
        call.dims.count("M") == 0 || call.dims.count("N") == 0 || call.dims.count("K") == 0 ||
        call.dims.at("M") != m_m || call.dims.at("N") != m_n || call.dims.at("K") != m_k)
        return notPrepared(kTask);
    // cublasSetStream resets the workspace to cuBLAS's own pool, so set ours after it.
    KWB_GPU_TRY(cublasCheck(cublasSetStream(m_handle, call.stream), "cublasSetStream"));
    KWB_GPU_TRY(cublasCheck(cublasSetWorkspace(m_handle, m_workspace.data(), m_workspace.size()),
                            "cublasSetWorkspace"));
    const float alpha = 1.0f;
    const float beta = 0.0f; // beta 0: C is not read
    const auto* a = static_cast<const float*>(call.inputs[0]);
    const auto* b = static_cast<const float*>(call.inputs[1]);
    auto* c = static_cast<float*>(call.outputs[0]);
    // Row-major C[M,N] = A[M,K] B[K,N] is column-major C^T[N,M] = B^T[N,K] A^T[K,M], where each
    // row-major matrix read column-major is its transpose: no data movement.
    return cublasCheck(cublasSgemm(m_handle, CUBLAS_OP_N, CUBLAS_OP_N, m_n, m_m, m_k, &alpha, b,
                                   m_n, a, m_k, &beta, c, m_n),
                       "cublasSgemm");
}

} // namespace kwb::gpu
