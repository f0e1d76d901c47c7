// Float64 references: convolutions with any kernel, stride, padding, dilation and groups (1D,
// 2D, 3D), the transposed convolution, fused convolutions, the ResNet basic block, and the
// float32 and bfloat16 GEMMs with fused epilogues, SwiGLU and the LLaMA MLP block.
#include <algorithm>
#include <cmath>

#include "core/reference/cpu_reference_ops.h"

namespace kwb::cpuref {

namespace {

using Ref = Result<CpuReferenceResult>;

// One 2D convolution's geometry: x [n, c, h, w], weights [k, c / groups, r, r],
// y [n, k, oh, ow]; y[.., i, j] reads x[.., i stride + a dilation - pad, ...].
struct Conv2d {
    long long n, c, h, w, k, r, stride, pad, dilation, groups, oh, ow;

    bool consistent() const {
        auto out = [&](long long in) {
            return (in + 2 * pad - dilation * (r - 1) - 1) / stride + 1;
        };
        return groups >= 1 && c % groups == 0 && k % groups == 0 && out(h) == oh && out(w) == ow;
    }

    std::vector<double> run(const std::vector<double>& x, const std::vector<double>& wt) const {
        const long long cg = c / groups, kg = k / groups;
        std::vector<double> y(static_cast<std::size_t>(n * k * oh * ow), 0.0);
        for (long long b = 0; b < n; ++b)
            for (long long o = 0; o < k; ++o)
                for (long long i = 0; i < oh; ++i)
                    for (long long j = 0; j < ow; ++j) {
                        double acc = 0;
                        for (long long ch = 0; ch < cg; ++ch)
                            for (long long p = 0; p < r; ++p)
                                for (long long q = 0; q < r; ++q) {
                                    const long long ii = i * stride + p * dilation - pad;
                                    const long long jj = j * stride + q * dilation - pad;
                                    if (ii < 0 || ii >= h || jj < 0 || jj >= w)
                                        continue;
                                    const long long xc = o / kg * cg + ch;
                                    acc += x[((b * c + xc) * h + ii) * w + jj] *
                                           wt[((o * cg + ch) * r + p) * r + q];
                                }
                        y[((b * k + o) * oh + i) * ow + j] = acc;
                    }
        return y;
    }
};

// The task's NCHW convolution with the given geometry: inputs x and w, output y.
Ref conv2dTask(const RefArgs& a, const Conv2d& g) {
    const auto* x = a.input("x", {g.n, g.c, g.h, g.w});
    const auto* w = a.input("w", {g.k, g.c / std::max(g.groups, 1LL), g.r, g.r});
    if (!x || !w || !g.consistent())
        return referenceSizeError("x, w, the group count or the output size");
    return singleOutput("y", g.run(*x, *w));
}

// C[m, n] = A[m, k] B[k, n], row-major.
std::vector<double> matmul(const std::vector<double>& a, const std::vector<double>& b, long long m,
                           long long n, long long k) {
    std::vector<double> c(static_cast<std::size_t>(m * n), 0.0);
    for (long long i = 0; i < m; ++i)
        for (long long p = 0; p < k; ++p)
            for (long long j = 0; j < n; ++j)
                c[i * n + j] += a[i * k + p] * b[p * n + j];
    return c;
}

// h = SiLU(x W1) * (x W3), float64 throughout.
std::vector<double> swigluOf(const std::vector<double>& x, const std::vector<double>& w1,
                             const std::vector<double>& w3, long long m, long long d, long long f) {
    std::vector<double> g = matmul(x, w1, m, f, d);
    const std::vector<double> u = matmul(x, w3, m, f, d);
    for (std::size_t i = 0; i < g.size(); ++i)
        g[i] = g[i] / (1.0 + std::exp(-g[i])) * u[i];
    return g;
}

} // namespace

Ref conv1dRef(const RefArgs& a) {
    const long long n = a.dim("N"), c = a.dim("C"), l = a.dim("L"), k = a.dim("K");
    const auto *x = a.input("x", {n, c, l}), *w = a.input("w", {k, c, 7});
    if (!x || !w)
        return referenceSizeError("x or w");
    std::vector<double> y(static_cast<std::size_t>(n * k * l), 0.0);
    for (long long b = 0; b < n; ++b)
        for (long long o = 0; o < k; ++o)
            for (long long i = 0; i < l; ++i)
                for (long long ch = 0; ch < c; ++ch)
                    for (long long r = 0; r < 7; ++r)
                        if (const long long t = i + r - 3; t >= 0 && t < l)
                            y[(b * k + o) * l + i] +=
                                (*x)[(b * c + ch) * l + t] * (*w)[(o * c + ch) * 7 + r];
    return singleOutput("y", std::move(y));
}

Ref conv2dStridedRef(const RefArgs& a) {
    return conv2dTask(a, {a.dim("N"), a.dim("C"), a.dim("H"), a.dim("W"), a.dim("K"), 7, 2, 3, 1, 1,
                          a.dim("OH"), a.dim("OW")});
}

Ref conv2dDepthwiseRef(const RefArgs& a) {
    const long long c = a.dim("C");
    return conv2dTask(
        a, {a.dim("N"), c, a.dim("H"), a.dim("W"), c, 3, 1, 1, 1, c, a.dim("H"), a.dim("W")});
}

Ref conv2dDilatedRef(const RefArgs& a) {
    return conv2dTask(a, {a.dim("N"), a.dim("C"), a.dim("H"), a.dim("W"), a.dim("K"), 3, 1, 2, 2, 1,
                          a.dim("H"), a.dim("W")});
}

Ref conv2dGroupedRef(const RefArgs& a) {
    return conv2dTask(a, {a.dim("N"), a.dim("C"), a.dim("H"), a.dim("W"), a.dim("K"), 3, 1, 1, 1,
                          a.dim("G"), a.dim("H"), a.dim("W")});
}

Ref conv3dRef(const RefArgs& a) {
    const long long n = a.dim("N"), c = a.dim("C"), d = a.dim("D"), h = a.dim("H"), w = a.dim("W");
    const long long k = a.dim("K");
    const auto *x = a.input("x", {n, c, d, h, w}), *wt = a.input("w", {k, c, 3, 3, 3});
    if (!x || !wt)
        return referenceSizeError("x or w");
    std::vector<double> y(static_cast<std::size_t>(n * k * d * h * w), 0.0);
    for (long long b = 0; b < n; ++b)
        for (long long o = 0; o < k; ++o)
            for (long long p = 0; p < d; ++p)
                for (long long i = 0; i < h; ++i)
                    for (long long j = 0; j < w; ++j) {
                        double acc = 0;
                        for (long long ch = 0; ch < c; ++ch)
                            for (long long tap = 0; tap < 27; ++tap) {
                                const long long pp = p + tap / 9 - 1, ii = i + tap / 3 % 3 - 1;
                                const long long jj = j + tap % 3 - 1;
                                if (pp >= 0 && pp < d && ii >= 0 && ii < h && jj >= 0 && jj < w)
                                    acc += (*x)[(((b * c + ch) * d + pp) * h + ii) * w + jj] *
                                           (*wt)[(o * c + ch) * 27 + tap];
                            }
                        y[(((b * k + o) * d + p) * h + i) * w + j] = acc;
                    }
    return singleOutput("y", std::move(y));
}

// Scatter form (each input pixel adds its 4 x 4 window), independent of a gather kernel's
// parity bookkeeping: kernel 4, stride 2, padding 1, w [C, K, 4, 4].
Ref convTranspose2dRef(const RefArgs& a) {
    const long long n = a.dim("N"), c = a.dim("C"), h = a.dim("H"), w = a.dim("W");
    const long long k = a.dim("K"), oh = a.dim("OH"), ow = a.dim("OW");
    const auto *x = a.input("x", {n, c, h, w}), *wt = a.input("w", {c, k, 4, 4});
    if (!x || !wt || oh != 2 * h || ow != 2 * w)
        return referenceSizeError("x, w, or OH and OW (must be 2H and 2W)");
    std::vector<double> y(static_cast<std::size_t>(n * k * oh * ow), 0.0);
    for (long long b = 0; b < n; ++b)
        for (long long ch = 0; ch < c; ++ch)
            for (long long i = 0; i < h; ++i)
                for (long long j = 0; j < w; ++j)
                    for (long long o = 0; o < k; ++o)
                        for (long long r = 0; r < 4; ++r)
                            for (long long s = 0; s < 4; ++s) {
                                const long long yi = 2 * i - 1 + r, yj = 2 * j - 1 + s;
                                if (yi >= 0 && yi < oh && yj >= 0 && yj < ow)
                                    y[((b * k + o) * oh + yi) * ow + yj] +=
                                        (*x)[((b * c + ch) * h + i) * w + j] *
                                        (*wt)[((ch * k + o) * 4 + r) * 4 + s];
                            }
    return singleOutput("y", std::move(y));
}

Ref conv2dBnReluRef(const RefArgs& a) {
    const long long k = a.dim("K"), plane = a.dim("H") * a.dim("W");
    const Conv2d g{a.dim("N"), a.dim("C"), a.dim("H"), a.dim("W"), k,          3,
                   1,          1,          1,          1,          a.dim("H"), a.dim("W")};
    const auto *gamma = a.input("gamma", {k}), *beta = a.input("beta", {k});
    const auto *mean = a.input("mean", {k}), *var = a.input("var", {k});
    auto conv = conv2dTask(a, g);
    if (!conv || !gamma || !beta || !mean || !var)
        return conv ? referenceSizeError("gamma, beta, mean or var") : conv.error();
    std::vector<double>& y = conv->outputs["y"];
    for (std::size_t i = 0; i < y.size(); ++i) {
        const std::size_t o = i / static_cast<std::size_t>(plane) % static_cast<std::size_t>(k);
        const double t =
            (y[i] - (*mean)[o]) / std::sqrt((*var)[o] + a.scalar("eps")) * (*gamma)[o] + (*beta)[o];
        y[i] = std::max(t, 0.0);
    }
    return conv;
}

Ref conv2dMaxpoolRef(const RefArgs& a) {
    const long long n = a.dim("N"), k = a.dim("K"), h = a.dim("H"), w = a.dim("W");
    const long long oh = a.dim("OH"), ow = a.dim("OW");
    auto conv = conv2dTask(a, {n, a.dim("C"), h, w, k, 3, 1, 1, 1, 1, h, w});
    if (!conv)
        return conv.error();
    if (oh != h / 2 || ow != w / 2)
        return referenceSizeError("OH or OW (must be H / 2 and W / 2)");
    const std::vector<double>& v = conv->outputs["y"];
    std::vector<double> y(static_cast<std::size_t>(n * k * oh * ow));
    for (long long p = 0; p < n * k; ++p)
        for (long long i = 0; i < oh; ++i)
            for (long long j = 0; j < ow; ++j) {
                const double* at = v.data() + (p * h + 2 * i) * w + 2 * j;
                y[(p * oh + i) * ow + j] =
                    std::max(std::max(at[0], at[1]), std::max(at[w], at[w + 1]));
            }
    return singleOutput("y", std::move(y));
}

Ref resblockRef(const RefArgs& a) {
    const long long n = a.dim("N"), c = a.dim("C"), h = a.dim("H"), w = a.dim("W");
    const auto* x = a.input("x", {n, c, h, w});
    const auto *w1 = a.input("w1", {c, c, 3, 3}), *w2 = a.input("w2", {c, c, 3, 3});
    const auto *s1 = a.input("s1", {c}), *t1 = a.input("t1", {c});
    const auto *s2 = a.input("s2", {c}), *t2 = a.input("t2", {c});
    if (!x || !w1 || !w2 || !s1 || !t1 || !s2 || !t2)
        return referenceSizeError("x, w1, w2, s1, t1, s2 or t2");
    const Conv2d g{n, c, h, w, c, 3, 1, 1, 1, 1, h, w};
    const std::size_t plane = static_cast<std::size_t>(h * w), ch = static_cast<std::size_t>(c);
    // h is what the candidate stores in float; the second convolution reads that float h.
    std::vector<double> hid = g.run(*x, *w1);
    for (std::size_t i = 0; i < hid.size(); ++i)
        hid[i] = static_cast<float>(
            std::max(hid[i] * (*s1)[i / plane % ch] + (*t1)[i / plane % ch], 0.0));
    std::vector<double> y = g.run(hid, *w2);
    for (std::size_t i = 0; i < y.size(); ++i)
        y[i] = std::max(y[i] * (*s2)[i / plane % ch] + (*t2)[i / plane % ch] + (*x)[i], 0.0);
    CpuReferenceResult out;
    out.outputs["h"] = std::move(hid);
    out.outputs["y"] = std::move(y);
    return out;
}

Ref gemmBiasReluRef(const RefArgs& a) {
    const long long m = a.dim("M"), n = a.dim("N"), k = a.dim("K");
    const auto *am = a.input("A", {m, k}), *bm = a.input("B", {k, n}), *bias = a.input("bias", {n});
    if (!am || !bm || !bias)
        return referenceSizeError("A, B or bias");
    std::vector<double> c = matmul(*am, *bm, m, n, k);
    for (std::size_t i = 0; i < c.size(); ++i)
        c[i] = std::max(c[i] + (*bias)[i % static_cast<std::size_t>(n)], 0.0);
    return singleOutput("C", std::move(c));
}

Ref matmulScaleResidualRef(const RefArgs& a) {
    const long long m = a.dim("M"), n = a.dim("N"), k = a.dim("K");
    const auto *am = a.input("A", {m, k}), *bm = a.input("B", {k, n}), *r = a.input("R", {m, n});
    if (!am || !bm || !r)
        return referenceSizeError("A, B or R");
    std::vector<double> c = matmul(*am, *bm, m, n, k);
    for (std::size_t i = 0; i < c.size(); ++i)
        c[i] = a.scalar("alpha") * c[i] + (*r)[i];
    return singleOutput("C", std::move(c));
}

Ref rmsnormMatmulRef(const RefArgs& a) {
    const long long m = a.dim("M"), n = a.dim("N"), k = a.dim("K");
    const auto *x = a.input("x", {m, k}), *gamma = a.input("gamma", {k}), *w = a.input("w", {k, n});
    if (!x || !gamma || !w)
        return referenceSizeError("x, gamma or w");
    std::vector<double> normed(x->size());
    for (long long i = 0; i < m; ++i) {
        double sq = 0;
        for (long long j = 0; j < k; ++j)
            sq += (*x)[i * k + j] * (*x)[i * k + j];
        const double r = 1.0 / std::sqrt(sq / static_cast<double>(k) + a.scalar("eps"));
        for (long long j = 0; j < k; ++j)
            normed[i * k + j] = (*x)[i * k + j] * r * (*gamma)[j];
    }
    return singleOutput("y", matmul(normed, *w, m, n, k));
}

Ref gemmBiasSigmoidRef(const RefArgs& a) {
    const long long m = a.dim("M"), n = a.dim("N"), k = a.dim("K");
    const auto *am = a.input("A", {m, k}), *bm = a.input("B", {k, n}), *bias = a.input("bias", {n});
    if (!am || !bm || !bias)
        return referenceSizeError("A, B or bias");
    std::vector<double> c = matmul(*am, *bm, m, n, k);
    for (std::size_t i = 0; i < c.size(); ++i)
        c[i] = 1.0 / (1.0 + std::exp(-(c[i] + (*bias)[i % static_cast<std::size_t>(n)])));
    return singleOutput("C", std::move(c));
}

Ref swigluRef(const RefArgs& a) {
    const long long m = a.dim("M"), d = a.dim("D"), f = a.dim("F");
    const auto *x = a.input("x", {m, d}), *w1 = a.input("w1", {d, f}), *w3 = a.input("w3", {d, f});
    if (!x || !w1 || !w3)
        return referenceSizeError("x, w1 or w3");
    return singleOutput("h", swigluOf(*x, *w1, *w3, m, d, f));
}

Ref mlpSwigluRef(const RefArgs& a) {
    const long long m = a.dim("M"), d = a.dim("D"), f = a.dim("F");
    const auto *x = a.input("x", {m, d}), *w1 = a.input("w1", {d, f}), *w3 = a.input("w3", {d, f});
    const auto* w2 = a.input("w2", {f, d});
    if (!x || !w1 || !w3 || !w2)
        return referenceSizeError("x, w1, w3 or w2");
    CpuReferenceResult out;
    out.outputs["h"] = swigluOf(*x, *w1, *w3, m, d, f); // unrounded, as mlpRef's h
    out.outputs["y"] = matmul(out.outputs["h"], *w2, m, d, f);
    return out;
}

} // namespace kwb::cpuref
