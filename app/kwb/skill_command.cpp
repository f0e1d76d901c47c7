// kwb skill build (--task ID | --family F) [--teacher PROVIDER:MODEL] -o SKILL.md: an Agent
// Skills file from the project's curated samples (core/skill), deterministic without a teacher.
#include <atomic>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <iostream>
#include <set>

#include "app/kwb/commands.h"
#include "app/kwb/keychain_lookup.h"
#include "app/kwb/project_lookup.h"
#include "app/kwb/task_lookup.h"
#include "core/generate/generation_setup.h"
#include "core/llm/llm_client.h"
#include "core/llm/llm_settings.h"
#include "core/llm/redaction.h"
#include "core/skill/skill_document.h"
#include "core/skill/skill_material.h"
#include "core/skill/skill_teacher.h"
#include "core/store/project_store.h"
#include "core/sys/atomic_file.h"

namespace kwb::cli {
namespace {

std::atomic<bool> g_stop{false};
void onSignal(int) {
    g_stop = true;
}

struct SkillOpts {
    std::string task, family, teacher, out, project, tasksDir, settings;
    int budget = 800;
    bool force = false;
};

// A task the catalog does not know is taken as the project stored it with its samples.
Result<Task> taskFromProject(ProjectStore& store, const std::string& id) {
    SampleFilter f;
    f.tasks = {id};
    auto page = store.listSamples(f, PageRequest{1, 0, SampleOrder::OldestFirst});
    if (!page)
        return page.error();
    if (page->rows.empty())
        return Error::make("task-not-found",
                           "no task " + id + " in the task folders or the project");
    auto s = store.sample(page->rows.front().id);
    if (!s)
        return s.error();
    return store.taskSpec(s->taskSpecId);
}

Result<std::vector<Task>> skillTasks(const SkillOpts& o, ProjectStore& store) {
    const TaskCatalog c = loadCatalog(o.tasksDir);
    if (!o.task.empty()) {
        if (const auto* t = c.find(o.task))
            return std::vector<Task>{t->task};
        auto t = taskFromProject(store, o.task);
        if (!t)
            return t.error();
        return std::vector<Task>{*t};
    }
    std::vector<Task> out;
    std::set<std::string> families;
    for (const auto& t : c.tasks) {
        families.insert(t.task.family);
        if (t.task.family == o.family)
            out.push_back(t.task);
    }
    if (out.empty()) {
        std::string known;
        for (const auto& f : families)
            known += (known.empty() ? "" : ", ") + f;
        return Error::make("family-not-found",
                           "no task of family \"" + o.family + "\"; the families are: " + known);
    }
    return out;
}

// One request to the teacher, driven to its end here; Ctrl-C cancels it.
TeacherAsk teacherAsk(LlmClient& client, const std::string& provider, const std::string& model) {
    return [&client, provider,
            model](const std::string& system,
                   const std::vector<ChatMessage>& messages) -> Result<std::string> {
        ChatRequest req;
        req.model = model;
        req.system = system;
        req.messages = messages;
        req.maxTokens = 4096;
        std::optional<Result<Completion>> done;
        StreamHandlers h;
        h.onFinished = [&done](Result<Completion> r) { done = std::move(r); };
        auto id = client.submit(provider, req, std::move(h));
        if (!id)
            return id.error();
        while (!done) {
            if (g_stop)
                client.cancel(*id);
            client.poll(std::chrono::milliseconds(100));
        }
        if (!*done)
            return done->error();
        return (*done)->text;
    };
}

Result<SkillDocument> teacherDocument(const SkillOpts& o, const SkillMaterial& m,
                                      std::vector<std::string>& secrets) {
    const auto colon = o.teacher.find(':');
    if (colon == std::string::npos || colon == 0 || colon + 1 == o.teacher.size())
        return Error::make("usage", "--teacher takes PROVIDER:MODEL, for example "
                                    "anthropic:claude-sonnet-4-5, not \"" +
                                        o.teacher + "\"");
    const std::string provider = o.teacher.substr(0, colon), model = o.teacher.substr(colon + 1);
    auto settings = LlmSettings::load(o.settings.empty() ? LlmSettings::defaultPath()
                                                         : std::filesystem::path(o.settings));
    if (!settings)
        return settings.error();
    auto p = providerForRun(*settings, provider, {}, keychainApiKey);
    if (!p)
        return p.error();
    secrets = p->secrets;
    LlmClient client;
    if (Status st = client.addProvider(p->config); !st)
        return st.error();
    int turns = 0;
    auto doc = teacherSkill(m, o.budget, teacherAsk(client, p->config.name, model), &turns);
    if (doc)
        std::cout << "Teacher: " << o.teacher << ", " << turns << (turns == 1 ? " turn" : " turns")
                  << "\n";
    return doc;
}

Status writeSkill(const std::filesystem::path& path, const std::string& text) {
    auto f = AtomicFile::create(path);
    if (!f)
        return f.error();
    if (Status st = f->write(text); !st)
        return st;
    return f->commit();
}

void report(const SkillOpts& o, const SkillMaterial& m, const SkillDocument& d) {
    std::cout << "Wrote " << o.out << " (" << skillName(m) << "): about " << d.tokens << " of "
              << d.budget << " tokens (estimated)\n"
              << "Material: " << m.samplesRead << " samples of " << m.tasks.size()
              << (m.tasks.size() == 1 ? " task" : " tasks") << "; " << m.faster
              << " accepted and faster than the baseline, " << m.failing << " failing or rejected; "
              << m.techniques.size() << " techniques, " << m.mistakes.size() << " kinds of mistake"
              << (m.example ? ", example: sample " + std::to_string(m.example->sampleId) : "")
              << "\n";
    for (const auto& cut : d.leftOut)
        std::cout << "Left out to fit: " << cut << "\n";
}

int runSkillBuild(const SkillOpts& o) {
    std::vector<std::string> secrets;
    auto fail = [&secrets](const Error& e) {
        std::cerr << "kwb skill build: " << redactForStorage(describe(e), secrets) << "\n";
        return e.code == "usage" ? kExitUsage : 2;
    };
    if (o.budget < 50)
        return fail(Error::make("usage", "--budget must be at least 50 tokens"));
    if (std::filesystem::exists(o.out) && !o.force)
        return fail(Error::make("output-exists", o.out + " exists; give --force to replace it"));
    auto store = openProject(o.project);
    if (!store)
        return fail(store.error());
    auto tasks = skillTasks(o, **store);
    if (!tasks)
        return fail(tasks.error());
    auto material = gatherSkillMaterial(**store, *tasks);
    if (!material)
        return fail(material.error());
    std::signal(SIGINT, onSignal);
    auto doc = o.teacher.empty() ? renderSkill(*material, o.budget)
                                 : teacherDocument(o, *material, secrets);
    if (!doc)
        return fail(g_stop ? Error::make("cancelled", "cancelled") : doc.error());
    if (Status st = writeSkill(o.out, doc->text); !st)
        return fail(st.error());
    report(o, *material, *doc);
    return 0;
}

std::string techniqueHelp() {
    std::string out = "Techniques looked for in the sources of faster accepted samples:";
    for (const auto& p : techniquePatterns())
        out += std::string("\n  ") + p.name;
    return out;
}

} // namespace

Runner addSkillCommand(CLI::App& app) {
    auto* skill = app.add_subcommand("skill", "Agent skills from the project's curated samples");
    skill->require_subcommand(1);
    auto o = std::make_shared<SkillOpts>();
    auto* build = skill->add_subcommand(
        "build", "Write a SKILL.md: the contract, what the faster accepted samples did, the "
                 "mistakes of failing and rejected ones, one short verified example");
    build->footer(techniqueHelp());
    auto* task = build->add_option("--task", o->task, "One task's samples");
    auto* family =
        build->add_option("--family", o->family, "The samples of every task of a family");
    task->excludes(family);
    build->add_option("--teacher", o->teacher,
                      "PROVIDER:MODEL writes the body from the same material (llm.json providers)");
    build->add_option("-o,--output", o->out, "The SKILL.md to write")->required();
    build->add_option("--budget", o->budget,
                      "Token budget of the whole file (estimated; default 800)");
    build->add_flag("--force", o->force, "Replace an existing output file");
    build->add_option("--tasks-dir", o->tasksDir,
                      "A task folder searched before the built-in suite");
    build->add_option("--settings", o->settings, "Provider settings file (default llm.json)");
    addProjectOption(build, o->project);
    return [build, o]() -> int {
        if (!build->parsed())
            return -1;
        if (o->task.empty() == o->family.empty()) {
            std::cerr << "kwb skill build: give --task ID or --family F\n";
            return kExitUsage;
        }
        return runSkillBuild(*o);
    };
}

} // namespace kwb::cli
