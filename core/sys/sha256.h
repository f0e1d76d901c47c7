#pragma once
// SHA-256, for build-cache keys and the source hash a verification record carries.
#include <string>
#include <string_view>

namespace kwb {

std::string sha256Hex(std::string_view data);

} // namespace kwb
