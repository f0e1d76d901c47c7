#pragma once
// cudnn-maxpool2d and cudnn-avgpool2d: cudnnPoolingForward, NCHW float, a square window with
// the task's window, stride and padding (scalars of the call; 3x3, stride 2, padding 1 by
// default). Max ignores the padding; the average counts it, as PyTorch's default
// count_include_pad=True. prepare() checks that OH and OW are what cuDNN computes.
#include <cudnn.h>

#include "core/gpu/baselines/baseline.h"

namespace kwb::gpu {

class CudnnPoolingBaseline final : public Baseline {
public:
    enum class Op { Max, Average };
    explicit CudnnPoolingBaseline(Op op) : m_op(op) {}
    ~CudnnPoolingBaseline() override;
    CudnnPoolingBaseline(const CudnnPoolingBaseline&) = delete;
    CudnnPoolingBaseline& operator=(const CudnnPoolingBaseline&) = delete;

    std::string label() const override;
    std::string kind() const override { return "cudnn"; }
    Status prepare(const BaselineCall& call) override;
    Status run(const BaselineCall& call) override;

private:
    const char* taskId() const { return m_op == Op::Max ? "maxpool2d-f32" : "avgpool2d-f32"; }
    Status enqueue(const BaselineCall& call);
    Status readWindow(const BaselineCall& call, const std::string& task);

    Op m_op;
    cudnnHandle_t m_handle = nullptr;
    cudnnTensorDescriptor_t m_xDesc = nullptr;
    cudnnTensorDescriptor_t m_yDesc = nullptr;
    cudnnPoolingDescriptor_t m_pool = nullptr;
    std::map<std::string, long long> m_dims;
    bool m_prepared = false;
    int m_window = 3, m_stride = 2, m_padding = 1;
};

} // namespace kwb::gpu
