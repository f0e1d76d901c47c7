#include "tests/gpu/baseline_reference.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace kwb::selftest {

namespace {

double geluErf(double v) {
    return 0.5 * v * (1.0 + std::erf(v / std::sqrt(2.0)));
}

std::size_t d(const Dims& dims, const char* k) {
    return static_cast<std::size_t>(dims.at(k));
}

} // namespace

// --- storage types ---------------------------------------------------------------------------

std::uint16_t toBf16(float f) {
    std::uint32_t bits = 0;
    std::memcpy(&bits, &f, sizeof(bits));
    if (std::isnan(f))
        return 0x7fc0;
    bits += 0x7fffu + ((bits >> 16) & 1u); // round to nearest even
    return static_cast<std::uint16_t>(bits >> 16);
}

float fromBf16(std::uint16_t h) {
    const std::uint32_t bits = static_cast<std::uint32_t>(h) << 16;
    float f = 0.0f;
    std::memcpy(&f, &bits, sizeof(f));
    return f;
}

double roundTo(double v, bool bf16) {
    return bf16 ? fromBf16(toBf16(static_cast<float>(v))) : static_cast<float>(v);
}

std::vector<TaskSpec> taskSpecs() {
    std::vector<TaskSpec> specs;
    // softmax: relative to |y|; half precision (rel 1e-3) fails.
    specs.push_back(
        {"softmax-rows-f32",
         false,
         [](const Dims& m) { return std::vector<std::size_t>{d(m, "rows") * d(m, "cols")}; },
         [](const Dims& m) { return d(m, "rows") * d(m, "cols"); },
         {{-8.0, 8.0}},
         [](const Dims& m, const Scalars&, const std::vector<HostData>& in, HostData& ref,
            HostData& scale) {
             const std::size_t rows = d(m, "rows"), cols = d(m, "cols");
             for (std::size_t r = 0; r < rows; ++r) {
                 const double* x = &in[0][r * cols];
                 const double mx = *std::max_element(x, x + cols);
                 double sum = 0.0;
                 for (std::size_t c = 0; c < cols; ++c)
                     sum += std::exp(x[c] - mx);
                 for (std::size_t c = 0; c < cols; ++c) {
                     ref[r * cols + c] = std::exp(x[c] - mx) / sum;
                     scale[r * cols + c] = std::fabs(ref[r * cols + c]);
                 }
             }
         },
         1e-7,
         1e-4,
         "1e-7 + 1e-4*|ref|"});
    // sgemm: relative to sum_k |a||b| per element; TF32 (10-bit mantissa) would fail.
    specs.push_back(
        {"sgemm-f32",
         false,
         [](const Dims& m) {
             return std::vector<std::size_t>{d(m, "M") * d(m, "K"), d(m, "K") * d(m, "N")};
         },
         [](const Dims& m) { return d(m, "M") * d(m, "N"); },
         {{-1.0, 1.0}, {-1.0, 1.0}},
         [](const Dims& m, const Scalars&, const std::vector<HostData>& in, HostData& ref,
            HostData& scale) {
             const std::size_t M = d(m, "M"), N = d(m, "N"), K = d(m, "K");
             for (std::size_t i = 0; i < M; ++i)
                 for (std::size_t j = 0; j < N; ++j) {
                     double s = 0.0, a = 0.0;
                     for (std::size_t k = 0; k < K; ++k) {
                         s += in[0][i * K + k] * in[1][k * N + j];
                         a += std::fabs(in[0][i * K + k] * in[1][k * N + j]);
                     }
                     ref[i * N + j] = s;
                     scale[i * N + j] = a;
                 }
         },
         1e-6,
         1e-5,
         "1e-6 + 1e-5*sum_k|a*b|"});
    // layernorm + exact GELU: relative to |y|. x has an offset to exercise the two-pass variance.
    specs.push_back({"layernorm-gelu-f32",
                     false,
                     [](const Dims& m) {
                         return std::vector<std::size_t>{d(m, "rows") * d(m, "cols"), d(m, "cols"),
                                                         d(m, "cols")};
                     },
                     [](const Dims& m) { return d(m, "rows") * d(m, "cols"); },
                     {{-1.5, 2.5}, {0.5, 1.5}, {-0.5, 0.5}},
                     [](const Dims& m, const Scalars& s, const std::vector<HostData>& in,
                        HostData& ref, HostData& scale) {
                         const std::size_t rows = d(m, "rows"), cols = d(m, "cols");
                         const double eps = s.at("eps");
                         for (std::size_t r = 0; r < rows; ++r) {
                             const double* x = &in[0][r * cols];
                             double mean = 0.0, var = 0.0;
                             for (std::size_t c = 0; c < cols; ++c)
                                 mean += x[c];
                             mean /= static_cast<double>(cols);
                             for (std::size_t c = 0; c < cols; ++c)
                                 var += (x[c] - mean) * (x[c] - mean);
                             var /= static_cast<double>(cols);
                             const double rstd = 1.0 / std::sqrt(var + eps);
                             for (std::size_t c = 0; c < cols; ++c) {
                                 const double v = (x[c] - mean) * rstd * in[1][c] + in[2][c];
                                 ref[r * cols + c] = geluErf(v);
                                 scale[r * cols + c] = std::fabs(ref[r * cols + c]);
                             }
                         }
                     },
                     1e-5,
                     1e-4,
                     "1e-5 + 1e-4*|ref|"});
    // conv: relative to sum |x*w| per output (headroom for Winograd/FFT algorithms).
    specs.push_back(
        {"conv2d-nchw-f32",
         false,
         [](const Dims& m) {
             return std::vector<std::size_t>{d(m, "N") * d(m, "C") * d(m, "H") * d(m, "W"),
                                             d(m, "K") * d(m, "C") * 9};
         },
         [](const Dims& m) { return d(m, "N") * d(m, "K") * d(m, "H") * d(m, "W"); },
         {{-1.0, 1.0}, {-1.0, 1.0}},
         [](const Dims& m, const Scalars&, const std::vector<HostData>& in, HostData& ref,
            HostData& scale) {
             const long long N = m.at("N"), C = m.at("C"), H = m.at("H"), W = m.at("W"),
                             K = m.at("K");
             for (long long n = 0; n < N; ++n)
                 for (long long k = 0; k < K; ++k)
                     for (long long h = 0; h < H; ++h)
                         for (long long w = 0; w < W; ++w) {
                             double s = 0.0, a = 0.0;
                             for (long long c = 0; c < C; ++c)
                                 for (long long r = 0; r < 3; ++r)
                                     for (long long q = 0; q < 3; ++q) {
                                         const long long y = h + r - 1, x = w + q - 1;
                                         if (y < 0 || y >= H || x < 0 || x >= W)
                                             continue;
                                         const double p = in[0][static_cast<std::size_t>(
                                                              ((n * C + c) * H + y) * W + x)] *
                                                          in[1][static_cast<std::size_t>(
                                                              ((k * C + c) * 3 + r) * 3 + q)];
                                         s += p;
                                         a += std::fabs(p);
                                     }
                             const auto o = static_cast<std::size_t>(((n * K + k) * H + h) * W + w);
                             ref[o] = s;
                             scale[o] = a;
                         }
         },
         1e-6,
         5e-5,
         "1e-6 + 5e-5*sum|x*w|"});
    // reduce: relative to sum |x|, as the task's tolerance is.
    specs.push_back({"reduce-sum-f32",
                     false,
                     [](const Dims& m) { return std::vector<std::size_t>{d(m, "n")}; },
                     [](const Dims&) { return std::size_t{1}; },
                     {{-1.0, 1.0}},
                     [](const Dims&, const Scalars&, const std::vector<HostData>& in, HostData& ref,
                        HostData& scale) {
                         double s = 0.0, a = 0.0;
                         for (double v : in[0]) {
                             s += v;
                             a += std::fabs(v);
                         }
                         ref[0] = s;
                         scale[0] = a;
                     },
                     1e-6,
                     1e-5,
                     "1e-6 + 1e-5*sum|x|"});
    // bf16 GEMM + bias + GELU: reference uses exact GELU; the bound covers bf16 output rounding
    // (2^-9 relative) and the epilogue's tanh approximation (< 1e-3 absolute).
    specs.push_back({"gemm-bias-gelu-bf16",
                     true,
                     [](const Dims& m) {
                         return std::vector<std::size_t>{d(m, "M") * d(m, "K"),
                                                         d(m, "K") * d(m, "N"), d(m, "N")};
                     },
                     [](const Dims& m) { return d(m, "M") * d(m, "N"); },
                     {{-1.0, 1.0}, {-1.0, 1.0}, {-1.0, 1.0}},
                     [](const Dims& m, const Scalars&, const std::vector<HostData>& in,
                        HostData& ref, HostData& scale) {
                         const std::size_t M = d(m, "M"), N = d(m, "N"), K = d(m, "K");
                         for (std::size_t i = 0; i < M; ++i)
                             for (std::size_t j = 0; j < N; ++j) {
                                 double s = in[2][j];
                                 for (std::size_t k = 0; k < K; ++k)
                                     s += in[0][i * K + k] * in[1][k * N + j];
                                 ref[i * N + j] = geluErf(s);
                                 scale[i * N + j] = std::fabs(ref[i * N + j]);
                             }
                     },
                     1e-2,
                     1e-2,
                     "1e-2 + 1e-2*|ref|"});
    return specs;
}

} // namespace kwb::selftest
