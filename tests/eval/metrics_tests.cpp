// The report's numbers as pure functions: the unbiased pass@k estimator against hand counts,
// fast_p and speedups over correct answers only, costs that become unknown, and a bootstrap
// interval that is the same for the same seed and brackets the mean difference.
#include <cmath>

#include "core/eval/eval_metrics.h"
#include "tests/eval/suites.h"
#include "tests/support/check.h"

namespace kwbtest {
namespace {

using namespace kwb;

bool near(double a, double b) {
    return std::fabs(a - b) < 1e-12;
}

void passAtKValues() {
    CHECK(near(passAtK(4, 1, 1), 0.25));
    CHECK(near(passAtK(4, 1, 2), 0.5));             // 1 - C(3,2)/C(4,2) = 1 - 3/6
    CHECK(near(passAtK(4, 2, 2), 1.0 - 1.0 / 6.0)); // 1 - C(2,2)/C(4,2)
    CHECK(near(passAtK(4, 0, 4), 0.0));
    CHECK(near(passAtK(4, 1, 4), 1.0));
    CHECK(near(passAtK(3, 1, 4), 0.0)); // k > n: not defined, 0
    CHECK(near(passAtK(200, 3, 10), 1.0 - std::exp(std::lgamma(198.0) - std::lgamma(188.0) -
                                                   std::lgamma(201.0) + std::lgamma(191.0))));
}

// evalStats' pass@k for every k, against passAtK's own form, on tasks of many answers.
void passAtKOfLargeRuns() {
    std::vector<EvalAnswer> a;
    const int perTask[3][2] = {{200, 3}, {150, 149}, {120, 0}}; // answers, correct
    for (int t = 0; t < 3; ++t)
        for (int i = 0; i < perTask[t][0]; ++i) {
            EvalAnswer x;
            x.cellId = std::int64_t(a.size() + 1);
            x.taskId = "t" + std::to_string(t);
            x.answered = x.compiled = x.ran = true;
            x.correct = i < perTask[t][1];
            a.push_back(x);
        }
    std::vector<const EvalAnswer*> p;
    for (const auto& x : a)
        p.push_back(&x);
    const EvalStats s = evalStats(p);
    CHECK(s.passAtK.size() == 120);
    for (int k : {1, 2, 10, 60, 119, 120}) {
        double want = 0;
        for (int t = 0; t < 3; ++t)
            want += passAtK(perTask[t][0], perTask[t][1], k) / 3.0;
        CHECK_MSG(s.passAtK.count(k) && std::abs(s.passAtK.at(k) - want) < 1e-12,
                  "k = " + std::to_string(k));
    }
}

void stats() {
    std::vector<EvalAnswer> a(6);
    for (std::size_t i = 0; i < a.size(); ++i) {
        a[i].cellId = std::int64_t(i + 1);
        a[i].taskId = i < 4 ? "t1" : "t2";
        a[i].answered = true;
        a[i].compiled = i != 3;
        a[i].promptTokens = 100;
        a[i].completionTokens = 10;
        a[i].costUsd = 0.5;
        a[i].latencyMs = double(i);
    }
    // t1: two correct of four (speedups 1.1 and 2.5); t2: one correct of two (0.8).
    a[0].correct = a[0].ran = true, a[0].speedup = 1.1;
    a[1].correct = a[1].ran = true, a[1].speedup = 2.5;
    a[4].correct = a[4].ran = true, a[4].speedup = 0.8;
    a[2].ran = true, a[2].speedup = 9.0; // wrong: its speedup counts nowhere
    a[5].costUsd.reset();
    std::vector<const EvalAnswer*> p;
    for (const auto& x : a)
        p.push_back(&x);
    EvalStats s = evalStats(p);
    CHECK(s.tasks == 2 && s.cells == 6 && s.answered == 6 && s.compiled == 5 && s.correct == 3 &&
          s.ran == 4);
    CHECK(near(s.passAt1, (0.5 + 0.5) / 2));
    CHECK(s.passAtK.size() == 2 && near(s.passAtK[2], (passAtK(4, 2, 2) + passAtK(2, 1, 2)) / 2));
    CHECK(near(s.fastP[1.0], 2.0 / 6) && near(s.fastP[1.2], 1.0 / 6) &&
          near(s.fastP[1.5], 1.0 / 6) && near(s.fastP[2.0], 1.0 / 6));
    CHECK(s.geomeanSpeedup && near(*s.geomeanSpeedup, std::cbrt(1.1 * 2.5 * 0.8)));
    CHECK(s.meanSpeedup && near(*s.meanSpeedup, (1.1 + 2.5 + 0.8) / 3));
    CHECK(s.promptTokens == 600 && s.completionTokens == 60);
    CHECK(!s.costKnown && near(s.costUsd, 2.5));
    CHECK(near(s.meanLatencyMs, 2.5));
    CHECK(s.cellIds.size() == 6 && s.cellIds.front() == 1);
    EvalStats empty = evalStats({});
    CHECK(empty.cells == 0 && empty.passAtK.empty() && !empty.geomeanSpeedup &&
          near(empty.fastP[1.0], 0));
}

void bootstrap() {
    std::vector<std::pair<double, double>> perTask = {
        {1.0, 0.0}, {0.75, 0.25}, {0.5, 0.5}, {1.0, 0.5}, {0.25, 0.0}};
    EvalInterval a = bootstrapDifference(perTask, 7), b = bootstrapDifference(perTask, 7);
    CHECK(a.tasks == 5 && near(a.difference, (1.0 + 0.5 + 0.0 + 0.5 + 0.25) / 5));
    CHECK(near(a.low, b.low) && near(a.high, b.high)); // the same seed, the same interval
    CHECK(a.low <= a.difference && a.difference <= a.high && a.low >= 0.0 && a.high <= 1.0);
    CHECK(a.low < a.high);
    EvalInterval c = bootstrapDifference(perTask, 8);
    CHECK(near(c.difference, a.difference));
    std::vector<std::pair<double, double>> same = {{0.5, 0.25}, {0.5, 0.25}};
    EvalInterval d = bootstrapDifference(same, 1);
    CHECK(near(d.low, 0.25) && near(d.high, 0.25));
    CHECK(bootstrapDifference({}, 1).tasks == 0);
}

} // namespace

void metricsTests() {
    passAtKValues();
    stats();
    passAtKOfLargeRuns();
    bootstrap();
}

} // namespace kwbtest
