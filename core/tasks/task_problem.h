#pragma once
// TaskProblem: one thing wrong with a task file, placed as precisely as we know.
#include <string>
#include <vector>

namespace kwb {

struct TaskProblem {
    std::string file;  // empty when the task did not come from a file
    int line = 0;      // 1-based; 0 when unknown
    int column = 0;    // 1-based; 0 when unknown
    std::string field; // where in the task: "parameters[2].dtype", "shapes[1].dims", ...
    std::string message;

    // "file:line:column: message", leaving out what is unknown.
    std::string toString() const;
};

// One problem a line, for an Error's message or a terminal.
std::string joinProblems(const std::vector<TaskProblem>& problems);

} // namespace kwb
