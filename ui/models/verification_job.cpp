#include "ui/models/verification_job.h"

#include <atomic>
#include <exception>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

#include "core/sys/child_process.h"

namespace kwb::ui {

struct VerificationJob::Run {
    std::atomic<bool> cancel{false};
    std::mutex mutex; // guards the two below
    std::vector<VerificationEvent> pending;
    bool drainPosted = false;
};

VerificationJob::VerificationJob(QObject* parent) : QObject(parent) {
    qRegisterMetaType<VerificationEvent>();
    qRegisterMetaType<QList<VerificationEvent>>();
}

VerificationJob::~VerificationJob() {
    if (m_run)
        m_run->cancel = true; // the job thread stops; m_jobs drops what it still posts
}

quint64 VerificationJob::start(Request request) {
    if (m_run)
        m_run->cancel = true; // the old job stops; its answer is stale and dropped
    auto run = std::make_shared<Run>();
    m_run = run;
    m_running = true;
    m_fileName = request.sample.fileName;
    m_expectedShapes =
        static_cast<int>(request.options.shapes.empty() ? request.sample.task.shapes.size()
                                                        : request.options.shapes.size());
    // The generation is opened before verifyStarted, so that its slots see the new one.
    const JobTracker<VerificationJob>::Ticket ticket = m_jobs.begin();
    emit verifyStarted(ticket.generation());

    std::thread([ticket, run, request = std::move(request), endpoint = m_endpoint] {
        nameThisThread("kwb-verify");
        // Job thread: owns its worker process for the length of one verification.
        auto onProgress = [&](const VerifyProgress& p) {
            VerificationEvent event{QString::fromStdString(p.stage),
                                    QString::fromStdString(p.shape),
                                    QString::fromStdString(p.event.dump())};
            bool postNow = false;
            {
                std::lock_guard lock(run->mutex);
                run->pending.push_back(std::move(event));
                postNow = !run->drainPosted;
                run->drainPosted = true;
            }
            if (postNow)
                ticket.post([run](VerificationJob& job) { job.drainEvents(run); });
        };

        RecordPtr record;
        std::string code, message;
        try {
            auto result = verifySample(request.sample, endpoint, "kernel-workbench",
                                       request.options, onProgress, &run->cancel);
            if (result) {
                record = typedRecord(std::move(*result));
            } else {
                code = result.error().code;
                message = describe(result.error());
            }
        } catch (const std::exception& e) {
            // A malformed answer surfaces as a JSON exception; it stays in this function.
            code = "protocol-error";
            message = std::string("the worker's answer could not be read: ") + e.what();
        }
        // Last events first, then the outcome: the queued calls keep this order.
        ticket.post([run](VerificationJob& job) { job.drainEvents(run); });
        if (record) {
            ticket.post([record](VerificationJob& job) { job.deliverRecord(record); });
        } else {
            const QString c = QString::fromStdString(code);
            const QString m = QString::fromStdString(message);
            ticket.post([c, m](VerificationJob& job) { job.deliverError(c, m); });
        }
    }).detach();
    return ticket.generation();
}

void VerificationJob::cancel() {
    if (m_run && m_running)
        m_run->cancel = true;
}

// Only calls of the newest verification arrive here (JobTracker drops the others).
void VerificationJob::drainEvents(const std::shared_ptr<Run>& run) {
    std::vector<VerificationEvent> events;
    {
        std::lock_guard lock(run->mutex);
        events.swap(run->pending);
        run->drainPosted = false;
    }
    if (events.empty())
        return; // already drained
    emit verifyProgress(QList<VerificationEvent>(events.begin(), events.end()));
}

void VerificationJob::deliverRecord(RecordPtr record) {
    m_running = false;
    m_record = std::move(record);
    emit verifyFinished(m_record);
}

void VerificationJob::deliverError(const QString& code, const QString& message) {
    m_running = false;
    emit verifyFailed(code, message);
}

} // namespace kwb::ui
