// The bad-input suites: `kwb_bad_input_tests <suite>` runs one (ctest registers each),
// `--list` names them, no argument runs all.
#include "tests/badinput/registry.h"
#include "tests/support/suite_runner.h"

namespace kwbtest {
std::map<std::string, std::function<void()>>& badInputSuites() {
    static std::map<std::string, std::function<void()>> suites;
    return suites;
}
} // namespace kwbtest

int main(int argc, char** argv) {
    return kwbtest::runSuites(kwbtest::badInputSuites(), argc, argv);
}
