#pragma once
// Runs one verification (core's verifySample, through a worker made at the job's
// WorkerEndpoint) off the UI thread.
//
// start() hands the request to a detached background thread that owns its own worker process.
// Progress events are queued there and delivered to the UI thread in batches: one queued call
// is in flight at a time, so a burst of worker events costs the UI one wake-up, not hundreds.
// The final record comes back as an immutable snapshot, parsed into the typed record on the
// job thread. Each start() gets a new generation;
// answers of older generations are dropped. cancel() (and the destructor) raise the job's
// atomic flag, which the worker polls every 100 ms and answers by stopping the child process.
// Nothing here ever waits for the worker.
#include <memory>
#include <string>

#include <QList>
#include <QObject>
#include <QString>

#include "core/model/task.h"
#include "core/verify/stored_sample_verification.h"
#include "core/verify/verifier.h"
#include "core/verify/worker_endpoint.h"
#include "ui/models/job_tracker.h"
#include "ui/models/verification_standing.h"

namespace kwb::ui {

// One progress event of the worker: its stage ("build", "correctness", "benchmark",
// "loaded", "call", ...), the shape it concerns, and the event as one line of JSON.
struct VerificationEvent {
    QString stage;
    QString shape;
    QString json;
};

class VerificationJob final : public QObject {
    Q_OBJECT

public:
    struct Request {
        // What to verify, under its candidate file name (core's SampleVerification: the same
        // for a stored sample whoever verifies it).
        SampleVerification sample;
        VerifyOptions options;
    };

    explicit VerificationJob(QObject* parent = nullptr);
    ~VerificationJob() override; // cancels a running verification; does not wait for it

    // Where the next verifications run their worker (this machine until set). UI thread only.
    void setWorkerEndpoint(WorkerEndpoint endpoint) { m_endpoint = std::move(endpoint); }
    const WorkerEndpoint& workerEndpoint() const { return m_endpoint; }
    // Starts a verification; one still running is cancelled and its answer dropped.
    // Returns the new generation. UI thread only.
    quint64 start(Request request);
    // Raises the cancel flag of the running verification; it ends in verifyFailed("cancelled").
    void cancel();
    bool running() const { return m_running; }
    quint64 generation() const { return m_jobs.generation(); }
    // How many shapes the running (or last) verification checks.
    int expectedShapes() const { return m_expectedShapes; }
    // The candidate's file name in the running (or last) verification: its diagnostics' file.
    const std::string& fileName() const { return m_fileName; }
    RecordPtr lastRecord() const { return m_record; }

signals:
    void verifyStarted(quint64 generation);
    void verifyProgress(const QList<kwb::ui::VerificationEvent>& events);
    // record: sealed, as the window shows it and the project store takes it.
    void verifyFinished(kwb::ui::RecordPtr record);
    // code: the core error code ("cancelled", "worker-not-found", "timeout", ...).
    void verifyFailed(const QString& code, const QString& message);

private:
    struct Run; // one verification's cancel flag and event queue

    void drainEvents(const std::shared_ptr<Run>& run);
    void deliverRecord(RecordPtr record);
    void deliverError(const QString& code, const QString& message);

    std::shared_ptr<Run> m_run; // the current verification, null when none ran yet
    RecordPtr m_record;
    int m_expectedShapes = 0;
    std::string m_fileName = kCandidateFileName;
    WorkerEndpoint m_endpoint;
    bool m_running = false;
    JobTracker<VerificationJob> m_jobs{this}; // last member: detaches first on destruction
};

} // namespace kwb::ui

Q_DECLARE_METATYPE(kwb::ui::VerificationEvent)
