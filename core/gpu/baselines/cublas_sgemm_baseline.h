#pragma once
// sgemm-f32: cublasSgemm with TF32 and BF16x9 emulation off, row-major through C^T = B^T A^T.
#include <cublas_v2.h>

#include "core/gpu/baselines/baseline.h"
#include "core/gpu/baselines/device_buffer.h"

namespace kwb::gpu {

class CublasSgemmBaseline final : public Baseline {
public:
    CublasSgemmBaseline() = default;
    ~CublasSgemmBaseline() override;
    CublasSgemmBaseline(const CublasSgemmBaseline&) = delete;
    CublasSgemmBaseline& operator=(const CublasSgemmBaseline&) = delete;

    std::string label() const override { return "cuBLAS SGEMM (TF32 off)"; }
    std::string kind() const override { return "cublas"; }
    Status prepare(const BaselineCall& call) override;
    Status run(const BaselineCall& call) override;

private:
    cublasHandle_t m_handle = nullptr;
    DeviceBuffer m_workspace; // ours, so cuBLAS never allocates on a new stream inside run()
    int m_m = 0;
    int m_n = 0;
    int m_k = 0;
};

// A cuBLAS handle whose float GEMMs use plain FP32 FMA: math mode CUBLAS_DEFAULT_MATH (no
// TF32, no BF16x9 emulation), checked by reading it back. Shared with the calibration probe.
Status createFp32CublasHandle(cublasHandle_t* handle);

} // namespace kwb::gpu
