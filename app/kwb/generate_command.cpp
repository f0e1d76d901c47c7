// kwb generate TASK...|--all --provider P --model M: ask a teacher model for samples, store each
// with its provenance as it finishes (into a project, or a JSONL file with --out), resumable,
// optionally verified and repaired.
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <unistd.h>

#include "app/kwb/commands.h"
#include "app/kwb/keychain_lookup.h"
#include "app/kwb/project_lookup.h"
#include "app/kwb/task_lookup.h"
#include "core/export/output_destination.h"
#include "core/generate/generation_run.h"
#include "core/generate/generation_setup.h"
#include "core/generate/jsonl_sample_sink.h"
#include "core/generate/project_examples.h"
#include "core/generate/project_sample_sink.h"
#include "core/generate/queue_sample_checker.h"
#include "core/llm/llm_settings.h"
#include "core/llm/model_listing.h"
#include "core/llm/redaction.h"
#include "core/sys/data_dirs.h"
#include "core/sys/programs.h"
#include "core/tasks/task_loader.h"

namespace kwb::cli {
namespace {

std::atomic<bool> g_stop{false};
void onSignal(int) {
    g_stop = true;
}

struct GenerateOpts {
    std::vector<std::string> tasks;
    bool all = false;
    std::string provider, model, baseUrl, out, project, logFile, settings;
    int n = 1, concurrency = 0, maxTokens = 8192, repair = 0, maxRetries = -1;
    double temperature = -1, topP = -1, idleTimeout = 0, connectTimeout = 0, requestTimeout = -1;
    bool verify = false, noBench = false, listModels = false;
    std::string systemTemplate, userTemplate, skill, examples, gpu, cc;
    int examplesK = 3;
    int examplesFromProject = 0; // accepted samples of each task from the project, at most
};

std::string readText(const std::string& path, bool& ok) {
    std::ifstream f(path, std::ios::binary);
    std::stringstream s;
    s << f.rdbuf();
    ok = bool(f) || f.eof();
    return s.str();
}

std::string tokens(std::int64_t n) {
    char b[32];
    if (n >= 1000000)
        std::snprintf(b, sizeof b, "%.2fM", double(n) / 1e6);
    else if (n >= 1000)
        std::snprintf(b, sizeof b, "%.1fk", double(n) / 1e3);
    else
        std::snprintf(b, sizeof b, "%lld", static_cast<long long>(n));
    return b;
}

std::string bar(const GenerationTotals& t) {
    int done = t.firstDone, want = std::max(1, t.wanted);
    int width = 24, fill = std::min(width, done * width / want);
    char costText[48] = "";
    if (t.costKnown)
        std::snprintf(costText, sizeof costText, "  $%.3f", t.costUsd);
    std::string s = "[" + std::string(std::size_t(fill), '#') +
                    std::string(std::size_t(width - fill), '-') + "] " + std::to_string(done) +
                    "/" + std::to_string(t.wanted) + "  " + std::to_string(t.inFlight) + " running";
    if (t.repairs)
        s += "  " + std::to_string(t.repairs) + " repairs";
    if (t.failed)
        s += "  " + std::to_string(t.failed) + " failed";
    return s + "  " + tokens(t.usage.inputTokens) + " in / " + tokens(t.usage.outputTokens) +
           " out" + costText;
}

// Accepted examples: samples in a JSONL file (this command's output format) that passed a check
// or carry "accepted": true, newest last; at most k, none of the task being generated.
std::vector<PromptExample> loadExamples(const std::string& path, int k, std::string& error) {
    std::vector<PromptExample> ex;
    std::ifstream in(path);
    if (!in) {
        error = "cannot read the examples file " + path;
        return ex;
    }
    std::string line;
    while (std::getline(in, line)) {
        auto j = nlohmann::json::parse(line, nullptr, false);
        if (j.is_discarded() || !j.is_object() || !j.contains("code") || !j["code"].is_string())
            continue;
        bool accepted = j.value("accepted", false);
        if (j.contains("verification") && j["verification"].is_object())
            accepted = accepted ||
                       verification::verdictFromString(j["verification"].value("verdict", "")) ==
                           verification::Verdict::Pass;
        if (accepted)
            ex.push_back({j.value("task_id", ""), "", j["code"].get<std::string>()});
    }
    if (int(ex.size()) > k)
        ex.erase(ex.begin(), ex.end() - k);
    return ex;
}

// What a run is made of, set up step by step by runGenerate.
struct GenerateSetup {
    ProviderForRun provider;
    std::vector<Task> tasks;
    PromptContext context;
    std::unique_ptr<SampleChecker> checker; // over the verification queue
    int checkThreads = 1;
    std::unique_ptr<ProjectStore> store; // with a project sink
    std::unique_ptr<SampleSink> sink;
};

ProviderOverrides overridesOf(const GenerateOpts& o) {
    ProviderOverrides v;
    v.baseUrl = o.baseUrl;
    v.concurrency = o.concurrency;
    v.maxRetries = o.maxRetries;
    v.idleTimeoutS = o.idleTimeout;
    v.connectTimeoutS = o.connectTimeout;
    v.requestTimeoutS = o.requestTimeout;
    return v;
}

Result<std::vector<Task>> selectTasks(const GenerateOpts& o) {
    std::vector<Task> tasks;
    if (o.all) {
        auto dir = builtinTaskDirectory();
        if (!dir)
            return dir.error();
        return loadTaskFolder(*dir).tasks;
    }
    for (const auto& id : o.tasks) {
        auto t = findTask(id);
        if (!t)
            return t.error();
        tasks.push_back(*t);
    }
    return tasks;
}

// The GPU named in the prompt, the skill and the examples from a file.
Status readPromptInputs(const GenerateOpts& o, PromptContext& context) {
    context.gpuName = o.gpu;
    context.computeCapability = o.cc;
    if (!o.skill.empty()) {
        bool ok = false;
        context.skill = readText(o.skill, ok);
        if (!ok)
            return Error::make("bad-skill", "cannot read " + o.skill);
    }
    if (!o.examples.empty()) {
        std::string err;
        context.examples = loadExamples(o.examples, o.examplesK, err);
        if (!err.empty())
            return Error::make("bad-examples", err);
    }
    return okStatus();
}

// Into the project (the default, with its accepted samples as examples), or a JSONL file (--out).
Status openSink(const GenerateOpts& o, GenerateSetup& g) {
    if (!o.out.empty()) {
        auto jsonl = JsonlSampleSink::open(o.out);
        if (!jsonl)
            return jsonl.error();
        for (const auto& w : (*jsonl)->warnings())
            std::cerr << "kwb generate: warning: " << w << "\n";
        g.sink = std::move(*jsonl);
        return okStatus();
    }
    auto opened = openProject(o.project);
    if (!opened)
        return opened.error();
    g.store = std::move(*opened);
    g.sink = std::make_unique<ProjectSampleSink>(*g.store, g.tasks);
    for (const auto& task : g.tasks) {
        auto ex = acceptedExamples(*g.store, task.id, o.examplesFromProject);
        if (!ex)
            return ex.error();
        if (o.examplesFromProject > 0)
            std::cerr << "kwb generate: task " << task.id << ": " << ex->size()
                      << " accepted samples as examples\n";
        if (!ex->empty())
            g.context.taskExamples[task.id] = std::move(*ex);
    }
    return okStatus();
}

// Everything between the provider and the run: tasks, prompt inputs, checker, log check, sink.
Status prepareRun(const GenerateOpts& o, GenerateSetup& g) {
    auto tasks = selectTasks(o);
    if (!tasks)
        return tasks.error();
    g.tasks = std::move(*tasks);
    if (Status st = readPromptInputs(o, g.context); !st)
        return st;
    if (o.verify) {
        if (locateRunner().empty())
            return Error::make("worker-not-found",
                               "--verify needs kwb-runner (set KWB_RUNNER or install it)");
        VerifyOptions vo;
        vo.bench = !o.noBench;
        auto queue = localQueue({}, 0, "kwb", &g.context);
        // Enough candidates in the queue for every core to build one and every lane to have
        // one ready.
        g.checkThreads =
            int(std::max(1u, std::thread::hardware_concurrency()) + queue->laneCount());
        g.checker = std::make_unique<QueueSampleChecker>(std::move(queue), vo);
    }
    // The log is appended to, so never a project, a database, a device, a FIFO (opening one
    // would block) or a link, nor in a folder that does not exist; checked before --out is made.
    if (!o.logFile.empty()) {
        OutputPolicy logPolicy;
        logPolicy.kind = OutputKind::AppendedLog;
        if (auto s = checkOutput(o.logFile, logPolicy); !s)
            return s.error();
    }
    return openSink(o, g);
}

GenerationOptions generationOptions(const GenerateOpts& o, const ProviderConfig& config) {
    GenerationOptions go;
    go.provider = config.name;
    go.model = o.model;
    go.samplesPerTask = o.n;
    go.maxTokens = o.maxTokens;
    if (o.temperature >= 0)
        go.temperature = o.temperature;
    if (o.topP >= 0)
        go.topP = o.topP;
    go.repairTurns = o.repair;
    return go;
}

// Log lines above a progress bar on a terminal; the bar redrawn at most every 100 ms.
void attachTerminal(GenerationRun& run, const std::function<void(const std::string&)>& writeLog,
                    const std::vector<std::string>& secrets) {
    const bool tty = ::isatty(2);
    auto lastBar = std::make_shared<std::string>();
    auto lastDraw = std::make_shared<std::chrono::steady_clock::time_point>(
        std::chrono::steady_clock::now() - std::chrono::seconds(1));
    run.setLog([=](const std::string& line) {
        writeLog(line);
        std::cerr << (tty ? "\r\033[K" : "") << redactForStorage(line, secrets) << "\n";
        if (tty)
            std::cerr << *lastBar << std::flush;
    });
    run.setProgress([=](const GenerationTotals& t) {
        if (!tty)
            return;
        auto now = std::chrono::steady_clock::now();
        if (now - *lastDraw < std::chrono::milliseconds(100) && t.inFlight > 0)
            return;
        *lastDraw = now;
        *lastBar = bar(t);
        std::cerr << "\r\033[K" << *lastBar << std::flush;
    });
}

void printSummary(const GenerationRun& run, const GenerateSetup& g, const GenerateOpts& o,
                  const std::vector<std::string>& secrets) {
    const auto& t = run.totals();
    std::cout << "Run " << run.runId() << ": stored " << t.stored << " samples (" << t.withCode
              << " with code, " << t.noCode << " without) in " << g.sink->description();
    if (t.alreadyStored)
        std::cout << "; " << t.alreadyStored << " were already there";
    if (t.repairs)
        std::cout << "; " << t.repairs << " repair turns";
    if (g.checker)
        std::cout << "; " << t.passed << " passed verification";
    if (t.failed)
        std::cout << "; " << t.failed << " requests failed";
    if (t.noCode && g.store)
        std::cout << "\nAnswers without code (kept, not samples): kwb samples no-code --run "
                  << run.runId() << " --project " << g.store->path().string();
    std::cout << "\nTokens: " << t.usage.inputTokens << " in, " << t.usage.outputTokens
              << " out. Cost: ";
    if (t.costKnown) {
        char b[32];
        std::snprintf(b, sizeof b, "$%.4f", t.costUsd);
        std::cout << b << "\n";
    } else {
        std::cout << "unknown (no price for " << redactForStorage(o.model, secrets) << " in "
                  << LlmSettings::defaultPath().string() << ")\n";
    }
}

int runGenerate(const GenerateOpts& o) {
    auto settings = LlmSettings::load(o.settings.empty() ? LlmSettings::defaultPath()
                                                         : std::filesystem::path(o.settings));
    if (!settings) {
        std::cerr << "kwb generate: " << settings.error().message << "\n";
        return 2;
    }
    for (const auto& w : settings->warnings())
        std::cerr << "kwb generate: warning: " << w << "\n";
    // Neither the environment nor the settings file has a key: the window may have saved it in
    // the system keychain (looked up once, secret-tool being a child process).
    auto provider = providerForRun(*settings, o.provider, overridesOf(o), keychainApiKey);
    if (!provider) {
        std::cerr << "kwb generate: " << provider.error().message << "\n";
        return kExitUsage;
    }
    GenerateSetup g{std::move(*provider), {}, {}, {}, 1, {}, {}};
    const std::vector<std::string>& secrets = g.provider.secrets;
    auto fail = [&](const Error& e, int code) {
        std::cerr << "kwb generate: " << redactForStorage(describe(e), secrets) << "\n";
        return code;
    };
    if (o.listModels) {
        auto models = listModels(g.provider.config, std::chrono::seconds(30));
        if (!models)
            return fail(models.error(), 2);
        for (const auto& m : *models)
            std::cout << m << "\n";
        return 0;
    }
    if (o.model.empty()) {
        std::cerr << "kwb generate: --model is required\n";
        return kExitUsage;
    }
    if (o.tasks.empty() == !o.all) {
        std::cerr << "kwb generate: give task ids or --all (not both)\n";
        return kExitUsage;
    }
    auto templates = PromptTemplates::load(o.systemTemplate, o.userTemplate);
    if (!templates)
        return fail(templates.error(), 2);
    if (Status st = prepareRun(o, g); !st)
        return fail(st.error(), 2);
    auto logFile = std::make_shared<std::ofstream>();
    if (!o.logFile.empty()) {
        logFile->open(o.logFile, std::ios::app);
        if (!*logFile)
            return fail(Error::make("log-io", "cannot open the log file " + o.logFile), 2);
    }
    // The one way into the log file: every line redacted (keys, URL user information).
    auto writeLog = [logFile, secrets](const std::string& line) {
        if (*logFile)
            *logFile << utcTimestamp() << " " << redactForStorage(line, secrets) << std::endl;
    };
    LlmClient client;
    if (Status st = client.addProvider(g.provider.config); !st)
        return fail(st.error(), 2);
    GenerationOptions options = generationOptions(o, g.provider.config);
    options.checkThreads = g.checkThreads;
    GenerationRun run(client, *g.sink, options);
    run.setPrompt(*templates, g.context);
    run.setPrices(&settings->prices());
    run.setChecker(g.checker.get());
    run.addSecrets(secrets);
    attachTerminal(run, writeLog, secrets);
    std::signal(SIGINT, onSignal);
    std::signal(SIGTERM, onSignal);
    writeLog("run " + run.runId() + ": " + std::to_string(g.tasks.size()) + " tasks, provider " +
             g.provider.config.publicJson().dump() + ", model " + o.model + ", n " +
             std::to_string(o.n));
    Status st = run.run(g.tasks, &g_stop);
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
    if (::isatty(2))
        std::cerr << "\r\033[K";
    printSummary(run, g, o, secrets);
    if (!st)
        return fail(st.error(), 2);
    if (run.totals().interrupted) {
        std::cerr << "kwb generate: interrupted; run the same command again to resume\n";
        return 130;
    }
    return run.totals().failed ? 1 : 0;
}

} // namespace

Runner addGenerateCommand(CLI::App& app) {
    auto* cmd = app.add_subcommand(
        "generate",
        "Ask a teacher model for candidate kernels; store each sample with its provenance.\n"
        "Resumable: first answers already in the project (or --out file) from the\n"
        "same provider and model count towards -n.\n"
        "Exit code: 0 done, 1 some requests failed, 2 error, 130 interrupted.");
    auto o = std::make_shared<GenerateOpts>();
    cmd->add_option("tasks", o->tasks, "Task ids (or task files)");
    cmd->add_flag("--all", o->all, "Every task of the built-in suite");
    cmd->add_option("--provider", o->provider,
                    "anthropic, openai, or a provider named in the settings file")
        ->required();
    cmd->add_option("--model", o->model,
                    "Model id, e.g. claude-sonnet-4-5 or Qwen/Qwen2.5-Coder-32B-Instruct");
    cmd->add_option(
        "--base-url", o->baseUrl,
        "Endpoint, e.g. http://localhost:8000/v1 (vLLM), http://localhost:11434/v1 (Ollama)");
    cmd->add_option("-n", o->n, "Samples per task (first answers)")->check(CLI::Range(1, 100000));
    cmd->add_option("--concurrency", o->concurrency,
                    "Requests in flight at once (default: the provider's, 8)")
        ->check(CLI::Range(1, 1024));
    cmd->add_option("--max-tokens", o->maxTokens, "Longest answer, in tokens")
        ->check(CLI::Range(1, 1000000));
    cmd->add_option("--temperature", o->temperature, "Sampling temperature (default: the model's)")
        ->check(CLI::Range(0.0, 2.0));
    cmd->add_option("--top-p", o->topP, "Nucleus sampling (default: the model's)")
        ->check(CLI::Range(0.0, 1.0));
    cmd->add_option("--repair", o->repair,
                    "Repair turns: send compile errors, the failing shape or a missing code block "
                    "back, up to K times")
        ->check(CLI::Range(0, 10));
    cmd->add_flag(
        "--verify", o->verify,
        "Verify each sample with kwb-runner (build, correctness, timing) before storing it");
    cmd->add_flag("--no-bench", o->noBench, "With --verify: correctness only, no timing");
    auto* project = cmd->add_option("--project", o->project,
                                    "The project samples are stored in (default: $KWB_PROJECT, "
                                    "the current project, or the default project)");
    auto* out = cmd->add_option("--out", o->out,
                                "Instead of a project: the JSONL file samples are appended to")
                    ->excludes(project);
    cmd->add_option("--log", o->logFile, "Also append the run's log to this file");
    cmd->add_option("--settings", o->settings,
                    "LLM settings file (default: $KWB_CONFIG_DIR/llm.json or "
                    "~/.config/kernel-workbench/llm.json)");
    cmd->add_option("--system-template", o->systemTemplate,
                    "System prompt template file ({{variables}})");
    cmd->add_option("--user-template", o->userTemplate,
                    "User prompt template file ({{variables}})");
    cmd->add_option("--skill", o->skill, "A SKILL.md to put in the system prompt");
    cmd->add_option(
        "--examples", o->examples,
        "A samples JSONL file: its accepted or passing samples of other tasks become examples");
    cmd->add_option("--examples-k", o->examplesK, "How many examples at most (default 3)")
        ->check(CLI::Range(0, 50));
    cmd->add_option("--examples-from-project", o->examplesFromProject,
                    "K: up to K accepted samples of each task from the project (latest verdict "
                    "accepted, newest\n"
                    "first) go into that task's prompt as earlier answers to improve on")
        ->check(CLI::Range(0, 50))
        ->excludes(out);
    cmd->add_option("--gpu", o->gpu,
                    "Target GPU named in the prompt (default with --verify: the worker's)");
    cmd->add_option("--cc", o->cc, "Target compute capability named in the prompt, e.g. 9.0");
    cmd->add_option("--max-retries", o->maxRetries,
                    "Retries per request after 429, 5xx, 529, timeouts (default 2)")
        ->check(CLI::Range(0, 20));
    cmd->add_option("--idle-timeout", o->idleTimeout,
                    "Seconds without a byte before an attempt fails (default 120)")
        ->check(CLI::Range(0.05, 3600.0));
    cmd->add_option("--connect-timeout", o->connectTimeout, "Seconds to connect (default 10)")
        ->check(CLI::Range(0.05, 600.0));
    cmd->add_option(
           "--request-timeout", o->requestTimeout,
           "Seconds one request may take in all, retries included (default 600; 0: no deadline)")
        ->check(CLI::Range(0.0, 86400.0));
    cmd->add_flag("--list-models", o->listModels, "List the provider's models and exit");
    return [cmd, o]() -> int {
        if (!cmd->parsed())
            return -1;
        return runGenerate(*o);
    };
}

} // namespace kwb::cli
