#pragma once
// gemm-bias-gelu-bf16: cuBLASLt matmul, bf16 in/out, fp32 compute and scale, epilogue
// CUBLASLT_EPILOGUE_GELU_BIAS (GELU in its tanh approximation). Row-major through
// C^T = B^T A^T, so the bias runs along the rows of cuBLASLt's D, as the epilogue wants.
// The heuristic's algorithm is cached per (device, M, N, K) for the life of the process.
// Where cuBLASLt offers no working GELU_BIAS algorithm for a shape (possible at odd, unaligned
// leading dimensions), it falls back to cublasGemmEx into an fp32 scratch plus our bias+GELU
// kernel, and label() says so. With gelu = false the epilogue is BIAS alone.
#include <cublasLt.h>
#include <cublas_v2.h>

#include "core/gpu/baselines/baseline.h"
#include "core/gpu/baselines/device_buffer.h"

namespace kwb::gpu {

class CublasLtGemmBiasGeluBaseline final : public Baseline {
public:
    // gelu false: the same bf16 GEMM with the plain BIAS epilogue (the MLP block's second GEMM).
    explicit CublasLtGemmBiasGeluBaseline(bool gelu = true) : m_gelu(gelu) {}
    ~CublasLtGemmBiasGeluBaseline() override;
    CublasLtGemmBiasGeluBaseline(const CublasLtGemmBiasGeluBaseline&) = delete;
    CublasLtGemmBiasGeluBaseline& operator=(const CublasLtGemmBiasGeluBaseline&) = delete;

    std::string label() const override;
    std::string kind() const override { return m_fallback ? "composition" : "cublaslt"; }
    Status prepare(const BaselineCall& call) override;
    Status run(const BaselineCall& call) override;

private:
    Status describeShape();
    void destroyLayouts();
    Status tryLtAlgorithms(const BaselineCall& call);
    Status prepareFallback(const BaselineCall& call);
    Status enqueue(const BaselineCall& call);

    cublasLtHandle_t m_lt = nullptr;
    cublasHandle_t m_blas = nullptr; // fallback only
    cublasLtMatmulDesc_t m_op = nullptr;
    cublasLtMatrixLayout_t m_aLayout = nullptr; // cuBLASLt's A: row-major B[K,N] as N x K
    cublasLtMatrixLayout_t m_bLayout = nullptr; // cuBLASLt's B: row-major A[M,K] as K x M
    cublasLtMatrixLayout_t m_dLayout = nullptr; // cuBLASLt's C and D: row-major C[M,N] as N x M
    cublasLtMatmulAlgo_t m_algo{};
    DeviceBuffer m_workspace;
    DeviceBuffer m_scratch; // fallback: fp32 A*B
    bool m_gelu = true;
    bool m_fallback = false;
    bool m_prepared = false;
    int m_m = 0;
    int m_n = 0;
    int m_k = 0;
};

} // namespace kwb::gpu
