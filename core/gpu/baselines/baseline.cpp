#include "core/gpu/baselines/baseline.h"

#include "core/gpu/baselines/cub_reduce_baseline.h"
#include "core/gpu/baselines/cublas_sgemm_baseline.h"
#include "core/gpu/baselines/cublaslt_gemm_bias_gelu_baseline.h"
#include "core/gpu/baselines/cudnn_conv_baseline.h"
#include "core/gpu/baselines/cudnn_softmax_baseline.h"
#include "core/gpu/baselines/layernorm_gelu_baseline.h"

namespace kwb::gpu {

Baseline::~Baseline() = default;

std::unique_ptr<Baseline> makeBaseline(const std::string& taskId) {
    if (taskId == "softmax-rows-f32")
        return std::make_unique<CudnnSoftmaxBaseline>();
    if (taskId == "sgemm-f32")
        return std::make_unique<CublasSgemmBaseline>();
    if (taskId == "layernorm-gelu-f32")
        return std::make_unique<LayerNormGeluBaseline>();
    if (taskId == "conv2d-nchw-f32")
        return std::make_unique<CudnnConvBaseline>();
    if (taskId == "reduce-sum-f32")
        return std::make_unique<CubReduceBaseline>();
    if (taskId == "gemm-bias-gelu-bf16")
        return std::make_unique<CublasLtGemmBiasGeluBaseline>();
    return nullptr;
}

std::vector<std::string> baselineTaskIds() {
    return {"softmax-rows-f32", "sgemm-f32",      "layernorm-gelu-f32",
            "conv2d-nchw-f32",  "reduce-sum-f32", "gemm-bias-gelu-bf16"};
}

} // namespace kwb::gpu
