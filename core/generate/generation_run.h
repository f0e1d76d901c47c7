#pragma once
// One generation run: for every task, ask the teacher model for samplesPerTask answers (fewer
// when the sink already holds some: resumable), extract the code, price the tokens, optionally
// check each candidate and send failures back for up to repairTurns repair turns, and hand each
// finished sample to the sink as it finishes.
// Threads: run() blocks its caller and drives the LlmClient on that thread; checks run on
// checkThreads checker threads of their own (a checker shared by several must be thread-safe).
// Not reusable: one run() per object.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "core/generate/generated_sample.h"
#include "core/generate/prompt_builder.h"
#include "core/generate/sample_checker.h"
#include "core/generate/sample_sink.h"
#include "core/llm/llm_client.h"
#include "core/llm/price_table.h"

namespace kwb {

struct GenerationOptions {
    std::string provider; // a provider configured in the client
    std::string model;
    int samplesPerTask = 1;
    int maxTokens = 8192;
    std::optional<double> temperature;
    std::optional<double> topP;
    int repairTurns = 0; // follow-ups for a failed or code-less answer, per first answer
    std::string runId;   // empty: a new one
    bool resume = true;  // false: samplesPerTask new first answers, whatever the sink holds already
    std::chrono::milliseconds pollInterval{100}; // how often an interrupt is noticed
    // Candidates checked at once: more than 1 only for a thread-safe checker (a queue's, whose
    // builds then overlap); checks then finish in completion order.
    int checkThreads = 1;
    // Every answer continues this conversation instead of the task's prompt (run() then takes
    // one task; resume does not apply: each run asks samplesPerTask times). Repair turns follow
    // from the seed's turn.
    std::optional<SeedConversation> conversation;
};

struct GenerationTotals {
    int wanted = 0;        // first answers this run has to produce
    int alreadyStored = 0; // first answers found from an earlier run (skipped)
    int firstDone = 0;     // first answers stored by this run
    int stored = 0;        // samples stored, repair turns included
    int withCode = 0;
    int noCode = 0;
    int failed = 0;   // requests that ended in an error (nothing stored)
    int repairs = 0;  // repair turns sent
    int passed = 0;   // checked and passed
    int inFlight = 0; // requests and checks under way
    TokenUsage usage;
    double costUsd = 0;
    bool costKnown = true; // false once a model without a price answered
    bool interrupted = false;
};

class GenerationRun {
public:
    using LogFn = std::function<void(const std::string& line)>;
    using ProgressFn = std::function<void(const GenerationTotals& totals)>;
    // Streamed text of one request: `chain` numbers the first answers in the order they are
    // asked for (0, 1, ...) and a repair turn keeps its first answer's number; `restart` (with
    // no text) when a retried request starts over. Called on run()'s thread, inside poll().
    using TextFn = std::function<void(int chain, int turn, std::string_view text, bool restart)>;

    GenerationRun(LlmClient& client, SampleSink& sink, GenerationOptions options);
    ~GenerationRun();

    void setPrompt(PromptTemplates templates, PromptContext context);
    void setPrices(const PriceTable* prices) { m_prices = prices; }
    void setChecker(SampleChecker* checker) { m_checker = checker; }
    // Further secrets to redact besides the provider's key (every configured key: LlmSettings::
    // secrets()), from everything the run stores or logs.
    void addSecrets(const std::vector<std::string>& secrets);
    void setLog(LogFn log) { m_log = std::move(log); }
    void setProgress(ProgressFn progress) { m_progress = std::move(progress); }
    void setText(TextFn text) { m_text = std::move(text); }

    // Until every task has its samples (and repair turns), or *interrupt turns true (then
    // in-flight requests are cancelled, answers awaiting a check are stored unchecked, and
    // totals().interrupted is set). An Error: nothing could start, or the sink failed.
    Status run(const std::vector<Task>& tasks, const std::atomic<bool>* interrupt = nullptr);
    const GenerationTotals& totals() const { return m_totals; }
    const std::string& runId() const { return m_options.runId; }

private:
    struct Job {
        std::size_t task = 0;
        int turn = 0;
        std::string parentId;
        std::string system;
        std::vector<ChatMessage> messages;
        int chain = 0; // the first answer's number (see TextFn)
        int repairsLeft = 0;
        bool first = true; // asked by the run itself, not a repair turn it sent
    };
    struct CheckItem {
        GeneratedSample sample;
        Job job;
        Task task;
        std::optional<Result<CheckOutcome>> outcome;
    };

    Status plan(const std::vector<Task>& tasks);
    void submit(Job job);
    void onFinished(const Job& job, Result<Completion> result);
    void finalize(GeneratedSample sample, const Job& job,
                  const std::optional<CheckOutcome>& outcome);
    void drainChecked();
    void checkerLoop();
    void stopChecker();
    void log(const std::string& line);
    void report();

    LlmClient& m_client;
    SampleSink& m_sink;
    GenerationOptions m_options;
    PromptTemplates m_templates = PromptTemplates::defaults();
    PromptContext m_context;
    const PriceTable* m_prices = nullptr;
    SampleChecker* m_checker = nullptr;
    LogFn m_log;
    ProgressFn m_progress;
    TextFn m_text;

    const std::vector<Task>* m_tasks = nullptr;
    std::vector<std::string> m_secrets; // the provider's key, then m_extraSecrets
    std::vector<std::string> m_extraSecrets;
    std::deque<Job> m_pending;
    std::map<RequestId, Job> m_inFlight;
    std::optional<Error> m_fatal;
    GenerationTotals m_totals;

    // Checker threads: m_toCheck in, m_checked out, both under m_mutex.
    std::vector<std::thread> m_checkerThreads;
    std::mutex m_mutex;
    std::condition_variable m_cv;
    std::deque<CheckItem> m_toCheck;
    std::deque<CheckItem> m_checked;
    bool m_stopChecker = false;
    std::atomic<bool> m_cancelChecks{false};
    int m_checking = 0; // items handed to the checker and not yet drained (run()'s thread only)
};

} // namespace kwb
