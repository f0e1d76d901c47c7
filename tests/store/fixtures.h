#pragma once
// Shared pieces of the store tests: temporary folders, task specs from the repository, samples,
// honest-looking verification records built for tests only, child processes.
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/model/sample.h"
#include "core/model/task.h"
#include "core/model/verification.h"
#include "tests/support/check.h"

namespace kwbtest {

// A fresh folder under $TMPDIR, removed at exit unless KWB_KEEP_TEST_FILES is set.
std::filesystem::path tempDir(const std::string& tag);
std::filesystem::path sourceDir();     // the repository
kwb::Task task(const std::string& id); // resources/tasks/<id>.toml
kwb::Sample sample(const std::string& taskId, const std::string& source,
                   const std::string& model = "model-a");
// A record shaped like the verifier's, for tests: the store needs one of the sample's source.
kwb::verification::VerificationRecordData
record(const kwb::Sample& s, const std::string& verdict, std::optional<double> speedup,
       const std::string& gpu = "NVIDIA H200 (test record)");
std::string fileBytes(const std::filesystem::path& p);
void writeFile(const std::filesystem::path& p, const std::string& text);

// Child processes, started without a shell.
struct ProcessResult {
    int exitCode = -1; // -signal when killed by a signal, -1000 on timeout
    std::string out, err;
};
int spawnProcess(const std::vector<std::string>& argv,
                 const std::map<std::string, std::string>& env,
                 const std::filesystem::path& outFile, const std::filesystem::path& errFile);
// Waits up to timeoutMs; kills the child (SIGKILL) on timeout.
int waitProcess(int pid, int timeoutMs);
ProcessResult runProcess(const std::vector<std::string>& argv,
                         const std::map<std::string, std::string>& env = {},
                         int timeoutMs = 120000);
std::string kwbPath();
std::string writerPath();

} // namespace kwbtest
