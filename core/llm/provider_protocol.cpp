#include "core/llm/provider_protocol.h"

#include "core/llm/anthropic_protocol.h"
#include "core/llm/openai_protocol.h"

namespace kwb {

HttpRequestSpec buildChatRequest(const ProviderConfig& config, const ChatRequest& request) {
    return config.kind == ProviderKind::Anthropic ? buildAnthropicRequest(config, request)
                                                  : buildOpenAiRequest(config, request);
}

HttpRequestSpec buildModelListRequest(const ProviderConfig& config) {
    HttpRequestSpec spec;
    spec.method = "GET";
    if (config.kind == ProviderKind::Anthropic) {
        spec.url = config.effectiveBaseUrl() + "/v1/models?limit=1000";
        spec.headers = {"anthropic-version: " + config.anthropicVersion};
        if (!config.apiKey.empty())
            spec.headers.push_back("x-api-key: " + config.apiKey);
    } else {
        spec.url = config.effectiveBaseUrl() + "/models";
        if (!config.apiKey.empty())
            spec.headers.push_back("authorization: Bearer " + config.apiKey);
    }
    spec.headers.push_back("accept: application/json");
    return spec;
}

std::unique_ptr<StreamDecoder> makeStreamDecoder(ProviderKind kind) {
    if (kind == ProviderKind::Anthropic)
        return std::make_unique<AnthropicStreamDecoder>();
    return std::make_unique<OpenAiStreamDecoder>();
}

Result<std::vector<std::string>> parseModelList(const std::string& body) {
    auto j = nlohmann::json::parse(body, nullptr, false);
    if (j.is_discarded() || !j.is_object() || !j.contains("data") || !j["data"].is_array())
        return Error::make("llm-bad-response", "the model list is not {\"data\": [...]}");
    std::vector<std::string> ids;
    for (const auto& m : j["data"])
        if (m.is_object() && m.contains("id") && m["id"].is_string())
            ids.push_back(m["id"].get<std::string>());
    return ids;
}

Error httpError(const ProviderConfig& config, long status, const std::string& body) {
    std::string code = status == 401 || status == 403 ? "llm-auth"
                       : status == 404                ? "llm-not-found"
                       : status == 408                ? "llm-timeout"
                       : status == 409                ? "llm-conflict"
                       : status == 413                ? "llm-request-too-large"
                       : status == 429                ? "llm-rate-limited"
                       : status == 529                ? "llm-overloaded"
                       : status >= 500                ? "llm-server-error"
                                                      : "llm-bad-request";
    std::string detail;
    auto j = nlohmann::json::parse(body, nullptr, false);
    if (!j.is_discarded() && j.is_object()) {
        const auto& e = j.contains("error") ? j["error"] : j;
        if (e.is_object()) {
            detail = e.value("message", "");
            if (std::string t = e.value("type", ""); !t.empty())
                detail = detail.empty() ? t : detail + " (" + t + ")";
        } else if (e.is_string()) {
            detail = e.get<std::string>();
        }
    } else {
        detail = body.substr(0, 300);
        while (!detail.empty() && (detail.back() == '\n' || detail.back() == '\r'))
            detail.pop_back();
    }
    std::string msg = "provider " + config.name + " answered HTTP " + std::to_string(status);
    if (status == 401 || status == 403)
        msg += " (check the API key from " +
               (config.apiKeySource.empty() ? std::string("nowhere: none is set")
                                            : config.apiKeySource) +
               ")";
    if (!detail.empty())
        msg += ": " + detail;
    return Error::make(code, msg);
}

bool isRetryableStreamError(const Error& e) {
    return e.code == "llm-connection" || e.code == "llm-idle-timeout" ||
           e.code == "llm-stream-truncated" || e.code == "llm-overloaded" ||
           e.code == "llm-server-error" || e.code == "llm-rate-limited" || e.code == "llm-timeout";
}

} // namespace kwb
