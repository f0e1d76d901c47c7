#include "core/eval/eval_metrics.h"

#include <algorithm>
#include <cmath>
#include <random>

namespace kwb {

double passAtK(int n, int c, int k) {
    if (k <= 0 || k > n)
        return 0;
    if (n - c < k)
        return 1;
    // The product form of C(n-c, k) / C(n, k), stable for large n.
    double q = 1;
    for (int i = n - c + 1; i <= n; ++i)
        q *= 1.0 - double(k) / double(i);
    return 1.0 - q;
}

namespace {

struct TaskCount {
    int n = 0, c = 0;
};

void addSpeedups(const std::vector<const EvalAnswer*>& answers, EvalStats& s) {
    double sum = 0, logSum = 0;
    int n = 0;
    for (const auto* a : answers)
        if (a->correct && a->speedup && *a->speedup > 0) {
            sum += *a->speedup;
            logSum += std::log(*a->speedup);
            ++n;
        }
    if (n) {
        s.meanSpeedup = sum / n;
        s.geomeanSpeedup = std::exp(logSum / n);
    }
    for (double p : evalFastPThresholds()) {
        int fast = 0;
        for (const auto* a : answers)
            fast += a->correct && a->speedup && *a->speedup > p;
        s.fastP[p] = s.cells ? double(fast) / s.cells : 0.0;
    }
}

} // namespace

EvalStats evalStats(const std::vector<const EvalAnswer*>& answers) {
    EvalStats s;
    std::map<std::string, TaskCount> perTask;
    double latency = 0;
    for (const auto* a : answers) {
        ++s.cells;
        s.answered += a->answered;
        s.compiled += a->compiled;
        s.ran += a->ran;
        s.correct += a->correct;
        auto& t = perTask[a->taskId];
        ++t.n;
        t.c += a->correct;
        s.promptTokens += a->promptTokens;
        s.completionTokens += a->completionTokens;
        if (a->costUsd)
            s.costUsd += *a->costUsd;
        else
            s.costKnown = false;
        latency += a->latencyMs;
        s.cellIds.push_back(a->cellId);
    }
    s.tasks = int(perTask.size());
    if (s.cells)
        s.meanLatencyMs = latency / s.cells;
    int fewest = 0;
    for (const auto& [id, t] : perTask)
        fewest = fewest ? std::min(fewest, t.n) : t.n;
    // Every k at once: C(n-c, k) / C(n, k) from the one for k - 1, a factor per k, so a run with
    // hundreds of answers per task costs O(tasks x k), not the O(tasks x k x c) of passAtK per k.
    std::vector<double> sums(std::size_t(fewest) + 1, 0.0);
    for (const auto& [id, t] : perTask) {
        double q = 1;
        for (int k = 1; k <= fewest; ++k) {
            q = t.n - t.c < k ? 0.0 : q * double(t.n - t.c - k + 1) / double(t.n - k + 1);
            sums[std::size_t(k)] += 1.0 - q;
        }
    }
    for (int k = 1; k <= fewest; ++k)
        s.passAtK[k] = sums[std::size_t(k)] / double(perTask.size());
    s.passAt1 = s.passAtK.count(1) ? s.passAtK[1] : 0.0;
    addSpeedups(answers, s);
    return s;
}

EvalInterval bootstrapDifference(const std::vector<std::pair<double, double>>& perTask,
                                 std::uint64_t seed, int resamples) {
    EvalInterval iv;
    iv.tasks = int(perTask.size());
    if (perTask.empty())
        return iv;
    std::vector<double> d;
    for (const auto& [a, b] : perTask)
        d.push_back(a - b);
    double sum = 0;
    for (double x : d)
        sum += x;
    iv.difference = sum / double(d.size());
    // mt19937_64's output is fixed by the standard; the index is taken by modulo, not by a
    // distribution (whose algorithm differs between libraries), so the interval is portable.
    std::mt19937_64 rng(seed);
    std::vector<double> means;
    means.reserve(std::size_t(resamples));
    for (int r = 0; r < resamples; ++r) {
        double s = 0;
        for (std::size_t i = 0; i < d.size(); ++i)
            s += d[rng() % d.size()];
        means.push_back(s / double(d.size()));
    }
    std::sort(means.begin(), means.end());
    auto at = [&](double q) {
        return means[std::min(means.size() - 1, std::size_t(q * double(means.size() - 1) + 0.5))];
    };
    iv.low = at(0.025);
    iv.high = at(0.975);
    return iv;
}

} // namespace kwb
