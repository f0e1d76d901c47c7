#pragma once
// GEMM variants of the level-1 suite, one cuBLAS call each on row-major data read as its
// column-major transpose (no data movement):
//   cublas-sgemm-at:              C = A^T B   -> cublasSgemm(N, T) on C^T = B^T A
//   cublas-sgemm-bt:              C = A B^T   -> cublasSgemm(T, N) on C^T = B A^T
//   cublas-sgemm-strided-batched: C[b] = A[b] B[b] -> cublasSgemmStridedBatched(N, N)
//   cublas-strmm-lower:           C = tril(A) B   -> cublasStrmm(right, upper) on
//                                 C^T = B^T tril(A)^T
//   cublas-mean-rows:             y = x 1 / cols  -> cublasSgemv(T) with a ones vector we own
//   cublas-sgemm-scale-residual:  C = alpha A B + R -> cudaMemcpyAsync(C <- R), then
//                                 cublasSgemm(N, N) with beta 1 onto it (the copy is part of
//                                 the operation's work: cuBLAS accumulates only in place)
// The handle uses CUBLAS_DEFAULT_MATH (no TF32) and a workspace of our own.
#include <cublas_v2.h>

#include "core/gpu/baselines/baseline.h"
#include "core/gpu/baselines/device_buffer.h"

namespace kwb::gpu {

class CublasGemmVariantsBaseline final : public Baseline {
public:
    enum class Op { TransposedA, TransposedB, StridedBatched, TrmmLower, MeanRows, ScaleResidual };
    explicit CublasGemmVariantsBaseline(Op op) : m_op(op) {}
    ~CublasGemmVariantsBaseline() override;
    CublasGemmVariantsBaseline(const CublasGemmVariantsBaseline&) = delete;
    CublasGemmVariantsBaseline& operator=(const CublasGemmVariantsBaseline&) = delete;

    std::string label() const override;
    std::string kind() const override { return "cublas"; }
    Status prepare(const BaselineCall& call) override;
    Status run(const BaselineCall& call) override;

private:
    const char* opName() const;
    std::size_t inputCount() const {
        return m_op == Op::MeanRows ? 1 : m_op == Op::ScaleResidual ? 3 : 2;
    }
    Status prepareOnes(int cols);
    Status enqueue(const BaselineCall& call);
    Status enqueueScaleResidual(const BaselineCall& call);

    Op m_op;
    cublasHandle_t m_handle = nullptr;
    DeviceBuffer m_workspace;
    DeviceBuffer m_ones; // cublas-mean-rows: cols ones
    std::map<std::string, long long> m_dims;
    float m_alpha = 1.0f; // cublas-sgemm-scale-residual: the task's scalar, as a candidate gets it
    bool m_prepared = false;
};

} // namespace kwb::gpu
