#pragma once
// Asks a teacher model for n samples of one task off the UI thread, streaming the text as it
// arrives, and stores each finished answer in the project (ProjectSampleSink over a
// ProjectStore of the job's own, on the same file). The run is core's GenerationRun, as in
// `kwb generate`: with repair turns, an answer without code, or one whose check (the worker at
// the job's WorkerEndpoint, VerifierSampleChecker) ends in a compile error or a failing shape, is
// sent back with the reason for up to k turns; each turn is a sample linked to the answer it
// repairs.
//
// start() hands the request to a detached thread that owns an LlmClient (curl multi) and its
// store. Text deltas are queued there and delivered to the UI thread in batches: one queued
// call is in flight at a time, so a fast stream costs the UI one wake-up per batch, not one
// per token. Each start() gets a new generation; answers of older generations are dropped.
// cancel() (and the destructor) raise the job's atomic flag, which the thread notices within
// one poll interval (50 ms) and answers by cancelling every request. Nothing here waits for
// the network.
#include <memory>
#include <optional>
#include <string>

#include <QList>
#include <QObject>
#include <QString>

#include "core/generate/prompt_builder.h"
#include "core/llm/price_table.h"
#include "core/llm/provider_config.h"
#include "core/model/task.h"
#include "core/verify/verifier.h"
#include "core/verify/worker_endpoint.h"
#include "ui/models/job_tracker.h"
#include "ui/models/verification_standing.h"

namespace kwb::ui {

// A piece of one answer's text; `restart` when a retried request starts over. `index`: the
// first answer it belongs to (0..n-1); `turn`: 0, or the repair turn of that answer.
struct GenerationDelta {
    int index = 0;
    QString text;
    bool restart = false;
    int turn = 0;
};

// Where a run stands.
struct GenerationProgress {
    int wanted = 0;
    int finished = 0; // answers back (with or without code)
    int withCode = 0;
    int failed = 0;  // requests that ended in an error
    int repairs = 0; // repair turns sent
    int passed = 0;  // answers whose check passed
    qint64 inputTokens = 0;
    qint64 outputTokens = 0;
    double costUsd = 0;
    bool costKnown = true; // false once a model without a price answered
};

class GenerationJob final : public QObject {
    Q_OBJECT

public:
    struct Request {
        std::string projectPath; // the project the samples go to
        ProviderConfig provider;
        PriceTable prices;
        Task task;
        PromptContext context;
        PromptTemplates templates = PromptTemplates::defaults();
        std::string model;
        int samples = 1;
        int maxTokens = 8192;
        std::optional<double> temperature;
        // Follow-ups per first answer for a code-less or failing answer (0: none). With k > 0
        // each answer with code is checked by the worker (when one is found) with these options.
        int repairTurns = 0;
        VerifyOptions checkOptions;
        // Instead of the task's prompt: a prompt edited in the window, or a stored answer with
        // the reviewer's note as a repair turn (core's GenerationOptions::conversation).
        std::optional<SeedConversation> conversation;
    };

    explicit GenerationJob(QObject* parent = nullptr);
    ~GenerationJob() override; // cancels a running generation; does not wait for it

    // Where the checker of the next runs makes its worker (this machine until set). UI thread
    // only.
    void setWorkerEndpoint(WorkerEndpoint endpoint) { m_endpoint = std::move(endpoint); }
    const WorkerEndpoint& workerEndpoint() const { return m_endpoint; }
    // Starts a run; one still running is cancelled and its answers dropped. UI thread only.
    quint64 start(Request request);
    void cancel();
    bool running() const { return m_running; }
    quint64 generation() const { return m_jobs.generation(); }
    const GenerationProgress& progress() const { return m_progress; }

signals:
    void generationStarted(quint64 generation);
    void textArrived(const QList<kwb::ui::GenerationDelta>& deltas);
    // One answer is back and stored: its first answer's index, its turn (0, or the repair
    // turn), the sample id in the project (0: no code, so no sample), and how it went.
    void answerStored(int index, int turn, qint64 sampleId, const QString& summary);
    // A line of the run's log (retries, failed requests, checks that could not run); English,
    // as `kwb generate` prints it.
    void logLine(const QString& line);
    void progressChanged(const kwb::ui::GenerationProgress& progress);
    void generationFinished(const kwb::ui::GenerationProgress& progress, bool cancelled);
    // code: "cancelled", "bad-prompt", "project", a provider's error code, ...
    void generationFailed(const QString& code, const QString& message);

private:
    struct Run; // one run's cancel flag and delta queue

    void drain(const std::shared_ptr<Run>& run);

    std::shared_ptr<Run> m_run;
    GenerationProgress m_progress;
    WorkerEndpoint m_endpoint;
    bool m_running = false;
    JobTracker<GenerationJob> m_jobs{this}; // last member: detaches first on destruction
};

} // namespace kwb::ui

Q_DECLARE_METATYPE(kwb::ui::GenerationDelta)
Q_DECLARE_METATYPE(kwb::ui::GenerationProgress)
