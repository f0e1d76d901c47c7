#pragma once
// The numbers of an evaluation report, as pure functions of the answers: counts, the unbiased
// pass@k estimator (Chen et al. 2021: 1 - C(n-c, k) / C(n, k), averaged over tasks), fast_p
// (the share of answers that are correct and more than p times as fast as the library baseline),
// speedups, tokens, cost and latency; and a condition's difference from another over tasks with
// a 95 % bootstrap interval from a fixed seed (the same answers give the same interval).
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace kwb {

// One finished cell of an evaluation run, as the metrics count it.
struct EvalAnswer {
    std::int64_t cellId = 0;
    std::string model, condition, taskId, family;
    int level = 0;
    bool answered = false;         // the final answer had code
    bool compiled = false;         // it built
    bool ran = false;              // it was verified on a GPU (correctness is known)
    bool correct = false;          // the verification passed
    std::optional<double> speedup; // geometric mean over shapes against the baseline
    std::int64_t promptTokens = 0, completionTokens = 0;
    std::optional<double> costUsd; // none: unknown
    double latencyMs = 0;
};

inline const std::vector<double>& evalFastPThresholds() {
    static const std::vector<double> ps = {1.0, 1.2, 1.5, 2.0};
    return ps;
}

struct EvalStats {
    int tasks = 0;
    int cells = 0, answered = 0, compiled = 0, ran = 0, correct = 0;
    double passAt1 = 0;
    std::map<int, double> passAtK; // k = 1 .. the fewest answers any task has
    std::map<double, double> fastP;
    std::optional<double> meanSpeedup;    // over correct answers with a speedup
    std::optional<double> geomeanSpeedup; // the same, geometric
    std::int64_t promptTokens = 0, completionTokens = 0;
    double costUsd = 0;
    bool costKnown = true; // false once an answer's cost is unknown
    double meanLatencyMs = 0;
    std::vector<std::int64_t> cellIds; // the answers behind these numbers
};

// 1 - C(n-c, k) / C(n, k); 0 when k > n.
double passAtK(int n, int c, int k);
EvalStats evalStats(const std::vector<const EvalAnswer*>& answers);

struct EvalInterval {
    double difference = 0; // mean over tasks of (condition - reference)
    double low = 0, high = 0;
    int tasks = 0;
};
// perTask: (condition's value, reference's value) for each task both have.
EvalInterval bootstrapDifference(const std::vector<std::pair<double, double>>& perTask,
                                 std::uint64_t seed, int resamples = 2000);

} // namespace kwb
