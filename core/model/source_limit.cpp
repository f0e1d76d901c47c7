#include "core/model/source_limit.h"

#include <cstdio>

namespace kwb {

std::string sourceTooLargeMessage(std::size_t sourceBytes) {
    auto mib = [](std::size_t b) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.1f MiB", double(b) / double(1u << 20));
        return std::string(buf);
    };
    return "the candidate source is " + mib(sourceBytes) + " (" + std::to_string(sourceBytes) +
           " bytes); the workbench verifies and stores sources of up to " + mib(kMaxSourceBytes) +
           " (" + std::to_string(kMaxSourceBytes) +
           " bytes; a kernel file is a few KiB: is this the right file?)";
}

} // namespace kwb
