#pragma once
// Test helpers for the suites that run `kwb` as a real child process (KWB_CLI_PATH): start it
// with arguments and environment overrides, its stdout and stderr captured in files (kept, so a
// test can grep every run's output at the end), wait with a deadline, and read a project file
// afterwards. Test code only.
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <string>
#include <sys/types.h>
#include <vector>

namespace kwbtest {

struct Run {
    int exitCode = -1; // -2: killed by a signal (or at the deadline)
    std::string out, err;
};

struct Started {
    pid_t pid = -1;
    std::filesystem::path outFile, errFile;
};

std::string slurp(const std::filesystem::path& p);
// Starts kwb with args and extra environment entries ("NAME=value"; "NAME=" removes NAME), its
// output captured in stdout-N.txt and stderr-N.txt under dir.
Started startKwb(const std::vector<std::string>& args, const std::vector<std::string>& env,
                 const std::filesystem::path& dir);
// Waits for a started kwb; kills it after limit.
Run finishKwb(const Started& started, std::chrono::seconds limit = std::chrono::seconds(60));
Run runKwb(const std::vector<std::string>& args, const std::vector<std::string>& env,
           const std::filesystem::path& dir, std::chrono::seconds limit = std::chrono::seconds(60));
// Every regular file under dir that contains needle.
std::vector<std::string> filesContaining(const std::filesystem::path& dir,
                                         const std::string& needle);
std::size_t lines(const std::filesystem::path& p);
// One integer (or text) from a query on a project file opened for it; -1 (or "") on an error.
std::int64_t queryInt(const std::filesystem::path& project, const std::string& sql);
std::string queryText(const std::filesystem::path& project, const std::string& sql);
std::size_t occurrences(const std::string& text, const std::string& needle);

} // namespace kwbtest
