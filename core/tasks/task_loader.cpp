#include "core/tasks/task_loader.h"

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>
#include <system_error>

#include "core/tasks/task_validator.h"
#include "core/tasks/toml_task_reader.h"

namespace kwb {

namespace {

// Task files are short hand-written text; anything bigger is a mistake, not a task.
constexpr std::uintmax_t kMaxTaskFileBytes = 1u << 20;
// A reference kernel is one hand-written file; the limit keeps a task's request small.
constexpr std::uintmax_t kMaxReferenceBytes = 256u << 10;

TaskFileResult fileProblem(const std::filesystem::path& path, const std::string& message) {
    TaskFileResult r;
    TaskProblem p;
    p.file = path.string();
    p.message = message;
    r.problems.push_back(std::move(p));
    return r;
}

// The reference kernel's text, read into the task so it travels to a worker whole.
std::optional<TaskProblem> readReferenceKernel(Task& task, const std::filesystem::path& baseDir) {
    const std::filesystem::path path = baseDir / task.reference.kernel;
    TaskProblem p;
    p.field = "reference.kernel";
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec)) {
        p.message = "the reference kernel " + path.string() + " does not exist";
        return p;
    }
    if (std::filesystem::file_size(path, ec) > kMaxReferenceBytes || ec) {
        p.message = "the reference kernel " + path.string() + " is larger than 256 KiB";
        return p;
    }
    std::ifstream in(path, std::ios::binary);
    std::ostringstream buf;
    buf << in.rdbuf();
    if (!in) {
        p.message = "cannot read the reference kernel " + path.string();
        return p;
    }
    task.reference.kernelSource = buf.str();
    if (task.reference.kernelSource.find(task.entryName) == std::string::npos) {
        p.message = "the reference kernel " + path.string() + " does not define " + task.entryName;
        return p;
    }
    return std::nullopt;
}

} // namespace

TaskFileResult loadTaskText(const std::string& text, const std::string& sourceName,
                            const std::filesystem::path& baseDir) {
    TaskFileResult r;
    // toml++ is built with TOML_EXCEPTIONS=0: parse errors come back as values.
    toml::parse_result parsed = toml::parse(text, sourceName);
    if (!parsed) {
        const toml::parse_error& e = parsed.error();
        TaskProblem p;
        p.file = sourceName;
        p.line = static_cast<int>(e.source().begin.line);
        p.column = static_cast<int>(e.source().begin.column);
        p.message = "TOML syntax error: " + std::string(e.description());
        r.problems.push_back(std::move(p));
        return r;
    }
    TomlTaskReader reader(sourceName);
    Task task = reader.read(parsed.table());
    r.problems = reader.problems();
    // Semantic checks only on a well-formed task: a wrong type would otherwise cascade into
    // confusing follow-up problems (an unknown dtype also "mismatches" the signature).
    if (r.problems.empty()) {
        for (TaskProblem p : validateTask(task)) {
            p.file = sourceName;
            reader.locate(p);
            r.problems.push_back(std::move(p));
        }
    }
    if (r.problems.empty() && task.reference.hasKernel() && !baseDir.empty()) {
        if (auto p = readReferenceKernel(task, baseDir)) {
            p->file = sourceName;
            reader.locate(*p);
            r.problems.push_back(std::move(*p));
        }
    }
    if (r.problems.empty())
        r.task = std::move(task);
    return r;
}

TaskFileResult loadTaskFileDetailed(const std::filesystem::path& path) {
    std::error_code ec;
    const auto size = std::filesystem::file_size(path, ec);
    if (ec)
        return fileProblem(path, "cannot read the file: " + ec.message());
    if (size > kMaxTaskFileBytes)
        return fileProblem(path, "file is larger than 1 MiB; not a task file");
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return fileProblem(path, "cannot open the file");
    std::ostringstream buf;
    buf << in.rdbuf();
    if (!in.good() && !in.eof())
        return fileProblem(path, "cannot read the file");
    const auto dir = path.parent_path();
    return loadTaskText(buf.str(), path.string(), dir.empty() ? std::filesystem::path(".") : dir);
}

Result<Task> loadTaskFile(const std::filesystem::path& path) {
    TaskFileResult r = loadTaskFileDetailed(path);
    if (r.task)
        return std::move(*r.task);
    return Error::make("task-invalid", joinProblems(r.problems));
}

TaskFolder loadTaskFolder(const std::filesystem::path& dir) {
    TaskFolder folder;
    std::error_code ec;
    std::vector<std::filesystem::path> paths;
    for (std::filesystem::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        std::error_code fileEc;
        if (it->path().extension() == ".toml" && it->is_regular_file(fileEc))
            paths.push_back(it->path());
        else if (it->is_directory(fileEc) &&
                 std::filesystem::is_regular_file(it->path() / "task.toml", fileEc))
            paths.push_back(it->path() / "task.toml"); // a task folder of its own
    }
    if (ec) {
        TaskProblem p;
        p.file = dir.string();
        p.message = "cannot list the task folder: " + ec.message();
        folder.problems.push_back(std::move(p));
        return folder;
    }
    std::sort(paths.begin(), paths.end());
    std::set<std::string> ids;
    for (const auto& path : paths) {
        TaskFileResult r = loadTaskFileDetailed(path);
        folder.problems.insert(folder.problems.end(), r.problems.begin(), r.problems.end());
        if (!r.task)
            continue;
        if (!ids.insert(r.task->id).second) {
            TaskProblem p;
            p.file = path.string();
            p.field = "id";
            p.message = "id \"" + r.task->id + "\" is already used by another task file";
            folder.problems.push_back(std::move(p));
            continue;
        }
        folder.tasks.push_back(std::move(*r.task));
        folder.files.push_back(path);
    }
    return folder;
}

Result<std::filesystem::path> builtinTaskDirectory() {
    std::error_code ec;
    // Installed: <prefix>/bin/kwb or <prefix>/libexec/kernel-workbench/kwb-runner.
    const auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        auto dir = exe.parent_path();
        for (int up = 0; up < 3 && !dir.empty() && dir != dir.root_path(); ++up) {
            dir = dir.parent_path();
            const auto candidate = dir / "share" / "kernel-workbench" / "tasks";
            if (std::filesystem::is_directory(candidate, ec))
                return candidate;
        }
    }
#ifdef KWB_SOURCE_TASK_DIR
    if (std::filesystem::is_directory(KWB_SOURCE_TASK_DIR, ec))
        return std::filesystem::path(KWB_SOURCE_TASK_DIR);
#endif
#ifdef KWB_INSTALL_TASK_DIR
    if (std::filesystem::is_directory(KWB_INSTALL_TASK_DIR, ec))
        return std::filesystem::path(KWB_INSTALL_TASK_DIR);
#endif
    return Error::make("tasks-not-found",
                       "The built-in task suite was not found (share/kernel-workbench/tasks).");
}

} // namespace kwb
