#include "ui/models/generation_job.h"

#include <atomic>
#include <exception>
#include <functional>
#include <map>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

#include "core/generate/generation_run.h"
#include "core/generate/project_sample_sink.h"
#include "core/generate/verifier_sample_checker.h"
#include "core/llm/llm_client.h"
#include "core/llm/llm_settings.h"
#include "core/store/project_store.h"
#include "core/sys/child_process.h"
#include "core/verify/worker_endpoint.h"

namespace kwb::ui {

namespace {
constexpr auto kPollInterval = std::chrono::milliseconds(50);

// The project sink, telling the job where each answer went: its first answer's index (in the
// order first answers are stored), its turn and its sample. Job thread only.
class AnswerSink final : public SampleSink {
public:
    // hasCode: the answer had code; record: its check, typed (null when not checked).
    using StoredFn =
        std::function<void(int index, int turn, qint64 sampleId, bool hasCode, RecordPtr record)>;
    AnswerSink(ProjectSampleSink& inner, StoredFn stored)
        : m_inner(inner), m_stored(std::move(stored)) {}

    Status store(const GeneratedSample& sample) override {
        if (Status st = m_inner.store(sample); !st)
            return st;
        int index = 0;
        if (sample.turn == 0 || !m_index.count(sample.parentId))
            index = m_next++;
        else
            index = m_index[sample.parentId];
        m_index[sample.id] = index;
        qint64 sampleId = 0;
        if (auto it = m_inner.stored().find(sample.id); it != m_inner.stored().end())
            sampleId = it->second.sampleId.value_or(0);
        RecordPtr record;
        if (sample.verificationRecord)
            record = typedRecord(*sample.verificationRecord);
        m_stored(index, sample.turn, sampleId, sample.code.has_value(), std::move(record));
        return okStatus();
    }
    Result<int> countExisting(const std::string& taskId, const std::string& provider,
                              const std::string& model) override {
        return m_inner.countExisting(taskId, provider, model);
    }
    std::string description() const override { return m_inner.description(); }

private:
    ProjectSampleSink& m_inner;
    StoredFn m_stored;
    std::map<std::string, int> m_index; // generation id -> first answer's index
    int m_next = 0;
};

GenerationProgress progressOf(const GenerationTotals& t) {
    GenerationProgress p;
    p.wanted = t.wanted;
    p.finished = std::min(t.wanted, t.firstDone + t.failed);
    p.withCode = t.withCode;
    p.failed = t.failed;
    p.repairs = t.repairs;
    p.passed = t.passed;
    p.inputTokens = t.usage.inputTokens;
    p.outputTokens = t.usage.outputTokens;
    p.costUsd = t.costUsd;
    p.costKnown = t.costKnown;
    return p;
}

} // namespace

// One run: its cancel flag and delta queue, and the job thread's steps. A nested type, so its
// posted calls may set the job's state.
struct GenerationJob::Run : std::enable_shared_from_this<GenerationJob::Run> {
    using Ticket = JobTracker<GenerationJob>::Ticket;

    std::atomic<bool> cancel{false};
    std::mutex mutex; // guards the two below
    std::vector<GenerationDelta> pending;
    bool drainPosted = false;

    // Job thread: owns the LLM client, its own connection to the project and, with repair
    // turns, the checker's worker process.
    void work(const Ticket& ticket, Request& request, const WorkerEndpoint& endpoint);

private:
    // Every call posted here runs only while this run is the newest (JobTracker).
    template <class Call> void post(Call call) { m_ticket->post(std::move(call)); }
    void fail(const std::string& code, const std::string& message);
    void queueDelta(GenerationDelta delta);
    void postDrain() {
        post([run = shared_from_this()](GenerationJob& job) { job.drain(run); });
    }
    void log(const QString& line) {
        post([line](GenerationJob& job) { emit job.logLine(line); });
    }
    std::unique_ptr<VerifierSampleChecker> connectChecker(const Request& request,
                                                          const WorkerEndpoint& endpoint);
    void wire(GenerationRun& generationRun, const Request& request);
    void finish(GenerationRun& generationRun, const Status& st);

    const Ticket* m_ticket = nullptr;
    GenerationProgress m_last; // what was last posted
};

void GenerationJob::Run::fail(const std::string& code, const std::string& message) {
    const QString c = QString::fromStdString(code), m = QString::fromStdString(message);
    post([c, m](GenerationJob& job) {
        job.m_running = false;
        emit job.generationFailed(c, m);
    });
}

void GenerationJob::Run::queueDelta(GenerationDelta delta) {
    bool postNow = false;
    {
        std::lock_guard lock(mutex);
        pending.push_back(std::move(delta));
        postNow = !drainPosted;
        drainPosted = true;
    }
    if (postNow)
        postDrain();
}

// Repair turns act on compile errors and failing shapes only when answers are checked; without
// a worker on this machine, only answers without code are sent back (and nothing is logged).
std::unique_ptr<VerifierSampleChecker>
GenerationJob::Run::connectChecker(const Request& request, const WorkerEndpoint& endpoint) {
    if (request.repairTurns <= 0)
        return nullptr;
    if (auto program = workerProgram(endpoint); program && program->empty())
        return nullptr;
    auto worker = makeWorker(endpoint, "kernel-workbench");
    Status up = worker ? (*worker)->connect(std::chrono::seconds(30)) : Status(worker.error());
    if (!up) {
        log(QStringLiteral("answers are not checked: ") +
            QString::fromStdString(describe(up.error())));
        return nullptr;
    }
    return std::make_unique<VerifierSampleChecker>(std::move(*worker), request.checkOptions);
}

static GenerationOptions generationOptions(const GenerationJob::Request& request) {
    GenerationOptions options;
    options.provider = request.provider.name;
    options.model = request.model;
    options.samplesPerTask = std::max(1, request.samples);
    options.maxTokens = request.maxTokens;
    options.temperature = request.temperature;
    options.repairTurns = std::max(0, request.repairTurns);
    options.resume = false; // every Generate asks for n new answers
    options.pollInterval = kPollInterval;
    options.conversation = request.conversation;
    return options;
}

// The run's prompt, prices, secrets, and where its text, log and progress go.
void GenerationJob::Run::wire(GenerationRun& generationRun, const Request& request) {
    generationRun.setPrompt(request.templates, request.context);
    generationRun.setPrices(&request.prices);
    // Every configured key (the environment's and the settings file's), not only the one in
    // use, is redacted from what the run stores or logs.
    if (auto settings = LlmSettings::load(LlmSettings::defaultPath()); settings)
        generationRun.addSecrets(settings->secrets());
    else
        generationRun.addSecrets(environmentApiKeys());
    generationRun.setText([this](int chain, int turn, std::string_view text, bool restart) {
        queueDelta({chain, QString::fromUtf8(text.data(), qsizetype(text.size())), restart, turn});
    });
    generationRun.setLog([this](const std::string& line) { log(QString::fromStdString(line)); });
    generationRun.setProgress([this](const GenerationTotals& t) {
        GenerationProgress p = progressOf(t);
        if (p.finished == m_last.finished && p.failed == m_last.failed &&
            p.repairs == m_last.repairs && p.outputTokens == m_last.outputTokens &&
            p.passed == m_last.passed)
            return; // a request went out: nothing the panel shows changed
        m_last = p;
        post([p](GenerationJob& job) {
            job.m_progress = p;
            emit job.progressChanged(p);
        });
    });
}

void GenerationJob::Run::finish(GenerationRun& generationRun, const Status& st) {
    // Text first, then the outcome: the queued calls keep this order.
    postDrain();
    if (!st)
        return fail(st.error().code, st.error().message);
    const GenerationProgress progress = progressOf(generationRun.totals());
    const bool cancelled = generationRun.totals().interrupted;
    post([progress, cancelled](GenerationJob& job) {
        job.m_running = false;
        job.m_progress = progress;
        emit job.generationFinished(progress, cancelled);
    });
}

void GenerationJob::Run::work(const Ticket& ticket, Request& request,
                              const WorkerEndpoint& endpoint) {
    m_ticket = &ticket;
    try {
        auto store = ProjectStore::open(request.projectPath);
        if (!store)
            return fail("project", describe(store.error()));
        ProjectSampleSink projectSink(**store, {request.task});
        AnswerSink sink(projectSink, [this](int index, int turn, qint64 sampleId, bool hasCode,
                                            RecordPtr record) {
            // The text streamed so far goes first: the queued calls keep this order.
            postDrain();
            post([index, turn, sampleId, hasCode, record](GenerationJob& job) {
                // Words on the UI thread, where the translators are.
                QString summary =
                    hasCode ? GenerationJob::tr("code") : GenerationJob::tr("no code");
                if (record)
                    summary += QStringLiteral(", ") + StandingText::line(*record);
                emit job.answerStored(index, turn, sampleId, summary);
            });
        });
        LlmClient client;
        if (auto added = client.addProvider(request.provider); !added)
            return fail(added.error().code, added.error().message);
        std::unique_ptr<VerifierSampleChecker> checker = connectChecker(request, endpoint);
        GenerationRun generationRun(client, sink, generationOptions(request));
        wire(generationRun, request);
        generationRun.setChecker(checker.get());
        const Status st = generationRun.run({request.task}, &cancel);
        checker.reset(); // ends the worker process
        finish(generationRun, st);
    } catch (const std::exception& e) {
        fail("internal", e.what());
    }
}

GenerationJob::GenerationJob(QObject* parent) : QObject(parent) {
    qRegisterMetaType<GenerationDelta>();
    qRegisterMetaType<QList<GenerationDelta>>();
    qRegisterMetaType<GenerationProgress>();
}

GenerationJob::~GenerationJob() {
    if (m_run)
        m_run->cancel = true; // the job thread stops; m_jobs drops what it still posts
}

void GenerationJob::cancel() {
    if (m_run && m_running)
        m_run->cancel = true;
}

quint64 GenerationJob::start(Request request) {
    if (m_run)
        m_run->cancel = true; // its answers are stale from now on
    auto run = std::make_shared<Run>();
    m_run = run;
    m_running = true;
    m_progress = GenerationProgress{};
    m_progress.wanted = std::max(1, request.samples);
    // The generation is opened before generationStarted, so that its slots see the new one.
    const JobTracker<GenerationJob>::Ticket ticket = m_jobs.begin();
    emit generationStarted(ticket.generation());
    emit progressChanged(m_progress);
    std::thread([ticket, run, request = std::move(request), endpoint = m_endpoint]() mutable {
        nameThisThread("kwb-generate");
        run->work(ticket, request, endpoint);
    }).detach();
    return ticket.generation();
}

// Only calls of the newest run arrive here (JobTracker drops the others).
void GenerationJob::drain(const std::shared_ptr<Run>& run) {
    std::vector<GenerationDelta> deltas;
    {
        std::lock_guard lock(run->mutex);
        deltas.swap(run->pending);
        run->drainPosted = false;
    }
    if (deltas.empty())
        return;
    emit textArrived(QList<GenerationDelta>(deltas.begin(), deltas.end()));
}

} // namespace kwb::ui
