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
// the worker goes on. End of input ends the worker with code 0.
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

namespace kwb::protocol {

inline constexpr int kVersion = 1;
inline constexpr int kMinSupported = 1;
inline constexpr int kMaxSupported = 1;
inline constexpr std::size_t kMaxLineBytes = 64u << 20;

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

} // namespace kwb::protocol
