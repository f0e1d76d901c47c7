#include "core/protocol/protocol.h"

#include <cstdio>
#include <limits>

namespace kwb::protocol {

nlohmann::json helloRequest(const std::string& client, int version) {
    return {{"type", "hello"}, {"protocol", version}, {"client", client}};
}

nlohmann::json request(long long id, const std::string& type, nlohmann::json params) {
    nlohmann::json j = {{"id", id}, {"type", type}};
    if (!params.is_null())
        j["params"] = std::move(params);
    return j;
}

namespace {
nlohmann::json replyBase(const nlohmann::json& req) {
    nlohmann::json j = nlohmann::json::object();
    if (req.is_object() && req.contains("id"))
        j["id"] = req["id"];
    j["type"] = (req.is_object() && req.contains("type") && req["type"].is_string())
                    ? req["type"]
                    : nlohmann::json("error");
    return j;
}
} // namespace

nlohmann::json okReply(const nlohmann::json& req, nlohmann::json result) {
    nlohmann::json j = replyBase(req);
    j["ok"] = true;
    if (!result.is_null())
        j["result"] = std::move(result);
    return j;
}

nlohmann::json errorReply(const nlohmann::json& req, const std::string& code,
                          const std::string& message) {
    nlohmann::json j = replyBase(req);
    j["ok"] = false;
    j["error"] = {{"code", code}, {"message", message}};
    return j;
}

namespace {
// Reads only what a request's top level says about "id" and "type"; stops at the first error
// (a cut-off line ends in one) or once both are known.
struct HeadReader : nlohmann::json_sax<nlohmann::json> {
    RequestHead head;
    int depth = 0;
    std::string m_key;
    bool done() const { return head.id && !head.type.empty(); }
    bool atTop() const { return depth == 1; }
    bool value() {
        m_key.clear();
        return !done();
    }
    bool null() override { return value(); }
    bool boolean(bool) override { return value(); }
    bool number_integer(number_integer_t v) override {
        if (atTop() && m_key == "id")
            head.id = v;
        return value();
    }
    bool number_unsigned(number_unsigned_t v) override {
        if (atTop() && m_key == "id" &&
            v <= number_unsigned_t(std::numeric_limits<long long>::max()))
            head.id = static_cast<long long>(v);
        return value();
    }
    bool number_float(number_float_t, const string_t&) override { return value(); }
    bool string(string_t& v) override {
        if (atTop() && m_key == "type")
            head.type = v;
        return value();
    }
    bool binary(binary_t&) override { return value(); }
    bool start_object(std::size_t) override {
        ++depth;
        m_key.clear();
        return true;
    }
    bool key(string_t& k) override {
        m_key = k;
        return true;
    }
    bool end_object() override {
        --depth;
        return value();
    }
    bool start_array(std::size_t) override {
        ++depth;
        m_key.clear();
        return true;
    }
    bool end_array() override {
        --depth;
        return value();
    }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override {
        return false;
    }
};
} // namespace

RequestHead requestHeadOf(std::string_view line) {
    HeadReader reader;
    const std::string_view prefix = line.substr(0, 64u << 10);
    (void)nlohmann::json::sax_parse(prefix.begin(), prefix.end(), &reader);
    return reader.head;
}

nlohmann::json errorReplyToHead(const RequestHead& head, const std::string& code,
                                const std::string& message) {
    nlohmann::json req = nlohmann::json::object();
    if (head.id)
        req["id"] = *head.id;
    if (!head.type.empty())
        req["type"] = head.type;
    return errorReply(req, code, message);
}

std::string frame(const nlohmann::json& msg) {
    // dump() escapes control characters, so the line holds no raw newline.
    return msg.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

} // namespace kwb::protocol
