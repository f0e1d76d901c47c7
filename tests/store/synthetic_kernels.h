#pragma once
// Generated CUDA-like kernel sources for the store tests and the benchmark: each seed gives a
// different ~2-4 KB file (its own helper functions, names and constants), so unrelated seeds
// are not near duplicates of each other. Not meant to compile; the store never compiles.
#include <cstdint>
#include <string>

namespace kwbtest {

std::string syntheticKernel(const std::string& taskId, std::uint64_t seed);

} // namespace kwbtest
