#pragma once
// Float64 CPU references for the six proof tasks, for the small (cpu_reference) shapes: the
// worker compares a candidate's output with these. Inputs are the exact host copies the
// candidate got (float, or bf16 as raw uint16 bits); all arithmetic is in double. Pure
// functions, any thread. Sizes are checked: a wrong size is an Error, never a wild read.
#include <cstddef>
#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <vector>

#include "core/model/error.h"
#include "core/model/task.h"

namespace kwb::cpuref {

float bf16ToFloat(std::uint16_t bits);
std::uint16_t floatToBf16(float value); // round to nearest even; NaN stays NaN
double geluExact(double x);             // 0.5 x (1 + erf(x / sqrt 2))

// y[r, c] = exp(x[r, c] - max_r) / sum_c exp(x[r, c] - max_r)
Result<std::vector<double>> softmaxRows(std::span<const float> x, int rows, int cols);
// C[M, N] = A[M, K] B[K, N], row-major
Result<std::vector<double>> sgemm(std::span<const float> a, std::span<const float> b, int m, int n,
                                  int k);
// LayerNorm per row (biased variance, eps inside the square root), affine, then exact GELU.
Result<std::vector<double>> layernormGelu(std::span<const float> x, std::span<const float> gamma,
                                          std::span<const float> beta, int rows, int cols,
                                          float eps);
// 3x3, stride 1, padding 1: x [N, C, H, W], w [K, C, 3, 3] -> y [N, K, H, W]
Result<std::vector<double>> conv2dNchw(std::span<const float> x, std::span<const float> w, int n,
                                       int c, int h, int wd, int k);
// out[0] = sum x; reduceSumAbs gives the ScaledBySumAbs scale, sum |x|.
Result<std::vector<double>> reduceSum(std::span<const float> x);
Result<std::vector<double>> reduceSumAbs(std::span<const float> x);
// C = GELU(A B + bias), bf16 inputs, before the final rounding to bf16.
Result<std::vector<double>> gemmBiasGelu(std::span<const std::uint16_t> a,
                                         std::span<const std::uint16_t> b,
                                         std::span<const std::uint16_t> bias, int m, int n, int k);

// The reference outputs for one shape of one proof task, by output name, with the per-element
// scales that ScaledBySumAbs tolerances need (empty for other modes).
struct CpuReferenceResult {
    std::map<std::string, std::vector<double>> outputs;
    std::map<std::string, std::vector<double>> scales;
};

// The references are named as the built-in tasks that first used them ("sgemm-f32"); a task
// file names its own ([reference] cpu = "sgemm-f32"), and runCpuReference runs that one.
bool hasCpuReference(const std::string& name);
std::vector<std::string> cpuReferenceNames();
// inputs: every input buffer's raw host bytes by parameter name.
Result<CpuReferenceResult>
runCpuReference(const Task& task, const ShapeSpec& shape,
                const std::map<std::string, std::span<const std::byte>>& inputs);

} // namespace kwb::cpuref
