#include "core/llm/redaction.h"

#include <algorithm>

namespace kwb {

std::string redactSecrets(std::string_view text, const std::vector<std::string>& secrets) {
    std::string out(text);
    // Longest first: a key that contains another is replaced whole.
    std::vector<const std::string*> order;
    for (const auto& s : secrets)
        order.push_back(&s);
    std::stable_sort(order.begin(), order.end(), [](const std::string* a, const std::string* b) { return a->size() > b->size(); });
    for (const std::string* sp : order) {
        const std::string& s = *sp;
        if (s.size() < 6)
            continue;
        for (std::size_t pos = out.find(s); pos != std::string::npos; pos = out.find(s, pos + kRedacted.size()))
            out.replace(pos, s.size(), kRedacted);
    }
    return out;
}

void redactSecrets(nlohmann::json& value, const std::vector<std::string>& secrets) {
    if (value.is_string()) {
        value = redactSecrets(value.get_ref<const std::string&>(), secrets);
    } else if (value.is_array()) {
        for (auto& v : value)
            redactSecrets(v, secrets);
    } else if (value.is_object()) {
        nlohmann::json out = nlohmann::json::object();
        for (auto& [k, v] : value.items()) {
            redactSecrets(v, secrets);
            out[redactSecrets(k, secrets)] = std::move(v);
        }
        value = std::move(out);
    }
}

} // namespace kwb
