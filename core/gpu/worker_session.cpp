#include "core/gpu/worker_session.h"

#include "core/gpu/device_query.h"
#include "core/verify/protocol.h"
#include "kwb/version.h"

namespace kwb::gpu {

namespace p = kwb::protocol;

WorkerSession::WorkerSession() = default;

std::vector<nlohmann::json> WorkerSession::handleLine(const std::string& line) {
    if (line.find_first_not_of(" \t\r") == std::string::npos)
        return {}; // blank lines are ignored
    auto msg = nlohmann::json::parse(line, nullptr, false);
    if (msg.is_discarded() || !msg.is_object())
        return {p::errorReply(nlohmann::json(), "malformed-request",
                              "a request must be one JSON object on one line")};
    if (!msg.contains("type") || !msg["type"].is_string())
        return {p::errorReply(msg, "malformed-request", "the request has no string \"type\"")};
    if (msg["type"] == "hello")
        return {handleHello(msg)};
    if (!m_greeted)
        return {p::errorReply(msg, "handshake-required",
                              "send {\"type\":\"hello\",\"protocol\":" + std::to_string(p::kVersion) +
                                  "} before any request")};
    if (!msg.contains("id") || !msg["id"].is_number_integer())
        return {p::errorReply(msg, "malformed-request", "the request has no integer \"id\"")};
    return {handleRequest(msg)};
}

nlohmann::json WorkerSession::handleHello(const nlohmann::json& msg) {
    nlohmann::json supported = {{"min", p::kMinSupported}, {"max", p::kMaxSupported}};
    if (!msg.contains("protocol") || !msg["protocol"].is_number_integer()) {
        auto r = p::errorReply(msg, "malformed-request", "hello needs an integer \"protocol\"");
        r["supported"] = supported;
        return r;
    }
    int version = msg["protocol"].get<int>();
    if (version < p::kMinSupported || version > p::kMaxSupported) {
        auto r = p::errorReply(msg, "version-mismatch",
                               "the client speaks protocol " + std::to_string(version) +
                                   " but this worker speaks " + std::to_string(p::kMinSupported) +
                                   " to " + std::to_string(p::kMaxSupported) +
                                   "; install matching versions of the workbench and kwb-runner");
        r["supported"] = supported;
        m_finished = true;
        m_exitCode = p::kExitVersionMismatch;
        return r;
    }
    m_greeted = true;
    auto r = p::okReply(msg);
    r["protocol"] = version;
    r["worker"] = std::string("kwb-runner/") + kVersion;
    r["supported"] = supported;
    return r;
}

nlohmann::json WorkerSession::handleRequest(const nlohmann::json& msg) {
    const std::string type = msg["type"].get<std::string>();
    if (type == "device-info")
        return p::okReply(msg, queryDevices());
    if (type == "shutdown") {
        m_finished = true;
        m_exitCode = p::kExitOk;
        return p::okReply(msg);
    }
    return p::errorReply(msg, "unknown-request", "this worker does not know the request \"" + type + "\"");
}

} // namespace kwb::gpu
