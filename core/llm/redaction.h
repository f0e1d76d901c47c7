#pragma once
// Keeps secrets (API keys) out of everything the workbench shows or writes: error messages,
// logs, stored responses. Every string that crossed the network or names a request passes here.
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace kwb {

inline constexpr std::string_view kRedacted = "[redacted]";

// Every occurrence of every secret (empty ones and ones shorter than 6 characters ignored).
std::string redactSecrets(std::string_view text, const std::vector<std::string>& secrets);
// The same for every string (keys included) inside a JSON value, in place.
void redactSecrets(nlohmann::json& value, const std::vector<std::string>& secrets);

// Every URL's user information ("scheme://user:password@host") becomes "scheme://[redacted]@host":
// a key given in --base-url must not reach a project or a log even when no setting names it.
std::string redactUrlUserinfo(std::string_view text);
// The user information of a URL ("user:password" and its parts, "user" and "password"), as
// secrets to redact wherever else they appear; none when the URL has none.
std::vector<std::string> urlUserinfoSecrets(std::string_view url);
// A URL without its user information ("https://user:key@host/v1" -> "https://host/v1").
std::string withoutUrlUserinfo(std::string_view url);
// What every stored or logged string passes through: redactSecrets, then redactUrlUserinfo.
std::string redactForStorage(std::string_view text, const std::vector<std::string>& secrets);
void redactForStorage(nlohmann::json& value, const std::vector<std::string>& secrets);

} // namespace kwb
