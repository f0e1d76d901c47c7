#include "core/llm/provider_config.h"

#include <cstdlib>

#include "core/llm/redaction.h"

namespace kwb {

std::string toString(ProviderKind k) {
    return k == ProviderKind::Anthropic ? "anthropic" : "openai";
}

std::optional<ProviderKind> parseProviderKind(const std::string& s) {
    if (s == "anthropic")
        return ProviderKind::Anthropic;
    if (s == "openai")
        return ProviderKind::OpenAI;
    return std::nullopt;
}

std::string defaultBaseUrl(ProviderKind k) {
    return k == ProviderKind::Anthropic ? "https://api.anthropic.com" : "https://api.openai.com/v1";
}

std::string ProviderConfig::effectiveBaseUrl() const {
    std::string u = baseUrl.empty() ? defaultBaseUrl(kind) : baseUrl;
    while (!u.empty() && u.back() == '/')
        u.pop_back();
    return u;
}

nlohmann::json ProviderConfig::publicJson() const {
    nlohmann::json j = {
        {"name", name},
        {"protocol", toString(kind)},
        {"base_url", withoutUrlUserinfo(effectiveBaseUrl())}, // a key in the URL stays out
        {"key_source", apiKey.empty() ? "none" : apiKeySource},
        {"max_concurrency", maxConcurrency},
        {"max_retries", retry.maxRetries},
        {"connect_timeout_ms", connectTimeout.count()},
        {"idle_timeout_ms", idleTimeout.count()},
        {"request_timeout_ms", requestTimeout.count()}};
    if (kind == ProviderKind::Anthropic)
        j["anthropic_version"] = anthropicVersion;
    else
        j["max_tokens_field"] = maxTokensField;
    return j;
}

void resolveApiKey(ProviderConfig& config, const std::string& settingsKey) {
    if (!config.apiKey.empty())
        return;
    std::string var = "ANTHROPIC_API_KEY";
    if (config.kind == ProviderKind::OpenAI)
        var = config.effectiveBaseUrl().find("huggingface.co") != std::string::npos
                  ? "HF_TOKEN"
                  : "OPENAI_API_KEY";
    if (const char* v = std::getenv(var.c_str()); v && *v) {
        config.apiKey = v;
        config.apiKeySource = var;
    } else if (!settingsKey.empty()) {
        config.apiKey = settingsKey;
        config.apiKeySource = "settings";
    }
}

std::vector<std::string> environmentApiKeys() {
    std::vector<std::string> keys;
    for (const char* var : {"ANTHROPIC_API_KEY", "OPENAI_API_KEY", "HF_TOKEN"})
        if (const char* v = std::getenv(var); v && *v)
            keys.emplace_back(v);
    return keys;
}

Status checkUsable(const ProviderConfig& config) {
    std::string base = config.effectiveBaseUrl();
    if (!base.starts_with("http://") && !base.starts_with("https://"))
        return Error::make("llm-bad-url", "the base URL \"" + base + "\" of provider " +
                                              config.name + " is not an http:// or https:// URL");
    bool official = base.find("api.anthropic.com") != std::string::npos ||
                    base.find("api.openai.com") != std::string::npos ||
                    base.find("huggingface.co") != std::string::npos;
    if (config.apiKey.empty() && official) {
        std::string var = config.kind == ProviderKind::Anthropic             ? "ANTHROPIC_API_KEY"
                          : base.find("huggingface.co") != std::string::npos ? "HF_TOKEN"
                                                                             : "OPENAI_API_KEY";
        return Error::make("llm-no-key", "no API key for provider " + config.name + ": set " + var +
                                             " or the provider's api_key in the settings file");
    }
    if (config.maxConcurrency < 1)
        return Error::make("llm-bad-setting",
                           "max_concurrency of provider " + config.name + " must be at least 1");
    return okStatus();
}

} // namespace kwb
