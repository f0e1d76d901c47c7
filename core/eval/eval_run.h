#pragma once
// One evaluation run: every model of a plan answers every task under every condition `samples`
// times; every answer with code is verified (build, correctness, timing through the GPU worker;
// compile-only where the worker has no GPU) and stored in the project with its generation and
// verification records; the answer that ends a chain (the first, or its last repair turn) is
// stored together with its cell in one transaction. Resumable: cells the project holds for the
// run (model, condition, task, sample index) are never asked again. Requests in flight are
// limited per model's provider; verifications run on checker threads of their own, one per
// checker, so the two are separate.
// Threads: run() drives the LlmClient and the ProjectStore on its caller's thread; each checker
// runs on a thread of its own. Not reusable: one run() per object.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "core/eval/eval_plan.h"
#include "core/generate/generated_sample.h"
#include "core/generate/prompt_builder.h"
#include "core/generate/sample_checker.h"
#include "core/llm/llm_client.h"
#include "core/llm/price_table.h"
#include "core/store/eval_records.h"

namespace kwb {

class ProjectStore;

struct EvalTotals {
    int cells = 0;       // cells of the plan
    int already = 0;     // found finished in the project (not asked again)
    int done = 0;        // finished by this run
    int answered = 0;    // of those, with code
    int compiled = 0;    // of those, built
    int correct = 0;     // of those, passed on a GPU
    int compileOnly = 0; // of those, built but not run (no GPU)
    int failed = 0;      // requests that ended in an error (the cell stays open)
    int inFlight = 0;    // requests on the wire or queued in the client
    int checking = 0;    // answers waiting for or under verification
    double elapsedS = 0;
    double etaS = -1; // < 0: not known yet
    TokenUsage usage;
    bool interrupted = false;
};

// A model of the plan as the client knows it: config.name is the plan's model name.
struct EvalModelProvider {
    EvalModel model;
    ProviderConfig config;
};

class EvalRun {
public:
    using LogFn = std::function<void(const std::string& line)>;
    using ProgressFn = std::function<void(const EvalTotals& totals)>;

    // skills: one text per plan condition (readEvalSkills). base: the GPU named in the prompt.
    EvalRun(ProjectStore& store, LlmClient& client, EvalPlan plan, std::vector<Task> tasks,
            std::vector<std::string> skills, EvalRunRecord run);
    ~EvalRun();

    // Every model's provider must be added to the client under the model's name already.
    void setModels(std::vector<EvalModelProvider> models) { m_models = std::move(models); }
    void setPromptBase(PromptContext base) { m_base = std::move(base); }
    // Each checker gets a thread; verifications run at once up to their number.
    void setCheckers(std::vector<std::unique_ptr<SampleChecker>> checkers);
    void setPrices(const PriceTable* prices) { m_prices = prices; }
    void addSecrets(const std::vector<std::string>& secrets);
    void setLog(LogFn log) { m_log = std::move(log); }
    void setProgress(ProgressFn progress) { m_progress = std::move(progress); }

    // Until every cell is finished or has failed, or *interrupt turns true (requests are
    // cancelled; answers that arrived are stored without a cell, so the rerun asks again).
    Status run(const std::atomic<bool>* interrupt = nullptr);
    const EvalTotals& totals() const { return m_totals; }

private:
    struct Cell {
        EvalCellKey key;
        std::size_t model = 0, condition = 0, task = 0;
    };
    struct Chain { // one cell's answers so far
        std::size_t cell = 0;
        int turn = 0;
        std::string firstGenerationId, lastGenerationId;
        std::string system;
        std::vector<ChatMessage> messages;
        std::int64_t promptTokens = 0, completionTokens = 0;
        std::optional<double> costUsd = 0.0;
        double latencyMs = 0;
    };
    struct CheckItem {
        GeneratedSample sample;
        Chain chain;
        std::optional<Result<CheckOutcome>> outcome;
    };

    Status prepare();
    Status planCells();
    void submit(Chain chain);
    void onAnswer(Chain chain, Result<Completion> result);
    GeneratedSample answerOf(const Chain& chain, Completion c) const;
    void finish(GeneratedSample sample, Chain chain, const std::optional<CheckOutcome>& outcome);
    void drainChecked();
    void checkerLoop(SampleChecker* checker);
    void stopCheckers();
    void storeUnchecked();
    void log(const std::string& line);
    void report();

    ProjectStore& m_store;
    LlmClient& m_client;
    EvalPlan m_plan;
    std::vector<Task> m_tasks;
    std::vector<std::string> m_skills;
    EvalRunRecord m_run;
    std::vector<EvalModelProvider> m_models;
    PromptContext m_base;
    const PriceTable* m_prices = nullptr;
    std::vector<std::string> m_secrets;
    LogFn m_log;
    ProgressFn m_progress;

    std::vector<Cell> m_cells;
    std::map<std::pair<std::size_t, std::size_t>, PromptMessages> m_prompts; // condition, task
    std::deque<Chain> m_pending;
    std::map<RequestId, Chain> m_inFlight;
    std::optional<Error> m_fatal;
    EvalTotals m_totals;
    std::chrono::steady_clock::time_point m_started;

    std::vector<std::unique_ptr<SampleChecker>> m_checkers;
    std::vector<std::thread> m_checkerThreads;
    std::mutex m_mutex;
    std::condition_variable m_cv;
    std::deque<CheckItem> m_toCheck;
    std::deque<CheckItem> m_checked;
    bool m_stopCheckers = false;
    std::atomic<bool> m_cancelChecks{false};
    int m_checking = 0; // handed to the checkers, not yet drained (run()'s thread only)
};

} // namespace kwb
