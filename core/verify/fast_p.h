#pragma once
// fast_p, the suite's score: the share of ALL tasks whose sample is correct and faster than
// p times the baseline (p = 0: correct at all). Tasks without a sample or with a failed one count
// in the denominator. One definition for kwb suite, the window and evaluation runs.
#include <map>
#include <vector>

namespace kwb {

struct TaskOutcome {
    bool correct = false; // the latest verification passed
    double speedup = 0;   // geometric mean over shapes; 0 when unknown
};

inline const std::vector<double>& fastPThresholds() {
    static const std::vector<double> ps = {0.0, 1.0, 1.5, 2.0};
    return ps;
}

// p -> share in [0, 1]; every threshold present (0 for an empty suite).
std::map<double, double> fastP(const std::vector<TaskOutcome>& tasks,
                               const std::vector<double>& thresholds = fastPThresholds());

} // namespace kwb
