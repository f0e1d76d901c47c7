// Float64 CPU references on tiny cases computed by hand.
#include <cmath>
#include <cstring>
#include <vector>

#include "core/reference/cpu_reference.h"
#include "core/tasks/task_loader.h"
#include "tests/support/check.h"
#include "tests/tasks/suites.h"

namespace ref = kwb::cpuref;

namespace {

bool near(double a, double b, double tol = 1e-12) {
    return std::fabs(a - b) <= tol;
}

bool equals(const kwb::Result<std::vector<double>>& r, const std::vector<double>& want,
            double tol = 1e-12) {
    if (!r.ok() || r->size() != want.size())
        return false;
    for (std::size_t i = 0; i < want.size(); ++i)
        if (!near((*r)[i], want[i], tol))
            return false;
    return true;
}

template <typename T> std::span<const std::byte> bytes(const std::vector<T>& v) {
    return std::as_bytes(std::span<const T>(v));
}

} // namespace

void cpuReferenceTests() {
    // softmax of [0, ln 3] is [1/4, 3/4]; a second row of equal values is uniform.
    const std::vector<float> sx{0.0f, static_cast<float>(std::log(3.0)), 5.0f, 5.0f};
    CHECK(equals(ref::softmaxRows(sx, 2, 2), {0.25, 0.75, 0.5, 0.5}, 1e-7));
    // Large logits do not overflow: the maximum is subtracted.
    CHECK(equals(ref::softmaxRows(std::vector<float>{1000.0f, 1000.0f}, 1, 2), {0.5, 0.5}));
    CHECK(!ref::softmaxRows(sx, 3, 2).ok());

    // [[1,2],[3,4]] x [[5,6],[7,8]] = [[19,22],[43,50]]; and a 1x3 by 3x2.
    const std::vector<float> a{1, 2, 3, 4}, b{5, 6, 7, 8};
    CHECK(equals(ref::sgemm(a, b, 2, 2, 2), {19, 22, 43, 50}));
    CHECK(equals(
        ref::sgemm(std::vector<float>{1, 2, 3}, std::vector<float>{1, 0, 0, 1, 1, 1}, 1, 2, 3),
        {4, 5}));
    CHECK(!ref::sgemm(a, b, 2, 3, 2).ok());
    CHECK(!ref::sgemm(a, b, 0, 2, 2).ok());

    // Row [1, 3]: mean 2, variance 1, normalised [-1, 1]; GELU(-1), GELU(1).
    const double g1 = 0.8413447460685429, gm1 = -0.15865525393145707;
    CHECK(near(ref::geluExact(1.0), g1) && near(ref::geluExact(-1.0), gm1));
    CHECK(near(ref::geluExact(0.0), 0.0));
    CHECK(equals(ref::layernormGelu(std::vector<float>{1, 3}, std::vector<float>{1, 1},
                                    std::vector<float>{0, 0}, 1, 2, 0.0f),
                 {gm1, g1}));
    // gamma 2, beta 1: v = [-1, 3].
    CHECK(equals(ref::layernormGelu(std::vector<float>{1, 3}, std::vector<float>{2, 2},
                                    std::vector<float>{1, 1}, 1, 2, 0.0f),
                 {gm1, ref::geluExact(3.0)}));
    // eps enters under the square root: var 1 + eps 3 -> divide by 2.
    CHECK(equals(ref::layernormGelu(std::vector<float>{1, 3}, std::vector<float>{1, 1},
                                    std::vector<float>{0, 0}, 1, 2, 3.0f),
                 {ref::geluExact(-0.5), ref::geluExact(0.5)}));

    // 2x2 image of ones, 3x3 filter of ones: every output sees 4 pixels through the padding.
    CHECK(equals(
        ref::conv2dNchw(std::vector<float>(4, 1.0f), std::vector<float>(9, 1.0f), 1, 1, 2, 2, 1),
        {4, 4, 4, 4}));
    // 1x1 image: only the filter's centre tap counts; two output channels.
    std::vector<float> w(18, 100.0f);
    w[4] = 2.0f;
    w[13] = -3.0f;
    CHECK(equals(ref::conv2dNchw(std::vector<float>{1.5f}, w, 1, 1, 1, 1, 2), {3.0, -4.5}));
    // 3x3 image 1..9, filter picking the right neighbour (r=1, s=2): a shift left, zero pad.
    std::vector<float> shift(9, 0.0f);
    shift[5] = 1.0f;
    CHECK(
        equals(ref::conv2dNchw(std::vector<float>{1, 2, 3, 4, 5, 6, 7, 8, 9}, shift, 1, 1, 3, 3, 1),
               {2, 3, 0, 5, 6, 0, 8, 9, 0}));

    CHECK(equals(ref::reduceSum(std::vector<float>{1.0f, 2.0f, 3.5f}), {6.5}));
    CHECK(equals(ref::reduceSumAbs(std::vector<float>{-1.0f, 2.0f}), {3.0}));
    // Float64 accumulation: 1e8 + 1 + ... - 1e8 keeps the ones float32 would lose.
    CHECK(equals(ref::reduceSum(std::vector<float>{1e8f, 1.0f, 1.0f, -1e8f}), {2.0}));
    CHECK(!ref::reduceSum(std::vector<float>{}).ok());

    // bfloat16 bits: 1.0 is 0x3F80; ties round to even; NaN stays NaN.
    CHECK(ref::floatToBf16(1.0f) == 0x3F80 && ref::bf16ToFloat(0x3F80) == 1.0f);
    CHECK(ref::floatToBf16(-2.0f) == 0xC000);
    CHECK(ref::floatToBf16(1.0f + 1.0f / 256) == 0x3F80); // tie, even stays
    CHECK(ref::floatToBf16(1.0f + 3.0f / 256) == 0x3F82); // tie, odd rounds up
    CHECK(ref::floatToBf16(1.0f + 1.5f / 256) == 0x3F81); // above the tie
    CHECK(std::isnan(ref::bf16ToFloat(ref::floatToBf16(std::nanf("")))));
    CHECK(ref::bf16ToFloat(ref::floatToBf16(3.140625f)) == 3.140625f);

    // GELU(A B + bias) with A = [1], B = [2], bias = [-1]: GELU(1).
    const std::vector<std::uint16_t> ba{ref::floatToBf16(1.0f)}, bb{ref::floatToBf16(2.0f)},
        bbias{ref::floatToBf16(-1.0f)};
    CHECK(equals(ref::gemmBiasGelu(ba, bb, bbias, 1, 1, 1), {g1}));
    CHECK(!ref::gemmBiasGelu(ba, bb, bbias, 1, 2, 1).ok());

    // The dispatcher, driven by the shipped task files.
    auto folder = kwb::loadTaskFolder(taskSourceDir());
    int dispatched = 0;
    for (const auto& t : folder.tasks) {
        CHECK_MSG(ref::hasCpuReference(t.reference.cpu), t.id); // by the name its file gives
        if (t.id == "reduce-sum-f32") {
            const auto* tiny = t.findShape("tiny");
            if (!CHECK(tiny))
                continue;
            const std::vector<float> x{1.0f, -2.0f, 4.0f};
            auto r = ref::runCpuReference(t, *tiny, {{"x", bytes(x)}});
            CHECK(r.ok() && r->outputs.at("out") == std::vector<double>{3.0} &&
                  r->scales.at("out") == std::vector<double>{7.0});
            // Wrong length for n = 3: an error, not a wild read.
            CHECK(!ref::runCpuReference(t, *tiny, {{"x", bytes(std::vector<float>{1, 2})}}).ok());
            ++dispatched;
        }
        if (t.id == "sgemm-f32") {
            kwb::ShapeSpec s{"hand", {{"M", 2}, {"N", 2}, {"K", 2}}, {}, true};
            auto r = ref::runCpuReference(t, s, {{"A", bytes(a)}, {"B", bytes(b)}});
            CHECK(r.ok() && r->outputs.at("C") == std::vector<double>({19, 22, 43, 50}));
            CHECK(!ref::runCpuReference(t, s, {{"A", bytes(a)}}).ok()); // B missing
            ++dispatched;
        }
        if (t.id == "layernorm-gelu-f32") {
            // eps comes from the parameter's default when the shape gives none.
            kwb::ShapeSpec s{"hand", {{"rows", 1}, {"cols", 2}}, {}, true};
            const std::vector<float> x{1, 3}, gamma{1, 1}, beta{0, 0};
            auto r = ref::runCpuReference(
                t, s, {{"x", bytes(x)}, {"gamma", bytes(gamma)}, {"beta", bytes(beta)}});
            const double inv = 1.0 / std::sqrt(1.0 + static_cast<double>(1e-5f));
            CHECK(r.ok() && near(r->outputs.at("y")[1], ref::geluExact(inv)));
            ++dispatched;
        }
    }
    CHECK(dispatched == 3);
    kwb::Task unknown;
    unknown.id = "no-such-task";
    CHECK(!ref::hasCpuReference("no-such-task") &&
          !ref::runCpuReference(unknown, kwb::ShapeSpec{}, {}).ok());
}
