#include "core/llm/anthropic_protocol.h"

namespace kwb {

namespace {

Error badEvent(const std::string& what) {
    return Error::make("llm-bad-response", "the Anthropic stream sent " + what);
}

// Anthropic counts cached prompt tokens apart from input_tokens; TokenUsage::inputTokens is
// every prompt token, as in the OpenAI protocol. rawInput keeps the uncached part between events.
void readUsage(const nlohmann::json& u, TokenUsage& usage, std::int64_t& rawInput) {
    if (!u.is_object())
        return;
    auto num = [&](const char* k, std::int64_t& dst) {
        if (auto it = u.find(k); it != u.end() && it->is_number_integer())
            dst = it->get<std::int64_t>();
    };
    num("input_tokens", rawInput);
    num("output_tokens", usage.outputTokens);
    num("cache_read_input_tokens", usage.cacheReadTokens);
    num("cache_creation_input_tokens", usage.cacheWriteTokens);
    usage.inputTokens = rawInput + usage.cacheReadTokens + usage.cacheWriteTokens;
    usage.reported = true;
}

Error streamError(const nlohmann::json& j) {
    const auto& e = j.contains("error") && j["error"].is_object() ? j["error"] : j;
    std::string type = e.value("type", "");
    std::string msg = e.value("message", "");
    std::string code = type == "overloaded_error"   ? "llm-overloaded"
                       : type == "api_error"        ? "llm-server-error"
                       : type == "rate_limit_error" ? "llm-rate-limited"
                                                    : "llm-stream-error";
    return Error::make(code, "Anthropic reported an error during the stream" +
                                 (type.empty() ? std::string() : " (" + type + ")") +
                                 (msg.empty() ? std::string() : ": " + msg));
}

} // namespace

HttpRequestSpec buildAnthropicRequest(const ProviderConfig& config, const ChatRequest& request) {
    nlohmann::json msgs = nlohmann::json::array();
    for (const auto& m : request.messages)
        msgs.push_back({{"role", m.role}, {"content", m.content}});
    nlohmann::json body = {{"model", request.model},
                           {"max_tokens", request.maxTokens},
                           {"messages", std::move(msgs)},
                           {"stream", true}};
    if (!request.system.empty())
        body["system"] = request.system;
    if (request.temperature)
        body["temperature"] = *request.temperature;
    if (request.topP)
        body["top_p"] = *request.topP;
    if (!request.stopSequences.empty())
        body["stop_sequences"] = request.stopSequences;
    HttpRequestSpec spec;
    spec.url = config.effectiveBaseUrl() + "/v1/messages";
    spec.headers = {"content-type: application/json", "accept: text/event-stream",
                    "anthropic-version: " + config.anthropicVersion};
    if (!config.apiKey.empty())
        spec.headers.push_back("x-api-key: " + config.apiKey);
    spec.body = body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    return spec;
}

Status AnthropicStreamDecoder::onEvent(const SseEvent& event, Completion& out) {
    auto j = nlohmann::json::parse(event.data, nullptr, false);
    if (j.is_discarded() || !j.is_object())
        return badEvent("an event that is not a JSON object (" + event.type + ")");
    std::string type = j.value("type", event.type);
    if (type == "message_start") {
        const auto& m = j.contains("message") && j["message"].is_object()
                            ? j["message"]
                            : nlohmann::json::object();
        out.responseId = m.value("id", "");
        out.model = m.value("model", "");
        if (m.contains("usage"))
            readUsage(m["usage"], out.usage, m_rawInput);
        m_started = true;
    } else if (type == "content_block_start") {
        const auto& b = j.value("content_block", nlohmann::json::object());
        if (b.value("type", "") == "text")
            out.text += b.value("text", "");
    } else if (type == "content_block_delta") {
        // The hot path: look fields up in place rather than copying the delta object.
        auto d = j.find("delta");
        if (d != j.end() && d->is_object()) {
            auto t = d->find("type");
            auto text = d->find("text");
            if (t != d->end() && t->is_string() &&
                t->get_ref<const std::string&>() == "text_delta" && text != d->end() &&
                text->is_string())
                out.text += text->get_ref<const std::string&>();
        } // thinking, signature and tool-input deltas are not part of the answer's text
    } else if (type == "message_delta") {
        const auto& d = j.value("delta", nlohmann::json::object());
        if (d.contains("stop_reason") && d["stop_reason"].is_string())
            out.stopReason = d["stop_reason"].get<std::string>();
        if (j.contains("usage")) // cumulative counts; what message_start said stays where absent
            readUsage(j["usage"], out.usage, m_rawInput);
    } else if (type == "message_stop") {
        m_stopped = true;
    } else if (type == "error") {
        return streamError(j);
    } // ping, content_block_stop and future event types need nothing
    return okStatus();
}

Status AnthropicStreamDecoder::finish(Completion&) {
    if (!m_stopped)
        return Error::make(
            "llm-stream-truncated",
            m_started ? "the Anthropic stream ended before message_stop: the response is incomplete"
                      : "the Anthropic stream ended before message_start: no response");
    return okStatus();
}

Status AnthropicStreamDecoder::decodeWhole(const std::string& body, Completion& out) {
    auto j = nlohmann::json::parse(body, nullptr, false);
    if (j.is_discarded() || !j.is_object() || !j.contains("content"))
        return Error::make("llm-bad-response",
                           "the Anthropic answer is neither a stream nor a message");
    out.responseId = j.value("id", "");
    out.model = j.value("model", "");
    for (const auto& b : j["content"])
        if (b.is_object() && b.value("type", "") == "text")
            out.text += b.value("text", "");
    if (j.contains("stop_reason") && j["stop_reason"].is_string())
        out.stopReason = j["stop_reason"].get<std::string>();
    if (j.contains("usage"))
        readUsage(j["usage"], out.usage, m_rawInput);
    return okStatus();
}

} // namespace kwb
