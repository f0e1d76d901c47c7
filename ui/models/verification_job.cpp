#include "ui/models/verification_job.h"

#include <atomic>
#include <exception>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

#include "core/verify/subprocess_worker.h"

namespace kwb::ui {

// The meeting point of the UI thread and the job threads. A job thread posts only while
// holding the mutex and only if the receiver still exists; the destructor clears `receiver`
// under the same mutex, so no post races with the destruction.
struct VerificationJob::Channel {
    std::mutex mutex;
    VerificationJob* receiver = nullptr;
};

struct VerificationJob::Run {
    std::atomic<bool> cancel{false};
    std::mutex mutex; // guards the two below
    std::vector<VerificationEvent> pending;
    bool drainPosted = false;
};

VerificationJob::VerificationJob(QObject* parent)
    : QObject(parent), m_channel(std::make_shared<Channel>()) {
    qRegisterMetaType<VerificationEvent>();
    qRegisterMetaType<QList<VerificationEvent>>();
    m_channel->receiver = this;
}

VerificationJob::~VerificationJob() {
    if (m_run)
        m_run->cancel = true;
    std::lock_guard lock(m_channel->mutex);
    m_channel->receiver = nullptr;
}

quint64 VerificationJob::start(Request request) {
    if (m_run)
        m_run->cancel = true; // the old job stops; its answer is stale and dropped
    const quint64 generation = ++m_generation;
    auto run = std::make_shared<Run>();
    m_run = run;
    m_running = true;
    m_fileName = request.fileName;
    m_expectedShapes = static_cast<int>(request.options.shapes.empty() ? request.task.shapes.size()
                                                                       : request.options.shapes.size());
    emit verifyStarted(generation);

    std::thread([channel = m_channel, run, generation, request = std::move(request)] {
        // Job thread: owns its worker process for the length of one verification.
        auto post = [&channel](auto&& call) {
            std::lock_guard lock(channel->mutex);
            if (VerificationJob* receiver = channel->receiver)
                QMetaObject::invokeMethod(receiver, [receiver, call] { call(receiver); },
                                          Qt::QueuedConnection);
        };
        auto onProgress = [&](const VerifyProgress& p) {
            VerificationEvent event{QString::fromStdString(p.stage), QString::fromStdString(p.shape),
                                    QString::fromStdString(p.event.dump())};
            bool postNow = false;
            {
                std::lock_guard lock(run->mutex);
                run->pending.push_back(std::move(event));
                postNow = !run->drainPosted;
                run->drainPosted = true;
            }
            if (postNow)
                post([generation, run](VerificationJob* job) { job->drainEvents(generation, run); });
        };

        std::shared_ptr<const VerificationRecord> record;
        std::string code, message;
        try {
            SubprocessWorker worker(locateRunner(), "kernel-workbench");
            Verifier verifier(worker);
            auto result = verifier.verify(request.task, request.source, request.fileName,
                                          request.options, onProgress, &run->cancel);
            if (result) {
                record = std::make_shared<const VerificationRecord>(std::move(*result));
            } else {
                code = result.error().code;
                message = describe(result.error());
            }
            worker.shutdown();
        } catch (const std::exception& e) {
            // A malformed answer surfaces as a JSON exception; it stays in this function.
            code = "protocol-error";
            message = std::string("the worker's answer could not be read: ") + e.what();
        }
        // Last events first, then the outcome: the queued calls keep this order.
        post([generation, run](VerificationJob* job) { job->drainEvents(generation, run); });
        if (record) {
            post([generation, record](VerificationJob* job) { job->deliverRecord(generation, record); });
        } else {
            const QString c = QString::fromStdString(code);
            const QString m = QString::fromStdString(message);
            post([generation, c, m](VerificationJob* job) { job->deliverError(generation, c, m); });
        }
    }).detach();
    return generation;
}

void VerificationJob::cancel() {
    if (m_run && m_running)
        m_run->cancel = true;
}

void VerificationJob::drainEvents(quint64 generation, const std::shared_ptr<Run>& run) {
    std::vector<VerificationEvent> events;
    {
        std::lock_guard lock(run->mutex);
        events.swap(run->pending);
        run->drainPosted = false;
    }
    if (generation != m_generation || events.empty())
        return; // stale, or already drained
    emit verifyProgress(QList<VerificationEvent>(events.begin(), events.end()));
}

void VerificationJob::deliverRecord(quint64 generation,
                                    std::shared_ptr<const VerificationRecord> record) {
    if (generation != m_generation)
        return;
    m_running = false;
    m_record = std::move(record);
    emit verifyFinished(m_record);
}

void VerificationJob::deliverError(quint64 generation, const QString& code,
                                   const QString& message) {
    if (generation != m_generation)
        return;
    m_running = false;
    emit verifyFailed(code, message);
}

} // namespace kwb::ui
