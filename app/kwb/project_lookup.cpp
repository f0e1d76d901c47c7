#include "app/kwb/project_lookup.h"

#include <cstdlib>
#include <fstream>

#include "core/store/demo_project.h"
#include "core/sys/data_dirs.h"

namespace kwb::cli {
namespace fs = std::filesystem;

void addProjectOption(CLI::App* cmd, std::string& path) {
    cmd->add_option(
        "--project", path,
        "The project file (default: $KWB_PROJECT, the current project, or the default project)");
}

fs::path chosenProjectPath(const std::string& explicitPath) {
    if (!explicitPath.empty())
        return explicitPath;
    return currentProjectPath();
}

Result<std::unique_ptr<ProjectStore>> openProject(const std::string& explicitPath) {
    if (explicitPath.empty())
        return openCurrentProject();
    return ProjectStore::open(explicitPath);
}

std::string reviewerName(const std::string& given) {
    if (!given.empty())
        return given;
    for (const char* var : {"KWB_REVIEWER", "USER", "LOGNAME"})
        if (const char* v = std::getenv(var); v && *v)
            return v;
    return "unknown";
}

} // namespace kwb::cli
