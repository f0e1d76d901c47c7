// The suite's float64 references (cpu_reference_ops.h) on tiny cases computed by hand, the
// host input generator, and the seed-variation check every built-in task must pass.
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "core/reference/cpu_reference_ops.h"
#include "core/reference/host_inputs.h"
#include "core/tasks/task_loader.h"
#include "tests/support/check.h"
#include "tests/tasks/suites.h"

namespace ref = kwb::cpuref;

namespace {

bool near(double a, double b, double tol = 1e-12) {
    return std::fabs(a - b) <= tol;
}

bool equals(const kwb::Result<kwb::cpuref::CpuReferenceResult>& r, const char* out,
            const std::vector<double>& want, double tol = 1e-12) {
    if (!r.ok() || !r->outputs.count(out))
        return false;
    const auto& got = r->outputs.at(out);
    if (got.size() != want.size())
        return false;
    for (std::size_t i = 0; i < want.size(); ++i)
        if (!near(got[i], want[i], tol))
            return false;
    return true;
}

// The second group of level-1 references (cpu_reference_level1.cpp), by task id.
kwb::Result<ref::CpuReferenceResult> run(const char* id, const ref::RefArgs& a) {
    const ref::ReferenceFn fn = ref::findSuiteReference(id);
    if (fn == nullptr)
        return kwb::Error::make("test", std::string("no reference ") + id);
    return fn(a);
}

void level1ReferenceTests() {
    using A = ref::RefArgs;
    // A^T B with A stored [K, M] = [[1, 2], [3, 4]] (so A^T = [[1, 3], [2, 4]]), B = I.
    A g;
    g.dims = {{"M", 2}, {"N", 2}, {"K", 2}};
    g.inputs = {{"A", {1, 2, 3, 4}}, {"B", {1, 0, 0, 1}}};
    CHECK(equals(run("gemm-at-f32", g), "C", {1, 3, 2, 4}));
    // A B^T with A = I and B stored [N, K] = [[1, 2], [3, 4]]: B^T.
    g.inputs = {{"A", {1, 0, 0, 1}}, {"B", {1, 2, 3, 4}}};
    CHECK(equals(run("gemm-bt-f32", g), "C", {1, 3, 2, 4}));
    CHECK(!run("gemm-bt-f32", A{{{"A", {1}}, {"B", {1}}}, g.dims, {}}).ok()); // wrong sizes
    // Two 1x1 batches: [2 * 3, 4 * 5].
    A gb;
    gb.dims = {{"batch", 2}, {"M", 1}, {"N", 1}, {"K", 1}};
    gb.inputs = {{"A", {2, 4}}, {"B", {3, 5}}};
    CHECK(equals(run("gemm-batched-f32", gb), "C", {6, 20}));
    // tril(A) B: the 100 above the diagonal is never read.
    A tr;
    tr.dims = {{"M", 2}, {"N", 1}};
    tr.inputs = {{"A", {1, 100, 2, 3}}, {"B", {1, 1}}};
    CHECK(equals(run("trmm-lower-f32", tr), "C", {1, 5}));

    A x;
    x.dims = {{"n", 4}};
    x.inputs = {{"x", {-2, 0, 1, 3}}};
    x.scalars = {{"slope", 0.5}};
    CHECK(equals(run("relu-f32", x), "y", {0, 0, 1, 3}));
    CHECK(equals(run("leaky-relu-f32", x), "y", {-1, 0, 1, 3}));
    CHECK(
        equals(run("sigmoid-f32", x), "y",
               {1 / (1 + std::exp(2.0)), 0.5, 1 / (1 + std::exp(-1.0)), 1 / (1 + std::exp(-3.0))}));
    CHECK(equals(run("tanh-f32", x), "y", {std::tanh(-2.0), 0, std::tanh(1.0), std::tanh(3.0)}));
    CHECK(
        equals(run("silu-f32", x), "y",
               {-2 / (1 + std::exp(2.0)), 0, 1 / (1 + std::exp(-1.0)), 3 / (1 + std::exp(-3.0))}));
    CHECK(equals(run("exclusive-scan-f32", x), "y", {0, -2, -2, -1}));
    CHECK(equals(run("reduce-max-f32", x), "out", {3}));
    CHECK(equals(run("reduce-min-f32", x), "out", {-2}));
    A k;
    k.dims = {{"n", 5}};
    k.inputs = {{"keys", {3, -1, 3, 0, -7}}};
    CHECK(equals(run("sort-i32", k), "sorted", {-7, -1, 0, 3, 3}));

    // Ties: the first index of the extreme value.
    A t;
    t.dims = {{"n", 5}};
    t.inputs = {{"x", {1, 7, -3, 7, -3}}};
    CHECK(equals(run("argmax-f32", t), "idx", {1}));
    CHECK(equals(run("argmin-f32", t), "idx", {2}));

    A rows;
    rows.dims = {{"rows", 2}, {"cols", 3}};
    rows.inputs = {{"x", {1, 2, 3, 0.5, 4, -1}}};
    CHECK(equals(run("mean-rows-f32", rows), "y", {2, 3.5 / 3}));
    CHECK(equals(run("prod-rows-f32", rows), "y", {6, -2}));

    // Cross-entropy of [0, ln 3] against class 1: -log(3 / 4); of [0, 0] against 0: log 2.
    A ce;
    ce.dims = {{"rows", 2}, {"classes", 2}};
    ce.inputs = {{"logits", {0, std::log(3.0), 0, 0}}, {"targets", {1, 0}}};
    CHECK(equals(run("cross-entropy-f32", ce), "loss", {(-std::log(0.75) + std::log(2.0)) / 2}));
    ce.inputs["targets"] = {2, 0}; // not a class
    CHECK(!run("cross-entropy-f32", ce).ok());
    // KL of a distribution with itself is 0; of [3/4, 1/4] against [1/2, 1/2] it is known.
    A kl;
    kl.dims = {{"rows", 2}, {"cols", 2}};
    kl.inputs = {{"p_logits", {1, 2, std::log(3.0), 0}}, {"q_logits", {1, 2, 5, 5}}};
    CHECK(
        equals(run("kl-div-f32", kl), "loss", {(0.75 * std::log(1.5) + 0.25 * std::log(0.5)) / 2}));
    // MSE and Huber (delta 1): differences -2 and 0.5.
    A l;
    l.dims = {{"n", 2}};
    l.inputs = {{"pred", {0, 1}}, {"target", {2, 0.5}}};
    l.scalars = {{"delta", 1.0}};
    CHECK(equals(run("mse-loss-f32", l), "loss", {(4 + 0.25) / 2}));
    CHECK(equals(run("huber-loss-f32", l), "loss", {(1.0 * (2 - 0.5) + 0.5 * 0.25) / 2}));
}

} // namespace

void suiteReferenceTests() {
    level1ReferenceTests();
    using A = ref::RefArgs;
    // Half precision bits: 1.0, -2.0, the smallest subnormal, and round trips.
    CHECK(near(ref::halfToDouble(0x3c00), 1.0) && near(ref::halfToDouble(0xc000), -2.0));
    CHECK(near(ref::halfToDouble(0x0001), std::ldexp(1.0, -24)));
    for (double v : {0.0, 1.0, -2.5, 65504.0, 1e-5, 0.333251953125})
        CHECK_MSG(near(ref::halfToDouble(kwb::doubleToHalf(v)), v, std::fabs(v) * 1e-3 + 1e-7),
                  std::to_string(v));
    CHECK(kwb::doubleToHalf(1e6) == 0x7c00); // overflow to infinity

    // SAXPY and transpose.
    A s;
    s.dims = {{"n", 2}};
    s.inputs = {{"x", {1, 2}}, {"y", {10, 20}}};
    s.scalars = {{"alpha", 3}};
    CHECK(equals(ref::saxpyRef(s), "out", {13, 26}));
    A t;
    t.dims = {{"rows", 2}, {"cols", 3}};
    t.inputs = {{"x", {1, 2, 3, 4, 5, 6}}};
    CHECK(equals(ref::transposeRef(t), "y", {1, 4, 2, 5, 3, 6}));
    t.dims["cols"] = 4; // sizes that do not match the input are an error, not a wild read
    CHECK(!ref::transposeRef(t).ok());

    // Scan, histogram (out-of-range samples ignored).
    A sc;
    sc.dims = {{"n", 4}};
    sc.inputs = {{"x", {1, -2, 3, 5}}};
    CHECK(equals(ref::scanRef(sc), "y", {1, -1, 2, 7}));
    A h;
    h.dims = {{"n", 5}};
    h.inputs = {{"x", {0, 255, 255, -1, 256}}};
    auto hist = ref::histogramRef(h);
    CHECK(hist.ok() && hist->outputs["hist"].size() == 256 && hist->outputs["hist"][0] == 1 &&
          hist->outputs["hist"][255] == 2 && hist->outputs["hist"][1] == 0);

    // Pooling 3x3 / 2 / 1 over a 3x3 image 1..9: OH = OW = 2.
    A p;
    p.dims = {{"N", 1}, {"C", 1}, {"H", 3}, {"W", 3}, {"OH", 2}, {"OW", 2}};
    p.inputs = {{"x", {1, 2, 3, 4, 5, 6, 7, 8, 9}}};
    CHECK(equals(ref::maxpoolRef(p), "y", {5, 6, 8, 9}));
    CHECK(equals(ref::avgpoolRef(p), "y", {12.0 / 9, 16.0 / 9, 24.0 / 9, 28.0 / 9}));
    p.dims["OH"] = 3;
    CHECK(!ref::maxpoolRef(p).ok());

    // RMSNorm + residual: h = [3, 4] -> rms = sqrt(12.5); both outputs.
    A r;
    r.dims = {{"rows", 1}, {"cols", 2}};
    r.inputs = {{"x", {1, 1}}, {"residual", {2, 3}}, {"gamma", {1, 2}}};
    r.scalars = {{"eps", 0}};
    const double rms = std::sqrt(12.5);
    CHECK(equals(ref::rmsnormResidualRef(r), "h", {3, 4}));
    CHECK(equals(ref::rmsnormResidualRef(r), "y", {3 / rms, 8 / rms}));

    // Masked softmax: masked entries vanish; a fully masked row is uniform.
    A m;
    m.dims = {{"batch", 1}, {"heads", 1}, {"sq", 2}, {"sk", 2}};
    m.inputs = {{"x", {0, 5, 1, 2}}, {"mask", {0, 1, 1, 1}}};
    m.scalars = {{"scale", 1}};
    CHECK(equals(ref::scaledMaskedSoftmaxRef(m), "y", {1, 0, 0.5, 0.5}));

    // Causal attention with one position: o = v whatever the scores.
    A at;
    at.dims = {{"B", 1}, {"H", 1}, {"S", 1}};
    std::vector<double> v(64);
    for (int i = 0; i < 64; ++i)
        v[i] = i * 0.5;
    at.inputs = {
        {"q", std::vector<double>(64, 1.0)}, {"k", std::vector<double>(64, 2.0)}, {"v", v}};
    at.scalars = {{"scale", 0.125}};
    CHECK(equals(ref::causalAttentionRef(at), "o", v));

    // Batch norm: (x - mean) / sqrt(var + eps) * gamma + beta, per channel.
    A bn;
    bn.dims = {{"N", 1}, {"C", 2}, {"H", 1}, {"W", 1}};
    bn.inputs = {
        {"x", {3, 3}}, {"gamma", {2, 1}}, {"beta", {1, 0}}, {"mean", {1, 3}}, {"var", {4, 1}}};
    bn.scalars = {{"eps", 0}};
    CHECK(equals(ref::batchnormRef(bn), "y", {3, 0}));

    // The table knows every suite id, and every built-in task's outputs change with the seed.
    CHECK(ref::suiteReferenceIds().size() == 44 + ref::level1ReferenceIds().size());
    CHECK(ref::level1ReferenceIds().size() == 21);
    auto folder = kwb::loadTaskFolder(taskSourceDir());
    CHECK(folder.problems.empty());
    int checked = 0;
    for (const auto& task : folder.tasks)
        for (const auto& shape : task.shapes) {
            if (!shape.cpuReference)
                continue;
            auto var = kwb::measureOutputVariation(task, shape);
            if (!CHECK_MSG(var.ok(), task.id + ": " + (var.ok() ? "" : var.error().message)))
                continue;
            for (const auto& o : *var)
                CHECK_MSG(o.relativeChange >= kwb::kMinRelativeChange && o.rms > 0,
                          task.id + "." + o.output + " barely changes across seeds");
            ++checked;
        }
    CHECK(checked >= 50);
    suiteReferenceCrossTests();

    // A task whose inputs are drawn from a point mass is caught: its output never changes.
    const auto gelu = std::find_if(folder.tasks.begin(), folder.tasks.end(),
                                   [](const kwb::Task& x) { return x.id == "gelu-f32"; });
    if (CHECK(gelu != folder.tasks.end())) {
        kwb::Task constant = *gelu;
        constant.parameters[0].distribution = {kwb::DistributionKind::Integers, 3.0, 3.0};
        const auto* small = constant.findShape("small");
        auto var = kwb::measureOutputVariation(constant, *small);
        CHECK(var.ok() && var->size() == 1 && (*var)[0].relativeChange < kwb::kMinRelativeChange);
    }
}
