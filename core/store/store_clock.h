#pragma once
// Timestamps the project store writes: ISO 8601 UTC with milliseconds, "2025-01-31T12:00:00.123Z",
// so that text order is time order.
#include <string>

namespace kwb {

std::string utcNowIso();

} // namespace kwb
