// The LLM suites: `kwb_llm_tests <suite>` runs one (ctest registers each), no argument runs all.
#include <cstdio>
#include <cstring>
#include <functional>
#include <map>
#include <string>

#include "tests/support/check.h"
#include "tests/llm/suites.h"

int main(int argc, char** argv) {
    const std::map<std::string, std::function<void()>> suites = {
        {"sse", kwbtest::sseTests},         {"retry", kwbtest::retryTests},
        {"settings", kwbtest::settingsTests}, {"prompt", kwbtest::promptTests},
        {"extract", kwbtest::extractTests}, {"sink", kwbtest::sinkTests},
        {"client", kwbtest::clientTests},   {"generate", kwbtest::generateTests},
        {"cli", kwbtest::cliTests},         {"project-sink", kwbtest::projectSinkTests},
        {"generate-cli", kwbtest::generateCliTests},
    };
    for (const auto& [name, run] : suites) {
        if (argc > 1 && name != argv[1])
            continue;
        std::printf("== %s\n", name.c_str());
        std::fflush(stdout);
        run();
    }
    if (argc > 1 && !suites.count(argv[1])) {
        std::printf("unknown suite %s\n", argv[1]);
        return 2;
    }
    std::printf("%d passed, %d failed\n", kwbtest::counts().passed, kwbtest::counts().failed);
    return kwbtest::counts().failed ? 1 : 0;
}
