#include "core/gpu/baselines/baseline.h"

#include <functional>
#include <utility>

#include "core/gpu/baselines/causal_attention_baseline.h"
#include "core/gpu/baselines/cub_device_baseline.h"
#include "core/gpu/baselines/cub_reduce_baseline.h"
#include "core/gpu/baselines/cublas_gemm_bf16_baseline.h"
#include "core/gpu/baselines/cublas_level12_baseline.h"
#include "core/gpu/baselines/cublas_sgemm_baseline.h"
#include "core/gpu/baselines/cublaslt_gemm_bias_gelu_baseline.h"
#include "core/gpu/baselines/cudnn_batchnorm_baseline.h"
#include "core/gpu/baselines/cudnn_conv_baseline.h"
#include "core/gpu/baselines/cudnn_convolution_baseline.h"
#include "core/gpu/baselines/cudnn_pooling_baseline.h"
#include "core/gpu/baselines/cudnn_softmax_baseline.h"
#include "core/gpu/baselines/layernorm_gelu_baseline.h"
#include "core/gpu/baselines/masked_softmax_baseline.h"
#include "core/gpu/baselines/mlp_baseline.h"
#include "core/gpu/baselines/plain_kernel_baseline.h"

namespace kwb::gpu {

namespace {

using Factory = std::function<std::unique_ptr<Baseline>()>;

template <typename T, typename... Args> Factory make(Args... args) {
    return [=] { return std::make_unique<T>(args...); };
}

// The built-in suite's task ids and their baselines, in the suite's order.
const std::vector<std::pair<std::string, Factory>>& registry() {
    using Blas = CublasLevel12Baseline;
    using Plain = PlainKernelBaseline;
    using Conv = CudnnConvolutionBaseline;
    using Pool = CudnnPoolingBaseline;
    using Cub = CubDeviceBaseline;
    static const std::vector<std::pair<std::string, Factory>> table{
        {"saxpy-f32", make<Blas>(Blas::Op::Saxpy)},
        {"transpose-f32", make<Blas>(Blas::Op::Transpose)},
        {"gemv-f32", make<Blas>(Blas::Op::Gemv)},
        {"sgemm-f32", make<CublasSgemmBaseline>()},
        {"gemm-bf16", make<CublasGemmBf16Baseline>()},
        {"softmax-rows-f32", make<CudnnSoftmaxBaseline>()},
        {"layernorm-f32", make<Plain>(Plain::Op::LayerNorm)},
        {"rmsnorm-f32", make<Plain>(Plain::Op::RmsNorm)},
        {"gelu-f32", make<Plain>(Plain::Op::Gelu)},
        {"reduce-sum-f32", make<CubReduceBaseline>()},
        {"scan-f32", make<Cub>(Cub::Op::InclusiveScan)},
        {"histogram-i32", make<Cub>(Cub::Op::Histogram)},
        {"conv2d-nchw-f32", make<CudnnConvBaseline>()},
        {"conv2d-nhwc-f16", make<Conv>(Conv::Op::NhwcHalf)},
        {"maxpool2d-f32", make<Pool>(Pool::Op::Max)},
        {"avgpool2d-f32", make<Pool>(Pool::Op::Average)},
        {"batchnorm-inference-f32", make<CudnnBatchNormBaseline>()},
        {"layernorm-gelu-f32", make<LayerNormGeluBaseline>()},
        {"gemm-bias-gelu-bf16", make<CublasLtGemmBiasGeluBaseline>(true)},
        {"conv2d-bias-relu-f32", make<Conv>(Conv::Op::BiasReluFloat)},
        {"scaled-masked-softmax-f32", make<MaskedSoftmaxBaseline>()},
        {"rmsnorm-residual-f32", make<Plain>(Plain::Op::RmsNormResidual)},
        {"causal-attention-f16", make<CausalAttentionBaseline>()},
        {"mlp-bf16", make<MlpBaseline>()},
    };
    return table;
}

} // namespace

Baseline::~Baseline() = default;

std::unique_ptr<Baseline> makeBaseline(const std::string& taskId) {
    for (const auto& [id, factory] : registry())
        if (id == taskId)
            return factory();
    return nullptr;
}

std::vector<std::string> baselineTaskIds() {
    std::vector<std::string> ids;
    for (const auto& entry : registry())
        ids.push_back(entry.first);
    return ids;
}

} // namespace kwb::gpu
