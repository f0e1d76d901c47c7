#include "core/verify/fast_p.h"

namespace kwb {

std::map<double, double> fastP(const std::vector<TaskOutcome>& tasks,
                               const std::vector<double>& thresholds) {
    std::map<double, double> out;
    for (double p : thresholds) {
        std::size_t n = 0;
        for (const auto& t : tasks)
            if (t.correct && (p == 0.0 || t.speedup > p))
                ++n;
        out[p] = tasks.empty() ? 0.0 : double(n) / double(tasks.size());
    }
    return out;
}

} // namespace kwb
