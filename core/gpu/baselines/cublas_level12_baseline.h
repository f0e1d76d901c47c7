#pragma once
// saxpy-f32, transpose-f32 and gemv-f32: one cuBLAS call each (plus a copy for SAXPY, whose
// cuBLAS form updates y in place while the task writes a separate output).
//   saxpy-f32:     cudaMemcpyAsync(out <- y), cublasSaxpy(alpha, x, out)
//   transpose-f32: cublasSgeam(OP_T) with beta 0 (cuBLAS's out-of-place transpose)
//   gemv-f32:      cublasSgemv(OP_T) on the row-major matrix read as column-major A^T
// The handle uses CUBLAS_DEFAULT_MATH (no TF32) and a workspace of our own.
#include <cublas_v2.h>

#include "core/gpu/baselines/baseline.h"
#include "core/gpu/baselines/device_buffer.h"

namespace kwb::gpu {

class CublasLevel12Baseline final : public Baseline {
public:
    enum class Op { Saxpy, Transpose, Gemv };
    explicit CublasLevel12Baseline(Op op) : m_op(op) {}
    ~CublasLevel12Baseline() override;
    CublasLevel12Baseline(const CublasLevel12Baseline&) = delete;
    CublasLevel12Baseline& operator=(const CublasLevel12Baseline&) = delete;

    std::string label() const override;
    std::string kind() const override { return "cublas"; }
    Status prepare(const BaselineCall& call) override;
    Status run(const BaselineCall& call) override;

private:
    const char* taskId() const;
    Status enqueue(const BaselineCall& call);

    Op m_op;
    cublasHandle_t m_handle = nullptr;
    DeviceBuffer m_workspace;
    std::map<std::string, long long> m_dims;
    float m_alpha = 1.0f;
    bool m_prepared = false;
};

} // namespace kwb::gpu
