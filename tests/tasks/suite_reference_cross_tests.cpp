// The float64 references of the normalisation, pooling, convolution, GEMM-fusion and block
// tasks: each against an older reference it must agree with in a special case (G = 1 against
// conv2d-nchw-f32, G = C against depthwise, HKV = H against causal attention, N = 1 batch norm
// against instance norm), or against a case worked by hand (one-hot filters that shift the
// image, a single-pixel transposed convolution, zero weights in the residual block).
#include <cmath>
#include <random>
#include <vector>

#include "core/reference/cpu_reference.h"
#include "core/reference/cpu_reference_ops.h"
#include "tests/support/check.h"
#include "tests/tasks/suites.h"

namespace ref = kwb::cpuref;

namespace {

using A = ref::RefArgs;
using Ref = kwb::Result<ref::CpuReferenceResult>;

std::vector<double> randomValues(std::size_t n, unsigned seed) {
    std::mt19937 gen(seed);
    std::normal_distribution<double> d(0.0, 1.0);
    std::vector<double> v(n);
    for (auto& x : v)
        x = static_cast<float>(d(gen)); // values a float buffer can hold
    return v;
}

bool same(const Ref& a, const char* outA, const std::vector<double>& b, double tol = 1e-9) {
    if (!a.ok() || !a->outputs.count(outA) || a->outputs.at(outA).size() != b.size())
        return false;
    for (std::size_t i = 0; i < b.size(); ++i)
        if (std::fabs(a->outputs.at(outA)[i] - b[i]) > tol * (1.0 + std::fabs(b[i])))
            return false;
    return true;
}

const std::vector<double>& out(const Ref& r, const char* name) {
    static const std::vector<double> none;
    return r.ok() && r->outputs.count(name) ? r->outputs.at(name) : none;
}

void convolutionChecks() {
    // Grouped with G = 1 is conv2d-nchw-f32's convolution.
    A g;
    g.dims = {{"N", 2}, {"C", 3}, {"H", 5}, {"W", 6}, {"K", 4}, {"G", 1}};
    g.inputs = {{"x", randomValues(2 * 3 * 5 * 6, 1)}, {"w", randomValues(4 * 3 * 9, 2)}};
    std::vector<float> xf(g.inputs["x"].begin(), g.inputs["x"].end());
    std::vector<float> wf(g.inputs["w"].begin(), g.inputs["w"].end());
    auto plain = ref::conv2dNchw(xf, wf, 2, 3, 5, 6, 4);
    CHECK(plain.ok() && same(ref::conv2dGroupedRef(g), "y", *plain));
    // Grouped with G = C = K is the depthwise convolution; each group sees one channel.
    A dw;
    dw.dims = {{"N", 2}, {"C", 3}, {"H", 5}, {"W", 6}};
    dw.inputs = {{"x", g.inputs["x"]}, {"w", randomValues(3 * 9, 3)}};
    g.dims["K"] = 3;
    g.dims["G"] = 3;
    g.inputs["w"] = dw.inputs["w"];
    CHECK(same(ref::conv2dGroupedRef(g), "y", out(ref::conv2dDepthwiseRef(dw), "y")));
    g.dims["G"] = 2; // 2 does not divide 3: an error, not a wild read
    CHECK(!ref::conv2dGroupedRef(g).ok());

    // One-hot filters shift the image: dilated tap (0, 0) reads x[i - 2, j - 2]; the strided
    // 7x7 stem's centre tap reads x[2i, 2j]; conv1d's first tap reads x[l - 3].
    std::vector<double> img(5 * 6);
    for (std::size_t i = 0; i < img.size(); ++i)
        img[i] = static_cast<double>(i + 1);
    A dl;
    dl.dims = {{"N", 1}, {"C", 1}, {"H", 5}, {"W", 6}, {"K", 1}};
    dl.inputs = {{"x", img}, {"w", {1, 0, 0, 0, 0, 0, 0, 0, 0}}};
    std::vector<double> shifted(img.size(), 0.0);
    for (int i = 2; i < 5; ++i)
        for (int j = 2; j < 6; ++j)
            shifted[i * 6 + j] = img[(i - 2) * 6 + (j - 2)];
    CHECK(same(ref::conv2dDilatedRef(dl), "y", shifted));
    A st;
    st.dims = {{"N", 1}, {"C", 1}, {"H", 5}, {"W", 6}, {"K", 1}, {"OH", 3}, {"OW", 3}};
    std::vector<double> centre(49, 0.0);
    centre[24] = 1;
    st.inputs = {{"x", img}, {"w", centre}};
    CHECK(same(ref::conv2dStridedRef(st), "y", {1, 3, 5, 13, 15, 17, 25, 27, 29}));
    st.dims["OH"] = 4; // not (H - 1) / 2 + 1
    CHECK(!ref::conv2dStridedRef(st).ok());
    A c1;
    c1.dims = {{"N", 1}, {"C", 1}, {"L", 5}, {"K", 1}};
    c1.inputs = {{"x", {1, 2, 3, 4, 5}}, {"w", {1, 0, 0, 0, 0, 0, 0}}};
    CHECK(same(ref::conv1dRef(c1), "y", {0, 0, 0, 1, 2}));

    // A one-pixel transposed convolution writes the filter's centre 2 x 2 (oh = -1 + r).
    A tr;
    tr.dims = {{"N", 1}, {"C", 1}, {"H", 1}, {"W", 1}, {"K", 1}, {"OH", 2}, {"OW", 2}};
    std::vector<double> w16(16);
    for (std::size_t i = 0; i < 16; ++i)
        w16[i] = static_cast<double>(i);
    tr.inputs = {{"x", {2}}, {"w", w16}};
    CHECK(same(ref::convTranspose2dRef(tr), "y", {10, 12, 18, 20}));

    // 3D: a centre tap copies the volume.
    A c3;
    c3.dims = {{"N", 1}, {"C", 1}, {"D", 2}, {"H", 3}, {"W", 2}, {"K", 1}};
    std::vector<double> tap(27, 0.0);
    tap[13] = 1;
    c3.inputs = {{"x", randomValues(12, 4)}, {"w", tap}};
    CHECK(same(ref::conv3dRef(c3), "y", c3.inputs["x"]));
}

void normalisationAndBlockChecks() {
    // Group norm with G = C is instance norm; training batch norm over one image is too.
    A in;
    in.dims = {{"N", 1}, {"C", 3}, {"H", 4}, {"W", 5}, {"G", 3}};
    in.inputs = {{"x", randomValues(60, 5)}, {"gamma", {1, 2, 0.5}}, {"beta", {0, -1, 3}}};
    in.scalars = {{"eps", 1e-5}};
    const auto inst = ref::instancenormRef(in);
    CHECK(inst.ok() && same(ref::groupnormRef(in), "y", out(inst, "y")));
    CHECK(same(ref::batchnormTrainingRef(in), "y", out(inst, "y")));
    const auto& y = out(inst, "y");
    double mean = 0;
    for (int i = 0; i < 20; ++i)
        mean += y[i] / 20;
    CHECK(std::fabs(mean) < 1e-12); // channel 0: gamma 1, beta 0

    // Grouped-query attention with HKV = H is causal attention; without a mask, one key gives v.
    A at;
    at.dims = {{"B", 1}, {"H", 2}, {"HKV", 2}, {"S", 3}};
    at.inputs = {{"q", randomValues(2 * 3 * 64, 6)},
                 {"k", randomValues(2 * 3 * 64, 7)},
                 {"v", randomValues(2 * 3 * 64, 8)}};
    at.scalars = {{"scale", 0.125}};
    CHECK(same(ref::gqaAttentionRef(at), "o", out(ref::causalAttentionRef(at), "o")));
    at.dims = {{"B", 1}, {"H", 1}, {"S", 1}};
    at.inputs = {
        {"q", randomValues(64, 9)}, {"k", randomValues(64, 10)}, {"v", randomValues(64, 11)}};
    CHECK(same(ref::attentionRef(at), "o", at.inputs["v"]));

    // The residual block with zero weights: h = ReLU(t1), y = ReLU(t2 + x).
    A rb;
    rb.dims = {{"N", 1}, {"C", 2}, {"H", 1}, {"W", 2}};
    rb.inputs = {{"x", {1, -2, 3, -4}},
                 {"w1", std::vector<double>(36, 0.0)},
                 {"w2", std::vector<double>(36, 0.0)},
                 {"s1", {1, 1}},
                 {"t1", {0.5, -0.5}},
                 {"s2", {1, 1}},
                 {"t2", {1, 1}}};
    const auto block = ref::resblockRef(rb);
    CHECK(same(block, "h", {0.5, 0.5, 0, 0}) && same(block, "y", {2, 0, 4, 0}));

    // The LLaMA MLP's h is the SwiGLU task's output.
    A ml;
    ml.dims = {{"M", 2}, {"D", 3}, {"F", 4}};
    ml.inputs = {{"x", randomValues(6, 12)},
                 {"w1", randomValues(12, 13)},
                 {"w3", randomValues(12, 14)},
                 {"w2", randomValues(12, 15)}};
    CHECK(same(ref::mlpSwigluRef(ml), "h", out(ref::swigluRef(ml), "h")));

    // Pooling by hand: 1D max over [x - 2, x + 2] at stride 2; 3D average of a ones volume
    // (a corner window holds 8 of 27 positions inside).
    A mp;
    mp.dims = {{"N", 1}, {"C", 1}, {"L", 5}, {"OL", 3}};
    mp.inputs = {{"x", {3, -1, 4, 1, -5}}};
    CHECK(same(ref::maxpool1dRef(mp), "y", {4, 4, 4}));
    A ap;
    ap.dims = {{"N", 1}, {"C", 1}, {"D", 3}, {"H", 3}, {"W", 3}, {"OD", 2}, {"OH", 2}, {"OW", 2}};
    ap.inputs = {{"x", std::vector<double>(27, 1.0)}};
    CHECK(same(ref::avgpool3dRef(ap), "y", std::vector<double>(8, 8.0 / 27)));
}

} // namespace

void suiteReferenceCrossTests() {
    convolutionChecks();
    normalisationAndBlockChecks();
}
