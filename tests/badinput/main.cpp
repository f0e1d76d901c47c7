// The bad-input suites: `kwb_bad_input_tests <suite>` runs one (ctest registers each),
// `--list` names them, no argument runs all.
#include <cstdio>
#include <cstring>

#include "tests/badinput/registry.h"
#include "tests/support/check.h"

namespace kwbtest {
std::map<std::string, std::function<void()>>& badInputSuites() {
    static std::map<std::string, std::function<void()>> suites;
    return suites;
}
} // namespace kwbtest

int main(int argc, char** argv) {
    const auto& suites = kwbtest::badInputSuites();
    if (argc > 1 && std::strcmp(argv[1], "--list") == 0) {
        for (const auto& entry : suites)
            std::printf("%s\n", entry.first.c_str());
        return 0;
    }
    if (argc > 1 && !suites.count(argv[1])) {
        std::printf("unknown suite %s\n", argv[1]);
        return 2;
    }
    for (const auto& [name, run] : suites) {
        if (argc > 1 && name != argv[1])
            continue;
        std::printf("== %s\n", name.c_str());
        std::fflush(stdout);
        run();
    }
    std::printf("%d passed, %d failed\n", kwbtest::counts().passed, kwbtest::counts().failed);
    return kwbtest::counts().failed ? 1 : 0;
}
