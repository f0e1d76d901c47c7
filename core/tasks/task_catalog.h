#pragma once
// TaskCatalog: the built-in suite plus the user's task folders, as one list. A broken or
// duplicate user task is reported and skipped; the rest load. Pure file reading, any thread.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "core/model/task.h"
#include "core/tasks/task_problem.h"

namespace kwb {

struct CatalogTask {
    Task task;
    std::filesystem::path file; // the task's .toml
    bool builtin = false;
    // What it lacks to be verified and timed (verificationGaps); empty: nothing.
    std::vector<std::string> gaps;

    // Where its reference solution lives: the [reference] kernel it names, else (older task
    // folders) <folder of the .toml>/reference/<id>.cu.
    std::filesystem::path referencePath() const;
};

struct TaskCatalog {
    std::vector<CatalogTask> tasks;    // the built-in suite in file order, then each user folder
    std::vector<TaskProblem> problems; // broken files, duplicate ids, unreadable folders

    const CatalogTask* find(const std::string& id) const;
};

// builtinDir: the shipped suite (nullopt: none). userDirs: searched in order; a missing folder
// is a problem (callers leave out default folders that do not exist). A user task whose id is
// already taken (by the suite or an earlier folder) is a problem and is skipped.
TaskCatalog loadTaskCatalog(const std::optional<std::filesystem::path>& builtinDir,
                            const std::vector<std::filesystem::path>& userDirs);

} // namespace kwb
