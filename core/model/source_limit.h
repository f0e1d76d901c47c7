#pragma once
// The largest candidate source the workbench verifies, imports, stores or sends to a worker:
// one limit for the client, the worker, the import and the project (README, "Projects, review
// and exports"). A value type's rule, so every layer that holds a sample can check it.
#include <cstddef>
#include <string>

namespace kwb {

// JSON escaping grows a source at most six times (a control byte becomes \u00XX), so a worker
// request of this source and its task stays far inside the protocol's line limit.
inline constexpr std::size_t kMaxSourceBytes = 1u << 20;

// What the user reads when a candidate source is over kMaxSourceBytes.
std::string sourceTooLargeMessage(std::size_t sourceBytes);

} // namespace kwb
