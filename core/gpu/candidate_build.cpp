#include "core/gpu/candidate_build.h"

#include <fstream>
#include <regex>
#include <sstream>
#include <unistd.h>

#include "core/verify/child_process.h"
#include "core/verify/sha256.h"
#include "core/verify/subprocess_worker.h"

namespace kwb::gpu {
namespace fs = std::filesystem;

namespace {

constexpr const char* kShimVersion = "shim-1";

std::string readFile(const fs::path& p) {
    std::ifstream f(p, std::ios::binary);
    std::ostringstream s;
    s << f.rdbuf();
    return s.str();
}

bool writeFile(const fs::path& p, const std::string& text) {
    std::ofstream f(p, std::ios::binary | std::ios::trunc);
    return f && (f << text) && f.flush();
}

} // namespace

void to_json(nlohmann::json& j, const BuildOutcome& b) {
    j = {{"ok", b.ok}, {"cached", b.cached}, {"key", b.key}, {"source_hash", b.sourceHash},
         {"library_path", b.libraryPath}, {"seconds", b.seconds}, {"nvcc_version", b.nvccVersion},
         {"flags", b.flags}, {"diagnostics", b.diagnostics}, {"resources", b.resources},
         {"log", b.log}, {"failure", b.failure}};
}

std::vector<std::string> buildFlags(const BuildRequest& r) {
    std::vector<std::string> f = {"-O3", "-std=c++17", "-arch=" + r.arch, "-shared",
                                  "-Xcompiler", "-fPIC", "-cudart", "shared", "-lineinfo",
                                  "-Xptxas", "-v", "-Xlinker", "-z", "-Xlinker", "defs"};
    for (const auto& lib : r.allowedLibraries) {
        if (lib == "cublas")
            f.push_back("-lcublas");
        else if (lib == "cublaslt")
            f.push_back("-lcublasLt");
        else if (lib == "cudnn")
            f.push_back("-lcudnn");
    }
    return f;
}

std::string wrapCandidate(const BuildRequest& r) {
    std::string s = "#include <cuda_runtime.h>\n#include <cuda_fp16.h>\n#include <cuda_bf16.h>\n";
    s += "#line 1 \"" + r.fileName + "\"\n";
    s += r.source;
    if (!r.source.empty() && r.source.back() != '\n')
        s += "\n";
    // The task's signature, declared again: a candidate whose entry differs fails to compile
    // ("conflicting declaration") instead of being called with the wrong arguments.
    s += "#line 1 \"kwb-shim (the task's entry signature)\"\n";
    s += r.entrySignature + "\n";
    s += "extern \"C\" __attribute__((visibility(\"default\"))) const void* kwb_shim_entry(void) {\n"
         "    return reinterpret_cast<const void*>(&" + r.entryName + ");\n}\n";
    // One uniform way in for the harness: buffers, dimensions and scalars in signature order.
    std::string call = r.entryName + "(";
    int nb = 0, nd = 0, ns = 0;
    bool first = true;
    for (const auto& p : r.parameters) {
        if (!first)
            call += ", ";
        first = false;
        switch (p.kind) {
        case ParamKind::Input:
            call += "static_cast<const " + cTypeName(p.dtype) + "*>(b[" + std::to_string(nb++) + "])";
            break;
        case ParamKind::Output:
            call += "static_cast<" + cTypeName(p.dtype) + "*>(b[" + std::to_string(nb++) + "])";
            break;
        case ParamKind::Dim: call += "static_cast<int>(d[" + std::to_string(nd++) + "])"; break;
        case ParamKind::Scalar: call += "static_cast<float>(f[" + std::to_string(ns++) + "])"; break;
        case ParamKind::Stream: call += "stream"; break;
        }
    }
    call += ");";
    s += "extern \"C\" __attribute__((visibility(\"default\"))) void kwb_shim_call(void* const* b, "
         "const long long* d, const double* f, cudaStream_t stream) {\n"
         "    (void)b; (void)d; (void)f;\n    " + call + "\n}\n";
    return s;
}

BuildCache::BuildCache(fs::path root, std::string nvccPath)
    : m_root(std::move(root)), m_nvcc(std::move(nvccPath)) {}

const std::string& BuildCache::nvccVersion() {
    if (m_nvccVersion.empty() && !m_nvcc.empty()) {
        auto out = runProcess({m_nvcc, {"--version"}, scrubbedEnvironment(), {}, 1 << 16}, {},
                              std::chrono::seconds(20));
        std::smatch m;
        if (out && std::regex_search(out->out, m, std::regex(R"(V([0-9.]+))")))
            m_nvccVersion = m[1];
    }
    return m_nvccVersion;
}

Result<BuildOutcome> BuildCache::build(const BuildRequest& req, std::chrono::seconds timeout) {
    if (m_nvcc.empty())
        return Error::make("nvcc-missing", "nvcc was not found: install the CUDA toolkit or set KWB_NVCC");
    BuildOutcome out;
    out.flags = buildFlags(req);
    out.nvccVersion = nvccVersion();
    out.sourceHash = sha256Hex(req.source);
    std::string keyText = std::string(kShimVersion) + "\n" + out.nvccVersion + "\n" + wrapCandidate(req) + "\n";
    for (const auto& f : out.flags)
        keyText += f + " ";
    out.key = sha256Hex(keyText);

    fs::path dir = m_root / "builds" / out.key;
    std::error_code ec;
    if (fs::exists(dir / "build.json", ec)) {
        auto j = nlohmann::json::parse(readFile(dir / "build.json"), nullptr, false);
        if (j.is_object() && (!j.value("ok", false) || fs::exists(dir / "candidate.so", ec))) {
            out.ok = j.value("ok", false);
            out.cached = true;
            out.libraryPath = out.ok ? (dir / "candidate.so").string() : std::string{};
            out.diagnostics = j.value("diagnostics", std::vector<Diagnostic>{});
            out.resources = j.value("resources", std::vector<KernelResources>{});
            out.log = j.value("log", "");
            out.failure = j.value("failure", "");
            return out;
        }
    }

    // Build in a private folder, then rename into place: a cache entry is whole or absent.
    fs::create_directories(m_root / "builds", ec);
    std::string tmpl = (m_root / "builds" / ".tmp-XXXXXX").string();
    if (!::mkdtemp(tmpl.data()))
        return Error::make("cache-unwritable", "cannot create a build folder under " + m_root.string());
    fs::path work = tmpl;
    if (!writeFile(work / req.fileName, wrapCandidate(req)))
        return Error::make("cache-unwritable", "cannot write into " + work.string());

    ProcessSpec spec;
    spec.program = m_nvcc;
    spec.args = out.flags;
    spec.args.push_back("-o");
    spec.args.push_back("candidate.so");
    spec.args.push_back(req.fileName);
    spec.env = scrubbedEnvironment();
    spec.workDir = work.string();
    spec.stderrKeepBytes = 1 << 20;
    // Background work: the window (and a job timing on this machine) come first for the CPU.
    spec.niceIncrement = 10;
    auto run = runProcess(spec, {}, timeout);
    if (!run) {
        fs::remove_all(work, ec);
        return run.error();
    }
    out.seconds = run->wallSeconds;
    out.log = run->out + run->err;
    if (out.log.size() > 65536)
        out.log = out.log.substr(out.log.size() - 65536);
    out.diagnostics = parseDiagnostics(out.log);
    out.resources = parsePtxasResources(out.log);
    if (run->exit.kind == ProcessExit::Kind::TimedOut) {
        fs::remove_all(work, ec);
        out.failure = "nvcc did not finish within " + std::to_string(timeout.count()) + " s";
        return out; // not cached: a slow machine may manage next time
    }
    out.ok = run->exit.kind == ProcessExit::Kind::Exited && run->exit.code == 0 &&
             fs::exists(work / "candidate.so", ec);
    if (!out.ok) {
        int errors = 0;
        for (const auto& d : out.diagnostics)
            errors += d.severity == "error";
        out.failure = errors ? std::to_string(errors) + " compile error" + (errors > 1 ? "s" : "")
                             : "nvcc " + run->exit.describe();
    }
    nlohmann::json record = out;
    record.erase("library_path");
    if (!writeFile(work / "build.json", record.dump(1))) {
        fs::remove_all(work, ec);
        return Error::make("cache-unwritable", "cannot write into " + work.string());
    }
    fs::remove(work / req.fileName, ec);
    fs::rename(work, dir, ec);
    if (ec) // another worker built the same key first: use its entry
        fs::remove_all(work, ec);
    if (out.ok)
        out.libraryPath = (dir / "candidate.so").string();
    return out;
}

} // namespace kwb::gpu
