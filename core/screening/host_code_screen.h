#pragma once
// Screening of a candidate's host code before it is built: what a kernel launcher never needs
// (system calls, descriptors, files, sockets, pipes, dynamic loading, threads, processes, the
// environment, signal handlers, host assembly, host callbacks, streams and graphs of its own,
// allocation, device resets, work on the default streams, libraries the task does not allow).
//
// Device code (bodies of __global__ and __device__ functions) is left alone. The screen
// over-approximates on purpose: where the preprocessor could make the compiler see something
// other than what the screen sees (a conditional inside a device function's head or body, a macro
// that adds braces or execution-space keywords, a redefined reserved name), that code is screened
// as host code, and the trick itself is a finding. A finding never fails a verification by
// itself; it makes a pass "pass, needs a human" and keeps the sample out of exports by default.
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace kwb {

struct ScreeningFinding {
    std::string
        kind;     // stable: "dynamic-loading", "thread", "default-stream", ... (screeningKinds())
    int line = 0; // 1-based line in the candidate
    std::string text; // that line, trimmed (at most 160 characters)
};

struct ScreeningOptions {
    // Libraries the task allows (its allowed_libraries: "cublas", "cublaslt", "cudnn", "cub",
    // "thrust", ...); calls into any other are findings.
    std::vector<std::string> allowedLibraries;
};

struct ScreeningResult {
    static constexpr int kVersion = 2; // bumped when the rules change, so old records say which ran
    std::vector<ScreeningFinding> findings;
};

ScreeningResult screenHostCode(std::string_view source, const ScreeningOptions& options = {});

// Every kind the screen reports, with one sentence for people.
const std::vector<std::pair<std::string, std::string>>& screeningKinds();
std::string describeScreeningKind(std::string_view kind);

nlohmann::json toJson(const ScreeningResult& result);

} // namespace kwb
