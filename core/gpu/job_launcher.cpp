#include "core/gpu/job_launcher.h"

#include <cstdlib>
#include <filesystem>

#include "core/sys/child_process.h"
#include "core/protocol/protocol.h"
#include "core/sys/environment.h"

namespace kwb::gpu {
namespace fs = std::filesystem;

namespace {

nlohmann::json failure(const std::string& verdict, const std::string& detail, const std::string& log) {
    return {{"verdict", verdict}, {"detail", detail}, {"shapes", nlohmann::json::array()}, {"log", log}};
}

std::string tail(const std::string& s, std::size_t n) { return s.size() > n ? s.substr(s.size() - n) : s; }

} // namespace

struct StartedJob {
    ChildProcess child;
    fs::path work;
    std::string error; // non-empty: the child could not be started
    ~StartedJob() {
        if (child.running())
            child.killGroup();
        std::error_code ec;
        if (!work.empty())
            fs::remove_all(work, ec);
    }
};

void StartedJobDeleter::operator()(StartedJob* j) const { delete j; }

StartedJobPtr startJobChild(const std::string& jobPath, const nlohmann::json& prepare) {
    StartedJobPtr job(new StartedJob);
    const char* tmpRoot = std::getenv("TMPDIR");
    std::string tmpl = std::string(tmpRoot && *tmpRoot ? tmpRoot : "/tmp") + "/kwb-job-XXXXXX";
    if (!::mkdtemp(tmpl.data())) {
        job->error = "cannot create the job's private folder";
        return job;
    }
    job->work = tmpl;
    ProcessSpec ps;
    ps.program = jobPath;
    ps.env = scrubbedEnvironment();
    // getenv takes the first entry: the caller's HOME and TMPDIR go, the job's folder replaces them.
    std::erase_if(*ps.env, [](const std::string& e) { return e.starts_with("HOME=") || e.starts_with("TMPDIR="); });
    ps.env->push_back("TMPDIR=" + job->work.string());
    ps.env->push_back("HOME=" + job->work.string());
    ps.workDir = job->work.string();
    ps.stderrKeepBytes = 64 * 1024;
    if (auto started = job->child.start(ps); !started) {
        job->error = "cannot start the job: " + started.error().message;
        return job;
    }
    if (prepare.is_object())
        (void)job->child.write(protocol::frame(prepare), ChildProcess::Clock::now() + std::chrono::seconds(5));
    return job;
}

bool sendToJob(StartedJob& job, const nlohmann::json& line) {
    if (!job.error.empty() || !job.child.running())
        return false;
    return job.child.write(protocol::frame(line), ChildProcess::Clock::now() + std::chrono::seconds(5)).ok();
}

nlohmann::json readFromJob(StartedJob& job, std::chrono::milliseconds wait) {
    if (!job.error.empty() || !job.child.running())
        return nlohmann::json(nlohmann::json::value_t::discarded);
    auto line = job.child.readLine(ChildProcess::Clock::now() + wait, protocol::kMaxLineBytes);
    if (!line)
        return nlohmann::json(nlohmann::json::value_t::discarded);
    return nlohmann::json::parse(*line, nullptr, false);
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
    using Clock = ChildProcess::Clock;
    const auto end = Clock::now() + limits.total;
    (void)child.write(protocol::frame(spec), end);

    nlohmann::json result;
    std::string lastShape, lastStage = "start";
    int lastCall = 0;
    bool idleTimeout = false, totalTimeout = false;
    for (;;) {
        auto deadline = std::min(end, Clock::now() + limits.idle);
        auto line = child.readLine(deadline, protocol::kMaxLineBytes);
        if (!line) {
            if (line.error().code == "timeout") {
                totalTimeout = Clock::now() >= end;
                idleTimeout = !totalTimeout;
            }
            break;
        }
        auto msg = nlohmann::json::parse(*line, nullptr, false);
        if (!msg.is_object())
            continue; // not ours; the job's channel carries only JSON objects
        if (msg.value("type", "") == "result") {
            result = msg.value("result", nlohmann::json::object());
            break;
        }
        lastShape = msg.value("shape", lastShape);
        lastStage = msg.value("stage", lastStage);
        if (msg.value("event", "") == "call")
            lastCall = msg.value("n", lastCall);
        msg.erase("type");
        onEvent(msg);
    }
    ProcessExit exit;
    if (idleTimeout || totalTimeout) {
        child.killGroup();
        exit.kind = ProcessExit::Kind::TimedOut;
    } else if (!result.is_null()) {
        // The result is in: nothing the child does from here on counts, and its exit (the CUDA
        // context's teardown, ~80 ms on an H200) need not be waited for.
        child.abandon();
    } else {
        exit = child.finish(Clock::now() + std::chrono::seconds(5));
    }
    std::string log = tail(child.stderrText(), 16 * 1024);
    started.reset(); // the folder goes with it

    std::string where = lastShape.empty() ? std::string(" before any shape ran")
                                          : " at shape " + lastShape + " (" + lastStage + ", after " +
                                                std::to_string(lastCall) + " completed calls)";
    if (idleTimeout)
        return failure("timeout", "no progress for " + std::to_string(limits.idle.count()) +
                                      " s" + where + ": the kernel hangs or is far too slow; the job was killed", log);
    if (totalTimeout)
        return failure("timeout", "the job ran past its " + std::to_string(limits.total.count()) +
                                      " s deadline" + where + " and was killed", log);
    if (result.is_null()) {
        if (exit.kind == ProcessExit::Kind::Signaled)
            return failure("crash", "the job " + exit.describe() + where, log);
        return failure("crash", "the job " + exit.describe() + " without a result" + where +
                                    " (the candidate ended the process?)", log);
    }
    result["log"] = log;
    return result;
}

} // namespace kwb::gpu
