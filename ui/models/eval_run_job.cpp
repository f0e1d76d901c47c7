#include "ui/models/eval_run_job.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <utility>

#include "core/eval/eval_launch.h"
#include "core/llm/redaction.h"
#include "core/store/project_store.h"
#include "core/sys/child_process.h"
#include "ui/models/background_run.h"

namespace kwb::ui {

// over: the run and its workers are gone.
struct EvalRunJob::Run : BackgroundRun {
    EvalTotals totals;
    std::string runId;
};

namespace {

// Everything the job thread does: it owns the store, the client and the checkers (EvalLaunch).
template <class State> void runPlan(const EvalRunJob::Request& r, State& run, const Wake& wake) {
    auto update = [&](auto change) { publish(run, wake, change); };
    EvalLaunchOptions options;
    options.settings = r.settingsPath.toStdString();
    options.concurrency = r.concurrency;
    options.verifyJobs = r.verifyJobs;
    options.client = "kernel-workbench";
    options.keychainKey = [keys = r.keychainKeys](const std::string& provider) {
        const auto it = keys.find(provider);
        return it == keys.end() ? std::string() : it->second;
    };
    auto launch = EvalLaunch::prepare(r.planPath.toStdString(), std::move(options));
    if (!launch)
        return update(
            [&](State& s) { s.message = QString::fromStdString(describe(launch.error())); });
    const std::vector<std::string> secrets = (*launch)->secrets();
    auto fail = [&](const Error& e) {
        update([&](State& s) {
            s.message = QString::fromStdString(redactForStorage(describe(e), secrets));
        });
    };
    auto store = ProjectStore::open(r.projectPath.toStdString());
    if (!store)
        return fail(store.error());
    if (Status st = (*launch)->start(**store); !st)
        return fail(st.error());
    update([&](State& s) { s.runId = (*launch)->runId(); });
    EvalRun& evalRun = (*launch)->run();
    evalRun.setProgress([&](const EvalTotals& t) { update([&](State& s) { s.totals = t; }); });
    const Status st = evalRun.run(&run.cancel);
    const EvalTotals totals = evalRun.totals();
    update([&](State& s) { s.totals = totals; });
    if (!st)
        fail(st.error());
    else if (totals.failed)
        update([&](State& s) {
            s.message = QString::fromStdString(
                std::to_string(totals.failed) +
                " requests failed; start the same plan again to ask for them");
        });
    launch->reset(); // the checkers' workers end here, before the run is reported over
}

} // namespace

EvalRunJob::EvalRunJob(QObject* parent) : QObject(parent) {}

EvalRunJob::~EvalRunJob() {
    if (m_run) // cancelling requests and killing the workers
        cancelAndWait(*m_run, std::chrono::seconds(10));
}

bool EvalRunJob::start(Request request) {
    if (m_running)
        return false;
    auto run = std::make_shared<Run>();
    m_run = run;
    m_running = true;
    m_totals = {};
    m_runId.clear();
    const JobTracker<EvalRunJob>::Ticket ticket = m_jobs.begin();
    Wake wake = [ticket, run] { ticket.post([run](EvalRunJob& job) { job.drain(run); }); };
    emit started();
    startBackground(
        "kwb-eval", run, wake,
        [request = std::move(request), wake](Run& r) { runPlan(request, r, wake); }, [](Run&) {});
    return true;
}

void EvalRunJob::cancel() {
    if (m_run && m_running)
        m_run->cancel = true;
}

void EvalRunJob::drain(const std::shared_ptr<Run>& run) {
    QString message, runId;
    const int before = m_totals.already + m_totals.done;
    const bool over = takeDrain(*run, [&](Run& r) {
        m_totals = r.totals;
        message = r.message;
        runId = QString::fromStdString(r.runId);
    });
    if (!runId.isEmpty() && runId != m_runId) {
        m_runId = runId;
        emit runOpened(runId);
    }
    emit progressed(std::max(0, m_totals.already + m_totals.done - before));
    if (over && m_running) {
        m_running = false;
        emit finished(message);
    }
}

} // namespace kwb::ui
