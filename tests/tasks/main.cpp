// kwb_tasks_tests: the task suite's tests, one suite per run so ctest reports them apart.
//   kwb_tasks_tests <model|formula|loader|builtin|cpuref|suiteref|catalog|taskfolder|cli>
//   kwb_tasks_tests compile <file.cu> <pass|fail>
#include <cstdio>
#include <string>

#include "tests/support/check.h"
#include "tests/tasks/suites.h"

int main(int argc, char** argv) {
    const std::string suite = argc > 1 ? argv[1] : "";
    int rc = -1;
    if (suite == "model")
        modelTests();
    else if (suite == "formula")
        formulaTests();
    else if (suite == "loader")
        loaderTests();
    else if (suite == "builtin")
        builtinSuiteTests();
    else if (suite == "cpuref")
        cpuReferenceTests();
    else if (suite == "suiteref")
        suiteReferenceTests();
    else if (suite == "catalog")
        catalogTests();
    else if (suite == "taskfolder")
        taskFolderTests();
    else if (suite == "cli")
        cliTests();
    else if (suite == "compile" && argc == 4)
        rc = compileTest(argv[2], std::string(argv[3]) == "pass");
    else {
        std::fprintf(
            stderr,
            "usage: %s <model|formula|loader|builtin|cpuref|suiteref|catalog|taskfolder|cli> | "
            "compile <file.cu> "
            "<pass|fail>\n",
            argv[0]);
        return 2;
    }
    if (rc == kwbtest::kSkip)
        return rc;
    const auto& c = kwbtest::counts();
    std::printf("%d passed, %d failed\n", c.passed, c.failed);
    return c.failed == 0 && c.passed > 0 ? 0 : 1;
}
