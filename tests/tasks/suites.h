#pragma once
// The suites of kwb_tasks_tests; each records its checks in kwbtest::counts().
#include <filesystem>

void modelTests();
void formulaTests();
void loaderTests();
void builtinSuiteTests();
void cpuReferenceTests();
void suiteReferenceTests();
void suiteReferenceCrossTests(); // called by suiteReferenceTests
void catalogTests();
void taskFolderTests(); // reference kernels, library baselines by name, kwb tasks new
void cliTests();        // kwb tasks and kwb suite as child processes
// Compiles one .cu with real nvcc; returns kwbtest::kSkip when nvcc is absent, else 0.
int compileTest(const std::filesystem::path& file, bool expectSuccess);

// The repository's tests/tasks folder and resources/tasks folder (compile definitions).
std::filesystem::path testSourceDir();
std::filesystem::path taskSourceDir();
