#include "core/gpu/baselines/cublas_gemm_variants_baseline.h"

#include <vector>

#include "core/gpu/baselines/call_checks.h"
#include "core/gpu/baselines/cublas_sgemm_baseline.h"
#include "core/gpu/baselines/library_status.h"

namespace kwb::gpu {

namespace {
// cuBLAS's recommended workspace on Hopper.
constexpr std::size_t kWorkspaceBytes = 32u << 20;
} // namespace

CublasGemmVariantsBaseline::~CublasGemmVariantsBaseline() {
    if (m_handle != nullptr)
        cublasDestroy(m_handle);
}

const char* CublasGemmVariantsBaseline::opName() const {
    switch (m_op) {
    case Op::TransposedA:
        return "cublas-sgemm-at";
    case Op::TransposedB:
        return "cublas-sgemm-bt";
    case Op::StridedBatched:
        return "cublas-sgemm-strided-batched";
    case Op::TrmmLower:
        return "cublas-strmm-lower";
    case Op::ScaleResidual:
        return "cublas-sgemm-scale-residual";
    case Op::MeanRows:
        break;
    }
    return "cublas-mean-rows";
}

std::string CublasGemmVariantsBaseline::label() const {
    switch (m_op) {
    case Op::TransposedA:
        return "cuBLAS SGEMM, A transposed (TF32 off)";
    case Op::TransposedB:
        return "cuBLAS SGEMM, B transposed (TF32 off)";
    case Op::StridedBatched:
        return "cuBLAS cublasSgemmStridedBatched (TF32 off)";
    case Op::TrmmLower:
        return "cuBLAS cublasStrmm (lower triangle, non-unit diagonal, TF32 off)";
    case Op::ScaleResidual:
        return "cuBLAS: cudaMemcpyAsync(C <- R) + SGEMM with alpha, beta 1 (TF32 off)";
    case Op::MeanRows:
        break;
    }
    return "cuBLAS cublasSgemv with a ones vector, alpha 1/cols (TF32 off)";
}

Status CublasGemmVariantsBaseline::prepareOnes(int cols) {
    KWB_GPU_TRY(m_ones.ensure(sizeof(float) * std::size_t(cols), "the ones vector"));
    const std::vector<float> ones(static_cast<std::size_t>(cols), 1.0f);
    return cudaCheck(
        cudaMemcpy(m_ones.data(), ones.data(), sizeof(float) * ones.size(), cudaMemcpyHostToDevice),
        "upload the ones vector");
}

Status CublasGemmVariantsBaseline::prepare(const BaselineCall& call) {
    m_prepared = false;
    const std::string op = opName();
    KWB_GPU_TRY(checkBuffers(call, inputCount(), 1, op));
    auto dims = m_op == Op::StridedBatched ? readDims(call, {"batch", "M", "N", "K"}, op)
                : m_op == Op::TrmmLower    ? readDims(call, {"M", "N"}, op)
                : m_op == Op::MeanRows     ? readDims(call, {"rows", "cols"}, op)
                                           : readDims(call, {"M", "N", "K"}, op);
    if (!dims)
        return dims.error();
    if (m_op == Op::MeanRows)
        KWB_GPU_TRY(prepareOnes((*dims)[1]));
    if (m_op == Op::ScaleResidual) {
        auto alpha = readScalar(call, "alpha", 1.0, op);
        if (!alpha)
            return alpha.error();
        m_alpha = static_cast<float>(*alpha);
    }
    if (m_handle == nullptr)
        KWB_GPU_TRY(createFp32CublasHandle(&m_handle));
    // Host pointer mode: alpha and beta are read from host memory at enqueue time.
    KWB_GPU_TRY(cublasCheck(cublasSetPointerMode(m_handle, CUBLAS_POINTER_MODE_HOST),
                            "cublasSetPointerMode"));
    KWB_GPU_TRY(m_workspace.ensure(kWorkspaceBytes, "the cuBLAS workspace"));
    m_dims = call.dims;
    m_prepared = true;
    Status s = enqueue(call);
    if (s.ok())
        s = cudaCheck(cudaStreamSynchronize(call.stream), "first cuBLAS call (synchronise)");
    m_prepared = s.ok();
    return s;
}

Status CublasGemmVariantsBaseline::run(const BaselineCall& call) {
    KWB_GPU_TRY(checkRunCall(m_prepared, call, m_dims, inputCount(), 1, opName()));
    return enqueue(call);
}

Status CublasGemmVariantsBaseline::enqueue(const BaselineCall& call) {
    // cublasSetStream resets the workspace to cuBLAS's own pool, so set ours after it.
    KWB_GPU_TRY(cublasCheck(cublasSetStream(m_handle, call.stream), "cublasSetStream"));
    KWB_GPU_TRY(cublasCheck(cublasSetWorkspace(m_handle, m_workspace.data(), m_workspace.size()),
                            "cublasSetWorkspace"));
    const float one = 1.0f, zero = 0.0f;
    const auto* a = static_cast<const float*>(call.inputs[0]);
    const auto* b = m_op == Op::MeanRows ? nullptr : static_cast<const float*>(call.inputs[1]);
    auto* c = static_cast<float*>(call.outputs[0]);
    const auto dim = [&](const char* name) { return static_cast<int>(m_dims.at(name)); };
    // Each row-major matrix read column-major is its transpose, so row-major C = op(A) op(B)
    // is column-major C^T = op(B)^T op(A)^T: B comes first, with M and N swapped.
    switch (m_op) {
    case Op::TransposedA: // A^T is column-major [M, K] (ld M); A itself is its transpose
        return cublasCheck(cublasSgemm(m_handle, CUBLAS_OP_N, CUBLAS_OP_T, dim("N"), dim("M"),
                                       dim("K"), &one, b, dim("N"), a, dim("M"), &zero, c,
                                       dim("N")),
                           "cublasSgemm (A transposed)");
    case Op::TransposedB: // B stored [N, K] is column-major B^T (ld K)
        return cublasCheck(cublasSgemm(m_handle, CUBLAS_OP_T, CUBLAS_OP_N, dim("N"), dim("M"),
                                       dim("K"), &one, b, dim("K"), a, dim("K"), &zero, c,
                                       dim("N")),
                           "cublasSgemm (B transposed)");
    case Op::StridedBatched: {
        const long long m = dim("M"), n = dim("N"), k = dim("K");
        return cublasCheck(cublasSgemmStridedBatched(m_handle, CUBLAS_OP_N, CUBLAS_OP_N, int(n),
                                                     int(m), int(k), &one, b, int(n), k * n, a,
                                                     int(k), m * k, &zero, c, int(n), m * n,
                                                     dim("batch")),
                           "cublasSgemmStridedBatched");
    }
    case Op::TrmmLower: // row-major lower A read column-major is upper; C^T = B^T A^T
        return cublasCheck(cublasStrmm(m_handle, CUBLAS_SIDE_RIGHT, CUBLAS_FILL_MODE_UPPER,
                                       CUBLAS_OP_N, CUBLAS_DIAG_NON_UNIT, dim("N"), dim("M"), &one,
                                       a, dim("M"), b, dim("N"), c, dim("N")),
                           "cublasStrmm");
    case Op::ScaleResidual:
        return enqueueScaleResidual(call);
    case Op::MeanRows:
        break;
    }
    // Row-major x [rows, cols] is column-major x^T (cols x rows, ld cols): y = (x^T)^T ones.
    const float scale = 1.0f / static_cast<float>(dim("cols"));
    return cublasCheck(cublasSgemv(m_handle, CUBLAS_OP_T, dim("cols"), dim("rows"), &scale, a,
                                   dim("cols"), m_ones.as<const float>(), 1, &zero, c, 1),
                       "cublasSgemv (row means)");
}

// C = alpha A B + R: R copied into C, then C^T = alpha B^T A^T + 1 C^T as in cublas-sgemm.
Status CublasGemmVariantsBaseline::enqueueScaleResidual(const BaselineCall& call) {
    const int m = static_cast<int>(m_dims.at("M"));
    const int n = static_cast<int>(m_dims.at("N"));
    const int k = static_cast<int>(m_dims.at("K"));
    auto* c = static_cast<float*>(call.outputs[0]);
    const std::size_t bytes = sizeof(float) * std::size_t(m) * std::size_t(n);
    KWB_GPU_TRY(
        cudaCheck(cudaMemcpyAsync(c, call.inputs[2], bytes, cudaMemcpyDeviceToDevice, call.stream),
                  "cudaMemcpyAsync (C <- R)"));
    const float one = 1.0f;
    return cublasCheck(cublasSgemm(m_handle, CUBLAS_OP_N, CUBLAS_OP_N, n, m, k, &m_alpha,
                                   static_cast<const float*>(call.inputs[1]), n,
                                   static_cast<const float*>(call.inputs[0]), k, &one, c, n),
                       "cublasSgemm (alpha, beta 1 onto the residual)");
}

} // namespace kwb::gpu
