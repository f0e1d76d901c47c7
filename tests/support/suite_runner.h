#pragma once
// The main() of the Qt-free suites: `<binary> <suite>` runs one (ctest registers each), `--list`
// names them, no argument runs all; the CHECK counts become "N passed, N failed" and the exit code.
#include <cstdio>
#include <cstring>
#include <functional>
#include <map>
#include <string>

#include "tests/support/check.h"

namespace kwbtest {

inline int runSuites(const std::map<std::string, std::function<void()>>& suites, int argc,
                     char** argv) {
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
    std::printf("%d passed, %d failed\n", counts().passed, counts().failed);
    return counts().failed ? 1 : 0;
}

} // namespace kwbtest
