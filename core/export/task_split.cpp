#include "core/export/task_split.h"

#include <algorithm>
#include <cmath>
#include <random>

namespace kwb {

TaskSplit splitTasks(std::vector<std::string> tasks, double testFraction, std::uint64_t seed) {
    std::sort(tasks.begin(), tasks.end());
    tasks.erase(std::unique(tasks.begin(), tasks.end()), tasks.end());
    TaskSplit out;
    std::size_t nTest = 0;
    if (testFraction > 0 && tasks.size() >= 2) {
        nTest = std::size_t(std::llround(testFraction * double(tasks.size())));
        nTest = std::clamp<std::size_t>(nTest, 1, tasks.size() - 1);
    }
    std::mt19937_64 rng(seed);
    for (std::size_t i = tasks.size(); i > 1; --i) {
        std::size_t j = std::size_t(rng() % i);
        std::swap(tasks[i - 1], tasks[j]);
    }
    for (std::size_t i = 0; i < tasks.size(); ++i)
        (i < nTest ? out.test : out.train).insert(tasks[i]);
    return out;
}

} // namespace kwb
