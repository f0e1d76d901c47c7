// kwb eval run PLAN | list | report RUN | cells RUN: evaluate student models with and without
// what the teacher taught (core/eval), every answer verified, the run kept in the project.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <iostream>
#include <thread>
#include <unistd.h>

#include "app/kwb/commands.h"
#include "app/kwb/keychain_lookup.h"
#include "app/kwb/project_lookup.h"
#include "core/eval/eval_launch.h"
#include "core/eval/eval_report.h"
#include "core/eval/eval_run.h"
#include "core/llm/llm_settings.h"
#include "core/llm/redaction.h"
#include "core/store/project_store.h"

namespace kwb::cli {
namespace {

std::atomic<bool> g_stop{false};
void onSignal(int) {
    g_stop = true;
}

struct EvalOpts {
    std::string plan, project, settings, run, format = "text";
    std::string model, condition, task;
    int concurrency = 0, verifyJobs = 0; // 0: the host's cores
    bool noBench = false;
};

std::string duration(double s) {
    char b[32];
    if (s < 0)
        return "?";
    if (s >= 3600)
        std::snprintf(b, sizeof b, "%dh%02dm", int(s / 3600), int(s / 60) % 60);
    else
        std::snprintf(b, sizeof b, "%dm%02ds", int(s / 60), int(s) % 60);
    return b;
}

std::string progressLine(const EvalTotals& t) {
    const int done = t.already + t.done;
    const int width = 24, fill = t.cells ? std::min(width, done * width / t.cells) : width;
    return "[" + std::string(std::size_t(fill), '#') + std::string(std::size_t(width - fill), '-') +
           "] " + std::to_string(done) + "/" + std::to_string(t.cells) + " cells  " +
           std::to_string(t.inFlight) + " asking  " + std::to_string(t.checking) + " verifying  " +
           std::to_string(t.compiled) + " compiled  " + std::to_string(t.correct) + " correct" +
           (t.failed ? "  " + std::to_string(t.failed) + " failed" : "") + "  elapsed " +
           duration(t.elapsedS) + "  ETA " + duration(t.etaS);
}

void attachTerminal(EvalRun& run) {
    const bool tty = ::isatty(2);
    auto last = std::make_shared<std::string>();
    auto lastDraw = std::make_shared<std::chrono::steady_clock::time_point>();
    run.setLog([=](const std::string& line) {
        std::cerr << (tty ? "\r\033[K" : "") << line << "\n";
        if (tty)
            std::cerr << *last << std::flush;
    });
    run.setProgress([=](const EvalTotals& t) {
        auto now = std::chrono::steady_clock::now();
        if (now - *lastDraw < std::chrono::milliseconds(tty ? 200 : 10000))
            return;
        *lastDraw = now;
        *last = progressLine(t);
        std::cerr << (tty ? "\r\033[K" : "") << *last << (tty ? "" : "\n") << std::flush;
    });
}

int runEval(const EvalOpts& o) {
    auto fail = [](const Error& e, int code, const std::vector<std::string>& secrets = {}) {
        std::cerr << "kwb eval run: " << redactForStorage(describe(e), secrets) << "\n";
        return code;
    };
    EvalLaunchOptions lo;
    lo.settings = o.settings;
    lo.concurrency = o.concurrency;
    lo.verifyJobs = o.verifyJobs;
    lo.noBench = o.noBench;
    lo.keychainKey = keychainApiKey;
    auto launch = EvalLaunch::prepare(o.plan, std::move(lo));
    if (!launch)
        return fail(launch.error(), 2);
    const std::vector<std::string>& secrets = (*launch)->secrets();
    auto store = openProject(o.project);
    if (!store)
        return fail(store.error(), 2);
    if (Status st = (*launch)->start(**store); !st)
        return fail(st.error(), 2, secrets);
    const std::string runId = (*launch)->runId();
    const EvalPlan& plan = (*launch)->plan();
    EvalRun& run = (*launch)->run();
    attachTerminal(run);
    std::signal(SIGINT, onSignal);
    std::signal(SIGTERM, onSignal);
    Status st = run.run(&g_stop);
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
    if (::isatty(2))
        std::cerr << "\r\033[K";
    const EvalTotals& t = run.totals();
    std::cout << "Run " << runId << " (" << plan.name << "): " << t.done << " cells finished now, "
              << t.already << " were already there, of " << t.cells << "; " << t.compiled
              << " compiled, " << t.correct << " correct";
    if (t.compileOnly)
        std::cout << ", " << t.compileOnly << " compile-only (no GPU: built, not run)";
    if (t.failed)
        std::cout << "; " << t.failed << " requests failed (run again to ask for them)";
    std::cout << ". Report: kwb eval report " << runId << "\n";
    if (!st)
        return fail(st.error(), 2, secrets);
    if (t.interrupted) {
        std::cerr << "kwb eval run: interrupted; run the same command again to resume\n";
        return 130;
    }
    return t.failed ? 1 : 0;
}

int listRuns(const EvalOpts& o) {
    auto store = openProject(o.project);
    if (!store) {
        std::cerr << "kwb eval list: " << describe(store.error()) << "\n";
        return 2;
    }
    auto runs = (*store)->evalRuns();
    if (!runs) {
        std::cerr << "kwb eval list: " << describe(runs.error()) << "\n";
        return 2;
    }
    if (o.format == "json") {
        nlohmann::json j = nlohmann::json::array();
        for (const auto& r : *runs)
            j.push_back({{"run_id", r.runId},
                         {"name", r.name},
                         {"created_at", r.createdAt},
                         {"cells", r.cells},
                         {"plan", r.plan}});
        std::cout << j.dump(2) << "\n";
        return 0;
    }
    if (runs->empty())
        std::cout << "No evaluation runs in " << (*store)->path().string() << "\n";
    for (const auto& r : *runs) {
        const auto& p = r.plan;
        std::printf("%s  %-24s %s  %lld cells  %zu models x %zu conditions x %zu tasks x %d\n",
                    r.runId.c_str(), r.name.c_str(), r.createdAt.c_str(),
                    static_cast<long long>(r.cells),
                    p.value("models", nlohmann::json::array()).size(),
                    p.value("conditions", nlohmann::json::array()).size(),
                    p.value("task_ids", nlohmann::json::array()).size(), p.value("samples", 0));
    }
    return 0;
}

int report(const EvalOpts& o) {
    auto store = openProject(o.project);
    if (!store) {
        std::cerr << "kwb eval report: " << describe(store.error()) << "\n";
        return 2;
    }
    auto r = buildEvalReport(**store, o.run);
    if (!r) {
        std::cerr << "kwb eval report: " << describe(r.error()) << "\n";
        return 2;
    }
    if (o.format == "json")
        std::cout << evalReportJson(*r).dump(2) << "\n";
    else if (o.format == "csv")
        std::cout << evalReportCsv(*r);
    else if (o.format == "markdown")
        std::cout << evalReportMarkdown(*r);
    else
        std::cout << evalReportText(*r);
    return 0;
}

int cells(const EvalOpts& o) {
    auto store = openProject(o.project);
    if (!store) {
        std::cerr << "kwb eval cells: " << describe(store.error()) << "\n";
        return 2;
    }
    auto run = (*store)->evalRun(o.run);
    if (!run || !*run) {
        std::cerr << "kwb eval cells: "
                  << (run ? "the project has no evaluation run \"" + o.run + "\""
                          : describe(run.error()))
                  << "\n";
        return 2;
    }
    nlohmann::json all = nlohmann::json::array();
    Status st = (*store)->forEachEvalCell((*run)->id, [&](const EvalCellRow& c) {
        if ((!o.model.empty() && c.key.model != o.model) ||
            (!o.condition.empty() && c.key.condition != o.condition) ||
            (!o.task.empty() && c.key.taskId != o.task))
            return;
        nlohmann::json j = {{"cell", c.id},
                            {"model", c.key.model},
                            {"condition", c.key.condition},
                            {"task", c.key.taskId},
                            {"sample_index", c.key.sampleIndex},
                            {"generation_id", c.generationId},
                            {"turns", c.turns},
                            {"compiled", c.compiled},
                            {"verdict", c.verdict},
                            {"on_gpu", c.onGpu}};
        j["sample_id"] = c.sampleId ? nlohmann::json(*c.sampleId) : nlohmann::json();
        j["verification_id"] =
            c.verificationId ? nlohmann::json(*c.verificationId) : nlohmann::json();
        j["speedup"] = c.speedup ? nlohmann::json(*c.speedup) : nlohmann::json();
        if (o.format == "json")
            all.push_back(std::move(j));
        else
            std::printf("%6lld  %-16s %-22s %-22s #%-3d %-18s sample %s  answer %s\n",
                        static_cast<long long>(c.id), c.key.model.c_str(), c.key.condition.c_str(),
                        c.key.taskId.c_str(), c.key.sampleIndex, c.verdict.c_str(),
                        c.sampleId ? std::to_string(*c.sampleId).c_str() : "-",
                        c.generationId.c_str());
    });
    if (!st) {
        std::cerr << "kwb eval cells: " << describe(st.error()) << "\n";
        return 2;
    }
    if (o.format == "json")
        std::cout << all.dump(2) << "\n";
    return 0;
}

} // namespace

Runner addEvalCommand(CLI::App& app) {
    auto* cmd = app.add_subcommand(
        "eval", "Evaluate student models with and without what the teacher taught: plans, runs "
                "and reports.");
    cmd->require_subcommand(1);
    auto o = std::make_shared<EvalOpts>();
    auto* run = cmd->add_subcommand(
        "run", "Ask every model of the plan for its answers, verify each, store the run in the "
               "project.\nResumable: finished cells are never asked again. Exit code: 0 done, 1 "
               "some requests\nfailed, 2 error, 130 interrupted.");
    run->add_option("plan", o->plan, "The plan (TOML)")->required();
    addProjectOption(run, o->project);
    run->add_option("--concurrency", o->concurrency,
                    "Requests in flight per model (default: its provider's, 8)")
        ->check(CLI::Range(1, 1024));
    run->add_option("--verify-jobs", o->verifyJobs,
                    "Answers built at once (default: the host's cores); each GPU still verifies "
                    "and times\none answer at a time")
        ->check(CLI::Range(1, 64));
    run->add_flag("--no-bench", o->noBench, "Correctness only, no timing (no fast_p, no speedups)");
    run->add_option("--settings", o->settings, "LLM settings file (as for kwb generate)");
    auto* list = cmd->add_subcommand("list", "The project's evaluation runs.");
    addProjectOption(list, o->project);
    list->add_flag("--json{json}", o->format, "As JSON");
    auto* rep =
        cmd->add_subcommand("report", "A run's report, recounted from the project's records.");
    rep->add_option("run", o->run, "Run id or plan name")->required();
    addProjectOption(rep, o->project);
    auto* fmt = rep->add_option_group("format");
    fmt->add_flag("--json{json}", o->format, "JSON: one object per model and condition");
    fmt->add_flag("--csv{csv}", o->format, "CSV: one row per model, condition and scope");
    fmt->add_flag("--markdown{markdown}", o->format, "Markdown: tables and the headline chart");
    fmt->require_option(0, 1);
    auto* cl = cmd->add_subcommand("cells", "A run's answers, with their samples and verdicts.");
    cl->add_option("run", o->run, "Run id or plan name")->required();
    addProjectOption(cl, o->project);
    cl->add_option("--model", o->model, "Only this model (the plan's name)");
    cl->add_option("--condition", o->condition, "Only this condition");
    cl->add_option("--task", o->task, "Only this task");
    cl->add_flag("--json{json}", o->format, "As JSON");
    return [cmd, run, list, rep, cl, o]() -> int {
        if (!cmd->parsed())
            return -1;
        if (run->parsed())
            return runEval(*o);
        if (list->parsed())
            return listRuns(*o);
        if (rep->parsed())
            return report(*o);
        if (cl->parsed())
            return cells(*o);
        return -1;
    };
}

} // namespace kwb::cli
