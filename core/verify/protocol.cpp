#include "core/verify/protocol.h"

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

std::string frame(const nlohmann::json& msg) {
    // dump() escapes control characters, so the line holds no raw newline.
    return msg.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

} // namespace kwb::protocol
