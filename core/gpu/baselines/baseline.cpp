#include "core/gpu/baselines/baseline.h"

#include <functional>
#include <utility>

#include "core/gpu/baselines/causal_attention_baseline.h"
#include "core/gpu/baselines/cub_device_baseline.h"
#include "core/gpu/baselines/cub_reduce_baseline.h"
#include "core/gpu/baselines/cub_select_baseline.h"
#include "core/gpu/baselines/cublas_gemm_bf16_baseline.h"
#include "core/gpu/baselines/cublas_gemm_variants_baseline.h"
#include "core/gpu/baselines/cublas_level12_baseline.h"
#include "core/gpu/baselines/cublas_sgemm_baseline.h"
#include "core/gpu/baselines/cublaslt_gemm_bias_baseline.h"
#include "core/gpu/baselines/cudnn_activation_baseline.h"
#include "core/gpu/baselines/cudnn_batchnorm_baseline.h"
#include "core/gpu/baselines/cudnn_conv_baseline.h"
#include "core/gpu/baselines/cudnn_conv_chain_baseline.h"
#include "core/gpu/baselines/cudnn_conv_nd_baseline.h"
#include "core/gpu/baselines/cudnn_convolution_baseline.h"
#include "core/gpu/baselines/cudnn_pooling_baseline.h"
#include "core/gpu/baselines/cudnn_pooling_nd_baseline.h"
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

// The catalogue's operations (core/model/baseline_catalogue.h) by name.
const std::vector<std::pair<std::string, Factory>>& registry() {
    using Blas = CublasLevel12Baseline;
    using Plain = PlainKernelBaseline;
    using Conv = CudnnConvolutionBaseline;
    using Pool = CudnnPoolingBaseline;
    using Cub = CubDeviceBaseline;
    using Gemm = CublasGemmVariantsBaseline;
    using Select = CubSelectBaseline;
    using ConvNd = CudnnConvNdBaseline;
    using PoolNd = CudnnPoolingNdBaseline;
    using Chain = CudnnConvChainBaseline;
    using Lt = CublasLtGemmBiasBaseline;
    using Act = CudnnActivationBaseline;
    static const std::vector<std::pair<std::string, Factory>> table{
        {"cublas-saxpy", make<Blas>(Blas::Op::Saxpy)},
        {"cublas-transpose", make<Blas>(Blas::Op::Transpose)},
        {"cublas-gemv", make<Blas>(Blas::Op::Gemv)},
        {"cublas-sgemm", make<CublasSgemmBaseline>()},
        {"cublas-gemm-bf16", make<CublasGemmBf16Baseline>()},
        {"cudnn-softmax-rows", make<CudnnSoftmaxBaseline>()},
        {"kernel-layernorm", make<Plain>(Plain::Op::LayerNorm)},
        {"kernel-rmsnorm", make<Plain>(Plain::Op::RmsNorm)},
        {"kernel-gelu", make<Plain>(Plain::Op::Gelu)},
        {"cub-reduce-sum", make<CubReduceBaseline>()},
        {"cub-inclusive-scan", make<Cub>(Cub::Op::InclusiveScan)},
        {"cub-histogram-256", make<Cub>(Cub::Op::Histogram)},
        {"cudnn-conv2d-nchw", make<CudnnConvBaseline>()},
        {"cudnn-conv2d-nhwc-f16", make<Conv>(Conv::Op::NhwcHalf)},
        {"cudnn-maxpool2d", make<Pool>(Pool::Op::Max)},
        {"cudnn-avgpool2d", make<Pool>(Pool::Op::Average)},
        {"cudnn-batchnorm-inference", make<CudnnBatchNormBaseline>()},
        {"composition-layernorm-gelu", make<LayerNormGeluBaseline>()},
        {"cublaslt-gemm-bias-gelu-bf16", make<Lt>(Lt::Epilogue::GeluBias)},
        {"cudnn-conv2d-bias-relu", make<Conv>(Conv::Op::BiasReluFloat)},
        {"composition-scaled-masked-softmax", make<MaskedSoftmaxBaseline>()},
        {"kernel-rmsnorm-residual", make<Plain>(Plain::Op::RmsNormResidual)},
        {"composition-causal-attention-f16", make<CausalAttentionBaseline>()},
        {"cublaslt-mlp-bf16", make<MlpBaseline>()},
        {"cublas-sgemm-at", make<Gemm>(Gemm::Op::TransposedA)},
        {"cublas-sgemm-bt", make<Gemm>(Gemm::Op::TransposedB)},
        {"cublas-sgemm-strided-batched", make<Gemm>(Gemm::Op::StridedBatched)},
        {"cublas-strmm-lower", make<Gemm>(Gemm::Op::TrmmLower)},
        {"cublas-mean-rows", make<Gemm>(Gemm::Op::MeanRows)},
        {"cub-reduce-max", make<Select>(CubSelectOp::Max)},
        {"cub-reduce-min", make<Select>(CubSelectOp::Min)},
        {"cub-argmax", make<Select>(CubSelectOp::ArgMax)},
        {"cub-argmin", make<Select>(CubSelectOp::ArgMin)},
        {"cub-segmented-prod-rows", make<Select>(CubSelectOp::ProdRows)},
        {"cub-exclusive-scan", make<Select>(CubSelectOp::ExclusiveSum)},
        {"cub-radix-sort-i32", make<Select>(CubSelectOp::SortKeys)},
        {"cudnn-conv1d", make<ConvNd>(ConvNd::Op::Conv1d)},
        {"cudnn-conv2d", make<ConvNd>(ConvNd::Op::Conv2d)},
        {"cudnn-conv3d", make<ConvNd>(ConvNd::Op::Conv3d)},
        {"cudnn-conv-transpose2d", make<ConvNd>(ConvNd::Op::Transpose2d)},
        {"cudnn-maxpool1d", make<PoolNd>(PoolNd::Op::Max1d)},
        {"cudnn-avgpool1d", make<PoolNd>(PoolNd::Op::Average1d)},
        {"cudnn-maxpool3d", make<PoolNd>(PoolNd::Op::Max3d)},
        {"cudnn-avgpool3d", make<PoolNd>(PoolNd::Op::Average3d)},
        {"cudnn-batchnorm-training", make<CudnnBatchNormBaseline>(true)},
        {"composition-conv2d-bn-relu", make<Chain>(Chain::Op::BatchNormRelu)},
        {"composition-conv2d-maxpool", make<Chain>(Chain::Op::MaxPool)},
        {"cublaslt-gemm-bias-relu-f32", make<Lt>(Lt::Epilogue::ReluBias)},
        {"cublas-sgemm-scale-residual", make<Gemm>(Gemm::Op::ScaleResidual)},
        {"cudnn-relu", make<Act>(Act::Op::Relu)},
        {"cudnn-sigmoid", make<Act>(Act::Op::Sigmoid)},
        {"cudnn-tanh", make<Act>(Act::Op::Tanh)},
        {"cudnn-swish", make<Act>(Act::Op::Swish)},
    };
    return table;
}

} // namespace

Baseline::~Baseline() = default;

std::unique_ptr<Baseline> makeBaseline(const std::string& op) {
    for (const auto& [name, factory] : registry())
        if (name == op)
            return factory();
    return nullptr;
}

std::vector<std::string> baselineOps() {
    std::vector<std::string> ids;
    for (const auto& entry : registry())
        ids.push_back(entry.first);
    return ids;
}

} // namespace kwb::gpu
