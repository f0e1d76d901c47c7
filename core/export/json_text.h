#pragma once
// Writing JSON text fast for large exports: strings escaped straight into a buffer (control
// characters, quotes, backslashes; invalid UTF-8 replaced by U+FFFD so every line is valid
// JSON). nlohmann's dump is exact but several times slower on kernel-sized strings.
#include <string>
#include <string_view>

namespace kwb {

// Appends s as a JSON string literal, quotes included; returns how many bytes were not valid
// UTF-8 (each written as U+FFFD), so an export can say which samples it had to change.
std::size_t appendJsonString(std::string& out, std::string_view s);

} // namespace kwb
