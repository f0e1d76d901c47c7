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

} // namespace kwb
