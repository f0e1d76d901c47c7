// The task ids of the suite (beyond the six proof tasks) and their float64 references.
#include <array>
#include <utility>

#include "core/reference/cpu_reference_ops.h"

namespace kwb::cpuref {

namespace {

constexpr std::array<std::pair<const char*, ReferenceFn>, 18> kReferences{{
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
