// Float64 references: instance, group and training-mode batch norms, residual LayerNorm,
// bias-GELU-scale, 1D and 3D pooling, attention without a mask and grouped-query attention.
#include <algorithm>
#include <cmath>
#include <limits>

#include "core/reference/cpu_reference_ops.h"

namespace kwb::cpuref {

namespace {

using Ref = Result<CpuReferenceResult>;

// Mean and biased variance of `count` values read as at(i), two passes.
template <class At> std::pair<double, double> meanVariance(long long count, At at) {
    double sum = 0;
    for (long long i = 0; i < count; ++i)
        sum += at(i);
    const double mean = sum / static_cast<double>(count);
    double sq = 0;
    for (long long i = 0; i < count; ++i)
        sq += (at(i) - mean) * (at(i) - mean);
    return {mean, sq / static_cast<double>(count)};
}

// Group norm over x [n, c, plane] with `groups` groups of consecutive channels; SiLU after.
Ref groupNorm(const RefArgs& a, long long groups, bool silu) {
    const long long n = a.dim("N"), c = a.dim("C"), plane = a.dim("H") * a.dim("W");
    const auto* x = a.input("x", {n, c, a.dim("H"), a.dim("W")});
    const auto *gamma = a.input("gamma", {c}), *beta = a.input("beta", {c});
    if (!x || !gamma || !beta || groups < 1 || c % groups != 0)
        return referenceSizeError("x, gamma, beta or the group count");
    const long long len = c / groups * plane;
    std::vector<double> y(x->size());
    for (long long blk = 0; blk < n * groups; ++blk) {
        const double* in = x->data() + blk * len;
        const auto [mean, var] = meanVariance(len, [&](long long i) { return in[i]; });
        const double rstd = 1.0 / std::sqrt(var + a.scalar("eps"));
        for (long long i = 0; i < len; ++i) {
            const long long ch = blk % groups * (c / groups) + i / plane;
            const double v = (in[i] - mean) * rstd * (*gamma)[ch] + (*beta)[ch];
            y[blk * len + i] = silu ? v / (1.0 + std::exp(-v)) : v;
        }
    }
    return singleOutput("y", std::move(y));
}

// o = softmax(scale q k^T [, causal]) v; query head h reads key/value head h / (heads / kvHeads).
Ref attention(const RefArgs& a, long long kvHeads, bool causal) {
    constexpr long long d = 64;
    const long long b = a.dim("B"), heads = a.dim("H"), s = a.dim("S");
    const auto* q = a.input("q", {b, heads, s, d});
    const auto* k = a.input("k", {b, kvHeads, s, d});
    const auto* v = a.input("v", {b, kvHeads, s, d});
    if (!q || !k || !v || kvHeads < 1 || heads % kvHeads != 0)
        return referenceSizeError("q, k, v or the key/value head count");
    const double scale = a.scalar("scale");
    std::vector<double> o(q->size(), 0.0), p(static_cast<std::size_t>(s));
    for (long long bh = 0; bh < b * heads; ++bh) {
        const long long kvh = bh / heads * kvHeads + bh % heads / (heads / kvHeads);
        const double* qb = q->data() + bh * s * d;
        const double* kb = k->data() + kvh * s * d;
        const double* vb = v->data() + kvh * s * d;
        double* ob = o.data() + bh * s * d;
        for (long long i = 0; i < s; ++i) {
            const long long keys = causal ? i + 1 : s;
            double mx = -std::numeric_limits<double>::infinity();
            for (long long j = 0; j < keys; ++j) {
                double dot = 0;
                for (long long t = 0; t < d; ++t)
                    dot += qb[i * d + t] * kb[j * d + t];
                p[j] = dot * scale;
                mx = std::max(mx, p[j]);
            }
            double sum = 0;
            for (long long j = 0; j < keys; ++j)
                sum += p[j] = std::exp(p[j] - mx);
            for (long long j = 0; j < keys; ++j)
                for (long long t = 0; t < d; ++t)
                    ob[i * d + t] += p[j] / sum * vb[j * d + t];
        }
    }
    return singleOutput("o", std::move(o));
}

} // namespace

Ref instancenormRef(const RefArgs& a) {
    const long long n = a.dim("N"), c = a.dim("C"), plane = a.dim("H") * a.dim("W");
    const auto* x = a.input("x", {n, c, a.dim("H"), a.dim("W")});
    const auto *gamma = a.input("gamma", {c}), *beta = a.input("beta", {c});
    if (!x || !gamma || !beta)
        return referenceSizeError("x, gamma or beta");
    std::vector<double> y(x->size());
    for (long long p = 0; p < n * c; ++p) {
        const double* in = x->data() + p * plane;
        const auto [mean, var] = meanVariance(plane, [&](long long i) { return in[i]; });
        const double rstd = 1.0 / std::sqrt(var + a.scalar("eps"));
        for (long long i = 0; i < plane; ++i)
            y[p * plane + i] = (in[i] - mean) * rstd * (*gamma)[p % c] + (*beta)[p % c];
    }
    return singleOutput("y", std::move(y));
}

Ref groupnormRef(const RefArgs& a) {
    return groupNorm(a, a.dim("G"), false);
}

Ref groupnormSiluRef(const RefArgs& a) {
    return groupNorm(a, a.dim("G"), true);
}

Ref batchnormTrainingRef(const RefArgs& a) {
    const long long n = a.dim("N"), c = a.dim("C"), plane = a.dim("H") * a.dim("W");
    const auto* x = a.input("x", {n, c, a.dim("H"), a.dim("W")});
    const auto *gamma = a.input("gamma", {c}), *beta = a.input("beta", {c});
    if (!x || !gamma || !beta)
        return referenceSizeError("x, gamma or beta");
    std::vector<double> y(x->size());
    for (long long ch = 0; ch < c; ++ch) {
        auto at = [&](long long e) { return ((e / plane) * c + ch) * plane + e % plane; };
        const auto [mean, var] = meanVariance(n * plane, [&](long long e) { return (*x)[at(e)]; });
        const double rstd = 1.0 / std::sqrt(var + a.scalar("eps"));
        for (long long e = 0; e < n * plane; ++e)
            y[at(e)] = ((*x)[at(e)] - mean) * rstd * (*gamma)[ch] + (*beta)[ch];
    }
    return singleOutput("y", std::move(y));
}

Ref layernormResidualRef(const RefArgs& a) {
    const long long rows = a.dim("rows"), cols = a.dim("cols");
    const auto *x = a.input("x", {rows, cols}), *res = a.input("residual", {rows, cols});
    const auto *gamma = a.input("gamma", {cols}), *beta = a.input("beta", {cols});
    if (!x || !res || !gamma || !beta)
        return referenceSizeError("x, residual, gamma or beta");
    // h is what the candidate stores in float; y normalises that float h (as rmsnormResidualRef).
    std::vector<double> h(x->size()), y(x->size());
    for (std::size_t i = 0; i < h.size(); ++i)
        h[i] = static_cast<float>((*x)[i] + (*res)[i]);
    for (long long r = 0; r < rows; ++r) {
        const double* row = h.data() + r * cols;
        const auto [mean, var] = meanVariance(cols, [&](long long i) { return row[i]; });
        const double rstd = 1.0 / std::sqrt(var + a.scalar("eps"));
        for (long long i = 0; i < cols; ++i)
            y[r * cols + i] = (row[i] - mean) * rstd * (*gamma)[i] + (*beta)[i];
    }
    CpuReferenceResult out;
    out.outputs["h"] = std::move(h);
    out.outputs["y"] = std::move(y);
    return out;
}

Ref biasGeluScaleRef(const RefArgs& a) {
    const long long rows = a.dim("rows"), cols = a.dim("cols");
    const auto *x = a.input("x", {rows, cols}), *bias = a.input("bias", {cols});
    if (!x || !bias)
        return referenceSizeError("x or bias");
    std::vector<double> y(x->size());
    for (std::size_t i = 0; i < y.size(); ++i)
        y[i] = geluExact((*x)[i] + (*bias)[i % static_cast<std::size_t>(cols)]) * a.scalar("scale");
    return singleOutput("y", std::move(y));
}

// Window 5, stride 2, padding 2; padding never wins.
Ref maxpool1dRef(const RefArgs& a) {
    const long long rows = a.dim("N") * a.dim("C"), l = a.dim("L"), ol = a.dim("OL");
    const auto* x = a.input("x", {a.dim("N"), a.dim("C"), l});
    if (!x || ol != (l - 1) / 2 + 1)
        return referenceSizeError("x, or OL (must be (L - 1) / 2 + 1)");
    std::vector<double> y(static_cast<std::size_t>(rows * ol));
    for (long long r = 0; r < rows; ++r)
        for (long long j = 0; j < ol; ++j) {
            double m = -std::numeric_limits<double>::infinity();
            for (long long s = 0; s < 5; ++s)
                if (const long long i = 2 * j + s - 2; i >= 0 && i < l)
                    m = std::max(m, (*x)[r * l + i]);
            y[r * ol + j] = m;
        }
    return singleOutput("y", std::move(y));
}

// 3x3x3, stride 2, padding 1, padding counted (divide by 27).
Ref avgpool3dRef(const RefArgs& a) {
    const long long vols = a.dim("N") * a.dim("C"), d = a.dim("D"), h = a.dim("H"), w = a.dim("W");
    const long long od = a.dim("OD"), oh = a.dim("OH"), ow = a.dim("OW");
    const auto* x = a.input("x", {a.dim("N"), a.dim("C"), d, h, w});
    if (!x || od != (d - 1) / 2 + 1 || oh != (h - 1) / 2 + 1 || ow != (w - 1) / 2 + 1)
        return referenceSizeError("x, or OD, OH, OW (each (size - 1) / 2 + 1)");
    std::vector<double> y(static_cast<std::size_t>(vols * od * oh * ow));
    std::size_t out = 0;
    for (long long v = 0; v < vols; ++v)
        for (long long p = 0; p < od; ++p)
            for (long long i = 0; i < oh; ++i)
                for (long long j = 0; j < ow; ++j, ++out) {
                    double s = 0;
                    for (long long t = 2 * p - 1; t <= 2 * p + 1; ++t)
                        for (long long r = 2 * i - 1; r <= 2 * i + 1; ++r)
                            for (long long c = 2 * j - 1; c <= 2 * j + 1; ++c)
                                if (t >= 0 && t < d && r >= 0 && r < h && c >= 0 && c < w)
                                    s += (*x)[((v * d + t) * h + r) * w + c];
                    y[out] = s / 27.0;
                }
    return singleOutput("y", std::move(y));
}

Ref attentionRef(const RefArgs& a) {
    return attention(a, a.dim("H"), false);
}

Ref gqaAttentionRef(const RefArgs& a) {
    return attention(a, a.dim("HKV"), true);
}

} // namespace kwb::cpuref
