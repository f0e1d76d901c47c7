#include "ui/models/generation_job.h"

#include <atomic>
#include <exception>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

#include "core/generate/code_extractor.h"
#include "core/generate/generated_sample.h"
#include "core/generate/project_sample_sink.h"
#include "core/llm/llm_client.h"
#include "core/llm/redaction.h"
#include "core/store/project_store.h"

namespace kwb::ui {

namespace {
constexpr auto kPollInterval = std::chrono::milliseconds(50);
} // namespace

// The meeting point of the UI thread and the job threads (as in VerificationJob): a job thread
// posts only under the mutex and only while the receiver exists.
struct GenerationJob::Channel {
    std::mutex mutex;
    GenerationJob* receiver = nullptr;
};

struct GenerationJob::Run {
    std::atomic<bool> cancel{false};
    std::mutex mutex; // guards the two below
    std::vector<GenerationDelta> pending;
    bool drainPosted = false;
};

GenerationJob::GenerationJob(QObject* parent)
    : QObject(parent), m_channel(std::make_shared<Channel>()) {
    qRegisterMetaType<GenerationDelta>();
    qRegisterMetaType<QList<GenerationDelta>>();
    qRegisterMetaType<GenerationProgress>();
    m_channel->receiver = this;
}

GenerationJob::~GenerationJob() {
    if (m_run)
        m_run->cancel = true;
    std::lock_guard lock(m_channel->mutex);
    m_channel->receiver = nullptr;
}

void GenerationJob::cancel() {
    if (m_run && m_running)
        m_run->cancel = true;
}

quint64 GenerationJob::start(Request request) {
    if (m_run)
        m_run->cancel = true; // its answers are stale from now on
    const quint64 generation = ++m_generation;
    auto run = std::make_shared<Run>();
    m_run = run;
    m_running = true;
    m_progress = GenerationProgress{};
    m_progress.wanted = std::max(1, request.samples);
    emit generationStarted(generation);
    emit progressChanged(m_progress);

    std::thread([channel = m_channel, run, generation, request = std::move(request)] {
        // Job thread: owns the LLM client and its own connection to the project.
        auto post = [&channel](auto&& call) {
            std::lock_guard lock(channel->mutex);
            if (GenerationJob* receiver = channel->receiver)
                QMetaObject::invokeMethod(receiver, [receiver, call] { call(receiver); },
                                          Qt::QueuedConnection);
        };
        auto fail = [&](const std::string& code, const std::string& message) {
            const QString c = QString::fromStdString(code), m = QString::fromStdString(message);
            post([generation, c, m](GenerationJob* job) {
                if (generation != job->m_generation)
                    return;
                job->m_running = false;
                emit job->generationFailed(c, m);
            });
        };
        auto queueDelta = [&](GenerationDelta delta) {
            bool postNow = false;
            {
                std::lock_guard lock(run->mutex);
                run->pending.push_back(std::move(delta));
                postNow = !run->drainPosted;
                run->drainPosted = true;
            }
            if (postNow)
                post([generation, run](GenerationJob* job) { job->drain(generation, run); });
        };

        try {
            auto prompt = buildPrompt(request.task, request.context, request.templates);
            if (!prompt)
                return fail(prompt.error().code, prompt.error().message);
            auto store = ProjectStore::open(request.projectPath);
            if (!store)
                return fail("project", describe(store.error()));
            ProjectSampleSink sink(**store, {request.task});
            LlmClient client;
            if (auto added = client.addProvider(request.provider); !added)
                return fail(added.error().code, added.error().message);

            ChatRequest chat;
            chat.model = request.model;
            chat.system = prompt->system;
            chat.messages = prompt->messages;
            chat.maxTokens = request.maxTokens;
            chat.temperature = request.temperature;
            const std::vector<std::string> secrets{request.provider.apiKey};
            const std::string runId = newSampleId();
            GenerationProgress progress;
            progress.wanted = std::max(1, request.samples);
            std::optional<Error> fatal;

            for (int i = 0; i < progress.wanted; ++i) {
                StreamHandlers h;
                h.onText = [&, i](std::string_view delta) {
                    queueDelta({i, QString::fromUtf8(delta.data(), qsizetype(delta.size())), false});
                };
                h.onRetry = [&, i](int, double, const Error&) { queueDelta({i, {}, true}); };
                h.onFinished = [&, i](Result<Completion> result) {
                    QString summary;
                    qint64 sampleId = 0;
                    ++progress.finished;
                    if (!result) {
                        if (result.error().code == "cancelled")
                            return;
                        ++progress.failed;
                        summary = QString::fromStdString(describe(result.error()));
                    } else {
                        Completion c = std::move(*result);
                        GeneratedSample s;
                        s.id = newSampleId();
                        s.runId = runId;
                        s.taskId = request.task.id;
                        s.entryName = request.task.entryName;
                        s.createdAt = utcTimestamp();
                        s.provider = request.provider.name;
                        s.providerInfo = request.provider.publicJson();
                        s.model = request.model;
                        s.parameters = {{"max_tokens", request.maxTokens}};
                        if (request.temperature)
                            s.parameters["temperature"] = *request.temperature;
                        s.system = redactSecrets(prompt->system, secrets);
                        s.messages = prompt->messages;
                        s.rawResponse = redactSecrets(c.text, secrets);
                        c.text.clear();
                        s.code = extractEntrySource(s.rawResponse, request.task.entryName);
                        s.completion = c;
                        s.costUsd = request.prices.cost(c.model.empty() ? request.model : c.model, c.usage);
                        if (!s.costUsd)
                            s.costUsd = request.prices.cost(request.model, c.usage);
                        progress.inputTokens += c.usage.inputTokens;
                        progress.outputTokens += c.usage.outputTokens;
                        if (s.costUsd)
                            progress.costUsd += *s.costUsd;
                        else
                            progress.costKnown = false;
                        if (s.code)
                            ++progress.withCode;
                        if (Status st = sink.store(s); !st) {
                            fatal = st.error();
                            client.cancelAll();
                            return;
                        }
                        if (auto it = sink.stored().find(s.id); it != sink.stored().end())
                            sampleId = it->second.sampleId.value_or(0);
                        summary = QString::fromStdString(s.code ? "code" : "no code");
                    }
                    post([generation, i, sampleId, summary, progress](GenerationJob* job) {
                        if (generation != job->m_generation)
                            return;
                        job->m_progress = progress;
                        emit job->answerStored(i, sampleId, summary);
                        emit job->progressChanged(progress);
                    });
                };
                if (auto id = client.submit(request.provider.name, chat, std::move(h)); !id)
                    return fail(id.error().code, id.error().message);
            }
            bool cancelled = false;
            while (!client.idle()) {
                if (run->cancel && !cancelled) {
                    cancelled = true;
                    client.cancelAll();
                }
                client.poll(kPollInterval);
            }
            // Text first, then the outcome: the queued calls keep this order.
            post([generation, run](GenerationJob* job) { job->drain(generation, run); });
            if (fatal)
                return fail(fatal->code, "cannot store a sample: " + fatal->message);
            post([generation, progress, cancelled](GenerationJob* job) {
                if (generation != job->m_generation)
                    return;
                job->m_running = false;
                job->m_progress = progress;
                emit job->generationFinished(progress, cancelled);
            });
        } catch (const std::exception& e) {
            fail("internal", e.what());
        }
    }).detach();
    return generation;
}

void GenerationJob::drain(quint64 generation, const std::shared_ptr<Run>& run) {
    std::vector<GenerationDelta> deltas;
    {
        std::lock_guard lock(run->mutex);
        deltas.swap(run->pending);
        run->drainPosted = false;
    }
    if (generation != m_generation || deltas.empty())
        return;
    emit textArrived(QList<GenerationDelta>(deltas.begin(), deltas.end()));
}

} // namespace kwb::ui
