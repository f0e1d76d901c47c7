#pragma once
// Finds a task by id in the built-in suite and the user's task folders, or loads a task file.
// User folders, in order: the --tasks-dir given (if any), $KWB_TASKS_DIR (':'-separated), and
// <data dir>/tasks when it exists.
#include <string>
#include <vector>

#include "core/model/error.h"
#include "core/model/task.h"
#include "core/tasks/task_catalog.h"

namespace kwb::cli {

// tasksDir: a user task folder searched first (empty: none).
Result<Task> findTask(const std::string& idOrPath, const std::string& tasksDir = "");

// The user task folders for an optional --tasks-dir value (empty: none given).
std::vector<std::filesystem::path> userTaskDirectories(const std::string& tasksDir);
// The built-in suite (unless builtin is false) plus userTaskDirectories(tasksDir).
TaskCatalog loadCatalog(const std::string& tasksDir, bool builtin = true);

} // namespace kwb::cli
