#pragma once
// An evaluation run started from the window: the plan through core's EvalLaunch and EvalRun,
// exactly as `kwb eval run PLAN` runs it (every answer verified through this machine's
// verification queue, each finished cell stored in the project with its records, resumable by
// the cell's key), on a job thread of its own with its own ProjectStore on the project file, so
// the session's store threads never wait on it.
//
// Progress (core's EvalTotals: cells finished, answered, compiled, correct, in flight, ETA)
// reaches the UI thread in batches, one queued call in flight at a time. cancel() raises the
// run's interrupt: requests in flight are cancelled, the checkers' builds and workers are killed,
// and finished() follows once the run and every process it started are gone; the destructor
// cancels and waits a few seconds at most for that, so closing the window leaves no build
// behind. A rerun of the same plan asks only for the cells the project does not hold yet.
#include <map>
#include <memory>
#include <string>

#include <QObject>
#include <QString>

#include "core/eval/eval_run.h"
#include "ui/models/job_tracker.h"

namespace kwb::ui {

class EvalRunJob final : public QObject {
    Q_OBJECT

public:
    struct Request {
        QString projectPath;
        QString planPath;
        int concurrency = 0;  // requests in flight per model; 0: the provider's
        int verifyJobs = 0;   // answers built at once; 0: the host's cores
        QString settingsPath; // LLM settings; empty: the default file
        // Keys the window read from the system keychain, by provider (asked only when neither
        // the environment nor the settings hold one).
        std::map<std::string, std::string> keychainKeys;
    };

    explicit EvalRunJob(QObject* parent = nullptr);
    // Cancels a running run and waits a few seconds at most for it and its workers to end.
    ~EvalRunJob() override;

    // Starts a run; false (nothing started) while one runs. UI thread only.
    bool start(Request request);
    // Stops the running run: finished() follows once its workers are gone.
    void cancel();
    bool running() const { return m_running; }
    const EvalTotals& totals() const { return m_totals; }
    // The run's id once the project holds it (empty before).
    const QString& runId() const { return m_runId; }

signals:
    void started();
    // The run's record is open in the project (a new run, or the one this plan resumes).
    void runOpened(const QString& runId);
    // totals() moved on; cellsFinished: cells stored since the last call.
    void progressed(int cellsFinished);
    // The run is over and every process it started has ended. message: why it could not run
    // or stopped early (the plan's problems with file and line, as `kwb eval run` prints them),
    // else empty; totals().interrupted says whether it was cancelled.
    void finished(const QString& message);

private:
    struct Run;
    void drain(const std::shared_ptr<Run>& run);

    std::shared_ptr<Run> m_run;
    EvalTotals m_totals;
    QString m_runId;
    bool m_running = false;
    JobTracker<EvalRunJob> m_jobs{this}; // last member: detaches first on destruction
};

} // namespace kwb::ui
