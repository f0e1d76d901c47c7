#include "core/tasks/task_problem.h"

namespace kwb {

std::string TaskProblem::toString() const {
    std::string out;
    if (!file.empty()) {
        out = file;
        if (line > 0) {
            out += ":" + std::to_string(line);
            if (column > 0)
                out += ":" + std::to_string(column);
        }
        out += ": ";
    } else if (!field.empty()) {
        out = field + ": ";
    }
    return out + message;
}

std::string joinProblems(const std::vector<TaskProblem>& problems) {
    std::string out;
    for (const auto& p : problems) {
        if (!out.empty())
            out += '\n';
        out += p.toString();
    }
    return out;
}

} // namespace kwb
