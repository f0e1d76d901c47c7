#include "ui/models/batch_verification.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

#include "core/store/project_store.h"
#include "core/sys/child_process.h"
#include "core/verify/stored_sample_verification.h"
#include "core/verify/verification_queue.h"
#include "ui/models/background_run.h"

namespace kwb::ui {

namespace v = verification;

// over: the queue and its workers are gone; message: why the batch could not run.
struct BatchVerification::Run : BackgroundRun {
    BatchProgress progress;
    std::vector<BatchRecord> records;
    std::vector<std::pair<qint64, QString>> failures;
};

namespace {

// The samples named, or every one the filter selects that was never verified.
template <class State>
Result<std::vector<std::int64_t>> chooseSamples(ProjectStore& store,
                                                const BatchVerification::Request& r, State& run) {
    if (!r.ids.isEmpty())
        return std::vector<std::int64_t>(r.ids.begin(), r.ids.end());
    std::vector<std::int64_t> ids;
    PageRequest page;
    page.limit = 1000;
    page.order = SampleOrder::OldestFirst;
    while (!run.cancel) {
        auto rows = store.listSamples(r.filter, page);
        if (!rows)
            return rows.error();
        for (const auto& row : rows->rows)
            if (row.status.verificationId.empty())
                ids.push_back(row.id);
        if (rows->rows.size() < std::size_t(page.limit))
            break;
        page.offset += page.limit;
    }
    return ids;
}

// The lane's device name, as the worker reports it ("" where it has none).
std::string askDeviceName(const WorkerEndpoint& endpoint) {
    auto worker = makeWorker(endpoint, "kernel-workbench");
    if (!worker)
        return {};
    auto info = (*worker)->deviceInfo(std::chrono::seconds(60));
    (*worker)->shutdown();
    return info && !info->gpus.empty() ? info->gpus.front().name : std::string();
}

// Everything the job thread does with one batch; it owns the store and the queue.
template <class State> class BatchJob {
public:
    BatchJob(const BatchVerification::Request& r, State& run, Wake wake)
        : m_r(r), m_run(run), m_wake(std::move(wake)) {}

    void operator()() {
        auto store = ProjectStore::open(m_r.projectPath.toStdString());
        if (!store)
            return end(QString::fromStdString(describe(store.error())));
        m_store = store->get();
        auto ids = chooseSamples(*m_store, m_r, m_run);
        if (!ids)
            return end(QString::fromStdString(describe(ids.error())));
        update([&](State& s) {
            s.progress.selecting = false;
            s.progress.selected = int(ids->size());
        });
        const std::string device =
            m_r.deviceName ? *m_r.deviceName
                           : (m_run.cancel || ids->empty() ? "" : askDeviceName(m_r.endpoint));
        QueueSettings settings;
        settings.buildJobs = std::max(1, m_r.buildJobs);
        settings.lanes = {m_r.endpoint};
        settings.client = "kernel-workbench";
        {
            VerificationQueue queue(settings);
            // This thread's own work from here (reading the samples, keeping the records) yields
            // a busy CPU to the window's UI thread. The queue's threads, started above, and the
            // workers they start keep their priority: a job's timing runs in them.
            niceThisThread(5);
            submitAll(queue, *ids, device);
            while (!queue.finished()) {
                if (m_run.cancel)
                    queue.cancel();
                if (auto result = queue.next(std::chrono::milliseconds(100)))
                    keep(*result);
                const QueueProgress p = queue.progress();
                update([&](State& s) {
                    s.progress.building = int(p.building);
                    s.progress.verifying = int(p.verifying);
                    s.progress.elapsedSeconds = p.elapsedSeconds;
                    s.progress.etaSeconds = p.etaSeconds;
                });
            }
        } // the queue's destructor ends every worker and joins its threads
        end({});
    }

private:
    template <class Change> void update(Change change) { publish(m_run, m_wake, change); }

    void fail(qint64 id, const std::string& message) {
        update([&](State& s) {
            ++s.progress.errors;
            s.failures.emplace_back(id, QString::fromStdString(message));
        });
    }

    void submitAll(VerificationQueue& queue, const std::vector<std::int64_t>& ids,
                   const std::string& device) {
        for (std::int64_t id : ids) {
            if (m_run.cancel)
                break;
            auto sample = loadSampleVerification(*m_store, id);
            if (!sample) {
                fail(id, describe(sample.error()));
                continue;
            }
            auto records = m_store->verifications(id);
            if (records && verifiedAlike(*records, m_r.options, device)) {
                update([](State& s) { ++s.progress.skipped; });
                continue;
            }
            queue.submit(queueItemOf(std::move(*sample), m_r.options));
            update([](State& s) { ++s.progress.queued; });
        }
        queue.close();
    }

    // Keeps a finished verification's record in the project and hands it to the UI thread.
    void keep(QueueResult& result) {
        const qint64 id = result.tag;
        if (!result.record) {
            if (result.record.error().code == "cancelled")
                return; // not verified: it stays as it was
            update([](State& s) { ++s.progress.done; });
            return fail(id, describe(result.record.error()));
        }
        if (Status st = m_store->addVerification(id, *result.record); !st) {
            update([](State& s) { ++s.progress.done; });
            return fail(id, "the record was not kept: " + describe(st.error()));
        }
        BatchRecord out;
        out.sampleId = id;
        if (auto sample = m_store->sample(id))
            out.status = sample->status;
        out.record = typedRecord(std::move(*result.record));
        const v::Verdict verdict = out.record->verdict.value;
        update([&](State& s) {
            ++s.progress.done;
            s.progress.passed += verdict == v::Verdict::Pass;
            s.progress.notRun += verdict == v::Verdict::NotRun;
            s.progress.failed += verdict != v::Verdict::Pass && verdict != v::Verdict::NotRun;
            s.records.push_back(std::move(out));
        });
    }

    // The run's end itself (over, the last drain) is startBackground's.
    void end(const QString& message) {
        std::lock_guard lock(m_run.mutex);
        m_run.message = message;
    }

    const BatchVerification::Request& m_r;
    State& m_run;
    Wake m_wake;
    ProjectStore* m_store = nullptr;
};

} // namespace

BatchVerification::BatchVerification(QObject* parent) : QObject(parent) {
    qRegisterMetaType<BatchRecord>();
    qRegisterMetaType<QList<BatchRecord>>();
}

BatchVerification::~BatchVerification() {
    if (m_run)
        cancelAndWait(*m_run, std::chrono::seconds(5));
}

bool BatchVerification::start(Request request) {
    if (m_running)
        return false;
    auto run = std::make_shared<Run>();
    m_run = run;
    m_running = true;
    m_progress = {};
    m_projectPath = request.projectPath;
    const JobTracker<BatchVerification>::Ticket ticket = m_jobs.begin();
    Wake wake = [ticket, run] {
        ticket.post([run](BatchVerification& batch) { batch.drain(run); });
    };
    emit started();
    // A store or worker answer that cannot be read ends the batch, never the program.
    startBackground(
        "kwb-batch", run, wake,
        [request = std::move(request), wake](Run& r) { BatchJob<Run>(request, r, wake)(); },
        [](Run& r) {
            r.progress.finished = true;
            r.progress.cancelled = r.cancel;
            r.progress.building = r.progress.verifying = 0;
        });
    return true;
}

void BatchVerification::cancel() {
    if (m_run && m_running)
        m_run->cancel = true;
}

void BatchVerification::drain(const std::shared_ptr<Run>& run) {
    std::vector<BatchRecord> records;
    std::vector<std::pair<qint64, QString>> failures;
    QString message;
    const bool over = takeDrain(*run, [&](Run& r) {
        records.swap(r.records);
        failures.swap(r.failures);
        m_progress = r.progress;
        message = r.message;
    });
    if (!records.empty())
        emit recordsStored(QList<BatchRecord>(records.begin(), records.end()));
    for (const auto& [id, text] : failures)
        emit sampleFailed(id, text);
    emit progressed();
    if (over && m_running) {
        m_running = false;
        emit finished(message);
    }
}

} // namespace kwb::ui
