#include "tests/tasks/suites.h"

// Both set by tests/tasks/CMakeLists.txt.
std::filesystem::path testSourceDir() {
    return KWB_TEST_SOURCE_DIR;
}
std::filesystem::path taskSourceDir() {
    return KWB_TASK_SOURCE_DIR;
}
