// Float64 references for the second group of level-1 tasks: GEMM variants (transposed, batched,
// triangular), activations, reductions to a value or an index, row reductions, exclusive scan,
// sort and losses. Looked up by findSuiteReference like the first group.
#include <algorithm>
#include <cmath>
#include <functional>
#include <numeric>
#include <utility>

#include "core/reference/cpu_reference_ops.h"

namespace kwb::cpuref {

namespace {

using Ref = Result<CpuReferenceResult>;

// C[b][i, j] = sum_k A(b, i, k) B(b, k, j), where the accessors hide the storage order.
template <typename GetA, typename GetB>
std::vector<double> matmul(long long batch, long long m, long long n, long long k, GetA a, GetB b) {
    std::vector<double> c(static_cast<std::size_t>(batch * m * n), 0.0);
    for (long long p = 0; p < batch; ++p)
        for (long long i = 0; i < m; ++i)
            for (long long j = 0; j < n; ++j) {
                double s = 0;
                for (long long q = 0; q < k; ++q)
                    s += a(p, i, q) * b(p, q, j);
                c[static_cast<std::size_t>((p * m + i) * n + j)] = s;
            }
    return c;
}

// gemm-at-f32: C[M, N] = A^T B with A stored [K, M].
Ref gemmAtRef(const RefArgs& r) {
    const long long m = r.dim("M"), n = r.dim("N"), k = r.dim("K");
    const auto* a = r.input("A", {k, m});
    const auto* b = r.input("B", {k, n});
    if (!a || !b)
        return referenceSizeError("A or B");
    return singleOutput(
        "C", matmul(
                 1, m, n, k, [&](long long, long long i, long long q) { return (*a)[q * m + i]; },
                 [&](long long, long long q, long long j) { return (*b)[q * n + j]; }));
}

// gemm-bt-f32: C[M, N] = A B^T with B stored [N, K].
Ref gemmBtRef(const RefArgs& r) {
    const long long m = r.dim("M"), n = r.dim("N"), k = r.dim("K");
    const auto* a = r.input("A", {m, k});
    const auto* b = r.input("B", {n, k});
    if (!a || !b)
        return referenceSizeError("A or B");
    return singleOutput(
        "C", matmul(
                 1, m, n, k, [&](long long, long long i, long long q) { return (*a)[i * k + q]; },
                 [&](long long, long long q, long long j) { return (*b)[j * k + q]; }));
}

// gemm-batched-f32: C[b] = A[b] B[b], every matrix row-major and packed.
Ref gemmBatchedRef(const RefArgs& r) {
    const long long bt = r.dim("batch"), m = r.dim("M"), n = r.dim("N"), k = r.dim("K");
    const auto* a = r.input("A", {bt, m, k});
    const auto* b = r.input("B", {bt, k, n});
    if (!a || !b)
        return referenceSizeError("A or B");
    return singleOutput(
        "C", matmul(
                 bt, m, n, k,
                 [&](long long p, long long i, long long q) { return (*a)[(p * m + i) * k + q]; },
                 [&](long long p, long long q, long long j) { return (*b)[(p * k + q) * n + j]; }));
}

// trmm-lower-f32: C[M, N] = L B where L is the lower triangle of A[M, M] (diagonal included);
// the strict upper triangle of A is never read.
Ref trmmLowerRef(const RefArgs& r) {
    const long long m = r.dim("M"), n = r.dim("N");
    const auto* a = r.input("A", {m, m});
    const auto* b = r.input("B", {m, n});
    if (!a || !b)
        return referenceSizeError("A or B");
    return singleOutput(
        "C",
        matmul(
            1, m, n, m,
            [&](long long, long long i, long long q) { return q <= i ? (*a)[i * m + q] : 0.0; },
            [&](long long, long long q, long long j) { return (*b)[q * n + j]; }));
}

template <typename F> Ref elementwise(const RefArgs& r, F f) {
    const auto* x = r.input("x", {r.dim("n")});
    if (!x)
        return referenceSizeError("x");
    std::vector<double> y(x->size());
    std::transform(x->begin(), x->end(), y.begin(), f);
    return singleOutput("y", std::move(y));
}

Ref reluRef(const RefArgs& r) {
    return elementwise(r, [](double v) { return v > 0 ? v : 0.0; });
}
Ref sigmoidRef(const RefArgs& r) {
    return elementwise(r, [](double v) { return 1.0 / (1.0 + std::exp(-v)); });
}
Ref tanhRef(const RefArgs& r) {
    return elementwise(r, [](double v) { return std::tanh(v); });
}
Ref siluRef(const RefArgs& r) {
    return elementwise(r, [](double v) { return v / (1.0 + std::exp(-v)); });
}
Ref leakyReluRef(const RefArgs& r) {
    const double slope = r.scalar("slope");
    return elementwise(r, [slope](double v) { return v > 0 ? v : slope * v; });
}

// out[0] = the extreme value of x (max or min), or its first index.
Ref extremum(const RefArgs& r, bool max, bool index) {
    const auto* x = r.input("x", {r.dim("n")});
    if (!x)
        return referenceSizeError("x");
    const auto it = max ? std::max_element(x->begin(), x->end())
                        : std::min_element(x->begin(), x->end()); // both: the first extreme
    if (index)
        return singleOutput("idx", {static_cast<double>(it - x->begin())});
    return singleOutput("out", {*it});
}
Ref reduceMaxRef(const RefArgs& r) {
    return extremum(r, true, false);
}
Ref reduceMinRef(const RefArgs& r) {
    return extremum(r, false, false);
}
Ref argmaxRef(const RefArgs& r) {
    return extremum(r, true, true);
}
Ref argminRef(const RefArgs& r) {
    return extremum(r, false, true);
}

// y[r] = the mean (or product) of row r of x[rows, cols].
Ref rowReduce(const RefArgs& r, bool product) {
    const long long rows = r.dim("rows"), cols = r.dim("cols");
    const auto* x = r.input("x", {rows, cols});
    if (!x)
        return referenceSizeError("x");
    std::vector<double> y(static_cast<std::size_t>(rows));
    for (long long i = 0; i < rows; ++i) {
        const auto first = x->begin() + i * cols, last = first + cols;
        y[i] = product ? std::accumulate(first, last, 1.0, std::multiplies<>())
                       : std::accumulate(first, last, 0.0) / static_cast<double>(cols);
    }
    return singleOutput("y", std::move(y));
}
Ref meanRowsRef(const RefArgs& r) {
    return rowReduce(r, false);
}
Ref prodRowsRef(const RefArgs& r) {
    return rowReduce(r, true);
}

Ref exclusiveScanRef(const RefArgs& r) {
    const auto* x = r.input("x", {r.dim("n")});
    if (!x)
        return referenceSizeError("x");
    std::vector<double> y(x->size());
    double sum = 0;
    for (std::size_t i = 0; i < y.size(); ++i) {
        y[i] = sum;
        sum += (*x)[i];
    }
    return singleOutput("y", std::move(y));
}

Ref sortRef(const RefArgs& r) {
    const auto* x = r.input("keys", {r.dim("n")});
    if (!x)
        return referenceSizeError("keys");
    std::vector<double> y(*x);
    std::sort(y.begin(), y.end());
    return singleOutput("sorted", std::move(y));
}

// log sum_c exp(v[c]) of one row, shifted by its maximum.
double logSumExp(const double* v, long long cols) {
    const double mx = *std::max_element(v, v + cols);
    double s = 0;
    for (long long c = 0; c < cols; ++c)
        s += std::exp(v[c] - mx);
    return mx + std::log(s);
}

// out[0] = mean over rows of -log softmax(logits[r, :])[target[r]].
Ref crossEntropyRef(const RefArgs& r) {
    const long long rows = r.dim("rows"), cols = r.dim("classes");
    const auto* x = r.input("logits", {rows, cols});
    const auto* t = r.input("targets", {rows});
    if (!x || !t)
        return referenceSizeError("logits or targets");
    double sum = 0;
    for (long long i = 0; i < rows; ++i) {
        const auto target = static_cast<long long>((*t)[i]);
        if (target < 0 || target >= cols)
            return Error::make("reference-input", "CPU reference: a target is not a class");
        const double* row = x->data() + i * cols;
        sum += logSumExp(row, cols) - row[target];
    }
    return singleOutput("loss", {sum / static_cast<double>(rows)});
}

// out[0] = mean over rows of KL(softmax(p_logits[r]) || softmax(q_logits[r])).
Ref klDivRef(const RefArgs& r) {
    const long long rows = r.dim("rows"), cols = r.dim("cols");
    const auto* p = r.input("p_logits", {rows, cols});
    const auto* q = r.input("q_logits", {rows, cols});
    if (!p || !q)
        return referenceSizeError("p_logits or q_logits");
    double sum = 0;
    for (long long i = 0; i < rows; ++i) {
        const double* a = p->data() + i * cols;
        const double* b = q->data() + i * cols;
        const double la = logSumExp(a, cols), lb = logSumExp(b, cols);
        for (long long c = 0; c < cols; ++c)
            sum += std::exp(a[c] - la) * ((a[c] - la) - (b[c] - lb));
    }
    return singleOutput("loss", {sum / static_cast<double>(rows)});
}

// out[0] = mean over i of f(pred[i] - target[i]).
template <typename F> Ref meanLoss(const RefArgs& r, F f) {
    const long long n = r.dim("n");
    const auto* p = r.input("pred", {n});
    const auto* t = r.input("target", {n});
    if (!p || !t)
        return referenceSizeError("pred or target");
    double sum = 0;
    for (long long i = 0; i < n; ++i)
        sum += f((*p)[i] - (*t)[i]);
    return singleOutput("loss", {sum / static_cast<double>(n)});
}
Ref mseRef(const RefArgs& r) {
    return meanLoss(r, [](double d) { return d * d; });
}
Ref huberRef(const RefArgs& r) {
    const double delta = r.scalar("delta");
    return meanLoss(r, [delta](double d) {
        const double a = std::fabs(d);
        return a <= delta ? 0.5 * d * d : delta * (a - 0.5 * delta);
    });
}

// A plain array: its size follows the entries.
constexpr std::pair<const char*, ReferenceFn> kLevel1[] = {
    {"gemm-at-f32", &gemmAtRef},
    {"gemm-bt-f32", &gemmBtRef},
    {"gemm-batched-f32", &gemmBatchedRef},
    {"trmm-lower-f32", &trmmLowerRef},
    {"relu-f32", &reluRef},
    {"sigmoid-f32", &sigmoidRef},
    {"tanh-f32", &tanhRef},
    {"silu-f32", &siluRef},
    {"leaky-relu-f32", &leakyReluRef},
    {"reduce-max-f32", &reduceMaxRef},
    {"reduce-min-f32", &reduceMinRef},
    {"argmax-f32", &argmaxRef},
    {"argmin-f32", &argminRef},
    {"mean-rows-f32", &meanRowsRef},
    {"prod-rows-f32", &prodRowsRef},
    {"exclusive-scan-f32", &exclusiveScanRef},
    {"sort-i32", &sortRef},
    {"cross-entropy-f32", &crossEntropyRef},
    {"kl-div-f32", &klDivRef},
    {"mse-loss-f32", &mseRef},
    {"huber-loss-f32", &huberRef},
};

} // namespace

ReferenceFn findLevel1Reference(const std::string& taskId) {
    for (const auto& [id, fn] : kLevel1)
        if (taskId == id)
            return fn;
    return nullptr;
}

std::vector<std::string> level1ReferenceIds() {
    std::vector<std::string> ids;
    for (const auto& entry : kLevel1)
        ids.emplace_back(entry.first);
    return ids;
}

} // namespace kwb::cpuref
