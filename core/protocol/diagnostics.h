#pragma once
// Compiler output (nvcc front end, host gcc, ptxas) parsed into structured diagnostics and
// the kernels' resource use. Shared by kwb, the GUI's editor and the worker.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace kwb {

struct Diagnostic {
    std::string file;
    int line = 0;
    int column = 0;       // 0 when the compiler gave none
    std::string severity; // "error", "warning", "note"
    std::string message;

    bool operator==(const Diagnostic&) const = default;
};

struct KernelResources {
    std::string function; // mangled name as ptxas prints it
    int registers = 0;
    int sharedBytes = 0; // static shared memory
    int stackBytes = 0;
    int spillStoreBytes = 0;
    int spillLoadBytes = 0;

    bool operator==(const KernelResources&) const = default;
};

std::vector<Diagnostic> parseDiagnostics(const std::string& compilerOutput);
std::vector<KernelResources> parsePtxasResources(const std::string& compilerOutput);

void to_json(nlohmann::json& j, const Diagnostic& d);
void from_json(const nlohmann::json& j, Diagnostic& d);
void to_json(nlohmann::json& j, const KernelResources& r);
void from_json(const nlohmann::json& j, KernelResources& r);

} // namespace kwb
