#include "core/verify/subprocess_worker.h"

#include <climits>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <unistd.h>

#include "core/protocol/protocol.h"
#include "core/sys/sha256.h"
#include "core/verify/remote_worker.h"
#include "kwb/version.h"

namespace kwb {
namespace fs = std::filesystem;

SubprocessWorker::SubprocessWorker(std::string runnerPath, std::string clientName,
                                   std::vector<std::string> environment, int niceIncrement)
    : m_path(std::move(runnerPath)), m_client(std::move(clientName)),
      m_environment(std::move(environment)), m_nice(niceIncrement) {}

SubprocessWorker::~SubprocessWorker() {
    shutdown();
}

std::string SubprocessWorker::description() const {
    std::string v = m_workerVersion.empty() ? "kwb-runner" : m_workerVersion;
    return v + (m_sshHost.empty() ? " at " + m_path : " on " + m_sshHost + " over ssh");
}

Error SubprocessWorker::lostConnection(const Error& why) {
    m_connected = false;
    std::string detail = why.message;
    if (!m_child.running() || why.code == "eof") {
        ProcessExit e = m_child.finish(ChildProcess::Clock::now() + std::chrono::seconds(2));
        if (!m_sshHost.empty() &&
            (e.kind == ProcessExit::Kind::Exited || e.kind == ProcessExit::Kind::Signaled))
            return sshWorkerError(m_sshHost, e,
                                  m_child.stderrText()); // names ssh, the host, ssh's words
        detail = "the worker " + e.describe();
        std::string err = m_child.stderrText();
        if (!err.empty())
            detail += ": " + err.substr(err.size() > 400 ? err.size() - 400 : 0);
    }
    return Error::make(why.code == "timeout" ? "worker-timeout" : "worker-lost",
                       "connection to the worker lost: " + detail);
}

Status SubprocessWorker::connect(std::chrono::milliseconds timeout) {
    if (m_connected)
        return okStatus();
    if (m_path.empty())
        return Error::make("worker-not-found",
                           "cannot find kwb-runner (set KWB_RUNNER or install the workbench)");
    auto deadline = ChildProcess::Clock::now() + timeout;
    ProcessSpec spec;
    spec.program = m_path;
    spec.env = scrubbedEnvironment();
    spec.niceIncrement = m_nice;
    for (const std::string& kv : m_environment) { // the endpoint's settings win over the caller's
        const std::string name = kv.substr(0, kv.find('=') + 1);
        std::erase_if(*spec.env, [&](const std::string& e) { return e.starts_with(name); });
        spec.env->push_back(kv);
    }
    m_sshHost = sshLauncherHost(m_path);
    if (!m_sshHost.empty()) // the ssh client may need the user's agent: keys only, no prompts
        for (std::string& kv : sshClientEnvironment())
            spec.env->push_back(std::move(kv));
    if (auto s = m_child.start(spec); !s)
        return Error::make("worker-not-found", s.error().message);
    std::string client = m_client + "/" + kVersion;
    if (auto s = m_child.write(protocol::frame(protocol::helloRequest(client)), deadline); !s)
        return lostConnection(s.error());
    auto line = m_child.readLine(deadline);
    if (!line)
        return lostConnection(line.error());
    auto reply = nlohmann::json::parse(*line, nullptr, false);
    if (!reply.is_object() || reply.value("type", "") != "hello")
        return Error::make("protocol-error",
                           "the worker did not answer the handshake: " + *line +
                               (m_sshHost.empty()
                                    ? std::string{}
                                    : " (over ssh to " + m_sshHost +
                                          ": does a shell start-up file there print text?)"));
    if (!reply.value("ok", false)) {
        auto err = reply.value("error", nlohmann::json::object());
        return Error::make(err.value("code", "handshake-failed"),
                           "the worker refused the handshake: " + err.value("message", *line));
    }
    m_workerVersion = reply.value("worker", "kwb-runner");
    m_connected = true;
    return okStatus();
}

Result<nlohmann::json> SubprocessWorker::call(const std::string& type, const nlohmann::json& params,
                                              std::chrono::milliseconds timeout,
                                              const ProgressFn& onProgress,
                                              const std::atomic<bool>* cancel) {
    if (!m_connected) {
        if (auto s = connect(timeout); !s)
            return s.error();
    }
    auto deadline = ChildProcess::Clock::now() + timeout;
    long long id = m_nextId++;
    const std::string requestLine = protocol::frame(protocol::request(id, type, params));
    if (requestLine.size() >
        protocol::kMaxLineBytes) // the worker would refuse it: say so now, send nothing
        return Error::make("request-too-large", "the " + type + " request is " +
                                                    std::to_string(requestLine.size()) +
                                                    " bytes, over the worker protocol's limit of " +
                                                    std::to_string(protocol::kMaxLineBytes));
    if (auto s = m_child.write(requestLine, deadline); !s)
        return lostConnection(s.error());
    for (;;) {
        if (cancel && cancel->load()) {
            // The worker and, through its death signal, its job child go away at once.
            m_child.killGroup();
            m_connected = false;
            return Error::make("cancelled", "stopped by the user");
        }
        auto slice =
            std::min(deadline, ChildProcess::Clock::now() + std::chrono::milliseconds(100));
        auto line = m_child.readLine(slice, protocol::kMaxLineBytes);
        if (!line && line.error().code == "timeout" && ChildProcess::Clock::now() < deadline)
            continue;
        if (!line)
            return lostConnection(line.error());
        auto reply = nlohmann::json::parse(*line, nullptr, false);
        if (!reply.is_object())
            return Error::make("protocol-error", "the worker wrote a line that is not JSON");
        // An error without an id answers a request the worker could not read (too long, not
        // JSON): with one request in flight, it is this one's.
        const bool idLessError = !reply.contains("id") && reply.contains("error");
        const auto rid = reply.find("id");
        const bool ours =
            rid != reply.end() && rid->is_number_integer() && rid->get<long long>() == id;
        if (!ours && !idLessError)
            continue; // an answer to an earlier request that timed out: stale, dropped
        if (reply.value("type", "") == "progress") {
            if (onProgress)
                onProgress(reply.value("event", nlohmann::json::object()));
            continue;
        }
        if (!reply.value("ok", false)) {
            auto err = reply.value("error", nlohmann::json::object());
            return Error::make(err.value("code", "worker-error"), err.value("message", *line));
        }
        return reply.value("result", nlohmann::json::object());
    }
}

Result<DeviceInfo> SubprocessWorker::deviceInfo(std::chrono::milliseconds timeout) {
    auto r = call("device-info", nullptr, timeout);
    if (!r)
        return r.error();
    try { // a malformed answer is an error value, never an exception out of core
        return r->get<DeviceInfo>();
    } catch (const nlohmann::json::exception& e) {
        return Error::make("protocol-error",
                           std::string("the worker's device-info answer is malformed: ") +
                               e.what());
    }
}

Result<verification::BuildReport> SubprocessWorker::build(const Task& task,
                                                          const BuildRequest& request,
                                                          std::chrono::milliseconds timeout,
                                                          const std::atomic<bool>* cancel) {
    nlohmann::json params = {
        {"task", task}, {"source", request.source}, {"file_name", request.fileName}};
    if (request.timeoutSeconds > 0)
        params["timeout_s"] = request.timeoutSeconds;
    auto r = call("build", params, timeout, {}, cancel);
    if (!r)
        return r.error();
    if (!r->is_object() || !r->contains("ok") || !(*r)["ok"].is_boolean())
        return Error::make("protocol-error", "the worker's build answer has no \"ok\"");
    return verification::buildFromJson(*r);
}

namespace {

// A verification that follows (VerifyRequest::Next), as the worker's request names it: the task
// and shapes its warm needs, and the candidate's hash, so the hint names one verification.
nlohmann::json nextJson(const VerifyRequest::Next& n) {
    return {{"task", n.task}, {"shapes", n.shapes}, {"source_sha256", n.sourceSha256}};
}

} // namespace

Result<verification::VerificationRecordData>
SubprocessWorker::verify(const Task& task, const VerifyRequest& request,
                         std::chrono::milliseconds timeout, const ProgressFn& onProgress,
                         const std::atomic<bool>* cancel) {
    nlohmann::json params = {{"task", task},
                             {"source", request.source},
                             {"file_name", request.fileName},
                             {"seed", request.seed},
                             {"shapes", request.shapes},
                             {"bench", request.bench},
                             {"trials", request.trials},
                             {"timing", request.timing},
                             {"timeout_s", request.timeoutSeconds},
                             {"idle_timeout_s", request.idleTimeoutSeconds}};
    if (request.baselineTimings.is_object() && !request.baselineTimings.empty())
        params["baseline_timings"] = request.baselineTimings;
    if (request.prepareNext)
        params["prepare_next"] = true;
    if (request.prepareNext && request.next)
        params["next"] = nextJson(*request.next);
    if (request.prepareNext && request.next && request.afterNext)
        params["after_next"] = nextJson(*request.afterNext);
    if (!request.sanitize.empty())
        params["sanitize"] = request.sanitize;
    if (!request.profile.empty())
        params["profile"] = {{"sections", request.profile}};
    auto r = call("verify", params, timeout, onProgress, cancel);
    if (!r)
        return r.error();
    if (!r->is_object() || !r->contains("verdict") || !(*r)["verdict"].is_string())
        return Error::make("protocol-error", "the worker's verify answer has no verdict");
    // The answer is a record without the parts only the client knows; those are filled in here
    // (task, source) and by the caller (time, seed, screening), over anything the worker said.
    nlohmann::json answer = std::move(*r);
    answer["schema_version"] = verification::VerificationRecordData::kSchemaVersion;
    answer["task_id"] = task.id;
    answer["source_hash"] = sha256Hex(request.source);
    answer["created_at"] = "";
    auto record = verification::fromJson(answer);
    if (!record)
        return Error::make("protocol-error",
                           "the worker's verify answer cannot be read: " + record.error().message);
    return record;
}

void SubprocessWorker::shutdown() {
    if (m_child.pid() <= 0 || !m_child.running())
        return;
    auto deadline = ChildProcess::Clock::now() + std::chrono::seconds(2);
    if (m_connected)
        (void)m_child.write(protocol::frame(protocol::request(m_nextId++, "shutdown")), deadline);
    m_child.finish(deadline);
    m_connected = false;
}

} // namespace kwb
