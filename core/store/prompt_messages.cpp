#include "core/store/prompt_messages.h"

#include "core/sys/sha256.h"

namespace kwb {
namespace {

// Content as text: a string, or the text blocks of a list of content blocks (Anthropic style).
std::string contentText(const nlohmann::json& c) {
    if (c.is_string())
        return c.get<std::string>();
    std::string out;
    if (c.is_array())
        for (const auto& b : c)
            if (b.is_object() && b.contains("text") && b["text"].is_string())
                out += b["text"].get<std::string>();
    return out;
}

} // namespace

nlohmann::json promptMessages(const Sample& sample, const Task& task) {
    nlohmann::json out = nlohmann::json::array();
    if (sample.messages.is_array())
        for (const auto& m : sample.messages) {
            if (!m.is_object() || !m.contains("role") || !m["role"].is_string() ||
                m["role"] == "assistant")
                break;
            out.push_back({{"role", m["role"]},
                           {"content", contentText(m.value("content", nlohmann::json()))}});
        }
    if (out.empty())
        out.push_back({{"role", "user"}, {"content", task.prompt}});
    return out;
}

std::string promptHash(const nlohmann::json& messages) {
    return sha256Hex(messages.dump()).substr(0, 32);
}

} // namespace kwb
