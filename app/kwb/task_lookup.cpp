#include "app/kwb/task_lookup.h"

#include <filesystem>

#include "core/store/data_dirs.h"
#include "core/tasks/task_loader.h"

namespace kwb::cli {

Result<Task> findTask(const std::string& idOrPath) {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (idOrPath.ends_with(".toml") || fs::is_regular_file(idOrPath, ec))
        return loadTaskFile(idOrPath);
    std::vector<fs::path> dirs;
    if (auto b = builtinTaskDirectory(); b)
        dirs.push_back(*b);
    dirs.push_back(dataDirectory() / "tasks");
    std::string known;
    for (const auto& d : dirs) {
        if (!fs::is_directory(d, ec))
            continue;
        TaskFolder folder = loadTaskFolder(d);
        for (auto& t : folder.tasks) {
            if (t.id == idOrPath)
                return t;
            known += (known.empty() ? "" : ", ") + t.id;
        }
    }
    return Error::make("unknown-task", "no task \"" + idOrPath + "\" (known: " + (known.empty() ? "none" : known) + ")");
}

} // namespace kwb::cli
