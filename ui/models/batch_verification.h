#pragma once
// "Verify selected" and "Verify all unverified": stored samples through core's verification
// queue (core/verify/verification_queue.h), as `kwb samples verify` runs them, off the UI thread.
//
// start() hands the request to a job thread of its own. It opens its own ProjectStore on the
// project file (so the session's store threads never wait on it), picks the samples, skips those
// already verified alike (verifiedAlike: the same options on a device of the same name, as
// `kwb samples verify` skips them), submits the rest and keeps each record in the project as it
// arrives. The UI thread hears of stored records and progress in batches, one queued call in
// flight at a time, so a burst of results costs it one wake-up. One sample that cannot be read
// or whose record is not kept is counted and the rest go on.
//
// cancel() (and the destructor) stop the queue: its workers are killed with their children and
// the samples not done stay unverified; finished() comes once the queue and every worker it
// started are gone. The destructor waits a few seconds at most for that, so that closing the
// window leaves no build behind.
#include <memory>
#include <optional>
#include <string>

#include <QList>
#include <QObject>
#include <QString>

#include "core/model/sample.h"
#include "core/store/sample_query.h"
#include "core/verify/verifier.h"
#include "core/verify/worker_endpoint.h"
#include "ui/models/job_tracker.h"
#include "ui/models/verification_standing.h"

namespace kwb::ui {

// Where a batch stands. Counts are of samples.
struct BatchProgress {
    bool selecting = true; // still reading which samples to verify
    int selected = 0;      // samples chosen
    int skipped = 0;       // of those, already verified alike: not verified again
    int queued = 0;        // submitted to the queue
    int done = 0;          // of those, finished: a record kept, or an error
    int passed = 0, failed = 0, notRun = 0, errors = 0;
    int building = 0, verifying = 0;
    double elapsedSeconds = 0;
    std::optional<double> etaSeconds; // once something finished
    bool cancelled = false;
    bool finished = false;
};

// A record kept in the project by the batch, and the sample's status after it.
struct BatchRecord {
    qint64 sampleId = 0;
    SampleStatus status;
    RecordPtr record;
};

class BatchVerification final : public QObject {
    Q_OBJECT

public:
    struct Request {
        QString projectPath;
        // The samples named, or (when empty) every sample the filter selects that has no
        // verification yet.
        QList<qint64> ids;
        SampleFilter filter;
        VerifyOptions options;
        WorkerEndpoint endpoint; // the one lane, and where builds run
        // The lane's device as the window's probe found it ("" for none); unset: the job asks
        // the worker.
        std::optional<std::string> deviceName;
        int buildJobs = 1;
    };

    explicit BatchVerification(QObject* parent = nullptr);
    // Cancels a running batch and waits a few seconds at most for its workers to end.
    ~BatchVerification() override;

    // Starts a batch; false (nothing started) while one runs. UI thread only.
    bool start(Request request);
    // Stops the running batch: finished() follows once its workers are gone.
    void cancel();
    bool running() const { return m_running; }
    const BatchProgress& progress() const { return m_progress; }
    // The project the running (or last) batch writes to.
    const QString& projectPath() const { return m_projectPath; }

signals:
    void started();
    // progress() moved on.
    void progressed();
    // Records kept in the project since the last call, in the order they arrived.
    void recordsStored(const QList<kwb::ui::BatchRecord>& records);
    // A sample could not be verified or its record not kept (the batch goes on).
    void sampleFailed(qint64 sampleId, const QString& message);
    // The batch is over (progress().cancelled says whether it was cancelled) and every worker
    // it started has ended. message: why it could not run at all, else empty.
    void finished(const QString& message);

private:
    struct Run;
    struct Update; // what the job thread hands over in one drain
    void drain(const std::shared_ptr<Run>& run);

    std::shared_ptr<Run> m_run;
    BatchProgress m_progress;
    QString m_projectPath;
    bool m_running = false;
    JobTracker<BatchVerification> m_jobs{this}; // last member: detaches first on destruction
};

} // namespace kwb::ui

Q_DECLARE_METATYPE(kwb::ui::BatchRecord)
