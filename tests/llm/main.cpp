// The LLM suites: `kwb_llm_tests <suite>` runs one (ctest registers each), no argument runs all.
#include <functional>
#include <map>
#include <string>

#include "tests/llm/suites.h"
#include "tests/support/suite_runner.h"

int main(int argc, char** argv) {
    const std::map<std::string, std::function<void()>> suites = {
        {"sse", kwbtest::sseTests},
        {"retry", kwbtest::retryTests},
        {"settings", kwbtest::settingsTests},
        {"prompt", kwbtest::promptTests},
        {"extract", kwbtest::extractTests},
        {"sink", kwbtest::sinkTests},
        {"client", kwbtest::clientTests},
        {"generate", kwbtest::generateTests},
        {"cli", kwbtest::cliTests},
        {"project-sink", kwbtest::projectSinkTests},
        {"generate-cli", kwbtest::generateCliTests},
    };
    return kwbtest::runSuites(suites, argc, argv);
}
