#pragma once
// Train/test split by task: every task's rows go to one side, never both, so a test score
// measures tasks the model has not seen. Seeded and platform-independent (mt19937_64 with
// its own Fisher-Yates shuffle).
#include <cstdint>
#include <set>
#include <string>
#include <vector>

namespace kwb {

struct TaskSplit {
    std::set<std::string> train;
    std::set<std::string> test;
};

// round(testFraction * tasks) tasks go to test: at least one when the fraction is above 0 and
// there are two or more tasks, never all of them. testFraction 0: everything is train.
TaskSplit splitTasks(std::vector<std::string> tasks, double testFraction, std::uint64_t seed);

} // namespace kwb
