#include "tests/store/synthetic_kernels.h"

#include <random>

namespace kwbtest {

std::string syntheticKernel(const std::string& taskId, std::uint64_t seed) {
    std::mt19937_64 rng(seed * 0x9e3779b97f4a7c15ULL + 17);
    auto pick = [&](std::initializer_list<const char*> xs) {
        return std::string(xs.begin()[rng() % xs.size()]);
    };
    auto name = [&](const char* prefix) {
        return std::string(prefix) + std::to_string(rng() % 100000);
    };
    const std::string kernel = name("kernel_");
    std::string s = "// Candidate for " + taskId + " (generated " + std::to_string(seed) + ")\n";
    s += "#include <cuda_runtime.h>\n#include <math.h>\n\n";
    const int block = 32 << (rng() % 4);
    s += "constexpr int kBlock" + std::to_string(seed % 97) + " = " + std::to_string(block) +
         ";\n\n";
    std::vector<std::string> helpers;
    const int nHelpers = 3 + int(rng() % 4);
    for (int h = 0; h < nHelpers; ++h) {
        std::string fn = name("helper_"), a = name("a"), b = name("b");
        helpers.push_back(fn);
        s += "__device__ __forceinline__ float " + fn + "(float " + a + ", float " + b + ") {\n";
        const int lines = 3 + int(rng() % 5);
        std::string acc = name("t");
        s += "    float " + acc + " = " + a + " * " + std::to_string(rng() % 1000) + ".0f;\n";
        for (int l = 0; l < lines; ++l) {
            s += "    " + acc + " = " + pick({"fmaf", "fmaxf", "fminf", "__fmul_rn", "__fadd_rn"}) +
                 "(" + acc + ", " + (rng() % 2 ? a : b) + (rng() % 2 ? " + " : " - ") +
                 std::to_string(rng() % 4096) + ".0f);\n";
        }
        s += "    return " + acc + " " + pick({"+", "-", "*"}) + " " + b + ";\n}\n\n";
    }
    const std::string x = name("x"), y = name("y"), n = name("n"), i = name("i");
    s += "__global__ void " + kernel + "(const float* __restrict__ " + x +
         ", float* __restrict__ " + y + ", int " + n + ") {\n";
    s += "    const int " + i + " = blockIdx.x * blockDim.x + threadIdx.x;\n";
    s += "    if (" + i + " >= " + n + ")\n        return;\n";
    s += "    float v = " + x + "[" + i + "];\n";
    for (const auto& h : helpers)
        s += "    v = " + h + "(v, " + std::to_string(rng() % 100) + ".5f);\n";
    s += "    " + y + "[" + i + "] = v;\n}\n\n";
    s += "extern \"C\" void kwb_entry(const float* x, float* y, int n, cudaStream_t stream) {\n";
    s += "    " + kernel + "<<<(n + " + std::to_string(block - 1) + ") / " + std::to_string(block) +
         ", " + std::to_string(block) + ", 0, stream>>>(x, y, n);\n}\n";
    return s;
}

} // namespace kwbtest
