#pragma once
// The worker protocol: line-delimited JSON on the worker's stdin/stdout, one object per line.
//
//   client -> {"type":"hello","protocol":1,"client":"kwb/0.1.0"}
//   worker <- {"type":"hello","ok":true,"protocol":1,"worker":"kwb-runner/0.1.0",
//              "supported":{"min":1,"max":1}}
//   client -> {"id":7,"type":"device-info"}
//   worker <- {"id":7,"type":"device-info","ok":true,"result":{...DeviceInfo...}}
//   client -> {"id":8,"type":"shutdown"}        worker answers, then exits 0
//
// Failures are answers, never crashes: {"ok":false,"error":{"code":"...","message":"..."}}.
// A hello with another protocol version gets code "version-mismatch" and the worker exits
// with kExitVersionMismatch. A line that is not a JSON object gets "malformed-request" and
// the worker goes on; a line over kMaxLineBytes gets "request-too-large". Either answer carries
// the request's id whenever the start of the line names it (requestIdOf), so the client knows
// which request failed; a client takes an id-less error as the answer to its request in flight.
// End of input ends the worker with code 0.
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace kwb::protocol {

inline constexpr int kVersion = 1;
inline constexpr int kMinSupported = 1;
inline constexpr int kMaxSupported = 1;
inline constexpr std::size_t kMaxLineBytes = 64u << 20;
// The largest candidate source (kMaxSourceBytes) is the model's: core/model/source_limit.h.

// Worker exit codes (documented in README, "The worker").
inline constexpr int kExitOk = 0;
inline constexpr int kExitUsage = 2;
inline constexpr int kExitVersionMismatch = 3;
inline constexpr int kExitProtocolError = 4;

nlohmann::json helloRequest(const std::string& client, int version = kVersion);
nlohmann::json request(long long id, const std::string& type, nlohmann::json params = nullptr);
nlohmann::json okReply(const nlohmann::json& req, nlohmann::json result = nullptr);
nlohmann::json errorReply(const nlohmann::json& req, const std::string& code,
                          const std::string& message);

// One line out: compact JSON, no embedded newlines, '\n' at the end.
std::string frame(const nlohmann::json& msg);

// What the start of a request line that cannot be handled whole (too long, not valid JSON)
// says about it: its top-level "id" and "type" when they come before the damage. Reads at most
// the first 64 KiB. Requests built by request() put "id" first (keys are sorted).
struct RequestHead {
    std::optional<long long> id;
    std::string type;
};
RequestHead requestHeadOf(std::string_view line);
// An error answer to a request that could not be read whole, with the id and type it named.
nlohmann::json errorReplyToHead(const RequestHead& head, const std::string& code,
                                const std::string& message);

} // namespace kwb::protocol
