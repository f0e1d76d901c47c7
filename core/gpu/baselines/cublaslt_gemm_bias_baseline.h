#pragma once
// C[M, N] = epilogue(A[M, K] B[K, N] + bias[N]) through one cuBLASLt matmul, fp32 compute and
// scale, with a fused epilogue:
//   cublaslt-gemm-bias-gelu-bf16: bf16 in/out, CUBLASLT_EPILOGUE_GELU_BIAS (GELU in its tanh
//     approximation);
//   cublaslt-gemm-bias-relu-f32: float32 in/out (CUBLAS_COMPUTE_32F: no TF32),
//     CUBLASLT_EPILOGUE_RELU_BIAS;
//   the MLP block's second GEMM: bf16, CUBLASLT_EPILOGUE_BIAS.
// Row-major through C^T = B^T A^T, so the bias runs along the rows of cuBLASLt's D, as the
// epilogue wants. The heuristic's algorithm is cached per (device, M, N, K, epilogue, type)
// for the life of the process. Where cuBLASLt offers no working algorithm with the epilogue
// for a shape (possible at odd, unaligned leading dimensions), it falls back to cublasGemmEx
// plus our epilogue kernel (bias_epilogue_kernel.h), and label() says so.
#include <cublasLt.h>
#include <cublas_v2.h>

#include "core/gpu/baselines/baseline.h"
#include "core/gpu/baselines/device_buffer.h"

namespace kwb::gpu {

class CublasLtGemmBiasBaseline final : public Baseline {
public:
    enum class Epilogue { GeluBias, Bias, ReluBias };
    enum class Precision { Bf16, F32 };
    // Bias and GeluBias take bf16; ReluBias takes float32.
    explicit CublasLtGemmBiasBaseline(Epilogue epilogue)
        : m_epilogue(epilogue),
          m_precision(epilogue == Epilogue::ReluBias ? Precision::F32 : Precision::Bf16) {}
    ~CublasLtGemmBiasBaseline() override;
    CublasLtGemmBiasBaseline(const CublasLtGemmBiasBaseline&) = delete;
    CublasLtGemmBiasBaseline& operator=(const CublasLtGemmBiasBaseline&) = delete;

    std::string label() const override;
    std::string kind() const override { return m_fallback ? "composition" : "cublaslt"; }
    Status prepare(const BaselineCall& call) override;
    Status run(const BaselineCall& call) override;

private:
    const char* opName() const;
    Status describeShape();
    void destroyLayouts();
    Status tryLtAlgorithms(const BaselineCall& call);
    Status prepareFallback(const BaselineCall& call);
    Status enqueue(const BaselineCall& call);
    Status enqueueFallback(const BaselineCall& call);

    cublasLtHandle_t m_lt = nullptr;
    cublasHandle_t m_blas = nullptr; // fallback only
    cublasLtMatmulDesc_t m_op = nullptr;
    cublasLtMatrixLayout_t m_aLayout = nullptr; // cuBLASLt's A: row-major B[K,N] as N x K
    cublasLtMatrixLayout_t m_bLayout = nullptr; // cuBLASLt's B: row-major A[M,K] as K x M
    cublasLtMatrixLayout_t m_dLayout = nullptr; // cuBLASLt's C and D: row-major C[M,N] as N x M
    cublasLtMatmulAlgo_t m_algo{};
    DeviceBuffer m_workspace;
    DeviceBuffer m_scratch; // bf16 fallback: fp32 A*B
    Epilogue m_epilogue;
    Precision m_precision;
    bool m_fallback = false;
    bool m_prepared = false;
    int m_m = 0;
    int m_n = 0;
    int m_k = 0;
};

} // namespace kwb::gpu
