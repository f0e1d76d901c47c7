#pragma once
// The environment every child process of ours gets (the worker, nvcc, ssh, tools).
#include <string>
#include <vector>

namespace kwb {

// An allow-list of the caller's variables, so no API key ever reaches a child.
std::vector<std::string> scrubbedEnvironment();

} // namespace kwb
