#include "core/llm/redaction.h"

#include <algorithm>
#include <optional>
#include <utility>

namespace kwb {

std::string redactSecrets(std::string_view text, const std::vector<std::string>& secrets) {
    std::string out(text);
    // Longest first: a key that contains another is replaced whole.
    std::vector<const std::string*> order;
    for (const auto& s : secrets)
        order.push_back(&s);
    std::stable_sort(order.begin(), order.end(), [](const std::string* a, const std::string* b) {
        return a->size() > b->size();
    });
    for (const std::string* sp : order) {
        const std::string& s = *sp;
        if (s.size() < 6)
            continue;
        for (std::size_t pos = out.find(s); pos != std::string::npos;
             pos = out.find(s, pos + kRedacted.size()))
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

namespace {

// Where the user information of a URL starting at `scheme` ("://" at colon) lies: [begin, at) with
// text[at] == '@'; nothing when the authority has no '@'.
std::optional<std::pair<std::size_t, std::size_t>> userinfoAt(std::string_view text,
                                                              std::size_t colon) {
    std::size_t begin = colon + 3;
    for (std::size_t i = begin; i < text.size(); ++i) {
        char c = text[i];
        if (c == '@')
            return i > begin ? std::optional(std::pair(begin, i)) : std::nullopt;
        if (c == '/' || c == '?' || c == '#' || c == '"' || c == '\'' || c == '<' || c == '>' ||
            static_cast<unsigned char>(c) <= ' ')
            return std::nullopt;
    }
    return std::nullopt;
}

} // namespace

std::string redactUrlUserinfo(std::string_view text) {
    std::string out;
    std::size_t from = 0;
    for (std::size_t colon = text.find("://"); colon != std::string_view::npos;
         colon = text.find("://", colon + 3)) {
        auto span = userinfoAt(text, colon);
        if (!span)
            continue;
        out.append(text.substr(from, span->first - from));
        out.append(kRedacted);
        from = span->second;
        colon = span->second - 2; // the next search starts past the '@'
    }
    out.append(text.substr(from));
    return out;
}

std::vector<std::string> urlUserinfoSecrets(std::string_view url) {
    std::size_t colon = url.find("://");
    if (colon == std::string_view::npos)
        return {};
    auto span = userinfoAt(url, colon);
    if (!span)
        return {};
    std::string info(url.substr(span->first, span->second - span->first));
    std::vector<std::string> out{info};
    if (auto c = info.find(':'); c != std::string::npos) {
        out.push_back(info.substr(0, c));
        out.push_back(info.substr(c + 1));
    }
    return out;
}

std::string withoutUrlUserinfo(std::string_view url) {
    std::size_t colon = url.find("://");
    if (colon == std::string_view::npos)
        return std::string(url);
    auto span = userinfoAt(url, colon);
    if (!span)
        return std::string(url);
    return std::string(url.substr(0, span->first)) + std::string(url.substr(span->second + 1));
}

std::string redactForStorage(std::string_view text, const std::vector<std::string>& secrets) {
    return redactUrlUserinfo(redactSecrets(text, secrets));
}

void redactForStorage(nlohmann::json& value, const std::vector<std::string>& secrets) {
    if (value.is_string()) {
        value = redactForStorage(value.get_ref<const std::string&>(), secrets);
    } else if (value.is_array()) {
        for (auto& v : value)
            redactForStorage(v, secrets);
    } else if (value.is_object()) {
        nlohmann::json out = nlohmann::json::object();
        for (auto& [k, v] : value.items()) {
            redactForStorage(v, secrets);
            out[redactForStorage(k, secrets)] = std::move(v);
        }
        value = std::move(out);
    }
}

} // namespace kwb
