#include "core/reference/cpu_reference.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

namespace kwb::cpuref {

namespace {

Error sizeError(const char* what) {
    return Error::make("reference-size", std::string("CPU reference: ") + what +
                                             " has the wrong size or a dimension is not positive");
}

bool sized(std::size_t have, std::initializer_list<long long> dims) {
    long long n = 1;
    for (long long d : dims) {
        if (d < 1)
            return false;
        n *= d;
    }
    return have == static_cast<std::size_t>(n);
}

} // namespace

float bf16ToFloat(std::uint16_t bits) {
    const std::uint32_t u = static_cast<std::uint32_t>(bits) << 16;
    float f;
    std::memcpy(&f, &u, sizeof f);
    return f;
}

std::uint16_t floatToBf16(float value) {
    std::uint32_t u;
    std::memcpy(&u, &value, sizeof u);
    if (std::isnan(value))
        return static_cast<std::uint16_t>((u >> 16) | 0x40u); // keep it a quiet NaN
    u += 0x7FFFu + ((u >> 16) & 1u);
    return static_cast<std::uint16_t>(u >> 16);
}

double geluExact(double x) {
    return 0.5 * x * (1.0 + std::erf(x / std::sqrt(2.0)));
}

Result<std::vector<double>> softmaxRows(std::span<const float> x, int rows, int cols) {
    if (!sized(x.size(), {rows, cols}))
        return sizeError("x");
    std::vector<double> y(x.size());
    for (int r = 0; r < rows; ++r) {
        const float* row = x.data() + static_cast<std::size_t>(r) * cols;
        double* out = y.data() + static_cast<std::size_t>(r) * cols;
        double mx = -std::numeric_limits<double>::infinity();
        for (int c = 0; c < cols; ++c)
            mx = std::max(mx, static_cast<double>(row[c]));
        double sum = 0;
        for (int c = 0; c < cols; ++c)
            sum += out[c] = std::exp(static_cast<double>(row[c]) - mx);
        for (int c = 0; c < cols; ++c)
            out[c] /= sum;
    }
    return y;
}

Result<std::vector<double>> sgemm(std::span<const float> a, std::span<const float> b, int m, int n,
                                  int k) {
    if (!sized(a.size(), {m, k}))
        return sizeError("A");
    if (!sized(b.size(), {k, n}))
        return sizeError("B");
    std::vector<double> c(static_cast<std::size_t>(m) * n, 0.0);
    // i-p-j order: streams through rows of B and C.
    for (int i = 0; i < m; ++i) {
        double* crow = c.data() + static_cast<std::size_t>(i) * n;
        for (int p = 0; p < k; ++p) {
            const double av = a[static_cast<std::size_t>(i) * k + p];
            const float* brow = b.data() + static_cast<std::size_t>(p) * n;
            for (int j = 0; j < n; ++j)
                crow[j] += av * brow[j];
        }
    }
    return c;
}

Result<std::vector<double>> layernormGelu(std::span<const float> x, std::span<const float> gamma,
                                          std::span<const float> beta, int rows, int cols,
                                          float eps) {
    if (!sized(x.size(), {rows, cols}))
        return sizeError("x");
    if (!sized(gamma.size(), {cols}) || !sized(beta.size(), {cols}))
        return sizeError("gamma or beta");
    std::vector<double> y(x.size());
    for (int r = 0; r < rows; ++r) {
        const float* row = x.data() + static_cast<std::size_t>(r) * cols;
        double* out = y.data() + static_cast<std::size_t>(r) * cols;
        double mean = 0;
        for (int c = 0; c < cols; ++c)
            mean += row[c];
        mean /= cols;
        double var = 0;
        for (int c = 0; c < cols; ++c)
            var += (row[c] - mean) * (row[c] - mean);
        var /= cols;
        const double inv = 1.0 / std::sqrt(var + static_cast<double>(eps));
        for (int c = 0; c < cols; ++c)
            out[c] = geluExact((row[c] - mean) * inv * gamma[c] + beta[c]);
    }
    return y;
}

Result<std::vector<double>> conv2dNchw(std::span<const float> x, std::span<const float> w, int n,
                                       int c, int h, int wd, int k) {
    if (!sized(x.size(), {n, c, h, wd}))
        return sizeError("x");
    if (!sized(w.size(), {k, c, 3, 3}))
        return sizeError("w");
    std::vector<double> y(static_cast<std::size_t>(n) * k * h * wd, 0.0);
    const auto xAt = [&](int b, int ch, int i, int j) {
        return static_cast<double>(x[((static_cast<std::size_t>(b) * c + ch) * h + i) * wd + j]);
    };
    for (int b = 0; b < n; ++b)
        for (int o = 0; o < k; ++o)
            for (int i = 0; i < h; ++i)
                for (int j = 0; j < wd; ++j) {
                    double acc = 0;
                    for (int ch = 0; ch < c; ++ch)
                        for (int r = 0; r < 3; ++r)
                            for (int s = 0; s < 3; ++s) {
                                const int ii = i + r - 1, jj = j + s - 1;
                                if (ii < 0 || ii >= h || jj < 0 || jj >= wd)
                                    continue;
                                acc += xAt(b, ch, ii, jj) *
                                       w[((static_cast<std::size_t>(o) * c + ch) * 3 + r) * 3 + s];
                            }
                    y[((static_cast<std::size_t>(b) * k + o) * h + i) * wd + j] = acc;
                }
    return y;
}

Result<std::vector<double>> reduceSum(std::span<const float> x) {
    if (x.empty())
        return sizeError("x");
    double sum = 0;
    for (float v : x)
        sum += v;
    return std::vector<double>{sum};
}

Result<std::vector<double>> reduceSumAbs(std::span<const float> x) {
    if (x.empty())
        return sizeError("x");
    double sum = 0;
    for (float v : x)
        sum += std::fabs(static_cast<double>(v));
    return std::vector<double>{sum};
}

Result<std::vector<double>> gemmBiasGelu(std::span<const std::uint16_t> a,
                                         std::span<const std::uint16_t> b,
                                         std::span<const std::uint16_t> bias, int m, int n, int k) {
    if (!sized(a.size(), {m, k}))
        return sizeError("A");
    if (!sized(b.size(), {k, n}))
        return sizeError("B");
    if (!sized(bias.size(), {n}))
        return sizeError("bias");
    std::vector<float> af(a.size()), bf(b.size());
    std::transform(a.begin(), a.end(), af.begin(), bf16ToFloat);
    std::transform(b.begin(), b.end(), bf.begin(), bf16ToFloat);
    auto c = sgemm(af, bf, m, n, k);
    if (!c)
        return c.error();
    for (int i = 0; i < m; ++i)
        for (int j = 0; j < n; ++j) {
            double& v = (*c)[static_cast<std::size_t>(i) * n + j];
            v = geluExact(v + bf16ToFloat(bias[j]));
        }
    return c;
}

} // namespace kwb::cpuref
