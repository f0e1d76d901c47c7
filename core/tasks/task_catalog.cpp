#include "core/tasks/task_catalog.h"

#include "core/tasks/task_loader.h"
#include "core/tasks/task_validator.h"

namespace kwb {

std::filesystem::path CatalogTask::referencePath() const {
    if (task.reference.hasKernel())
        return file.parent_path() / task.reference.kernel;
    return file.parent_path() / "reference" / (task.id + ".cu");
}

const CatalogTask* TaskCatalog::find(const std::string& id) const {
    for (const auto& t : tasks)
        if (t.task.id == id)
            return &t;
    return nullptr;
}

TaskCatalog loadTaskCatalog(const std::optional<std::filesystem::path>& builtinDir,
                            const std::vector<std::filesystem::path>& userDirs) {
    TaskCatalog catalog;
    auto add = [&](const std::filesystem::path& dir, bool builtin) {
        std::error_code ec;
        if (!std::filesystem::is_directory(dir, ec)) {
            TaskProblem p;
            p.file = dir.string();
            p.message = "task folder does not exist or is not a folder";
            catalog.problems.push_back(std::move(p));
            return;
        }
        TaskFolder folder = loadTaskFolder(dir);
        catalog.problems.insert(catalog.problems.end(), folder.problems.begin(),
                                folder.problems.end());
        for (std::size_t i = 0; i < folder.tasks.size(); ++i) {
            if (catalog.find(folder.tasks[i].id)) {
                TaskProblem p;
                p.file = folder.files[i].string();
                p.field = "id";
                p.message = "id \"" + folder.tasks[i].id +
                            "\" is already taken by an earlier task; this file is skipped";
                catalog.problems.push_back(std::move(p));
                continue;
            }
            std::vector<std::string> gaps = verificationGaps(folder.tasks[i]);
            catalog.tasks.push_back(
                {std::move(folder.tasks[i]), folder.files[i], builtin, std::move(gaps)});
        }
    };
    if (builtinDir)
        add(*builtinDir, true);
    for (const auto& dir : userDirs)
        add(dir, false);
    return catalog;
}

} // namespace kwb
