#pragma once
// `kwb tasks new`: a task folder to start from, <dir>/<id>/task.toml and reference.cu, that
// loads and verifies as written: a worked example (ReLU over a float32 vector) or a copy of an
// existing task under the new id. Pure text and file writing; any thread.
#include <filesystem>
#include <string>

#include "core/model/error.h"
#include "core/tasks/task_catalog.h"

namespace kwb {

struct TaskScaffold {
    std::string taskToml;
    std::string referenceCu;
};

// The worked example under `id` (entry point kwb_<id with '_' for '-'>).
TaskScaffold scaffoldTask(const std::string& id);
// A copy of `like` under `id`: the same entry point, parameters, shapes and baseline, its
// reference kernel as reference.cu. The id's rules are the loader's (an invalid id fails there).
Result<TaskScaffold> scaffoldTaskLike(const std::string& id, const CatalogTask& like);
// Writes <dir>/<id>/task.toml and reference.cu (dir is made if missing); an existing
// <dir>/<id> is refused, never overwritten. Returns the task file.
Result<std::filesystem::path> writeTaskScaffold(const std::filesystem::path& dir,
                                                const std::string& id, const TaskScaffold& s);

} // namespace kwb
