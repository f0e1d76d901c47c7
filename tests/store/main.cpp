// kwb_store_tests: the project store's tests on real SQLite files and real processes, one
// suite per run so ctest reports them apart.
//   kwb_store_tests <suite>
#include <cstdio>
#include <map>
#include <string>

#include "tests/store/fixtures.h"
#include "tests/store/suites.h"

int main(int argc, char** argv) {
    const std::map<std::string, void (*)()> suites = {{"schema", schemaTests},
                                                      {"open-errors", openErrorTests},
                                                      {"samples", sampleTests},
                                                      {"reviews", reviewTests},
                                                      {"queries", queryTests},
                                                      {"filters", filterTests},
                                                      {"dedup", dedupTests},
                                                      {"import", importTests},
                                                      {"export", exportTests},
                                                      {"demo", demoTests},
                                                      {"concurrent", concurrentWriterTests},
                                                      {"kill", killTests},
                                                      {"cli", cliTests}};
    auto it = argc == 2 ? suites.find(argv[1]) : suites.end();
    if (it == suites.end()) {
        std::string names;
        for (const auto& [k, v] : suites)
            names += (names.empty() ? "" : "|") + k;
        std::fprintf(stderr, "usage: %s <%s>\n", argv[0], names.c_str());
        return 2;
    }
    it->second();
    const auto& c = kwbtest::counts();
    std::printf("%d passed, %d failed\n", c.passed, c.failed);
    return c.failed == 0 && c.passed > 0 ? 0 : 1;
}
