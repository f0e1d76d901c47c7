#include "core/llm/chat_types.h"

namespace kwb {

nlohmann::json toJson(const ChatRequest& r) {
    nlohmann::json msgs = nlohmann::json::array();
    for (const auto& m : r.messages)
        msgs.push_back({{"role", m.role}, {"content", m.content}});
    nlohmann::json j = {
        {"model", r.model}, {"system", r.system}, {"messages", msgs}, {"max_tokens", r.maxTokens}};
    if (r.temperature)
        j["temperature"] = *r.temperature;
    if (r.topP)
        j["top_p"] = *r.topP;
    if (!r.stopSequences.empty())
        j["stop"] = r.stopSequences;
    return j;
}

nlohmann::json toJson(const TokenUsage& u) {
    nlohmann::json j = {{"input_tokens", u.inputTokens},
                        {"output_tokens", u.outputTokens},
                        {"reported", u.reported}};
    if (u.cacheReadTokens)
        j["cache_read_tokens"] = u.cacheReadTokens;
    if (u.cacheWriteTokens)
        j["cache_write_tokens"] = u.cacheWriteTokens;
    return j;
}

nlohmann::json metadataJson(const Completion& c) {
    return {{"stop_reason", c.stopReason}, {"model", c.model},
            {"response_id", c.responseId}, {"usage", toJson(c.usage)},
            {"attempts", c.attempts},      {"http_status", c.httpStatus},
            {"chunks", c.chunks},          {"bytes", c.bytes},
            {"queued_s", c.queuedSeconds}, {"first_token_s", c.firstTokenSeconds},
            {"total_s", c.totalSeconds}};
}

} // namespace kwb
