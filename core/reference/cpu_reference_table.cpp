// The task ids of the suite (beyond the six proof tasks) and their float64 references.
#include <array>
#include <utility>

#include "core/reference/cpu_reference_ops.h"

namespace kwb::cpuref {

namespace {

constexpr std::array<std::pair<const char*, ReferenceFn>, 44> kReferences{{
    {"saxpy-f32", &saxpyRef},
    {"transpose-f32", &transposeRef},
    {"gemv-f32", &gemvRef},
    {"gemm-bf16", &gemmBf16Ref},
    {"layernorm-f32", &layernormRef},
    {"rmsnorm-f32", &rmsnormRef},
    {"gelu-f32", &geluRef},
    {"scan-f32", &scanRef},
    {"histogram-i32", &histogramRef},
    {"conv2d-nhwc-f16", &conv2dNhwcRef},
    {"maxpool2d-f32", &maxpoolRef},
    {"avgpool2d-f32", &avgpoolRef},
    {"batchnorm-inference-f32", &batchnormRef},
    {"conv2d-bias-relu-f32", &convBiasReluRef},
    {"scaled-masked-softmax-f32", &scaledMaskedSoftmaxRef},
    {"rmsnorm-residual-f32", &rmsnormResidualRef},
    {"causal-attention-f16", &causalAttentionRef},
    {"mlp-bf16", &mlpRef},
    {"instancenorm-f32", &instancenormRef},
    {"groupnorm-f32", &groupnormRef},
    {"groupnorm-silu-f32", &groupnormSiluRef},
    {"batchnorm-training-f32", &batchnormTrainingRef},
    {"layernorm-residual-f32", &layernormResidualRef},
    {"bias-gelu-scale-f32", &biasGeluScaleRef},
    {"maxpool1d-f32", &maxpool1dRef},
    {"avgpool3d-f32", &avgpool3dRef},
    {"attention-f16", &attentionRef},
    {"gqa-attention-f16", &gqaAttentionRef},
    {"conv1d-f32", &conv1dRef},
    {"conv2d-strided-f32", &conv2dStridedRef},
    {"conv2d-depthwise-f32", &conv2dDepthwiseRef},
    {"conv2d-dilated-f32", &conv2dDilatedRef},
    {"conv2d-grouped-f32", &conv2dGroupedRef},
    {"conv3d-f32", &conv3dRef},
    {"conv-transpose2d-f32", &convTranspose2dRef},
    {"conv2d-bn-relu-f32", &conv2dBnReluRef},
    {"conv2d-maxpool-f32", &conv2dMaxpoolRef},
    {"resblock-f32", &resblockRef},
    {"gemm-bias-relu-f32", &gemmBiasReluRef},
    {"matmul-scale-residual-f32", &matmulScaleResidualRef},
    {"rmsnorm-matmul-f32", &rmsnormMatmulRef},
    {"gemm-bias-sigmoid-bf16", &gemmBiasSigmoidRef},
    {"swiglu-bf16", &swigluRef},
    {"mlp-swiglu-bf16", &mlpSwigluRef},
}};

} // namespace

ReferenceFn findSuiteReference(const std::string& taskId) {
    for (const auto& [id, fn] : kReferences)
        if (taskId == id)
            return fn;
    return findLevel1Reference(taskId);
}

std::vector<std::string> suiteReferenceIds() {
    std::vector<std::string> ids;
    for (const auto& entry : kReferences)
        ids.emplace_back(entry.first);
    for (auto& id : level1ReferenceIds())
        ids.push_back(std::move(id));
    return ids;
}

} // namespace kwb::cpuref
