#pragma once
// scaled-masked-softmax-f32, a composition: a plain kernel writes scale * x with masked
// positions set to -10000 into a scratch tensor, then cuDNN's accurate softmax normalises each
// row of it into y (cuDNN's legacy softmax has no scale or mask of its own).
#include <cudnn.h>

#include "core/gpu/baselines/baseline.h"
#include "core/gpu/baselines/device_buffer.h"

namespace kwb::gpu {

class MaskedSoftmaxBaseline final : public Baseline {
public:
    MaskedSoftmaxBaseline() = default;
    ~MaskedSoftmaxBaseline() override;
    MaskedSoftmaxBaseline(const MaskedSoftmaxBaseline&) = delete;
    MaskedSoftmaxBaseline& operator=(const MaskedSoftmaxBaseline&) = delete;

    std::string label() const override {
        return "composition: scale+mask kernel, then cuDNN softmax (CUDNN_SOFTMAX_ACCURATE)";
    }
    std::string kind() const override { return "composition"; }
    Status prepare(const BaselineCall& call) override;
    Status run(const BaselineCall& call) override;

private:
    Status enqueue(const BaselineCall& call);

    cudnnHandle_t m_handle = nullptr;
    cudnnTensorDescriptor_t m_desc = nullptr;
    DeviceBuffer m_scratch;
    std::map<std::string, long long> m_dims;
    float m_scale = 1.0f;
    bool m_prepared = false;
};

} // namespace kwb::gpu
