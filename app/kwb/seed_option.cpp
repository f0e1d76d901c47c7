#include "app/kwb/seed_option.h"

#include <charconv>

namespace kwb::cli {

std::string seedProblem(const std::string& text, bool allowZero) {
    const std::string range = allowZero ? "0 to 18446744073709551615" : "1 to 18446744073709551615";
    if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos)
        return "--seed takes a whole number from " + range + ", got \"" + text + "\"";
    std::uint64_t value = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec == std::errc::result_out_of_range)
        return "--seed " + text + " is larger than 18446744073709551615";
    if (ec != std::errc() || end != text.data() + text.size())
        return "--seed takes a whole number from " + range + ", got \"" + text + "\"";
    if (value == 0 && !allowZero)
        return "--seed 0 is not a seed here (leave --seed out for a random one; any of 1 to "
               "18446744073709551615 repeats a run)";
    return {};
}

CLI::Option* addSeedOption(CLI::App* cmd, std::uint64_t& seed, const std::string& help,
                           bool allowZero) {
    return cmd->add_option("--seed", seed, help)
        ->check(
            CLI::Validator([allowZero](std::string& text) { return seedProblem(text, allowZero); },
                           "SEED", "seed"));
}

} // namespace kwb::cli
