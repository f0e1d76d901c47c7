#pragma once
// The worker's main process side of a job: starts a fresh `kwb-job` child in its own
// process group and private folder, hands it a fresh key (core/protocol/job_channel.h), feeds it
// the spec, checks and relays its events, enforces the total and the idle deadline, and names
// how it ended. Every line the child sends must be a frame signed with its key, in sequence,
// and its result must match the spec (core/protocol/job_result_validator.h); anything else ends
// the job as "tampering". One job at a time; the caller's thread.
#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace kwb::protocol {
class JobKey;
}

namespace kwb::gpu {

struct JobLimits {
    std::chrono::seconds total{300};
    std::chrono::seconds idle{20}; // no event for this long: a hung kernel
    // After its result the job's channel must end within this (its process exits): a channel
    // still open is a candidate still running, and nothing the job said is kept. Under
    // compute-sanitizer the exit is instrumented too and takes seconds more on a loaded host.
    std::chrono::seconds channelEnd{2};
};

// A job child started before its spec is known, so it can start CUDA while the candidate
// builds. Destroying one that never ran kills its group and removes its folder.
struct StartedJob;
struct StartedJobDeleter {
    void operator()(StartedJob* j) const;
};
using StartedJobPtr = std::unique_ptr<StartedJob, StartedJobDeleter>;

// A program the job runs under (compute-sanitizer): it is started in the job's place, in the
// job's process group, folder and scrubbed environment, and starts kwb-job itself, which then
// confines itself as always. Its text must not reach stdout (the job's channel). The launcher
// waits for it to end after the job's result, since it writes its report at its own exit.
struct JobWrapper {
    std::string program;
    std::vector<std::string> args; // the job's path is added after these
    // kwb-runner (empty: none): started in the wrapper's place as `--supervise -- PROGRAM ...`,
    // it runs the wrapper and kills the job's whole group when the worker dies (supervise.h):
    // the wrapper asks for no death signal, so the job under it would outlive a killed worker.
    std::string supervisor;
};

// Starts the job program (jobPath: kwb-job) and, when `prepare` is an object, sends it as the first
// line
// ({"type":"prepare","device":N}: the job starts CUDA on that device and waits for its spec).
StartedJobPtr startJobChild(const std::string& jobPath, const nlohmann::json& prepare,
                            const JobWrapper* wrapper = nullptr);

// The key the child was handed (for tests that look for it where it must not be); null when the
// child did not start.
const protocol::JobKey* keyOf(const StartedJob& job);
// The child's process id (0 when it did not start), and whether it still runs and has not been
// handed a spec: a child started ahead of its verification is used only then.
long jobChildPid(const StartedJob& job);
bool jobChildWaiting(const StartedJob& job);

// Holds a child started ahead still (SIGSTOP to its group) or lets it go on (SIGCONT). Starting
// CUDA in one process stalls the kernels of another on the same device by up to a millisecond at
// a time, so a child that may still be starting is held while the running job times anything.
// One that has not yet read its key and prepare line (still loading) is waited for up to 100 ms,
// then left going.
void holdJobChild(StartedJob& job, bool hold);
// Whether the child has read its key and prepare line: it is past asking to die with the worker,
// so it may be held whatever is sent to it later. Once true, stays true.
bool jobChildSettled(StartedJob& job);
// A time on the host's monotonic clock (steady_clock, one clock for every process of the host), in
// ms: the one reading of it that a job child's stamps of its life (PreparedJob's "monotonic_ms")
// and its worker's (JobChildClock) share, so that the two subtract.
double monotonicMs(std::chrono::steady_clock::time_point t = std::chrono::steady_clock::now());
// How a child started ahead has spent its life so far, for the record: its age, the time it was
// held, and when it was started (monotonicMs).
struct JobChildClock {
    double ageMs = 0, heldMs = 0, startedMonotonicMs = 0;
};
JobChildClock jobChildClock(const StartedJob& job);
// Whether a job's event opens or closes a stretch in which it times (true: hold the children
// started ahead; false: let them go on); none for the other events.
std::optional<bool> holdAheadAfter(const nlohmann::json& event);
// Whether a job's event says its watch before timing saw another context's work on the device
// ("device-busy": the children started ahead are to end, ShapeRun::watchForOthers).
bool deviceBusyEvent(const nlohmann::json& event);

// Sends one more line before the spec (e.g. {"type":"warm",...}); false when the child is gone.
bool sendToJob(StartedJob& job, const nlohmann::json& line);
// The child's next frame (the answer to such a line), checked and parsed; a discarded JSON
// value when none came before `wait` ran out or it failed its check.
nlohmann::json readFromJob(StartedJob& job, std::chrono::milliseconds wait);

// Returns the job's result, or a result naming the failure: timeout, crash, tampering,
// harness-error.
// `started`: a child from startJobChild; without one a fresh child is started.
nlohmann::json runJobInChild(const std::string& jobPath, const nlohmann::json& spec,
                             const JobLimits& limits,
                             const std::function<void(const nlohmann::json&)>& onEvent,
                             StartedJobPtr started = nullptr);

} // namespace kwb::gpu
