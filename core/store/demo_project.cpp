#include "core/store/demo_project.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <sstream>
#include <unistd.h>

#include "core/sys/data_dirs.h"
#include "core/tasks/task_loader.h"

namespace kwb {
namespace fs = std::filesystem;

Result<fs::path> demoDirectory() {
    auto tasks = builtinTaskDirectory();
    if (!tasks)
        return tasks.error();
    fs::path demo = tasks->parent_path() / "demo";
    std::error_code ec;
    if (!fs::is_regular_file(demo / "manifest.json", ec))
        return Error::make("demo-not-found",
                           "the demo samples were not found (" + demo.string() + "/manifest.json)");
    return demo;
}

fs::path defaultProjectPath() {
    return dataDirectory() / "projects" / "default.kwbproj";
}

SampleImporter::TaskResolver builtinTaskResolver() {
    return [](const std::string& id) -> Result<Task> {
        auto dir = builtinTaskDirectory();
        if (!dir)
            return dir.error();
        TaskFolder folder = loadTaskFolder(*dir);
        for (auto& t : folder.tasks)
            if (t.id == id)
                return t;
        return Error::make("unknown-task", "no built-in task \"" + id + "\"");
    };
}

Result<SampleBatch> readDemoSamples(const fs::path& demoDir,
                                    const SampleImporter::TaskResolver& resolve) {
    std::ifstream f(demoDir / "manifest.json");
    auto manifest = nlohmann::json::parse(f, nullptr, false);
    if (manifest.is_discarded() || !manifest.is_object() || !manifest.contains("samples") ||
        !manifest["samples"].is_array())
        return Error::make("demo-invalid",
                           (demoDir / "manifest.json").string() + " is not a valid demo manifest");
    SampleBatch batch;
    batch.importKind = "demo";
    batch.importOrigin = demoDir.string();
    const std::string author = manifest.value("author", "Kernel Workbench demo");
    for (const auto& e : manifest["samples"]) {
        const std::string taskId = e.value("task", ""), file = e.value("file", "");
        bool known = false;
        for (const auto& t : batch.tasks)
            known = known || t.id == taskId;
        if (!known) {
            auto t = resolve(taskId);
            if (!t)
                return t.error();
            batch.tasks.push_back(std::move(*t));
        }
        std::ifstream in(demoDir / file, std::ios::binary);
        std::stringstream ss;
        ss << in.rdbuf();
        if (!in || ss.str().empty())
            return Error::make("demo-invalid",
                               "cannot read demo sample " + (demoDir / file).string());
        Sample s;
        s.taskId = taskId;
        s.label = e.value("label", fs::path(file).filename().string());
        s.origin = SampleOrigin::Demo;
        s.author = author;
        s.source = ss.str();
        batch.samples.push_back(std::move(s));
    }
    return batch;
}

Result<std::unique_ptr<ProjectStore>> createDemoProject(const fs::path& path,
                                                        const StoreOptions& options) {
    auto demo = demoDirectory();
    if (!demo)
        return demo.error();
    auto batch = readDemoSamples(*demo, builtinTaskResolver());
    if (!batch)
        return batch.error();
    std::error_code ec;
    if (fs::exists(path, ec))
        return Error::make("project-exists", path.string() + " already exists");
    const fs::path staging = path.parent_path() / ("." + path.filename().string() + ".seed-" +
                                                   std::to_string(::getpid()));
    fs::remove(staging, ec);
    {
        auto store = ProjectStore::create(staging, "Starter project", options);
        if (!store)
            return store.error();
        if (auto ids = (*store)->addSamples(*batch); !ids) {
            store->reset();
            fs::remove(staging, ec);
            return ids.error();
        }
    } // closed: the write-ahead log is folded into the file and removed
    if (::renameat2(AT_FDCWD, staging.c_str(), AT_FDCWD, path.c_str(), RENAME_NOREPLACE) != 0) {
        int err = errno;
        fs::remove(staging, ec);
        if (err != EEXIST)
            return Error::make("not-writable",
                               "cannot create " + path.string() + ": " + std::strerror(err));
    }
    return ProjectStore::open(path, options);
}

Result<std::unique_ptr<ProjectStore>> openDefaultProject(const StoreOptions& options) {
    const fs::path path = defaultProjectPath();
    std::error_code ec;
    if (fs::exists(path, ec))
        return ProjectStore::open(path, options);
    if (auto s = ensureWritableDirectory(path.parent_path()); !s)
        return s.error();
    return createDemoProject(path, options);
}

fs::path currentProjectFile() {
    return dataDirectory() / "current-project";
}

fs::path currentProjectPath() {
    if (const char* env = std::getenv("KWB_PROJECT"); env && *env)
        return env;
    std::ifstream f(currentProjectFile());
    std::string line;
    if (f && std::getline(f, line) && !line.empty())
        return line;
    return defaultProjectPath();
}

Status makeCurrentProject(const fs::path& path) {
    if (auto s = ensureWritableDirectory(dataDirectory()); !s)
        return s;
    std::error_code ec;
    std::ofstream f(currentProjectFile(), std::ios::trunc);
    f << fs::absolute(path, ec).string() << "\n";
    if (!f.flush())
        return Error::make("not-writable", "cannot write " + currentProjectFile().string());
    return okStatus();
}

Result<std::unique_ptr<ProjectStore>> openCurrentProject(const StoreOptions& options) {
    const fs::path path = currentProjectPath();
    std::error_code ec;
    if (path == defaultProjectPath() && !fs::exists(path, ec))
        return openDefaultProject(options);
    return ProjectStore::open(path, options);
}

} // namespace kwb
