#include "core/gpu/job_launcher.h"

#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <thread>

#include "core/protocol/job_channel.h"
#include "core/protocol/job_result_validator.h"
#include "core/protocol/protocol.h"
#include "core/sys/child_process.h"
#include "core/sys/environment.h"

namespace kwb::gpu {
namespace fs = std::filesystem;
using Clock = ChildProcess::Clock;

namespace {

// How long the channel may stay open after the job's result: the job closes it right after
// writing the result, so an honest job's end arrives at once.

nlohmann::json failure(const std::string& verdict, const std::string& detail,
                       const std::string& log) {
    return {{"verdict", verdict},
            {"detail", detail},
            {"shapes", nlohmann::json::array()},
            {"log", log}};
}

std::string tail(const std::string& s, std::size_t n) {
    return s.size() > n ? s.substr(s.size() - n) : s;
}

// Where the job was, from its authenticated events, for the verdict's detail.
struct JobProgress {
    std::string shape, stage = "start";
    int calls = 0;
    void note(const nlohmann::json& ev) {
        shape = ev.value("shape", shape);
        stage = ev.value("stage", stage);
        if (ev.value("event", "") == "call")
            calls = ev.value("n", calls);
    }
    std::string where() const {
        return shape.empty() ? std::string(" before any shape ran")
                             : " at shape " + shape + " (" + stage + ", after " +
                                   std::to_string(calls) + " completed calls)";
    }
};

// What reading the job's channel came to.
struct ChannelOutcome {
    nlohmann::json result; // the checked result; null when none came
    std::string tampering; // non-empty: why the channel was refused
    bool idleTimeout = false, totalTimeout = false;
};

} // namespace

struct StartedJob {
    ChildProcess child;
    fs::path work;
    std::string error; // non-empty: the child could not be started
    std::optional<protocol::JobKey> key;
    std::optional<protocol::JobChannelReader> channel; // checks every line the child sends
    bool wrapped = false;                              // under a JobWrapper: its end is waited for
    bool settled = false; // it read its key and prepare line (jobChildSettled)
    Clock::time_point started = Clock::now();
    std::optional<Clock::time_point> heldSince; // held now (holdJobChild), since then
    Clock::duration held{};                     // the stretches it was held, ended ones
    ~StartedJob() {
        if (child.running())
            child.killGroup();
        std::error_code ec;
        if (!work.empty())
            fs::remove_all(work, ec);
    }
};

void StartedJobDeleter::operator()(StartedJob* j) const {
    delete j;
}

namespace {

// The key goes first on the job's stdin: the job reads it before anything else, long before
// the candidate exists. The line is zeroed once written.
bool handOverKey(StartedJob& job) {
    std::string line = job.key->line();
    const bool ok = job.child.write(line, Clock::now() + std::chrono::seconds(5)).ok();
    protocol::cleanse(line);
    return ok;
}

// After the result: nothing more may come, and the channel must end soon after it.
std::string checkChannelEnd(StartedJob& job, protocol::JobResultValidator& validator,
                            std::chrono::seconds grace) {
    auto line = job.child.readLine(Clock::now() + grace, protocol::kMaxLineBytes);
    if (line) {
        auto msg = job.channel->accept(*line);
        if (!msg)
            return msg.error().message + " (after the job's result)";
        return validator.accept(*msg).error().message;
    }
    if (line.error().code == "timeout")
        return "the job's channel stayed open for " + std::to_string(grace.count()) +
               " s after its result";
    if (line.error().code == "too-long" || !job.child.takeStdout().empty())
        return "the job's channel carried bytes after its result";
    return {};
}

// Reads and checks the job's frames until its result and the channel's end, a refused line, a
// deadline, or the end of the channel; relays each checked event.
ChannelOutcome readChannel(StartedJob& job, protocol::JobResultValidator& validator,
                           const JobLimits& limits, Clock::time_point end,
                           const std::function<void(const nlohmann::json&)>& onEvent,
                           JobProgress* progress) {
    ChannelOutcome out;
    for (;;) {
        auto line =
            job.child.readLine(std::min(end, Clock::now() + limits.idle), protocol::kMaxLineBytes);
        if (!line) {
            if (line.error().code == "timeout") {
                out.totalTimeout = Clock::now() >= end;
                out.idleTimeout = !out.totalTimeout;
            } else if (line.error().code == "too-long") {
                out.tampering = "a line on the job's channel is longer than " +
                                std::to_string(protocol::kMaxLineBytes) + " bytes";
            }
            return out; // "eof": no result; the caller names how the job ended
        }
        auto msg = job.channel->accept(*line);
        if (!msg) {
            out.tampering = msg.error().message;
            return out;
        }
        if (auto checked = validator.accept(*msg); !checked) {
            out.tampering = checked.error().message;
            return out;
        }
        if (validator.finished()) {
            out.tampering = checkChannelEnd(job, validator, limits.channelEnd);
            if (out.tampering.empty())
                out.result = validator.result();
            return out;
        }
        progress->note(*msg);
        msg->erase("type");
        onEvent(*msg);
    }
}

} // namespace

StartedJobPtr startJobChild(const std::string& jobPath, const nlohmann::json& prepare,
                            const JobWrapper* wrapper) {
    StartedJobPtr job(new StartedJob);
    auto key = protocol::JobKey::fresh();
    if (!key) {
        job->error = key.error().message;
        return job;
    }
    job->key.emplace(std::move(*key));
    job->channel.emplace(*job->key);
    const char* tmpRoot = std::getenv("TMPDIR");
    std::string tmpl = std::string(tmpRoot && *tmpRoot ? tmpRoot : "/tmp") + "/kwb-job-XXXXXX";
    if (!::mkdtemp(tmpl.data())) {
        job->error = "cannot create the job's private folder";
        return job;
    }
    job->work = tmpl;
    ProcessSpec ps;
    ps.program = jobPath;
    if (wrapper) {
        ps.program = wrapper->program;
        ps.args = wrapper->args;
        ps.args.push_back(jobPath);
        if (!wrapper->supervisor.empty()) {
            ps.args.insert(ps.args.begin(), {"--supervise", "--", wrapper->program});
            ps.program = wrapper->supervisor;
        }
        job->wrapped = true;
    }
    ps.env = scrubbedEnvironment();
    // getenv takes the first entry: the caller's HOME and TMPDIR go, the job's folder replaces
    // them.
    std::erase_if(*ps.env, [](const std::string& e) {
        return e.starts_with("HOME=") || e.starts_with("TMPDIR=");
    });
    ps.env->push_back("TMPDIR=" + job->work.string());
    ps.env->push_back("HOME=" + job->work.string());
    ps.workDir = job->work.string();
    ps.stderrKeepBytes = 64 * 1024;
    if (auto started = job->child.start(ps); !started) {
        job->error = "cannot start the job: " + started.error().message;
        return job;
    }
    if (!handOverKey(*job)) {
        job->error = "cannot hand the job its key: the job ended at its start";
        return job;
    }
    if (prepare.is_object())
        (void)job->child.write(protocol::frame(prepare), Clock::now() + std::chrono::seconds(5));
    return job;
}

const protocol::JobKey* keyOf(const StartedJob& job) {
    return job.key ? &*job.key : nullptr;
}

long jobChildPid(const StartedJob& job) {
    return job.child.pid() > 0 ? long(job.child.pid()) : 0L;
}

bool jobChildWaiting(const StartedJob& job) {
    return job.error.empty() && job.child.running();
}

bool jobChildSettled(StartedJob& job) {
    if (!job.settled && job.error.empty() && job.child.unreadInput() == 0)
        job.settled = true;
    return job.settled;
}

void holdJobChild(StartedJob& job, bool hold) {
    if (!job.error.empty())
        return;
    // A child that has not read its key and prepare line yet is still loading: it is not
    // starting CUDA, and it has not yet asked to die with this process (verify_job.cpp), so held
    // it could outlive a worker that is killed. It gets a moment to read them (it starts CUDA
    // right after, which is what holding it is for); still loading after that, it is left going.
    // A settled child is held at once, whatever else waits in its input (a warm line sent ahead).
    const auto until = Clock::now() + std::chrono::milliseconds(100);
    while (hold && !jobChildSettled(job)) {
        if (Clock::now() >= until || !job.child.running())
            return;
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    job.child.signalGroup(hold ? SIGSTOP : SIGCONT);
    if (hold && !job.heldSince)
        job.heldSince = Clock::now();
    if (!hold && job.heldSince) {
        job.held += Clock::now() - *job.heldSince;
        job.heldSince.reset();
    }
}

double monotonicMs(std::chrono::steady_clock::time_point t) {
    return std::chrono::duration<double, std::milli>(t.time_since_epoch()).count();
}

JobChildClock jobChildClock(const StartedJob& job) {
    using Ms = std::chrono::duration<double, std::milli>;
    const auto now = Clock::now();
    Clock::duration held = job.held;
    if (job.heldSince)
        held += now - *job.heldSince;
    return {Ms(now - job.started).count(), Ms(held).count(), monotonicMs(job.started)};
}

std::optional<bool> holdAheadAfter(const nlohmann::json& event) {
    if (!event.is_object())
        return std::nullopt;
    const std::string kind = event.value("event", "");
    if (kind == "shape-done")
        return false;
    if (kind != "progress")
        return std::nullopt;
    const std::string stage = event.value("stage", "");
    if (stage == "benchmark")
        return true;
    if (stage == "correctness")
        return false;
    return std::nullopt;
}

bool deviceBusyEvent(const nlohmann::json& event) {
    return event.is_object() && event.value("event", "") == "progress" &&
           event.value("stage", "") == "device-busy";
}

bool sendToJob(StartedJob& job, const nlohmann::json& line) {
    if (!job.error.empty() || !job.child.running())
        return false;
    return job.child.write(protocol::frame(line), Clock::now() + std::chrono::seconds(5)).ok();
}

nlohmann::json readFromJob(StartedJob& job, std::chrono::milliseconds wait) {
    if (!job.error.empty() || !job.child.running())
        return nlohmann::json(nlohmann::json::value_t::discarded);
    auto line = job.child.readLine(Clock::now() + wait, protocol::kMaxLineBytes);
    if (!line)
        return nlohmann::json(nlohmann::json::value_t::discarded);
    // No candidate exists yet; a line that fails is the harness's fault, and the caller then
    // starts the job afresh.
    auto msg = job.channel->accept(*line);
    return msg ? std::move(*msg) : nlohmann::json(nlohmann::json::value_t::discarded);
}

nlohmann::json runJobInChild(const std::string& jobPath, const nlohmann::json& spec,
                             const JobLimits& limits,
                             const std::function<void(const nlohmann::json&)>& onEvent,
                             StartedJobPtr started) {
    if (!started)
        started = startJobChild(jobPath, nullptr);
    if (!started->error.empty())
        return failure("harness-error", started->error, {});
    ChildProcess& child = started->child;
    const auto end = Clock::now() + limits.total;
    (void)child.write(protocol::frame(spec), end);

    protocol::JobResultValidator validator(protocol::planForSpec(spec));
    JobProgress progress;
    ChannelOutcome got = readChannel(*started, validator, limits, end, onEvent, &progress);
    ProcessExit exit;
    if (got.idleTimeout || got.totalTimeout || !got.tampering.empty()) {
        child.killGroup();
        exit.kind = ProcessExit::Kind::TimedOut;
    } else if (!got.result.is_null() && started->wrapped) {
        // The wrapper writes its report when the job has ended; a job that lingers after its
        // result is killed at the grace's end, and the report may then be missing.
        exit = child.finish(Clock::now() + std::chrono::seconds(30));
    } else if (!got.result.is_null()) {
        // The result is in and the channel closed after it: nothing the child does from here on
        // can reach this process, and its exit (the CUDA context's teardown, ~80 ms on an H200)
        // need not be waited for.
        child.abandon();
    } else {
        exit = child.finish(Clock::now() + std::chrono::seconds(5));
    }
    std::string log = tail(child.stderrText(), 16 * 1024);
    started.reset(); // the folder goes with it

    const std::string where = progress.where();
    if (!got.tampering.empty())
        return failure("tampering",
                       got.tampering + where + "; the job was stopped and nothing it said is kept",
                       log);
    if (got.idleTimeout)
        return failure("timeout",
                       "no progress for " + std::to_string(limits.idle.count()) + " s" + where +
                           ": the kernel hangs or is far too slow; the job was killed",
                       log);
    if (got.totalTimeout)
        return failure("timeout",
                       "the job ran past its " + std::to_string(limits.total.count()) +
                           " s deadline" + where + " and was killed",
                       log);
    if (got.result.is_null()) {
        if (exit.kind == ProcessExit::Kind::Signaled)
            return failure("crash", "the job " + exit.describe() + where, log);
        return failure("crash",
                       "the job " + exit.describe() + " without a result" + where +
                           " (the candidate ended the process?)",
                       log);
    }
    nlohmann::json result = std::move(got.result);
    result["log"] = log;
    return result;
}

} // namespace kwb::gpu
