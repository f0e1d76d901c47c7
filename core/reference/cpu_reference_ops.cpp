// Float64 references: elementwise, normalisation, scan, histogram, pooling, masked softmax.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "core/reference/cpu_reference_ops.h"

namespace kwb::cpuref {

long long RefArgs::dim(const std::string& name) const {
    const auto it = dims.find(name);
    return it == dims.end() ? 0 : it->second;
}

double RefArgs::scalar(const std::string& name) const {
    const auto it = scalars.find(name);
    return it == scalars.end() ? 0.0 : it->second;
}

const std::vector<double>* RefArgs::input(const std::string& name,
                                          std::initializer_list<long long> shape) const {
    const auto it = inputs.find(name);
    if (it == inputs.end())
        return nullptr;
    long long n = 1;
    for (long long d : shape) {
        if (d < 1 || d > 2147483647LL)
            return nullptr;
        n *= d;
    }
    return it->second.size() == static_cast<std::size_t>(n) ? &it->second : nullptr;
}

Error referenceSizeError(const std::string& what) {
    return Error::make("reference-size", "CPU reference: " + what +
                                             " has the wrong size or a dimension is not positive");
}

CpuReferenceResult singleOutput(const std::string& name, std::vector<double> values) {
    CpuReferenceResult r;
    r.outputs[name] = std::move(values);
    return r;
}

double halfToDouble(std::uint16_t h) {
    const int sign = (h >> 15) & 1, exponent = (h >> 10) & 0x1f, mantissa = h & 0x3ff;
    double v;
    if (exponent == 0)
        v = std::ldexp(static_cast<double>(mantissa), -24); // subnormal
    else if (exponent == 31)
        v = mantissa ? std::numeric_limits<double>::quiet_NaN()
                     : std::numeric_limits<double>::infinity();
    else
        v = std::ldexp(static_cast<double>(mantissa | 0x400), exponent - 25);
    return sign ? -v : v;
}

namespace {

using Ref = Result<CpuReferenceResult>;

// Per row of a rows x cols matrix: y = (x - mean) / sqrt(var + eps) [* gamma + beta].
std::vector<double> normaliseRows(const std::vector<double>& x, long long rows, long long cols,
                                  double eps, bool centre) {
    std::vector<double> y(x.size());
    for (long long r = 0; r < rows; ++r) {
        const double* row = x.data() + r * cols;
        double mean = 0;
        if (centre) {
            for (long long c = 0; c < cols; ++c)
                mean += row[c];
            mean /= static_cast<double>(cols);
        }
        double var = 0;
        for (long long c = 0; c < cols; ++c)
            var += (row[c] - mean) * (row[c] - mean);
        var /= static_cast<double>(cols);
        const double inv = 1.0 / std::sqrt(var + eps);
        for (long long c = 0; c < cols; ++c)
            y[r * cols + c] = (row[c] - mean) * inv;
    }
    return y;
}

// 3x3 window, stride 2, padding 1 over NCHW; OH, OW must be (H - 1) / 2 + 1 and likewise.
Ref pool(const RefArgs& a, bool max) {
    const long long n = a.dim("N"), c = a.dim("C"), h = a.dim("H"), w = a.dim("W");
    const long long oh = a.dim("OH"), ow = a.dim("OW");
    const auto* x = a.input("x", {n, c, h, w});
    if (!x)
        return referenceSizeError("x");
    if (oh != (h - 1) / 2 + 1 || ow != (w - 1) / 2 + 1)
        return Error::make("reference-shape", "CPU reference: OH and OW must be (H - 1) / 2 + 1 "
                                              "and (W - 1) / 2 + 1");
    std::vector<double> y(static_cast<std::size_t>(n * c * oh * ow));
    for (long long p = 0; p < n * c; ++p)
        for (long long i = 0; i < oh; ++i)
            for (long long j = 0; j < ow; ++j) {
                double acc = max ? -std::numeric_limits<double>::infinity() : 0.0;
                for (long long r = 0; r < 3; ++r)
                    for (long long s = 0; s < 3; ++s) {
                        const long long ii = 2 * i + r - 1, jj = 2 * j + s - 1;
                        if (ii < 0 || ii >= h || jj < 0 || jj >= w)
                            continue; // padding: ignored by max, counts as zero for the average
                        const double v = (*x)[(p * h + ii) * w + jj];
                        acc = max ? std::max(acc, v) : acc + v;
                    }
                y[(p * oh + i) * ow + j] = max ? acc : acc / 9.0;
            }
    return singleOutput("y", std::move(y));
}

} // namespace

Ref saxpyRef(const RefArgs& a) {
    const long long n = a.dim("n");
    const auto *x = a.input("x", {n}), *y = a.input("y", {n});
    if (!x || !y)
        return referenceSizeError("x or y");
    const double alpha = a.scalar("alpha");
    std::vector<double> out(x->size());
    for (std::size_t i = 0; i < out.size(); ++i)
        out[i] = alpha * (*x)[i] + (*y)[i];
    return singleOutput("out", std::move(out));
}

Ref transposeRef(const RefArgs& a) {
    const long long rows = a.dim("rows"), cols = a.dim("cols");
    const auto* x = a.input("x", {rows, cols});
    if (!x)
        return referenceSizeError("x");
    std::vector<double> y(x->size());
    for (long long r = 0; r < rows; ++r)
        for (long long c = 0; c < cols; ++c)
            y[c * rows + r] = (*x)[r * cols + c];
    return singleOutput("y", std::move(y));
}

Ref layernormRef(const RefArgs& a) {
    const long long rows = a.dim("rows"), cols = a.dim("cols");
    const auto* x = a.input("x", {rows, cols});
    const auto *gamma = a.input("gamma", {cols}), *beta = a.input("beta", {cols});
    if (!x || !gamma || !beta)
        return referenceSizeError("x, gamma or beta");
    std::vector<double> y = normaliseRows(*x, rows, cols, a.scalar("eps"), true);
    for (std::size_t i = 0; i < y.size(); ++i)
        y[i] = y[i] * (*gamma)[i % cols] + (*beta)[i % cols];
    return singleOutput("y", std::move(y));
}

Ref rmsnormRef(const RefArgs& a) {
    const long long rows = a.dim("rows"), cols = a.dim("cols");
    const auto *x = a.input("x", {rows, cols}), *gamma = a.input("gamma", {cols});
    if (!x || !gamma)
        return referenceSizeError("x or gamma");
    std::vector<double> y = normaliseRows(*x, rows, cols, a.scalar("eps"), false);
    for (std::size_t i = 0; i < y.size(); ++i)
        y[i] *= (*gamma)[i % cols];
    return singleOutput("y", std::move(y));
}

Ref rmsnormResidualRef(const RefArgs& a) {
    const long long rows = a.dim("rows"), cols = a.dim("cols");
    const auto *x = a.input("x", {rows, cols}), *res = a.input("residual", {rows, cols});
    const auto* gamma = a.input("gamma", {cols});
    if (!x || !res || !gamma)
        return referenceSizeError("x, residual or gamma");
    // h is what the candidate stores in float; y normalises the float-rounded h it would read
    // back, so the reference does not charge the candidate for h's own rounding twice.
    std::vector<double> h(x->size()), hf(x->size());
    for (std::size_t i = 0; i < h.size(); ++i) {
        h[i] = (*x)[i] + (*res)[i];
        hf[i] = static_cast<float>(h[i]);
    }
    std::vector<double> y = normaliseRows(hf, rows, cols, a.scalar("eps"), false);
    for (std::size_t i = 0; i < y.size(); ++i)
        y[i] *= (*gamma)[i % cols];
    CpuReferenceResult r;
    r.outputs["h"] = std::move(h);
    r.outputs["y"] = std::move(y);
    return r;
}

Ref geluRef(const RefArgs& a) {
    const auto* x = a.input("x", {a.dim("n")});
    if (!x)
        return referenceSizeError("x");
    std::vector<double> y(x->size());
    std::transform(x->begin(), x->end(), y.begin(), geluExact);
    return singleOutput("y", std::move(y));
}

Ref scanRef(const RefArgs& a) {
    const auto* x = a.input("x", {a.dim("n")});
    if (!x)
        return referenceSizeError("x");
    std::vector<double> y(x->size());
    double sum = 0;
    for (std::size_t i = 0; i < y.size(); ++i)
        y[i] = sum += (*x)[i];
    return singleOutput("y", std::move(y));
}

Ref histogramRef(const RefArgs& a) {
    const auto* x = a.input("x", {a.dim("n")});
    if (!x)
        return referenceSizeError("x");
    std::vector<double> hist(256, 0.0);
    for (double v : *x)
        if (v >= 0 && v < 256)
            hist[static_cast<std::size_t>(v)] += 1.0; // samples are whole numbers
    return singleOutput("hist", std::move(hist));
}

Ref maxpoolRef(const RefArgs& a) {
    return pool(a, true);
}
Ref avgpoolRef(const RefArgs& a) {
    return pool(a, false);
}

Ref batchnormRef(const RefArgs& a) {
    const long long n = a.dim("N"), c = a.dim("C"), h = a.dim("H"), w = a.dim("W");
    const auto* x = a.input("x", {n, c, h, w});
    const auto *gamma = a.input("gamma", {c}), *beta = a.input("beta", {c});
    const auto *mean = a.input("mean", {c}), *var = a.input("var", {c});
    if (!x || !gamma || !beta || !mean || !var)
        return referenceSizeError("x or a per-channel vector");
    const double eps = a.scalar("eps");
    std::vector<double> y(x->size());
    for (std::size_t i = 0; i < y.size(); ++i) {
        const std::size_t ch = (i / static_cast<std::size_t>(h * w)) % static_cast<std::size_t>(c);
        y[i] = ((*x)[i] - (*mean)[ch]) / std::sqrt((*var)[ch] + eps) * (*gamma)[ch] + (*beta)[ch];
    }
    return singleOutput("y", std::move(y));
}

Ref scaledMaskedSoftmaxRef(const RefArgs& a) {
    const long long b = a.dim("batch"), heads = a.dim("heads"), sq = a.dim("sq"), sk = a.dim("sk");
    const auto* x = a.input("x", {b, heads, sq, sk});
    const auto* mask = a.input("mask", {b, sq, sk});
    if (!x || !mask)
        return referenceSizeError("x or mask");
    const double scale = a.scalar("scale");
    std::vector<double> y(x->size());
    std::vector<double> v(static_cast<std::size_t>(sk));
    for (long long row = 0; row < b * heads * sq; ++row) {
        const long long batch = row / (heads * sq), q = row % sq;
        const double* m = mask->data() + (batch * sq + q) * sk;
        double mx = -std::numeric_limits<double>::infinity();
        for (long long c = 0; c < sk; ++c) {
            v[c] = m[c] != 0 ? -10000.0 : (*x)[row * sk + c] * scale;
            mx = std::max(mx, v[c]);
        }
        double sum = 0;
        for (long long c = 0; c < sk; ++c)
            sum += v[c] = std::exp(v[c] - mx);
        for (long long c = 0; c < sk; ++c)
            y[row * sk + c] = v[c] / sum;
    }
    return singleOutput("y", std::move(y));
}

} // namespace kwb::cpuref
