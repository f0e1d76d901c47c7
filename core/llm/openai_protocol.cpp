#include "core/llm/openai_protocol.h"

namespace kwb {

namespace {

void readUsage(const nlohmann::json& u, TokenUsage& usage) {
    if (!u.is_object())
        return;
    if (auto it = u.find("prompt_tokens"); it != u.end() && it->is_number_integer())
        usage.inputTokens = it->get<std::int64_t>();
    if (auto it = u.find("completion_tokens"); it != u.end() && it->is_number_integer())
        usage.outputTokens = it->get<std::int64_t>();
    if (auto d = u.find("prompt_tokens_details"); d != u.end() && d->is_object())
        if (auto c = d->find("cached_tokens"); c != d->end() && c->is_number_integer())
            usage.cacheReadTokens = c->get<std::int64_t>();
    usage.reported = true;
}

void readChoice(const nlohmann::json& j, Completion& out, bool& finished, const char* part) {
    auto cs = j.find("choices");
    if (cs == j.end() || !cs->is_array() || cs->empty() || !(*cs)[0].is_object())
        return;
    const auto& c = (*cs)[0];
    if (auto d = c.find(part); d != c.end() && d->is_object()) {
        if (auto t = d->find("content"); t != d->end() && t->is_string())
            out.text += t->get_ref<const std::string&>();
    }
    if (auto f = c.find("finish_reason"); f != c.end() && f->is_string()) {
        out.stopReason = f->get<std::string>();
        finished = true;
    }
}

} // namespace

HttpRequestSpec buildOpenAiRequest(const ProviderConfig& config, const ChatRequest& request) {
    nlohmann::json msgs = nlohmann::json::array();
    if (!request.system.empty())
        msgs.push_back({{"role", "system"}, {"content", request.system}});
    for (const auto& m : request.messages)
        msgs.push_back({{"role", m.role}, {"content", m.content}});
    nlohmann::json body = {
        {"model", request.model}, {"messages", std::move(msgs)}, {"stream", true}};
    body[config.maxTokensField.empty() ? "max_tokens" : config.maxTokensField] = request.maxTokens;
    if (config.includeUsage)
        body["stream_options"] = {{"include_usage", true}};
    if (request.temperature)
        body["temperature"] = *request.temperature;
    if (request.topP)
        body["top_p"] = *request.topP;
    if (!request.stopSequences.empty())
        body["stop"] = request.stopSequences;
    HttpRequestSpec spec;
    spec.url = config.effectiveBaseUrl() + "/chat/completions";
    spec.headers = {"content-type: application/json", "accept: text/event-stream"};
    if (!config.apiKey.empty())
        spec.headers.push_back("authorization: Bearer " + config.apiKey);
    spec.body = body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    return spec;
}

Status OpenAiStreamDecoder::onEvent(const SseEvent& event, Completion& out) {
    if (event.data == "[DONE]") {
        m_done = true;
        return okStatus();
    }
    auto j = nlohmann::json::parse(event.data, nullptr, false);
    if (j.is_discarded() || !j.is_object())
        return Error::make("llm-bad-response",
                           "the chat-completions stream sent a chunk that is not a JSON object");
    if (auto e = j.find("error"); e != j.end() && !e->is_null()) {
        std::string msg = e->is_object()   ? e->value("message", "")
                          : e->is_string() ? e->get<std::string>()
                                           : "";
        return Error::make("llm-stream-error", "the server reported an error during the stream" +
                                                   (msg.empty() ? "" : ": " + msg));
    }
    if (out.responseId.empty())
        out.responseId = j.value("id", "");
    if (out.model.empty())
        out.model = j.value("model", "");
    readChoice(j, out, m_finished, "delta");
    if (auto u = j.find("usage"); u != j.end() && u->is_object())
        readUsage(*u, out.usage);
    return okStatus();
}

Status OpenAiStreamDecoder::finish(Completion&) {
    // Servers that never send [DONE] still end every choice with a finish_reason.
    if (!m_done && !m_finished)
        return Error::make("llm-stream-truncated",
                           "the chat-completions stream ended before its finish_reason and [DONE]: "
                           "the response is incomplete");
    return okStatus();
}

Status OpenAiStreamDecoder::decodeWhole(const std::string& body, Completion& out) {
    auto j = nlohmann::json::parse(body, nullptr, false);
    if (j.is_discarded() || !j.is_object() || !j.contains("choices"))
        return Error::make("llm-bad-response",
                           "the answer is neither a stream nor a chat completion");
    out.responseId = j.value("id", "");
    out.model = j.value("model", "");
    bool finished = false;
    readChoice(j, out, finished, "message");
    if (auto u = j.find("usage"); u != j.end())
        readUsage(*u, out.usage);
    return okStatus();
}

} // namespace kwb
