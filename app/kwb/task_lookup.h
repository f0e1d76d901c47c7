#pragma once
// Finds a task by id in the built-in suite and the user's task folder, or loads a task file.
#include <string>

#include "core/model/error.h"
#include "core/model/task.h"

namespace kwb::cli {

Result<Task> findTask(const std::string& idOrPath);

} // namespace kwb::cli
