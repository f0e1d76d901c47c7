#pragma once
// The provider-neutral values of one chat generation: what is asked (ChatRequest) and what came
// back (Completion). Plain values; both serialise to the JSON stored with every sample.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace kwb {

struct ChatMessage {
    std::string role; // "user" or "assistant" (the system prompt is ChatRequest::system)
    std::string content;

    bool operator==(const ChatMessage&) const = default;
};

struct ChatRequest {
    std::string model;
    std::string system; // empty: none
    std::vector<ChatMessage> messages;
    int maxTokens = 8192;
    std::optional<double> temperature;
    std::optional<double> topP;
    std::vector<std::string> stopSequences;
};

struct TokenUsage {
    std::int64_t inputTokens = 0; // every prompt token, cached ones included
    std::int64_t outputTokens = 0;
    std::int64_t cacheReadTokens = 0;  // Anthropic cache_read_input_tokens, OpenAI cached_tokens
    std::int64_t cacheWriteTokens = 0; // Anthropic cache_creation_input_tokens
    bool reported = false;             // false: the server sent no usage at all
};

// A finished, complete response. A stream cut short never becomes a Completion.
struct Completion {
    std::string text;       // the assistant's text, all text blocks joined
    std::string stopReason; // provider's word: "end_turn", "max_tokens", "stop", "length", ...
    std::string model;      // as the server names it
    std::string responseId; // "msg_...", "chatcmpl-..."
    TokenUsage usage;
    int attempts = 1; // HTTP attempts, retries included
    long httpStatus = 0;
    std::int64_t chunks = 0;      // server-sent events received in the successful attempt
    std::int64_t bytes = 0;       // body bytes of the successful attempt
    double queuedSeconds = 0;     // submit -> first attempt started
    double firstTokenSeconds = 0; // first attempt started -> first text (time to first token)
    double totalSeconds = 0;      // submit -> finished, backoff waits included
};

nlohmann::json toJson(const ChatRequest& r);
nlohmann::json toJson(const TokenUsage& u);
// Everything but the text (stored separately as the raw response).
nlohmann::json metadataJson(const Completion& c);

} // namespace kwb
