#pragma once
// Builds a candidate into a shared library with nvcc, confined like a job (build_sandbox.h: memory,
// CPU and file-size limits, read-only Landlock, no sockets, a scrubbed environment, its own process
// group killed at the deadline), and caches the result by source + flags + architecture + compiler.
// Runs in the worker's main process; the library is only ever loaded by a job child.
#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/model/error.h"
#include "core/model/task.h"
#include "core/protocol/diagnostics.h"

namespace kwb::gpu {

struct BuildRequest {
    std::string source; // the candidate file's text
    std::string fileName = "candidate.cu";
    std::string entrySignature; // the task's declared signature, enforced by the shim
    std::string entryName;
    std::vector<Parameter> parameters; // the task's, in signature order: the call shim's shape
    std::string arch = "sm_90";
    std::vector<std::string> allowedLibraries; // "cublas", "cublaslt", "cudnn", "cub"
};

struct BuildOutcome {
    bool ok = false;
    bool cached = false;
    std::string key;         // cache key (SHA-256)
    std::string sourceHash;  // SHA-256 of the source alone
    std::string libraryPath; // the .so, when ok
    double seconds = 0;      // nvcc's wall time (0 when cached)
    std::string nvccVersion;
    std::vector<std::string> flags;
    std::vector<Diagnostic> diagnostics;
    std::vector<KernelResources> resources;
    std::string log;     // compiler output (candidate's diagnostics only), at most 64 KiB
    std::string failure; // for !ok: one sentence
    // Why the build was stopped: "memory", "time", "file-size", "signal"; "denied": it read a
    // file outside the candidate; "input": not source text. Such outcomes are never cached.
    std::string stopped;
    struct Confinement {
        bool limits = false, landlock = false, seccomp = false;
        std::string note; // what could not be applied, and why
    } sandbox;
};

void to_json(nlohmann::json& j, const BuildOutcome& b);

class BuildCache {
public:
    // confiner: the kwb-runner executable, which confines each build (`--confined-build`).
    BuildCache(std::filesystem::path root, std::string nvccPath, std::string confiner);
    // Error only for a broken environment (no nvcc, unwritable cache); a compile error is an
    // outcome with ok = false.
    Result<BuildOutcome> build(const BuildRequest& request, std::chrono::seconds timeout);
    const std::string& nvccVersion();

private:
    std::filesystem::path m_root;
    std::string m_nvcc;
    std::string m_confiner;
    std::string m_nvccVersion;
};

// The source nvcc sees: the candidate behind a #line directive, then the shim that pins the
// entry's signature and exports its address.
std::string wrapCandidate(const BuildRequest& request);
std::vector<std::string> buildFlags(const BuildRequest& request);

} // namespace kwb::gpu
