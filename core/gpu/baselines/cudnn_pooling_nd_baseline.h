#pragma once
// cudnn-maxpool1d, cudnn-avgpool1d, cudnn-maxpool3d, cudnn-avgpool3d: cudnnPoolingForward with
// Nd descriptors, float32, a cubic (or, in 1D, 1 x window) window with the task's window,
// stride and padding ([baseline] params; 3, 2 and 1 by default). 1D runs as 2D over
// [N, C, 1, L]. Max ignores the padding; the average counts it (PyTorch's default
// count_include_pad=True). prepare() checks the output sizes against cuDNN's.
#include <vector>

#include <cudnn.h>

#include "core/gpu/baselines/baseline.h"

namespace kwb::gpu {

class CudnnPoolingNdBaseline final : public Baseline {
public:
    enum class Op { Max1d, Average1d, Max3d, Average3d };
    explicit CudnnPoolingNdBaseline(Op op) : m_op(op) {}
    ~CudnnPoolingNdBaseline() override;
    CudnnPoolingNdBaseline(const CudnnPoolingNdBaseline&) = delete;
    CudnnPoolingNdBaseline& operator=(const CudnnPoolingNdBaseline&) = delete;

    std::string label() const override;
    std::string kind() const override { return "cudnn"; }
    Status prepare(const BaselineCall& call) override;
    Status run(const BaselineCall& call) override;

private:
    const char* opName() const;
    bool isMax() const { return m_op == Op::Max1d || m_op == Op::Max3d; }
    bool is1d() const { return m_op == Op::Max1d || m_op == Op::Average1d; }
    Status readWindow(const BaselineCall& call);
    Status describe(const std::vector<int>& x, const std::vector<int>& y);
    Status enqueue(const BaselineCall& call);

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
