// Float64 references: GEMV, bf16 GEMM, convolutions, causal attention, the MLP block.
#include <algorithm>
#include <cmath>
#include <limits>

#include "core/reference/cpu_reference_ops.h"

namespace kwb::cpuref {

namespace {

using Ref = Result<CpuReferenceResult>;

// C[m, n] = A[m, k] B[k, n], row-major, i-p-j order.
std::vector<double> matmul(const std::vector<double>& a, const std::vector<double>& b, long long m,
                           long long n, long long k) {
    std::vector<double> c(static_cast<std::size_t>(m * n), 0.0);
    for (long long i = 0; i < m; ++i)
        for (long long p = 0; p < k; ++p) {
            const double av = a[i * k + p];
            const double* brow = b.data() + p * n;
            double* crow = c.data() + i * n;
            for (long long j = 0; j < n; ++j)
                crow[j] += av * brow[j];
        }
    return c;
}

// 3x3, stride 1, padding 1, NCHW: x [n, c, h, w], w [k, c, 3, 3] -> [n, k, h, w].
std::vector<double> convNchw(const std::vector<double>& x, const std::vector<double>& w,
                             long long n, long long c, long long h, long long wd, long long k) {
    std::vector<double> y(static_cast<std::size_t>(n * k * h * wd), 0.0);
    for (long long b = 0; b < n; ++b)
        for (long long o = 0; o < k; ++o)
            for (long long i = 0; i < h; ++i)
                for (long long j = 0; j < wd; ++j) {
                    double acc = 0;
                    for (long long ch = 0; ch < c; ++ch)
                        for (long long r = 0; r < 3; ++r)
                            for (long long s = 0; s < 3; ++s) {
                                const long long ii = i + r - 1, jj = j + s - 1;
                                if (ii < 0 || ii >= h || jj < 0 || jj >= wd)
                                    continue;
                                acc += x[((b * c + ch) * h + ii) * wd + jj] *
                                       w[((o * c + ch) * 3 + r) * 3 + s];
                            }
                    y[((b * k + o) * h + i) * wd + j] = acc;
                }
    return y;
}

} // namespace

Ref gemvRef(const RefArgs& a) {
    const long long m = a.dim("M"), n = a.dim("N");
    const auto *mat = a.input("A", {m, n}), *x = a.input("x", {n});
    if (!mat || !x)
        return referenceSizeError("A or x");
    std::vector<double> y(static_cast<std::size_t>(m), 0.0);
    for (long long i = 0; i < m; ++i) {
        double acc = 0;
        for (long long j = 0; j < n; ++j)
            acc += (*mat)[i * n + j] * (*x)[j];
        y[i] = acc;
    }
    return singleOutput("y", std::move(y));
}

Ref gemmBf16Ref(const RefArgs& a) {
    const long long m = a.dim("M"), n = a.dim("N"), k = a.dim("K");
    const auto *ma = a.input("A", {m, k}), *mb = a.input("B", {k, n});
    if (!ma || !mb)
        return referenceSizeError("A or B");
    return singleOutput("C", matmul(*ma, *mb, m, n, k));
}

Ref conv2dNhwcRef(const RefArgs& a) {
    const long long n = a.dim("N"), h = a.dim("H"), wd = a.dim("W"), c = a.dim("C"), k = a.dim("K");
    const auto *x = a.input("x", {n, h, wd, c}), *w = a.input("w", {k, 3, 3, c});
    if (!x || !w)
        return referenceSizeError("x or w");
    std::vector<double> y(static_cast<std::size_t>(n * h * wd * k), 0.0);
    for (long long b = 0; b < n; ++b)
        for (long long i = 0; i < h; ++i)
            for (long long j = 0; j < wd; ++j)
                for (long long o = 0; o < k; ++o) {
                    double acc = 0;
                    for (long long r = 0; r < 3; ++r)
                        for (long long s = 0; s < 3; ++s) {
                            const long long ii = i + r - 1, jj = j + s - 1;
                            if (ii < 0 || ii >= h || jj < 0 || jj >= wd)
                                continue;
                            const double* px = x->data() + ((b * h + ii) * wd + jj) * c;
                            const double* pw = w->data() + ((o * 3 + r) * 3 + s) * c;
                            for (long long ch = 0; ch < c; ++ch)
                                acc += px[ch] * pw[ch];
                        }
                    y[((b * h + i) * wd + j) * k + o] = acc;
                }
    return singleOutput("y", std::move(y));
}

Ref convBiasReluRef(const RefArgs& a) {
    const long long n = a.dim("N"), c = a.dim("C"), h = a.dim("H"), wd = a.dim("W"), k = a.dim("K");
    const auto *x = a.input("x", {n, c, h, wd}), *w = a.input("w", {k, c, 3, 3});
    const auto* bias = a.input("bias", {k});
    if (!x || !w || !bias)
        return referenceSizeError("x, w or bias");
    std::vector<double> y = convNchw(*x, *w, n, c, h, wd, k);
    for (std::size_t i = 0; i < y.size(); ++i)
        y[i] = std::max(
            0.0,
            y[i] + (*bias)[(i / static_cast<std::size_t>(h * wd)) % static_cast<std::size_t>(k)]);
    return singleOutput("y", std::move(y));
}

Ref causalAttentionRef(const RefArgs& a) {
    constexpr long long d = 64;
    const long long b = a.dim("B"), heads = a.dim("H"), s = a.dim("S");
    const auto* q = a.input("q", {b, heads, s, d});
    const auto* k = a.input("k", {b, heads, s, d});
    const auto* v = a.input("v", {b, heads, s, d});
    if (!q || !k || !v)
        return referenceSizeError("q, k or v");
    const double scale = a.scalar("scale");
    std::vector<double> o(q->size(), 0.0), p(static_cast<std::size_t>(s));
    for (long long bh = 0; bh < b * heads; ++bh) {
        const double* qb = q->data() + bh * s * d;
        const double* kb = k->data() + bh * s * d;
        const double* vb = v->data() + bh * s * d;
        double* ob = o.data() + bh * s * d;
        for (long long i = 0; i < s; ++i) {
            double mx = -std::numeric_limits<double>::infinity();
            for (long long j = 0; j <= i; ++j) { // causal: key j <= query i
                double dot = 0;
                for (long long t = 0; t < d; ++t)
                    dot += qb[i * d + t] * kb[j * d + t];
                p[j] = dot * scale;
                mx = std::max(mx, p[j]);
            }
            double sum = 0;
            for (long long j = 0; j <= i; ++j)
                sum += p[j] = std::exp(p[j] - mx);
            for (long long j = 0; j <= i; ++j)
                for (long long t = 0; t < d; ++t)
                    ob[i * d + t] += p[j] / sum * vb[j * d + t];
        }
    }
    return singleOutput("o", std::move(o));
}

Ref mlpRef(const RefArgs& a) {
    const long long m = a.dim("M"), dm = a.dim("D"), f = a.dim("F");
    const auto *x = a.input("x", {m, dm}), *w1 = a.input("w1", {dm, f});
    const auto *b1 = a.input("b1", {f}), *w2 = a.input("w2", {f, dm});
    const auto* b2 = a.input("b2", {dm});
    if (!x || !w1 || !b1 || !w2 || !b2)
        return referenceSizeError("x, w1, b1, w2 or b2");
    std::vector<double> h = matmul(*x, *w1, m, f, dm);
    for (std::size_t i = 0; i < h.size(); ++i)
        h[i] = geluExact(h[i] + (*b1)[i % static_cast<std::size_t>(f)]);
    std::vector<double> y = matmul(h, *w2, m, dm, f);
    for (std::size_t i = 0; i < y.size(); ++i)
        y[i] += (*b2)[i % static_cast<std::size_t>(dm)];
    CpuReferenceResult r;
    r.outputs["h"] = std::move(h); // unrounded: the tolerance absorbs the kernel's bf16 h
    r.outputs["y"] = std::move(y);
    return r;
}

} // namespace kwb::cpuref
