// kwb tasks list|show|check|new|baselines: the task suite and the user's task folders.
//   list   one line per task (built-in and user), broken user files reported and skipped
//   show   one task in full: signature, parameters, shapes with their FLOPs and bytes, prompt
//   check  validates every task file, runs each CPU reference at two seeds (an output that
//          barely changes cannot tell a right kernel from a constant one), and compiles every
//          reference solution through the worker's build (the candidates' exact path); with
//          ids, task files or folders, only those
//   new    a task folder to start from (core/tasks/task_scaffold.h)
//   baselines  the catalogue of library baselines (core/model/baseline_catalogue.h)
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>

#include "app/kwb/commands.h"
#include "app/kwb/task_lookup.h"
#include "core/model/baseline_catalogue.h"
#include "core/reference/cpu_reference.h"
#include "core/reference/formula.h"
#include "core/reference/host_inputs.h"
#include "core/sys/data_dirs.h"
#include "core/tasks/task_loader.h"
#include "core/tasks/task_scaffold.h"
#include "core/tasks/task_validator.h"
#include "core/verify/subprocess_worker.h"

namespace kwb::cli {
namespace {

std::string fmt(const char* f, double v) {
    char b[64];
    std::snprintf(b, sizeof b, f, v);
    return b;
}

std::string readText(const std::filesystem::path& p, bool* ok) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    *ok = static_cast<bool>(in);
    return s.str();
}

void reportProblems(const TaskCatalog& c, const char* verb, std::ostream& out) {
    for (const auto& p : c.problems)
        out << verb << ": " << p.toString() << "\n";
}

std::map<std::string, double> shapeValues(const ShapeSpec& s) {
    std::map<std::string, double> v;
    for (const auto& [k, d] : s.dims)
        v[k] = static_cast<double>(d);
    return v;
}

double evaluateOr0(const std::string& text, const std::map<std::string, double>& v) {
    auto f = Formula::parse(text);
    if (!f)
        return 0;
    auto r = f->evaluate(v);
    return r ? *r : 0;
}

std::string dimsText(const ShapeSpec& s) {
    std::string out;
    for (const auto& [k, v] : s.dims)
        out += (out.empty() ? "" : " ") + k + "=" + std::to_string(v);
    for (const auto& [k, v] : s.scalars)
        out += " " + k + "=" + fmt("%g", v);
    return out;
}

int listTasks(const std::string& dir, bool json) {
    const TaskCatalog c = loadCatalog(dir);
    reportProblems(c, "skipped", std::cerr);
    if (json) {
        nlohmann::json arr = nlohmann::json::array();
        for (const auto& t : c.tasks)
            arr.push_back({{"id", t.task.id},
                           {"title", t.task.title},
                           {"level", t.task.level},
                           {"family", t.task.family},
                           {"shapes", t.task.shapes.size()},
                           {"baseline", t.task.baseline},
                           {"builtin", t.builtin},
                           {"verifiable", t.gaps.empty()},
                           {"missing", t.gaps},
                           {"file", t.file.string()}});
        std::cout << nlohmann::json{{"tasks", arr}, {"problems", c.problems.size()}}.dump(1)
                  << "\n";
        return 0;
    }
    std::printf("%-26s %5s %-14s %6s %-17s %s\n", "id", "level", "family", "shapes", "baseline",
                "title");
    int unverifiable = 0;
    for (const auto& t : c.tasks) {
        std::printf("%-26s %5d %-14s %6zu %-17s %s%s%s\n", t.task.id.c_str(), t.task.level,
                    t.task.family.c_str(), t.task.shapes.size(),
                    toString(t.task.baseline.library).c_str(), t.task.title.c_str(),
                    t.builtin ? "" : "  [user]", t.gaps.empty() ? "" : "  [cannot verify]");
        unverifiable += t.gaps.empty() ? 0 : 1;
        for (const auto& gap : t.gaps)
            std::printf("  %s cannot be verified: %s\n", t.task.id.c_str(), gap.c_str());
    }
    std::printf("%zu tasks", c.tasks.size());
    if (unverifiable)
        std::printf(", %d cannot be verified (see above)", unverifiable);
    if (!c.problems.empty())
        std::printf(", %zu problems (broken files skipped; see above)", c.problems.size());
    std::printf("\n");
    return 0;
}

int showTask(const std::string& dir, const std::string& id, bool prompt, bool json) {
    const TaskCatalog c = loadCatalog(dir);
    const CatalogTask* t = c.find(id);
    if (!t) {
        std::cerr << "kwb tasks show: no task \"" << id << "\" (kwb tasks list shows them)\n";
        return 2;
    }
    const Task& task = t->task;
    if (json) {
        nlohmann::json j = task;
        j["file"] = t->file.string();
        j["reference"] = t->referencePath().string();
        std::cout << j.dump(1) << "\n";
        return 0;
    }
    std::cout << task.id << ": " << task.title << "\n"
              << "  level " << task.level << ", family " << task.family << ", "
              << (t->builtin ? "built-in" : "user task") << " (" << t->file.string() << ")\n"
              << "  " << task.entrySignature << "\n"
              << "  baseline: " << task.baseline.label << " [" << toString(task.baseline.library)
              << (task.baseline.op.empty() ? "" : ": " + task.baseline.op) << "]\n";
    if (task.reference.hasKernel())
        std::cout << "  reference kernel: " << t->referencePath().string() << "\n";
    if (!task.reference.cpu.empty())
        std::cout << "  float64 CPU reference: " << task.reference.cpu << "\n";
    for (const auto& gap : t->gaps)
        std::cout << "  cannot be verified: " << gap << "\n";
    if (!task.allowedLibraries.empty()) {
        std::cout << "  candidates may call:";
        for (const auto& l : task.allowedLibraries)
            std::cout << " " << l;
        std::cout << "\n";
    }
    std::cout << "\nParameters\n";
    for (const auto& p : task.parameters) {
        std::cout << "  " << p.name << "  " << toString(p.kind);
        if (p.isBuffer()) {
            std::cout << " " << toString(p.dtype) << " [";
            for (std::size_t i = 0; i < p.shape.size(); ++i)
                std::cout << (i ? ", " : "") << p.shape[i];
            std::cout << "]";
        }
        if (p.kind == ParamKind::Input)
            std::cout << "  " << toString(p.distribution.kind) << "(" << p.distribution.a << ", "
                      << p.distribution.b << ")";
        if (p.kind == ParamKind::Output) {
            const auto it = task.tolerances.find(p.name);
            if (it != task.tolerances.end())
                std::cout << "  tolerance rtol " << it->second.rtol << ", atol " << it->second.atol
                          << ", " << toString(it->second.mode);
        }
        if (p.defaultValue)
            std::cout << "  default " << *p.defaultValue;
        std::cout << "\n";
    }
    std::cout << "\nShapes (flops " << task.flopsFormula << ", bytes " << task.bytesFormula
              << ")\n";
    for (const auto& s : task.shapes) {
        const auto v = shapeValues(s);
        std::printf("  %-10s %-44s %10.3g GFLOP %10.3g GB%s\n", s.name.c_str(), dimsText(s).c_str(),
                    evaluateOr0(task.flopsFormula, v) / 1e9,
                    evaluateOr0(task.bytesFormula, v) / 1e9,
                    s.cpuReference ? "  (float64 CPU reference)" : "");
    }
    std::cout << "\n" << task.description << "\n";
    if (prompt)
        std::cout << "\nPrompt\n" << task.prompt << "\n";
    return 0;
}

struct CheckOptions {
    std::string dir;
    bool userOnly = false;
    bool compile = true;
    int buildTimeout = 300;
    std::vector<std::string> targets; // ids, task files or folders; empty: every task
};

// One task's checks; returns the number of failures and prints one line per finding.
int checkTask(const CatalogTask& t, Worker* worker, const std::string& noCompileReason,
              const CheckOptions& o) {
    int failures = 0;
    const Task& task = t.task;
    auto fail = [&](const std::string& what) {
        std::cout << "  FAIL " << what << "\n";
        ++failures;
    };
    auto warn = [&](const std::string& what) { std::cout << "  warn " << what << "\n"; };
    // Built-in tasks must have everything; a user task may lack a reference (a warning).
    auto need = [&](const std::string& what) {
        if (t.builtin)
            fail(what);
        else
            warn(what);
    };
    std::cout << task.id << (t.builtin ? "" : " [user]") << "  (" << t.file.string() << ")\n";
    for (const auto& gap : t.gaps)
        fail("cannot be verified: " + gap);
    // Float64 references, and whether the outputs depend on the inputs.
    const bool cpuRef = cpuref::hasCpuReference(task.reference.cpu);
    for (const auto& s : task.shapes) {
        if (!s.cpuReference)
            continue;
        if (!cpuRef) {
            if (t.builtin)
                fail("no float64 CPU reference ([reference] cpu): shape " + s.name +
                     " is not checked on the CPU");
            else if (t.gaps.empty())
                std::cout << "  ok   shape " << s.name << " is checked against the "
                          << (task.reference.hasKernel() ? "reference kernel" : "library baseline")
                          << " (no float64 CPU reference)\n";
            break;
        }
        auto v = measureOutputVariation(task, s);
        if (!v) {
            fail("CPU reference at shape " + s.name + ": " + v.error().message);
            continue;
        }
        for (const auto& o2 : *v) {
            if (o2.relativeChange < kMinRelativeChange)
                fail("output " + o2.output + " at shape " + s.name +
                     " barely changes across seeds (relative change " +
                     fmt("%.2g", o2.relativeChange) + "): draw the inputs differently");
            else
                std::cout << "  ok   output " << o2.output << " at " << s.name
                          << " varies across seeds (relative change "
                          << fmt("%.2f", o2.relativeChange) << ")\n";
        }
    }
    // The reference solution, compiled as candidates are.
    const auto ref = t.referencePath();
    std::error_code ec;
    if (!std::filesystem::is_regular_file(ref, ec)) {
        need("no reference solution at " + ref.string());
        return failures;
    }
    if (!o.compile || worker == nullptr) {
        std::cout << "  skip compiling " << ref.filename().string() << ": " << noCompileReason
                  << "\n";
        return failures;
    }
    bool readOk = !task.reference.kernelSource.empty();
    const std::string source = readOk ? task.reference.kernelSource : readText(ref, &readOk);
    if (!readOk) {
        fail("cannot read " + ref.string());
        return failures;
    }
    auto built = worker->build(task, BuildRequest{source, ref.filename().string(), o.buildTimeout},
                               std::chrono::seconds(o.buildTimeout + 60));
    if (!built) {
        fail("building " + ref.filename().string() + ": " + describe(built.error()));
        return failures;
    }
    if (!built->ok) {
        std::string diag;
        for (const auto& d : built->diagnostics)
            if (d.severity == "error" && diag.size() < 2000)
                diag += "\n       " + d.file + ":" + std::to_string(d.line) + ": " + d.message;
        fail(ref.filename().string() + " does not compile: " +
             (built->failure.empty() ? "nvcc failed" : built->failure) + diag);
        return failures;
    }
    std::cout << "  ok   " << ref.filename().string() << " compiles for "
              << (built->arch.empty() ? "?" : built->arch)
              << (built->cached ? " (cached)" : " in " + fmt("%.1f s", built->seconds)) << "\n";
    return failures;
}

// The tasks `kwb tasks check ID|PATH...` names: ids from the catalog, task files and folders
// loaded as they are (their problems are the catalog's problems).
TaskCatalog namedTasks(const CheckOptions& o) {
    namespace fs = std::filesystem;
    const TaskCatalog all = loadCatalog(o.dir, !o.userOnly);
    TaskCatalog c;
    auto addFile = [&](const fs::path& file) {
        TaskFileResult r = loadTaskFileDetailed(file);
        c.problems.insert(c.problems.end(), r.problems.begin(), r.problems.end());
        if (r.task) {
            std::vector<std::string> gaps = verificationGaps(*r.task);
            const CatalogTask* same = all.find(r.task->id);
            const bool builtin = same && same->builtin && fs::equivalent(same->file, file);
            c.tasks.push_back({std::move(*r.task), file, builtin, std::move(gaps)});
        }
    };
    for (const auto& target : o.targets) {
        std::error_code ec;
        if (fs::is_directory(target, ec) && fs::is_regular_file(fs::path(target) / "task.toml", ec))
            addFile(fs::path(target) / "task.toml");
        else if (fs::is_directory(target, ec)) {
            TaskCatalog folder = loadTaskCatalog(std::nullopt, {target});
            c.tasks.insert(c.tasks.end(), folder.tasks.begin(), folder.tasks.end());
            c.problems.insert(c.problems.end(), folder.problems.begin(), folder.problems.end());
        } else if (target.ends_with(".toml") || fs::is_regular_file(target, ec))
            addFile(target);
        else if (const CatalogTask* t = all.find(target))
            c.tasks.push_back(*t);
        else
            c.problems.push_back({"", 0, 0, "", "no task \"" + target + "\" (kwb tasks list)"});
    }
    return c;
}

int checkTasks(const CheckOptions& o) {
    const TaskCatalog c = o.targets.empty() ? loadCatalog(o.dir, !o.userOnly) : namedTasks(o);
    int failures = static_cast<int>(c.problems.size());
    for (const auto& p : c.problems)
        std::cout << "FAIL " << p.toString() << "\n";
    std::unique_ptr<SubprocessWorker> worker;
    std::string noCompile = "--no-compile";
    if (o.compile) {
        const std::string runner = locateRunner();
        if (runner.empty()) {
            noCompile = "the worker (kwb-runner) was not found; set KWB_RUNNER";
        } else {
            worker = std::make_unique<SubprocessWorker>(runner, "kwb");
            if (auto s = worker->connect(std::chrono::seconds(30)); !s) {
                noCompile = "the worker did not start: " + describe(s.error());
                worker.reset();
            }
        }
    }
    for (const auto& t : c.tasks)
        failures += checkTask(t, worker.get(), noCompile, o);
    std::cout << "\n"
              << c.tasks.size() << " tasks checked, " << c.problems.size() << " broken files; "
              << failures << " failure" << (failures == 1 ? "" : "s");
    if (!worker)
        std::cout << "; reference solutions not compiled (" << noCompile << ")";
    std::cout << "\n";
    if (worker)
        worker->shutdown();
    return failures == 0 ? 0 : 1;
}

struct NewOptions {
    std::string id, like, dir, tasksDir;
};

// kwb tasks new: the folder, then the loader's verdict on it (it must load as written).
int newTask(const NewOptions& o) {
    const TaskCatalog c = loadCatalog(o.tasksDir);
    if (const CatalogTask* taken = c.find(o.id)) {
        std::cerr << "kwb tasks new: id \"" << o.id << "\" is already taken by "
                  << taken->file.string() << "\n";
        return 2;
    }
    TaskScaffold files;
    if (!o.like.empty()) {
        const CatalogTask* like = c.find(o.like);
        if (!like) {
            std::cerr << "kwb tasks new: no task \"" << o.like
                      << "\" to start from (kwb tasks list)\n";
            return 2;
        }
        auto s = scaffoldTaskLike(o.id, *like);
        if (!s) {
            std::cerr << "kwb tasks new: " << s.error().message << "\n";
            return 2;
        }
        files = std::move(*s);
    } else {
        files = scaffoldTask(o.id);
    }
    const std::filesystem::path dir =
        o.dir.empty() ? dataDirectory() / "tasks" : std::filesystem::path(o.dir);
    auto written = writeTaskScaffold(dir, o.id, files);
    if (!written) {
        std::cerr << "kwb tasks new: " << written.error().message << "\n";
        return 2;
    }
    TaskFileResult r = loadTaskFileDetailed(*written);
    for (const auto& p : r.problems)
        std::cerr << "kwb tasks new: " << p.toString() << "\n";
    std::cout << "Made " << written->parent_path().string() << "/: task.toml, reference.cu\n"
              << "Edit them, then: kwb tasks check " << written->parent_path().string() << "\n";
    if (o.dir.empty())
        std::cout
            << "(the folder is in your task folder: kwb lists, verifies and prompts it by id)\n";
    else
        std::cout << "(use --tasks-dir " << dir.string() << " to find it by id)\n";
    return r.task ? 0 : 2;
}

// kwb tasks baselines: the catalogue a task file names its [baseline] op from.
int listBaselines(bool json) {
    if (json) {
        nlohmann::json arr = nlohmann::json::array();
        for (const auto& op : baselineCatalogue()) {
            nlohmann::json in = nlohmann::json::array(), out = nlohmann::json::array();
            for (DType d : op.inputs)
                in.push_back(toString(d));
            for (DType d : op.outputs)
                out.push_back(toString(d));
            arr.push_back(
                {{"op", op.name},
                 {"library", toString(op.library)},
                 {"label", op.label},
                 {"inputs", in},
                 {"outputs", out},
                 {"dims", op.dims},
                 {"scalars", op.scalars},
                 {"params", std::map<std::string, double>(op.params.begin(), op.params.end())},
                 {"computes", op.computes}});
        }
        std::cout << nlohmann::json{{"baselines", arr}}.dump(1) << "\n";
        return 0;
    }
    for (const auto& op : baselineCatalogue()) {
        std::cout << op.name << "  [" << toString(op.library) << "]  " << op.computes << "\n    ";
        auto list = [](const std::vector<DType>& v) {
            std::string s;
            for (DType d : v)
                s += (s.empty() ? "" : ", ") + toString(d);
            return s;
        };
        std::cout << "inputs (" << list(op.inputs) << "), outputs (" << list(op.outputs)
                  << "), dims";
        for (const auto& d : op.dims)
            std::cout << " " << d;
        for (const auto& sc : op.scalars)
            std::cout << ", scalar " << sc;
        for (const auto& [name, v] : op.params)
            std::cout << ", param " << name << " (default " << v << ")";
        std::cout << "\n";
    }
    return 0;
}

} // namespace

Runner addTasksCommand(CLI::App& app) {
    auto* cmd = app.add_subcommand(
        "tasks", "List, show and check the task suite and your own task folders.\n"
                 "User tasks: --tasks-dir DIR, $KWB_TASKS_DIR (':'-separated), <data dir>/tasks.");
    cmd->require_subcommand(1);
    struct Opts {
        std::string dir, id;
        bool json = false, prompt = false;
        CheckOptions check;
        NewOptions made;
    };
    auto o = std::make_shared<Opts>();
    auto* list = cmd->add_subcommand(
        "list", "One line per task; broken user task files are reported and skipped");
    list->add_option("--tasks-dir", o->dir, "A folder of your own task files (.toml)");
    list->add_flag("--json", o->json, "Print JSON");
    auto* show = cmd->add_subcommand(
        "show", "Show one task: signature, parameters, shapes, tolerances, prompt");
    show->add_option("id", o->id, "Task id")->required();
    show->add_option("--tasks-dir", o->dir, "A folder of your own task files (.toml)");
    show->add_flag("--prompt", o->prompt, "Also print the prompt sent to a teacher model");
    show->add_flag("--json", o->json, "Print the task as JSON");
    auto* check = cmd->add_subcommand(
        "check",
        "Validate every task file, run the CPU references, compile every reference solution.\n"
        "Exit code: 0 all good, 1 a problem was found.");
    check->add_option("targets", o->check.targets,
                      "Only these: task ids, task files (.toml) or task folders");
    check->add_option("--tasks-dir", o->check.dir,
                      "A folder of your own tasks (*.toml, or <id>/task.toml folders)");
    check->add_flag("--user-only", o->check.userOnly,
                    "Check only the user folders, not the built-in suite");
    check->add_flag("!--no-compile", o->check.compile, "Do not compile the reference solutions");
    check->add_option("--build-timeout", o->check.buildTimeout, "Seconds for one nvcc build")
        ->check(CLI::Range(10, 3600));
    auto* made = cmd->add_subcommand(
        "new", "Make a task folder to start from: <dir>/<id>/task.toml and reference.cu.\n"
               "Exit code: 0 made, 2 an error (the id is taken, the folder exists).");
    made->add_option("id", o->made.id, "The new task's id (lower case, digits, '-')")->required();
    made->add_option("--like", o->made.like, "Copy this task (its entry point, shapes, baseline)");
    made->add_option("--dir", o->made.dir,
                     "Where to make it (default: your task folder, <data dir>/tasks)");
    made->add_option("--tasks-dir", o->made.tasksDir, "A folder of your own tasks, for --like");
    auto* baselines = cmd->add_subcommand(
        "baselines", "The library operations a task file can name as its baseline ([baseline] op)");
    baselines->add_flag("--json", o->json, "Print JSON");
    return [cmd, list, show, check, made, baselines, o]() -> int {
        if (!cmd->parsed())
            return -1;
        if (list->parsed())
            return listTasks(o->dir, o->json);
        if (show->parsed())
            return showTask(o->dir, o->id, o->prompt, o->json);
        if (check->parsed())
            return checkTasks(o->check);
        if (made->parsed())
            return newTask(o->made);
        if (baselines->parsed())
            return listBaselines(o->json);
        return kExitUsage;
    };
}

} // namespace kwb::cli
