#include "core/verify/verification_queue.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/record/record_identity.h"
#include "core/sys/child_process.h"
#include "core/sys/sha256.h"

namespace kwb {

namespace v = verification;
using Clock = std::chrono::steady_clock;

struct VerificationQueue::Entry {
    std::size_t index = 0;
    QueueItem item;
    std::optional<VerifyRequest> request;
    std::optional<std::promise<QueueResult>> promise;
    Clock::time_point submitted = Clock::now();
    std::optional<v::BuildReport> build;
    double buildSeconds = 0, queueWaitSeconds = 0, gpuSeconds = 0;
    std::optional<std::size_t> namedBy; // the lane told it comes next there (VerifyRequest::next)
    std::string sourceSha256;           // the hint's (VerifyRequest::Next), hashed once
    VerifyRequest::Next hint() const { return {item.task, request->shapes, sourceSha256}; }
};

nlohmann::json verificationOptionsKey(const VerifyOptions& options) {
    std::vector<std::string> shapes = options.shapes;
    std::sort(shapes.begin(), shapes.end());
    return {{"bench", options.bench},
            {"shapes", shapes},
            {"trials", options.trials},
            {"timing", options.timing}};
}

LocalLanes localLanes(const std::vector<int>& gpus, const std::string& client) {
    LocalLanes out;
    std::size_t found = 0;
    if (auto worker = makeWorker(WorkerEndpoint::thisMachine(), client); worker) {
        if (auto info = (*worker)->deviceInfo(std::chrono::seconds(120)); info) {
            found = info->gpus.size();
            const std::size_t first = gpus.empty() ? 0 : std::size_t(std::max(0, gpus.front()));
            if (first < found) {
                out.deviceName = info->gpus[first].name;
                out.computeCapability = info->gpus[first].computeCapability();
            }
        }
        (*worker)->shutdown();
    }
    for (std::size_t i = 0; gpus.empty() && found > 1 && i < found; ++i)
        out.lanes.push_back(WorkerEndpoint::thisMachine()), out.lanes.back().gpu = int(i);
    for (int g : gpus)
        out.lanes.push_back(WorkerEndpoint::thisMachine()), out.lanes.back().gpu = g;
    return out;
}

std::optional<std::uint64_t> availableMemoryBytes() {
    std::ifstream in("/proc/meminfo");
    std::string line;
    while (std::getline(in, line)) {
        if (!line.starts_with("MemAvailable:"))
            continue;
        std::istringstream fields(line.substr(13));
        std::uint64_t kib = 0;
        if (fields >> kib)
            return kib * 1024;
    }
    return std::nullopt;
}

namespace {

double secondsSince(Clock::time_point t0) {
    return std::chrono::duration<double>(Clock::now() - t0).count();
}

Error cancelledError() {
    return Error::make("cancelled", "the verification queue was cancelled");
}

// The worker's failures that are the candidate's verification going wrong, kept as a record
// (the candidate may have caused them); any other error is the caller's input or setup.
std::optional<v::Verdict> verdictOfWorkerError(const Error& e) {
    if (e.code == "protocol-error")
        return v::Verdict::ProtocolError;
    if (e.code == "worker-timeout")
        return v::Verdict::Timeout;
    if (e.code == "worker-lost")
        return v::Verdict::HarnessError;
    return std::nullopt;
}

} // namespace

VerificationQueue::VerificationQueue(QueueSettings settings)
    : m_settings(std::move(settings)), m_lanes(m_settings.lanes), m_start(Clock::now()) {
    if (m_lanes.empty())
        m_lanes.push_back(WorkerEndpoint::thisMachine());
    // Builds run where the lanes run (their build cache), for the first lane's device (its
    // architecture): lanes of one host have devices of one kind.
    m_buildEndpoint = m_lanes.front();
    m_buildEndpoint.nice = std::max(0, m_settings.buildNice);
    const int builders = std::max(1, m_settings.buildJobs);
    for (int i = 0; i < builders; ++i)
        m_threads.emplace_back([this] {
            nameThisThread("kwb-build");
            buildLoop();
        });
    for (std::size_t lane = 0; lane < m_lanes.size(); ++lane)
        m_threads.emplace_back([this, lane] {
            nameThisThread("kwb-lane");
            laneLoop(lane);
        });
}

VerificationQueue::~VerificationQueue() {
    cancel();
    for (auto& t : m_threads)
        if (t.joinable())
            t.join();
}

std::size_t VerificationQueue::add(EntryPtr entry) {
    std::size_t index = 0;
    bool refused = false;
    {
        std::lock_guard lock(m_mutex);
        index = entry->index = m_submitted++;
        refused = m_closed;
        if (!refused)
            m_toBuild.push_back(entry);
    }
    if (refused) // after close or cancel: answered at once, never lost
        deliver(entry, std::nullopt, cancelledError());
    m_changed.notify_all();
    return index;
}

std::size_t VerificationQueue::submit(QueueItem item) {
    auto e = std::make_shared<Entry>();
    e->item = std::move(item);
    return add(std::move(e));
}

std::future<QueueResult> VerificationQueue::submitForResult(QueueItem item) {
    auto e = std::make_shared<Entry>();
    e->item = std::move(item);
    e->promise.emplace();
    auto future = e->promise->get_future();
    add(std::move(e));
    return future;
}

void VerificationQueue::close() {
    {
        std::lock_guard lock(m_mutex);
        m_closed = true;
    }
    m_changed.notify_all();
}

void VerificationQueue::cancel() {
    std::deque<EntryPtr> left;
    {
        std::lock_guard lock(m_mutex);
        m_closed = true;
        m_cancel = true;
        left.swap(m_toBuild);
        for (auto& e : m_toVerify)
            left.push_back(std::move(e));
        m_toVerify.clear();
    }
    m_changed.notify_all();
    for (const auto& e : left)
        deliver(e, std::nullopt, cancelledError());
}

bool VerificationQueue::finished() const {
    std::lock_guard lock(m_mutex);
    return m_closed && m_done == m_submitted && m_results.empty();
}

std::optional<QueueResult> VerificationQueue::next(std::chrono::milliseconds wait) {
    std::unique_lock lock(m_mutex);
    m_changed.wait_for(
        lock, wait, [this] { return !m_results.empty() || (m_closed && m_done == m_submitted); });
    if (m_results.empty())
        return std::nullopt;
    QueueResult r = std::move(m_results.front());
    m_results.pop_front();
    return r;
}

QueueProgress VerificationQueue::progress() const {
    std::lock_guard lock(m_mutex);
    QueueProgress p;
    p.submitted = m_submitted;
    p.building = m_building;
    p.waiting = m_toVerify.size();
    p.verifying = m_verifying;
    p.done = m_done;
    p.builds = m_builds;
    p.elapsedSeconds = secondsSince(m_start);
    p.cancelled = m_cancel;
    if (m_done > 0)
        p.etaSeconds = p.elapsedSeconds / double(m_done) * double(m_submitted - m_done);
    return p;
}

void VerificationQueue::deliver(const EntryPtr& e, std::optional<std::size_t> lane,
                                Result<v::VerificationRecordData> record) {
    QueueResult r;
    r.index = e->index;
    r.tag = e->item.tag;
    r.lane = lane;
    r.record = std::move(record);
    {
        std::lock_guard lock(m_mutex);
        ++m_done;
        if (!e->promise)
            m_results.push_back(std::move(r));
    }
    if (e->promise)
        e->promise->set_value(std::move(r));
    m_changed.notify_all();
}

void VerificationQueue::stampAndDeliver(const EntryPtr& e, std::optional<std::size_t> lane,
                                        v::VerificationRecordData record,
                                        const std::string& device) {
    v::QueueReport q;
    q.buildSeconds = e->buildSeconds;
    q.queueWaitSeconds = e->queueWaitSeconds;
    q.gpuSeconds = e->gpuSeconds;
    q.lane = lane ? m_lanes[*lane].describe() : std::string("build");
    q.laneDevice = device;
    q.options = verificationOptionsKey(e->item.options);
    record.queue = std::move(q);
    deliver(e, lane, v::sealed(std::move(record)));
}

// ---- builds -------------------------------------------------------------------------------

VerificationQueue::EntryPtr VerificationQueue::takeForBuild() {
    std::unique_lock lock(m_mutex);
    const std::size_t ahead = std::size_t(std::max(0, m_settings.builtAheadPerLane)) *
                              std::max<std::size_t>(1, m_lanes.size());
    const auto lanesFed = [&] { return ahead > 0 && m_toVerify.size() + m_building >= ahead; };
    m_changed.wait(lock, [&] {
        return m_cancel || (m_closed && m_toBuild.empty()) || (!m_toBuild.empty() && !lanesFed());
    });
    if (m_cancel || m_toBuild.empty())
        return nullptr;
    EntryPtr e = std::move(m_toBuild.front());
    m_toBuild.pop_front();
    ++m_building;
    ++m_buildingTasks[e->item.task.id];
    return e;
}

bool VerificationQueue::waitForMemory() {
    for (;;) {
        if (m_cancel)
            return false;
        {
            std::lock_guard lock(m_mutex);
            if (m_building <= 1) // the only build always runs: the queue never stalls
                return true;
        }
        const auto available = availableMemoryBytes();
        if (!available || *available >= m_settings.buildMemoryBytes)
            return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
    }
}

void VerificationQueue::buildLoop() {
    std::unique_ptr<Worker> worker;
    while (EntryPtr e = takeForBuild()) {
        if (waitForMemory())
            buildOne(e, worker);
        else
            deliver(e, std::nullopt, cancelledError());
        {
            std::lock_guard lock(m_mutex);
            --m_building;
            ++m_builds;
            if (--m_buildingTasks[e->item.task.id] == 0)
                m_buildingTasks.erase(e->item.task.id);
        }
        m_changed.notify_all();
    }
    if (worker)
        worker->shutdown();
}

// The task's reference kernel, once per run: every lane's verification loads it, and built here
// it is a cache hit there.
void VerificationQueue::buildReference(const Task& task, Worker& worker) {
    const std::string key = task.id + ":" + sha256Hex(task.reference.kernelSource);
    {
        std::lock_guard lock(m_mutex);
        if (std::find(m_referencesBuilt.begin(), m_referencesBuilt.end(), key) !=
            m_referencesBuilt.end())
            return;
        m_referencesBuilt.push_back(key);
    }
    BuildRequest request{task.reference.kernelSource,
                         std::filesystem::path(task.reference.kernel).filename().string(),
                         m_settings.buildTimeoutSeconds};
    (void)worker.build(task, request, std::chrono::minutes(10), &m_cancel); // the lane says why
}

void VerificationQueue::buildOne(const EntryPtr& e, std::unique_ptr<Worker>& worker) {
    const QueueItem& it = e->item;
    auto request = makeVerifyRequest(it.task, it.source, it.fileName, it.options);
    if (!request)
        return deliver(e, std::nullopt, request.error());
    e->request = std::move(*request);
    e->sourceSha256 = sha256Hex(it.source);
    if (!worker) {
        auto made = makeWorker(m_buildEndpoint, m_settings.client);
        if (made)
            worker = std::move(*made);
    }
    if (worker && it.task.reference.hasKernel())
        buildReference(it.task, *worker);
    const auto t0 = Clock::now();
    Result<v::BuildReport> report = Error::make("worker-not-found", "no worker for the build");
    if (worker) {
        const int limit = m_settings.buildTimeoutSeconds > 0 ? m_settings.buildTimeoutSeconds : 180;
        report = worker->build(it.task, {it.source, it.fileName, m_settings.buildTimeoutSeconds},
                               std::chrono::seconds(limit + 60), &m_cancel);
    }
    e->buildSeconds = secondsSince(t0);
    if (m_cancel)
        return deliver(e, std::nullopt, cancelledError());
    if (report && !report->ok) {
        auto record = recordWithoutJob(it.task, *e->request, *report, v::Verdict::CompileError,
                                       report->failure.empty() ? "nvcc failed" : report->failure,
                                       worker->description(), e->buildSeconds);
        if (!record)
            return deliver(e, std::nullopt, record.error());
        return stampAndDeliver(e, std::nullopt, std::move(*record), "");
    }
    if (report)
        e->build = *report;
    else
        worker.reset(); // lost or confused: the next build gets a fresh one; the lane's
                        // verification builds again and says what went wrong
    {
        std::lock_guard lock(m_mutex);
        m_toVerify.push_back(e);
    }
    m_changed.notify_all();
}

// ---- lanes --------------------------------------------------------------------------------

VerificationQueue::EntryPtr VerificationQueue::takeForLane(std::size_t lane) {
    std::unique_lock lock(m_mutex);
    const auto allBuilt = [this] { return m_closed && m_toBuild.empty() && m_building == 0; };
    m_changed.wait(lock, [&] { return m_cancel || !m_toVerify.empty() || allBuilt(); });
    if (m_cancel || m_toVerify.empty())
        return nullptr;
    // The entry this lane's worker was told comes next, else the first no other lane was told of,
    // else the first (a lane does not wait for another's).
    auto pick = std::find_if(m_toVerify.begin(), m_toVerify.end(),
                             [&](const EntryPtr& x) { return x->namedBy == lane; });
    if (pick == m_toVerify.end())
        pick = std::find_if(m_toVerify.begin(), m_toVerify.end(),
                            [](const EntryPtr& x) { return !x->namedBy; });
    if (pick == m_toVerify.end())
        pick = m_toVerify.begin();
    EntryPtr e = std::move(*pick);
    m_toVerify.erase(pick);
    ++m_verifying;
    // More will come to some lane: this lane's worker may start the next jobs' processes while
    // this one runs (VerifyRequest::prepareNext), and ready the baselines of the two it names.
    if (e->request) {
        e->request->prepareNext = !m_toVerify.empty() || !m_toBuild.empty() || m_building > 0;
        e->request->next.reset();
        e->request->afterNext.reset();
        const auto upcoming = nameUpcoming(lane);
        if (!upcoming.empty())
            e->request->next = upcoming.front();
        if (upcoming.size() > 1)
            e->request->afterNext = upcoming[1];
    }
    return e;
}

// The entries this lane's worker is told come next, in the order the lane will take them: those
// it was told of before (takeForLane takes them first), then the first no lane was told of.
// Only built ones: the hint carries the shapes their request chose. Under m_mutex.
std::vector<VerifyRequest::Next> VerificationQueue::nameUpcoming(std::size_t lane) {
    std::vector<VerifyRequest::Next> out;
    auto name = [&](const EntryPtr& x) {
        x->namedBy = lane;
        out.push_back(x->hint());
    };
    for (const EntryPtr& x : m_toVerify)
        if (out.size() < 2 && x->namedBy == lane && x->request)
            name(x);
    for (const EntryPtr& x : m_toVerify)
        if (out.size() < 2 && !x->namedBy && x->request)
            name(x);
    return out;
}

void VerificationQueue::laneLoop(std::size_t lane) {
    std::unique_ptr<Worker> worker;
    std::string device;
    LaneBaselines baselines(std::chrono::seconds(std::max(0, m_settings.reuseBaselineSeconds)));
    while (EntryPtr e = takeForLane(lane)) {
        verifyOn(lane, e, worker, device, baselines);
        {
            std::lock_guard lock(m_mutex);
            --m_verifying;
        }
        m_changed.notify_all();
    }
    if (worker)
        worker->shutdown();
}

Status VerificationQueue::ensureWorker(std::size_t lane, std::unique_ptr<Worker>& worker,
                                       std::string& device) {
    if (worker)
        return okStatus();
    auto made = makeWorker(m_lanes[lane], m_settings.client);
    if (!made)
        return made.error();
    worker = std::move(*made);
    // The lane's device, named in each record's queue report (what "the same GPU" means when a
    // sample is verified again).
    auto info = worker->deviceInfo(std::chrono::seconds(120));
    device = info && !info->gpus.empty() ? info->gpus.front().name : std::string();
    return okStatus();
}

VerificationQueue::EntryPtr VerificationQueue::takeWaitingReference(const EntryPtr& e) {
    const std::string key = LaneBaselines::key(e->item.task, e->item.options);
    std::lock_guard lock(m_mutex);
    auto it = std::find_if(m_toVerify.begin(), m_toVerify.end(), [&](const EntryPtr& x) {
        return x->request && x->item.task.id == e->item.task.id &&
               LaneBaselines::isReference(x->item.task, x->item.source) &&
               LaneBaselines::key(x->item.task, x->item.options) == key;
    });
    if (it == m_toVerify.end())
        return nullptr;
    EntryPtr ref = std::move(*it);
    m_toVerify.erase(it);
    ++m_verifying;
    return ref;
}

bool VerificationQueue::measureBaselines(std::size_t lane, const EntryPtr& e,
                                         std::unique_ptr<Worker>& worker, std::string& device,
                                         LaneBaselines& baselines) {
    const QueueItem& it = e->item;
    // The job after the reference's is e's: its child may start, its baseline warm, meanwhile.
    auto nextIsE = [&](VerifyRequest& r) {
        r.prepareNext = true;
        r.next = e->hint();
    };
    if (EntryPtr ref = takeWaitingReference(e)) {
        nextIsE(*ref->request);
        verifyOn(lane, ref, worker, device, baselines); // a reference: learns, delivers
        {
            std::lock_guard lock(m_mutex);
            --m_verifying;
        }
        m_changed.notify_all();
        return true;
    }
    // A job of its own for the figures only where more of the task's candidates are to come:
    // a lone sample is timed against its own baseline, as outside the queue.
    {
        std::lock_guard lock(m_mutex);
        auto sameTask = [&](const EntryPtr& x) { return x->item.task.id == it.task.id; };
        if (std::none_of(m_toVerify.begin(), m_toVerify.end(), sameTask) &&
            std::none_of(m_toBuild.begin(), m_toBuild.end(), sameTask) &&
            !m_buildingTasks.contains(it.task.id))
            return false;
    }
    auto request = makeVerifyRequest(
        it.task, it.task.reference.kernelSource,
        std::filesystem::path(it.task.reference.kernel).filename().string(), it.options);
    if (!request || !ensureWorker(lane, worker, device))
        return false;
    nextIsE(*request);
    auto answer = worker->verify(
        it.task, *request, std::chrono::seconds(it.options.timeoutSeconds + 240), {}, &m_cancel);
    if (answer) {
        baselines.learn(it.task, it.options, *answer, Clock::now());
    } else {
        worker.reset(); // e gets a fresh worker, and the task's jobs time their own baselines
        baselines.failed(it.task, it.options, Clock::now());
    }
    return false;
}

void VerificationQueue::verifyOn(std::size_t lane, const EntryPtr& e,
                                 std::unique_ptr<Worker>& worker, std::string& device,
                                 LaneBaselines& baselines) {
    auto taken = Clock::now();
    e->queueWaitSeconds = std::max(
        0.0, std::chrono::duration<double>(taken - e->submitted).count() - e->buildSeconds);
    const QueueItem& it = e->item;
    if (auto started = ensureWorker(lane, worker, device); !started)
        return deliver(e, lane, started.error());
    // Not where the lane has no device: nothing is timed there.
    const bool reference = LaneBaselines::isReference(it.task, it.source);
    const bool reuse = m_settings.reuseBaselineSeconds > 0 && e->request && !device.empty() &&
                       LaneBaselines::applies(it.task, it.options);
    // A waiting sample verified first keeps its own GPU time; a job of the lane's own for the
    // figures is this sample's.
    if (reuse && !reference && baselines.wanted(it.task, it.options, Clock::now()) && !m_cancel &&
        measureBaselines(lane, e, worker, device, baselines))
        taken = Clock::now();
    if (m_cancel)
        return deliver(e, lane, cancelledError());
    // The reference's job may have lost the worker (measureBaselines then dropped it).
    if (auto started = ensureWorker(lane, worker, device); !started)
        return deliver(e, lane, started.error());
    if (reuse && !reference)
        if (auto given = baselines.take(it.task, it.options, Clock::now()))
            e->request->baselineTimings = std::move(*given);
    auto timeout = std::chrono::seconds(it.options.timeoutSeconds + 240);
    auto answer = worker->verify(it.task, *e->request, timeout, {}, &m_cancel);
    e->gpuSeconds = secondsSince(taken);
    if (!answer) {
        const std::string who = worker->description();
        worker.reset(); // whatever it was doing, the next candidate gets a fresh worker
        const auto verdict = verdictOfWorkerError(answer.error());
        if (m_cancel || !verdict)
            return deliver(e, lane, m_cancel ? cancelledError() : answer.error());
        auto record = recordWithoutJob(it.task, *e->request, e->build, *verdict,
                                       answer.error().message, who, e->gpuSeconds);
        if (!record)
            return deliver(e, lane, record.error());
        return stampAndDeliver(e, lane, std::move(*record), device);
    }
    if (reuse && reference)
        baselines.learn(it.task, it.options, *answer, Clock::now());
    stampAndDeliver(e, lane,
                    finishRecord(std::move(*answer), it.task, *e->request, worker->description(),
                                 e->buildSeconds + e->gpuSeconds),
                    device);
}

} // namespace kwb
