#include "app/kwb/task_lookup.h"

#include <cstdlib>
#include <filesystem>

#include "core/sys/data_dirs.h"
#include "core/tasks/task_loader.h"

namespace kwb::cli {

std::vector<std::filesystem::path> userTaskDirectories(const std::string& tasksDir) {
    namespace fs = std::filesystem;
    std::vector<fs::path> dirs;
    if (!tasksDir.empty())
        dirs.emplace_back(tasksDir);
    if (const char* env = std::getenv("KWB_TASKS_DIR"); env && *env) {
        std::string list = env;
        for (std::size_t start = 0; start <= list.size();) {
            const std::size_t end = std::min(list.find(':', start), list.size());
            if (end > start)
                dirs.emplace_back(list.substr(start, end - start));
            start = end + 1;
        }
    }
    std::error_code ec;
    const fs::path fallback = dataDirectory() / "tasks";
    if (fs::is_directory(fallback, ec))
        dirs.push_back(fallback);
    return dirs;
}

TaskCatalog loadCatalog(const std::string& tasksDir, bool builtin) {
    std::optional<std::filesystem::path> dir;
    if (auto b = builtinTaskDirectory(); b && builtin)
        dir = *b;
    return loadTaskCatalog(dir, userTaskDirectories(tasksDir));
}

Result<Task> findTask(const std::string& idOrPath, const std::string& tasksDir) {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (idOrPath.ends_with(".toml") || fs::is_regular_file(idOrPath, ec))
        return loadTaskFile(idOrPath);
    const TaskCatalog catalog = loadCatalog(tasksDir);
    if (const CatalogTask* t = catalog.find(idOrPath))
        return t->task;
    std::string known;
    for (const auto& t : catalog.tasks)
        known += (known.empty() ? "" : ", ") + t.task.id;
    return Error::make("unknown-task", "no task \"" + idOrPath +
                                           "\" (known: " + (known.empty() ? "none" : known) + ")");
}

} // namespace kwb::cli
