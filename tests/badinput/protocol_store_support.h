#pragma once
// Helpers of the protocol and project-store bad-input suites (protocol_store_cases.cpp,
// protocol_store_project_cases.cpp): a fresh folder, a project with samples made by kwb itself,
// files written whole. Test code only.
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

#include "tests/support/check.h"
#include "tests/support/kwb_process.h"

namespace kwbtest::ps {

inline std::filesystem::path freshDir(const std::string& name) {
    auto dir = std::filesystem::temp_directory_path() /
               ("kwb-bad-input-" + name + "-" + std::to_string(::getpid()));
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
    std::filesystem::create_directories(dir);
    return dir;
}

inline void writeFile(const std::filesystem::path& p, const std::string& bytes) {
    std::ofstream f(p, std::ios::binary | std::ios::trunc);
    f << bytes;
}

inline std::string readFile(const std::filesystem::path& p) {
    return slurp(p);
}

// A kernel for gelu-f32 that differs by `n` (so that no two are duplicates).
inline std::string kernelSource(int n, std::size_t padLines = 0) {
    std::string s =
        "// sample " + std::to_string(n) + "\n#include <cuda_runtime.h>\n__global__ void gelu_" +
        std::to_string(n) +
        "(const float* x, float* y, int n) {\n  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
        "  if (i < n) y[i] = 0.5f * x[i] * (1.0f + tanhf(0.7978845608f * (x[i] + 0.044715f * x[i] "
        "* x[i] * x[i]) * " +
        std::to_string(n % 7 + 1) + ".0f / " + std::to_string(n % 7 + 1) + ".0f));\n}\n";
    for (std::size_t i = 0; i < padLines; ++i)
        s += "// padding line " + std::to_string(i * 7919 + std::size_t(n)) + " of sample " +
             std::to_string(n) + "\n";
    return s +
           "extern \"C\" void kwb_gelu(const float* x, float* y, int n, cudaStream_t stream) {\n"
           "  gelu_" +
           std::to_string(n) + "<<<(n + 255) / 256, 256, 0, stream>>>(x, y, n);\n}\n";
}

// A JSONL file of `count` gelu-f32 samples, numbered from `first`.
inline std::filesystem::path samplesJsonl(const std::filesystem::path& file, int first, int count,
                                          std::size_t padLines = 0) {
    std::ofstream f(file, std::ios::trunc);
    for (int i = first; i < first + count; ++i) {
        std::string src = kernelSource(i, padLines), esc;
        for (char c : src) {
            if (c == '"' || c == '\\')
                esc += '\\';
            if (c == '\n')
                esc += "\\n";
            else
                esc += c;
        }
        f << "{\"task\":\"gelu-f32\",\"model\":\"bad-input-model\",\"prompt\":\"write "
             "gelu\",\"source\":\""
          << esc << "\"}\n";
    }
    return file;
}

// A project with `count` samples, made by kwb (project new, import).
inline std::filesystem::path projectWithSamples(const std::filesystem::path& dir,
                                                const std::string& name, int count,
                                                const std::vector<std::string>& env) {
    const auto project = dir / (name + ".kwbproj");
    auto made = runKwb({"project", "new", project.string()}, env, dir);
    CHECK_MSG(made.exitCode == 0, made.err);
    auto imported = runKwb({"import", samplesJsonl(dir / (name + ".jsonl"), 1, count).string(),
                            "--project", project.string()},
                           env, dir);
    CHECK_MSG(imported.exitCode == 0, imported.err);
    return project;
}

// Every command runs with its own data folder, so that no user's settings or current project count.
inline std::vector<std::string> isolatedEnv(const std::filesystem::path& dir) {
    return {"KWB_DATA_DIR=" + (dir / "data").string(), "KWB_CACHE_DIR=" + (dir / "cache").string(),
            "KWB_PROJECT=", "KWB_RUNNER=" KWB_RUNNER_PATH, "KWB_REVIEWER=bad-input"};
}

} // namespace kwbtest::ps
