// The LLM suites: `kwb_llm_tests <suite>` runs one (ctest registers each), no argument runs all.
#include <cstdio>
#include <cstring>
#include <functional>
#include <map>
#include <string>

#include "tests/llm/check.h"
#include "tests/llm/suites.h"

int main(int argc, char** argv) {
    const std::map<std::string, std::function<void()>> suites = {
        {"sse", llmtest::sseTests},         {"retry", llmtest::retryTests},
        {"settings", llmtest::settingsTests}, {"prompt", llmtest::promptTests},
        {"extract", llmtest::extractTests}, {"sink", llmtest::sinkTests},
        {"client", llmtest::clientTests},   {"generate", llmtest::generateTests},
        {"cli", llmtest::cliTests},         {"project-sink", llmtest::projectSinkTests},
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
    std::printf("%d passed, %d failed\n", llmtest::counts().passed, llmtest::counts().failed);
    return llmtest::counts().failed ? 1 : 0;
}
