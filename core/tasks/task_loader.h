#pragma once
// Loading task files (TOML) from disk. Never throws, never crashes on a bad file: every
// problem comes back as "file:line:column: what is wrong". Call from any thread; no state.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "core/model/error.h"
#include "core/model/task.h"
#include "core/tasks/task_problem.h"

namespace kwb {

// A task plus everything wrong with it; task is set only when there are no problems.
struct TaskFileResult {
    std::optional<Task> task;
    std::vector<TaskProblem> problems;
};

// Parses and validates TOML text; sourceName is used in problems (a path or "<memory>").
// baseDir: where the task file lies, against which [reference] kernel is read (empty: the
// kernel is not read, and the task carries its name only).
TaskFileResult loadTaskText(const std::string& text, const std::string& sourceName,
                            const std::filesystem::path& baseDir = {});
TaskFileResult loadTaskFileDetailed(const std::filesystem::path& path);
// As above, all problems joined one a line into the Error's message (code "task-invalid").
Result<Task> loadTaskFile(const std::filesystem::path& path);

struct TaskFolder {
    std::vector<Task> tasks;                  // sorted by file name
    std::vector<std::filesystem::path> files; // tasks[i] came from files[i]
    std::vector<TaskProblem> problems;        // broken files are reported here and skipped
};

// Every *.toml directly inside dir, and every task.toml one folder down (a task in a folder of
// its own, beside its reference.cu). A duplicate id is a problem of the later file.
TaskFolder loadTaskFolder(const std::filesystem::path& dir);

// The shipped task suite: share/kernel-workbench/tasks beside the running executable's
// prefix when installed, else resources/tasks in the source tree this was built from.
Result<std::filesystem::path> builtinTaskDirectory();

} // namespace kwb
