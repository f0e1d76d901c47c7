#pragma once
// --seed as every kwb command takes it: a decimal number from 1 to 18446744073709551615
// (2^64 - 1). Signs, other digits and larger numbers are refused instead of wrapping to one
// value; 0 is refused where leaving --seed out means "random" (verify, samples verify, suite),
// so a seed written down always reproduces the run.
#include <cstdint>
#include <string>

#include <CLI/CLI.hpp>

namespace kwb::cli {

// Adds --seed to cmd; allowZero where 0 is a seed like any other (export's split).
CLI::Option* addSeedOption(CLI::App* cmd, std::uint64_t& seed, const std::string& help,
                           bool allowZero = false);
// "" when text is such a seed, else why not (the option parser's message).
std::string seedProblem(const std::string& text, bool allowZero);

} // namespace kwb::cli
