#pragma once
// gemm-bf16: cublasGemmEx with bf16 A, B and C, float accumulation (CUBLAS_COMPUTE_32F, tensor
// cores), row-major through C^T = B^T A^T.
#include <cublas_v2.h>

#include "core/gpu/baselines/baseline.h"
#include "core/gpu/baselines/device_buffer.h"

namespace kwb::gpu {

class CublasGemmBf16Baseline final : public Baseline {
public:
    CublasGemmBf16Baseline() = default;
    ~CublasGemmBf16Baseline() override;
    CublasGemmBf16Baseline(const CublasGemmBf16Baseline&) = delete;
    CublasGemmBf16Baseline& operator=(const CublasGemmBf16Baseline&) = delete;

    std::string label() const override {
        return "cuBLAS: cublasGemmEx bf16 in/out, float accumulation (tensor cores)";
    }
    std::string kind() const override { return "cublas"; }
    Status prepare(const BaselineCall& call) override;
    Status run(const BaselineCall& call) override;

private:
    Status enqueue(const BaselineCall& call);

    cublasHandle_t m_handle = nullptr;
    DeviceBuffer m_workspace;
    std::map<std::string, long long> m_dims;
    bool m_prepared = false;
};

} // namespace kwb::gpu
