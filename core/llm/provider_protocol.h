#pragma once
// The wire formats of the two protocols, behind one face: the HTTP request for a chat or a model
// list, a decoder that turns server-sent events into a Completion, and the mapping of HTTP
// failures to errors. No I/O here (LlmClient and listModels do that).
#include <memory>
#include <string>
#include <vector>

#include "core/llm/chat_types.h"
#include "core/llm/provider_config.h"
#include "core/llm/sse_parser.h"
#include "core/model/error.h"

namespace kwb {

// One HTTP request. headers carry the key: never log or store a spec.
struct HttpRequestSpec {
    std::string method = "POST";
    std::string url;
    std::vector<std::string> headers; // "name: value"
    std::string body;
};

// Turns one response's events into a Completion. One decoder per attempt.
class StreamDecoder {
public:
    virtual ~StreamDecoder() = default;
    // One event; text is appended to out.text. An Error ends the attempt (an "error" event).
    virtual Status onEvent(const SseEvent& event, Completion& out) = 0;
    // The body ended cleanly: ok only when the protocol's end of message was seen, so a stream
    // cut short is an error ("llm-stream-truncated"), never a short sample.
    virtual Status finish(Completion& out) = 0;
    // The server answered with one JSON document instead of a stream.
    virtual Status decodeWhole(const std::string& body, Completion& out) = 0;
};

HttpRequestSpec buildChatRequest(const ProviderConfig& config, const ChatRequest& request);
HttpRequestSpec buildModelListRequest(const ProviderConfig& config);
std::unique_ptr<StreamDecoder> makeStreamDecoder(ProviderKind kind);
// The model ids in a model-list answer ({"data": [{"id": ...}, ...]} in both protocols).
Result<std::vector<std::string>> parseModelList(const std::string& body);

// A non-2xx answer as an error: code by status ("llm-rate-limited", "llm-overloaded", "llm-auth",
// ...), message with the server's own explanation when its body has one. Not yet redacted.
Error httpError(const ProviderConfig& config, long status, const std::string& body);
// Errors worth another attempt when no HTTP status decides (connection, timeouts, cut streams,
// overloaded or server errors reported inside a stream).
bool isRetryableStreamError(const Error& e);

} // namespace kwb
