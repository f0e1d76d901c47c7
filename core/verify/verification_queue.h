#pragma once
// The one verification queue behind kwb samples verify, kwb suite, kwb generate --verify and
// evaluation runs. Two stages:
//   builds   N at once, each in a worker of its own at +10 nice, a new one only while the
//            host has memory for it (/proc/meminfo MemAvailable); they fill the worker's build
//            cache, so the verification that follows finds its library there;
//   lanes    one per device (an endpoint each; its CUDA_VISIBLE_DEVICES names the device, no
//            lane assumes GPU 0): a lane verifies one candidate at a time, so two candidates
//            never share a GPU while one is timed.
// A candidate that does not build never reaches a lane: its compile-error record is made from
// the build's report. Results come in completion order. A worker that is lost, times out or
// answers nonsense costs its candidate alone (a record saying so) and is replaced; cancel stops
// every worker and its children at once.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "core/model/error.h"
#include "core/model/task.h"
#include "core/model/verification.h"
#include "core/verify/lane_baselines.h"
#include "core/verify/verifier.h"
#include "core/verify/worker_endpoint.h"

namespace kwb {

struct QueueItem {
    Task task;
    std::string source;
    std::string fileName = "candidate.cu"; // in the diagnostics and in the build cache's key
    VerifyOptions options;
    std::int64_t tag = 0; // the caller's: a sample id, a row number
};

struct QueueSettings {
    int buildJobs = 1;
    // One lane per entry; empty: one lane on this machine with the caller's devices.
    std::vector<WorkerEndpoint> lanes;
    std::string client = "kwb";
    int buildNice = 10;
    // Free memory (MemAvailable) a build needs before it starts, unless no other build runs.
    std::uint64_t buildMemoryBytes = std::uint64_t(1) << 30;
    int buildTimeoutSeconds = 0; // 0: the worker's default
    // A lane times each task's baseline once, verifying the task's reference kernel, and gives
    // the figures to that task's later jobs for this long (lane_baselines.h); 0: every job times
    // its own baseline, as a verification outside the queue does.
    int reuseBaselineSeconds = 600;
    // Built samples waiting for a lane, builds running included, beyond which no further build
    // starts, per lane (0: no bound). nvcc on every core slows the lanes' own host work (their
    // job's checks, the next job's warm); once this many are built the lanes are fed, and the
    // builds left start as the lanes take samples. Compile errors never wait: they come back
    // from their build.
    int builtAheadPerLane = 16;
};

struct QueueResult {
    std::size_t index = 0; // submission order, from 0
    std::int64_t tag = 0;
    std::optional<std::size_t> lane; // the lane that verified it; none: decided by its build
    Result<verification::VerificationRecordData> record = Error::make("cancelled", "not run");
};

struct QueueProgress {
    std::size_t submitted = 0, building = 0, waiting = 0, verifying = 0, done = 0;
    std::size_t builds = 0; // builds finished
    double elapsedSeconds = 0;
    std::optional<double> etaSeconds; // once something finished
    bool cancelled = false;
};

// The options that decide a record's verdict and speedups, as the record's queue report keeps
// them: two verifications with equal keys on the same device are the same check.
nlohmann::json verificationOptionsKey(const VerifyOptions& options);

// The lanes of this machine: one per entry of `gpus`; without any, one per device its worker
// finds (one lane with the caller's devices where there are fewer than two). With the first
// lane's device name and compute capability (empty where no device answered).
struct LocalLanes {
    std::vector<WorkerEndpoint> lanes;
    std::string deviceName;
    std::string computeCapability;
};
LocalLanes localLanes(const std::vector<int>& gpus, const std::string& client);

// MemAvailable of /proc/meminfo in bytes; none where it cannot be read.
std::optional<std::uint64_t> availableMemoryBytes();

class VerificationQueue {
public:
    explicit VerificationQueue(QueueSettings settings);
    ~VerificationQueue(); // cancels what is left, ends every worker, joins its threads
    VerificationQueue(const VerificationQueue&) = delete;
    VerificationQueue& operator=(const VerificationQueue&) = delete;

    // Thread-safe; the item's index. Its result comes from next().
    std::size_t submit(QueueItem item);
    // Thread-safe; the result comes through the future alone, never from next().
    std::future<QueueResult> submitForResult(QueueItem item);
    // No more items: the threads end once every item is done.
    void close();
    // The next finished result, waiting up to `wait`; none when nothing finished in time or all
    // is done (finished()).
    std::optional<QueueResult> next(std::chrono::milliseconds wait);
    // Closed, every item done and every result of next() taken.
    bool finished() const;
    // Stops every build and verification now (their workers killed with their children); items
    // not done end with the error "cancelled".
    void cancel();
    QueueProgress progress() const;
    std::size_t laneCount() const { return m_lanes.size(); }

private:
    struct Entry;
    using EntryPtr = std::shared_ptr<Entry>;
    std::size_t add(EntryPtr entry);
    void buildLoop();
    void laneLoop(std::size_t lane);
    EntryPtr takeForBuild();
    // The next entry for `lane` to verify; the request it gets names the two after it, which are
    // then kept for that lane while others have work.
    EntryPtr takeForLane(std::size_t lane);
    std::vector<VerifyRequest::Next> nameUpcoming(std::size_t lane);
    bool waitForMemory();
    void buildOne(const EntryPtr& e, std::unique_ptr<Worker>& worker);
    void buildReference(const Task& task, Worker& worker);
    void verifyOn(std::size_t lane, const EntryPtr& e, std::unique_ptr<Worker>& worker,
                  std::string& laneDevice, LaneBaselines& baselines);
    // The lane's worker, started (with its device's name) where it is not; an error where none
    // starts.
    Status ensureWorker(std::size_t lane, std::unique_ptr<Worker>& worker, std::string& device);
    // Before e's verification, where its task's baseline figures are wanted on this lane: the
    // task's reference verified first, a waiting entry of it (its record delivered) or, where
    // none waits and more of the task's candidates are to come, a verification of its own whose
    // record is kept only for its figures. Whether a waiting entry was verified.
    bool measureBaselines(std::size_t lane, const EntryPtr& e, std::unique_ptr<Worker>& worker,
                          std::string& device, LaneBaselines& baselines);
    // A waiting entry that verifies e's task's reference with e's options, taken off the list.
    EntryPtr takeWaitingReference(const EntryPtr& e);
    void deliver(const EntryPtr& e, std::optional<std::size_t> lane,
                 Result<verification::VerificationRecordData> record);
    void stampAndDeliver(const EntryPtr& e, std::optional<std::size_t> lane,
                         verification::VerificationRecordData record, const std::string& device);

    QueueSettings m_settings;
    std::vector<WorkerEndpoint> m_lanes;
    WorkerEndpoint m_buildEndpoint;
    std::chrono::steady_clock::time_point m_start;

    mutable std::mutex m_mutex;
    std::condition_variable m_changed;
    std::deque<EntryPtr> m_toBuild, m_toVerify;
    std::deque<QueueResult> m_results;
    std::vector<std::string> m_referencesBuilt; // task reference hashes built this run
    std::map<std::string, int> m_buildingTasks; // task id -> its entries being built now
    std::size_t m_submitted = 0, m_building = 0, m_verifying = 0, m_done = 0, m_builds = 0;
    bool m_closed = false;
    std::atomic<bool> m_cancel{false};
    std::vector<std::thread> m_threads;
};

} // namespace kwb
