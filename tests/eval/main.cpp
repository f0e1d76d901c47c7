// The evaluation suites: `kwb_eval_tests <suite>` runs one (ctest registers each), no argument
// runs all.
#include <functional>
#include <map>
#include <string>

#include "tests/eval/suites.h"
#include "tests/support/suite_runner.h"

int main(int argc, char** argv) {
    const std::map<std::string, std::function<void()>> suites = {
        {"plan", kwbtest::planTests},
        {"metrics", kwbtest::metricsTests},
        {"store", kwbtest::evalStoreTests},
        {"acceptance", kwbtest::acceptanceTests},
    };
    return kwbtest::runSuites(suites, argc, argv);
}
