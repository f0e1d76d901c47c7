#pragma once
// One configured model provider: which protocol it speaks, where, with which key, how many
// requests at once, and its timeouts and retry policy. The key is a secret: publicJson() leaves
// it out, and nothing in core/llm prints it.
#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/llm/retry_policy.h"
#include "core/model/error.h"

namespace kwb {

enum class ProviderKind {
    Anthropic, // Messages API (POST /v1/messages)
    OpenAI // chat completions (POST {base}/chat/completions): OpenAI, vLLM, llama.cpp, Ollama, TGI,
           // HF router
};

std::string toString(ProviderKind k); // "anthropic", "openai"
std::optional<ProviderKind> parseProviderKind(const std::string& s);
// https://api.anthropic.com, https://api.openai.com/v1
std::string defaultBaseUrl(ProviderKind k);

// A request's total deadline unless the settings (request_timeout_s) or `kwb generate
// --request-timeout` say otherwise: ten minutes, longer than a long answer at a slow server's
// usual rate, short enough that a run never hangs on one request.
inline constexpr std::chrono::milliseconds kDefaultRequestTimeout{600000};

struct ProviderConfig {
    std::string name; // the provider's name in settings and for its concurrency limit
    ProviderKind kind = ProviderKind::Anthropic;
    std::string baseUrl;
    std::string apiKey;       // secret; empty: no key header (local servers)
    std::string apiKeySource; // where it came from, for messages: "ANTHROPIC_API_KEY", "settings"
    std::string anthropicVersion = "2023-06-01";
    std::string maxTokensField = "max_tokens"; // OpenAI's newer models want "max_completion_tokens"
    bool includeUsage = true;                  // stream_options.include_usage (OpenAI protocol)
    int maxConcurrency = 8;
    RetryPolicy retry;
    std::chrono::milliseconds connectTimeout{10000};
    std::chrono::milliseconds idleTimeout{
        120000}; // no byte received for this long: the attempt fails
    std::chrono::milliseconds attemptTimeout{0}; // whole attempt; 0: none (long generations)
    // The whole request, every attempt and the waits between them: a server that trickles a
    // byte now and then (never idle) or streams without end is stopped here. 0: none.
    std::chrono::milliseconds requestTimeout{kDefaultRequestTimeout};
    std::size_t maxResponseBytes = 32u << 20; // body of one response, text and events
    std::string userAgent = "kernel-workbench";

    std::string effectiveBaseUrl() const; // baseUrl or the default, without a trailing '/'
    nlohmann::json publicJson() const;    // for provenance: everything but the key
};

// Fills config.apiKey when it is empty: the environment first (ANTHROPIC_API_KEY for Anthropic;
// HF_TOKEN for a Hugging Face base URL, else OPENAI_API_KEY), then settingsKey.
void resolveApiKey(ProviderConfig& config, const std::string& settingsKey);
// The values of every key variable in the environment (ANTHROPIC_API_KEY, OPENAI_API_KEY,
// HF_TOKEN) that is set: secrets to redact, whichever provider is in use.
std::vector<std::string> environmentApiKeys();
// A request can be sent: Anthropic and api.openai.com need a key; other servers may not.
Status checkUsable(const ProviderConfig& config);

} // namespace kwb
