#include "core/gpu/baselines/cublas_level12_baseline.h"

#include "core/gpu/baselines/call_checks.h"
#include "core/gpu/baselines/cublas_sgemm_baseline.h"
#include "core/gpu/baselines/library_status.h"

namespace kwb::gpu {

namespace {
constexpr std::size_t kWorkspaceBytes = 4u << 20;
}

CublasLevel12Baseline::~CublasLevel12Baseline() {
    if (m_handle != nullptr)
        cublasDestroy(m_handle);
}

const char* CublasLevel12Baseline::taskId() const {
    switch (m_op) {
    case Op::Saxpy:
        return "saxpy-f32";
    case Op::Transpose:
        return "transpose-f32";
    case Op::Gemv:
        break;
    }
    return "gemv-f32";
}

std::string CublasLevel12Baseline::label() const {
    switch (m_op) {
    case Op::Saxpy:
        return "cuBLAS: cudaMemcpyAsync(out <- y) + cublasSaxpy";
    case Op::Transpose:
        return "cuBLAS: cublasSgeam (transpose, beta 0)";
    case Op::Gemv:
        break;
    }
    return "cuBLAS: cublasSgemv (TF32 off)";
}

Status CublasLevel12Baseline::prepare(const BaselineCall& call) {
    m_prepared = false;
    const std::string task = taskId();
    KWB_GPU_TRY(checkBuffers(call, m_op == Op::Transpose ? 1 : 2, 1, task));
    auto dims = m_op == Op::Saxpy       ? readDims(call, {"n"}, task)
                : m_op == Op::Transpose ? readDims(call, {"rows", "cols"}, task)
                                        : readDims(call, {"M", "N"}, task);
    if (!dims)
        return dims.error();
    if (m_op == Op::Saxpy) {
        auto alpha = readScalar(call, "alpha", 1.0, task);
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

Status CublasLevel12Baseline::run(const BaselineCall& call) {
    KWB_GPU_TRY(checkRunCall(m_prepared, call, m_dims, m_op == Op::Transpose ? 1 : 2, 1, taskId()));
    return enqueue(call);
}

Status CublasLevel12Baseline::enqueue(const BaselineCall& call) {
    // cublasSetStream resets the workspace to cuBLAS's own pool, so set ours after it.
    KWB_GPU_TRY(cublasCheck(cublasSetStream(m_handle, call.stream), "cublasSetStream"));
    KWB_GPU_TRY(cublasCheck(cublasSetWorkspace(m_handle, m_workspace.data(), m_workspace.size()),
                            "cublasSetWorkspace"));
    const float one = 1.0f, zero = 0.0f;
    auto* out = static_cast<float*>(call.outputs[0]);
    const auto* in0 = static_cast<const float*>(call.inputs[0]);
    switch (m_op) {
    case Op::Saxpy: {
        const int n = static_cast<int>(m_dims.at("n"));
        KWB_GPU_TRY(cudaCheck(cudaMemcpyAsync(out, call.inputs[1], sizeof(float) * std::size_t(n),
                                              cudaMemcpyDeviceToDevice, call.stream),
                              "cudaMemcpyAsync (out <- y)"));
        return cublasCheck(cublasSaxpy(m_handle, n, &m_alpha, in0, 1, out, 1), "cublasSaxpy");
    }
    case Op::Transpose: {
        const int rows = static_cast<int>(m_dims.at("rows"));
        const int cols = static_cast<int>(m_dims.at("cols"));
        // Row-major x [rows, cols] is column-major cols x rows (ld cols); row-major y
        // [cols, rows] is column-major rows x cols (ld rows): y = op_T(x). With beta 0, B is not
        // read; cuBLAS allows B == C when transb is N and ldb == ldc.
        return cublasCheck(cublasSgeam(m_handle, CUBLAS_OP_T, CUBLAS_OP_N, rows, cols, &one, in0,
                                       cols, &zero, out, rows, out, rows),
                           "cublasSgeam");
    }
    case Op::Gemv:
        break;
    }
    const int m = static_cast<int>(m_dims.at("M"));
    const int n = static_cast<int>(m_dims.at("N"));
    // Row-major A [M, N] is column-major A^T (N x M, ld N); y = (A^T)^T x.
    return cublasCheck(cublasSgemv(m_handle, CUBLAS_OP_T, n, m, &one, in0, n,
                                   static_cast<const float*>(call.inputs[1]), 1, &zero, out, 1),
                       "cublasSgemv");
}

} // namespace kwb::gpu
