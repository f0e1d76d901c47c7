// kwb project new|open|info|check: create, choose, describe and check project files.
#include <fstream>
#include <iostream>

#include "app/kwb/commands.h"
#include "app/kwb/project_lookup.h"
#include "core/store/demo_project.h"
#include "core/sys/data_dirs.h"

namespace kwb::cli {
namespace fs = std::filesystem;
namespace {

void printInfo(const ProjectInfo& i, std::ostream& out) {
    out << "Project " << i.name << "\n"
        << "  file          " << i.path.string() << " (" << i.fileBytes / 1024 << " KiB"
        << (i.walBytes ? ", " + std::to_string(i.walBytes / 1024) + " KiB in the write-ahead log"
                       : std::string())
        << ")\n"
        << "  schema        " << i.schemaVersion << "\n"
        << "  created       " << i.createdAt << " by " << i.createdBy << "\n"
        << "  samples       " << i.samples << " (" << i.duplicates << " duplicates) over "
        << i.tasks << " tasks\n"
        << "  verifications " << i.verifications << "\n"
        << "  reviews       " << i.reviews << "\n";
}

nlohmann::json infoJson(const ProjectInfo& i) {
    return {{"path", i.path.string()},           {"name", i.name},
            {"schema_version", i.schemaVersion}, {"created_at", i.createdAt},
            {"created_by", i.createdBy},         {"samples", i.samples},
            {"duplicates", i.duplicates},        {"tasks", i.tasks},
            {"verifications", i.verifications},  {"reviews", i.reviews},
            {"file_bytes", i.fileBytes},         {"wal_bytes", i.walBytes}};
}

struct ProjectOpts {
    std::string path, name, project;
    bool demo = false, json = false;
};

int runNew(const ProjectOpts& o) {
    // A mistyped folder is reported, not created (the default project's folder is made by
    // openProject, not here).
    std::error_code ec;
    const fs::path parent = fs::absolute(o.path, ec).lexically_normal().parent_path();
    if (!fs::is_directory(parent, ec)) {
        std::cerr << "kwb project new: the folder " << parent.string()
                  << " does not exist; create it first\n";
        return 2;
    }
    auto store = o.demo ? createDemoProject(o.path) : ProjectStore::create(o.path, o.name);
    if (!store) {
        std::cerr << "kwb project new: " << store.error().message << "\n";
        return 2;
    }
    if (auto s = makeCurrentProject(o.path); !s)
        std::cerr << "kwb project new: " << s.error().message << "\n";
    std::cout << "Created " << fs::absolute(o.path).string()
              << "; it is now the current project.\n";
    return 0;
}

int runOpen(const ProjectOpts& o) {
    auto store = ProjectStore::open(o.path);
    if (!store) {
        std::cerr << "kwb project open: " << store.error().message << "\n";
        return 2;
    }
    if (auto s = makeCurrentProject(o.path); !s) {
        std::cerr << "kwb project open: " << s.error().message << "\n";
        return 2;
    }
    auto i = (*store)->info();
    if (i)
        printInfo(*i, std::cout);
    return 0;
}

int runInfo(ProjectStore& store, const ProjectOpts& o) {
    auto i = store.info();
    if (!i) {
        std::cerr << "kwb project info: " << i.error().message << "\n";
        return 2;
    }
    if (o.json)
        std::cout << infoJson(*i).dump(1) << "\n";
    else
        printInfo(*i, std::cout);
    return 0;
}

// The check on open found the damage: that is the check's finding (exit 1), not an error of the
// command (2: it could not look, e.g. the file cannot be opened).
int reportCorruptOnOpen(const Error& e, const ProjectOpts& o) {
    if (o.json)
        std::cout << nlohmann::json{{"ok", false},
                                    {"checks", {"the check on open"}},
                                    {"problems", {e.message}}}
                         .dump(1)
                  << "\n";
    else
        std::cout << "PROBLEM: " << e.message << "\nThe project has problems.\n";
    return 1;
}

int runCheck(ProjectStore& store, const ProjectOpts& o) {
    auto rep = store.checkIntegrity();
    if (!rep) {
        std::cerr << "kwb project check: " << rep.error().message << "\n";
        return 2;
    }
    if (o.json) {
        std::cout << nlohmann::json{{"ok", rep->ok()},
                                    {"checks", rep->checks},
                                    {"problems", rep->problems}}
                         .dump(1)
                  << "\n";
    } else {
        for (const auto& c : rep->checks)
            std::cout << "checked: " << c << "\n";
        for (const auto& p : rep->problems)
            std::cout << "PROBLEM: " << p << "\n";
        std::cout << (rep->ok() ? "The project is sound.\n" : "The project has problems.\n");
    }
    return rep->ok() ? 0 : 1;
}

} // namespace

Runner addProjectCommand(CLI::App& app) {
    auto* cmd =
        app.add_subcommand("project", "Create, open, describe and check project files (SQLite).");
    cmd->require_subcommand(1);
    auto o = std::make_shared<ProjectOpts>();
    auto* create = cmd->add_subcommand(
        "new", "Create a new, empty project file and make it the current project.");
    create->add_option("path", o->path, "The new project file (e.g. kernels.kwbproj)")->required();
    create->add_option("--name", o->name, "The project's name (default: the file name)");
    create->add_flag("--demo", o->demo, "Fill it with the demo samples");
    auto* open = cmd->add_subcommand(
        "open", "Check a project file and make it the current project for later commands.");
    open->add_option("path", o->path, "The project file")->required();
    auto* info = cmd->add_subcommand("info", "Describe the project: counts, schema, file size.");
    addProjectOption(info, o->project);
    info->add_flag("--json", o->json, "Print JSON");
    auto* check = cmd->add_subcommand(
        "check",
        "Run the full integrity check (exit code 1 when it finds a problem, 2 when it cannot "
        "look: no project, cannot open, busy).");
    addProjectOption(check, o->project);
    check->add_flag("--json", o->json, "Print JSON");

    return [=]() -> int {
        if (!cmd->parsed())
            return -1;
        if (create->parsed())
            return runNew(*o);
        if (open->parsed())
            return runOpen(*o);
        auto store = openProject(o->project);
        if (!store && check->parsed() && store.error().code == "project-corrupt")
            return reportCorruptOnOpen(store.error(), *o);
        if (!store) {
            std::cerr << "kwb project: " << store.error().message << "\n";
            return 2;
        }
        return info->parsed() ? runInfo(**store, *o) : runCheck(**store, *o);
    };
}

} // namespace kwb::cli
