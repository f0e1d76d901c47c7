#include "core/gpu/candidate_build.h"

#include <algorithm>
#include <cctype>
#include <csignal>
#include <fstream>
#include <regex>
#include <sstream>
#include <unistd.h>

#include "core/gpu/build_log.h"
#include "core/gpu/build_sandbox.h"
#include "core/sys/child_process.h"
#include "core/sys/environment.h"
#include "core/sys/programs.h"
#include "core/sys/sha256.h"

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

// Takes the confined build's first stderr line (build_sandbox.h) out of its output.
std::string takeSandboxReport(const std::string& err, BuildOutcome::Confinement& c) {
    const std::string mark = kBuildSandboxMark;
    std::size_t at = err.find(mark);
    if (at != 0) {
        c.note = "the build's confinement did not report (it did not start)";
        return err;
    }
    std::size_t end = err.find('\n');
    const std::string line =
        err.substr(mark.size(), end == std::string::npos ? std::string::npos : end - mark.size());
    c.limits = line.find("limits=1") != std::string::npos;
    c.landlock = line.find("landlock=1") != std::string::npos;
    c.seccomp = line.find("seccomp=1") != std::string::npos;
    if (auto n = line.find("note="); n != std::string::npos)
        c.note = line.substr(n + 5);
    while (!c.note.empty() &&
           (c.note.front() == ' ' || c.note.back() == ' ' || c.note.back() == ';'))
        c.note = c.note.front() == ' ' ? c.note.substr(1) : c.note.substr(0, c.note.size() - 1);
    return end == std::string::npos ? std::string{} : err.substr(end + 1);
}

bool definesName(const std::string& source, const std::string& name) {
    if (name.empty())
        return true;
    for (std::size_t at = source.find(name); at != std::string::npos;
         at = source.find(name, at + 1)) {
        auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
        if ((at == 0 || !word(source[at - 1])) &&
            (at + name.size() >= source.size() || !word(source[at + name.size()])))
            return true;
    }
    return false;
}

// One sentence for a build that did not produce a library; sets `stopped` for a build that was
// killed or refused (never cached).
void explainFailure(const BuildRequest& req, const ProcessOutput& run, const std::string& raw,
                    const BuildLimits& limits, std::chrono::seconds timeout, BuildOutcome& out) {
    // What the tools said themselves: not the candidate's own diagnostics or echoed lines, whose
    // text the candidate chooses (a string "out of memory" in it must not read as a kill).
    std::string tools;
    std::istringstream lines(raw);
    for (std::string line; std::getline(lines, line);)
        if (!line.empty() && line[0] != ' ' && line[0] != '\t' && !line.starts_with(req.fileName) &&
            !line.starts_with("kwb-shim"))
            tools += line + "\n";
    auto has = [&tools](const char* s) { return tools.find(s) != std::string::npos; };
    const bool signaled = run.exit.kind == ProcessExit::Kind::Signaled;
    if (run.exit.kind == ProcessExit::Kind::TimedOut) {
        out.stopped = "time";
        out.failure = "build killed: time limit " + std::to_string(timeout.count()) + " s";
    } else if ((signaled && run.exit.signal == SIGXCPU) || has("signal 24") ||
               has("CPU time limit exceeded")) {
        out.stopped = "time";
        out.failure =
            "build killed: time limit " + std::to_string(limits.cpuSeconds) + " s of CPU time";
    } else if ((signaled && run.exit.signal == SIGXFSZ) || has("signal 25") ||
               has("File size limit exceeded")) {
        out.stopped = "file-size";
        out.failure =
            "build killed: file size limit " + std::to_string(limits.fileSizeMiB) + " MiB";
    } else if (reportsOutOfMemory(tools)) {
        out.stopped = "memory";
        out.failure = "build killed: memory limit " + std::to_string(limits.memoryMiB) +
                      " MiB (KWB_BUILD_MEMORY_MIB sets it)";
    } else if (signaled) {
        out.stopped = "signal";
        out.failure = "build killed: nvcc " + run.exit.describe();
    } else if (std::string denied = deniedInclude(raw); !denied.empty()) {
        out.stopped = "denied";
        out.failure = "build refused: the candidate includes " + denied +
                      ", a file outside it that the build may not read";
    } else {
        int errors = 0, shimErrors = 0;
        for (const auto& d : out.diagnostics) {
            errors += d.severity == "error";
            shimErrors += d.severity == "error" && d.file.starts_with("kwb-shim");
        }
        const int own = errors - shimErrors;
        const std::string ownErrors = std::to_string(own) + " compile error" + (own > 1 ? "s" : "");
        if (!definesName(req.source, req.entryName))
            out.failure = std::string(req.source.find_first_not_of(" \t\r\n") == std::string::npos
                                          ? "the candidate is empty: "
                                          : "") +
                          (own > 0 ? ownErrors + ", and " : "") +
                          "the candidate does not define extern \"C\" " + req.entryName +
                          "(...); the task's entry is " + req.entrySignature;
        else if (errors && errors == shimErrors)
            out.failure = "the candidate's " + req.entryName + " does not match the task's entry " +
                          req.entrySignature;
        else
            out.failure = errors
                              ? std::to_string(errors) + " compile error" + (errors > 1 ? "s" : "")
                              : "nvcc " + run.exit.describe();
    }
}

} // namespace

void to_json(nlohmann::json& j, const BuildOutcome& b) {
    j = {{"ok", b.ok},
         {"cached", b.cached},
         {"key", b.key},
         {"source_hash", b.sourceHash},
         {"library_path", b.libraryPath},
         {"seconds", b.seconds},
         {"nvcc_version", b.nvccVersion},
         {"flags", b.flags},
         {"diagnostics", b.diagnostics},
         {"resources", b.resources},
         {"log", b.log},
         {"failure", b.failure},
         {"stopped", b.stopped},
         {"sandbox",
          {{"limits", b.sandbox.limits},
           {"landlock", b.sandbox.landlock},
           {"seccomp", b.sandbox.seccomp},
           {"note", b.sandbox.note}}}};
}

std::vector<std::string> buildFlags(const BuildRequest& r) {
    std::vector<std::string> f = {
        "-O3",    "-std=c++17", "-arch=" + r.arch, "-shared", "-Xcompiler", "-fPIC", "-cudart",
        "shared", "-lineinfo",  "-Xptxas",         "-v",      "-Xlinker",   "-z",    "-Xlinker",
        "defs"};
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
    s +=
        "extern \"C\" __attribute__((visibility(\"default\"))) const void* kwb_shim_entry(void) {\n"
        "    return reinterpret_cast<const void*>(&" +
        r.entryName + ");\n}\n";
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
            call +=
                "static_cast<const " + cTypeName(p.dtype) + "*>(b[" + std::to_string(nb++) + "])";
            break;
        case ParamKind::Output:
            call += "static_cast<" + cTypeName(p.dtype) + "*>(b[" + std::to_string(nb++) + "])";
            break;
        case ParamKind::Dim:
            call += "static_cast<int>(d[" + std::to_string(nd++) + "])";
            break;
        case ParamKind::Scalar:
            call += "static_cast<float>(f[" + std::to_string(ns++) + "])";
            break;
        case ParamKind::Stream:
            call += "stream";
            break;
        }
    }
    call += ");";
    s += "extern \"C\" __attribute__((visibility(\"default\"))) void kwb_shim_call(void* const* b, "
         "const long long* d, const double* f, cudaStream_t stream) {\n"
         "    (void)b; (void)d; (void)f;\n    " +
         call + "\n}\n";
    return s;
}

namespace {

// A finished entry of the cache (a failed build, or one whose library is there) into *out.
bool readCachedBuild(const fs::path& dir, BuildOutcome* out) {
    std::error_code ec;
    if (!fs::exists(dir / "build.json", ec))
        return false;
    auto j = nlohmann::json::parse(readFile(dir / "build.json"), nullptr, false);
    if (!j.is_object() || (j.value("ok", false) && !fs::exists(dir / "candidate.so", ec)))
        return false;
    out->ok = j.value("ok", false);
    out->cached = true;
    out->libraryPath = out->ok ? (dir / "candidate.so").string() : std::string{};
    out->diagnostics = j.value("diagnostics", std::vector<Diagnostic>{});
    out->resources = j.value("resources", std::vector<KernelResources>{});
    out->log = j.value("log", "");
    out->failure = j.value("failure", "");
    return true;
}

// kwb-runner --confined-build, which confines itself and runs nvcc, in the build folder.
ProcessSpec confinedNvcc(const std::string& confiner, const BuildLimits& limits,
                         const fs::path& work, const std::string& toolkit, const std::string& nvcc,
                         const std::vector<std::string>& nvccArgs) {
    ProcessSpec spec;
    spec.program = confiner;
    spec.args = confinedBuildCommand(limits, work.string(), toolkit, nvcc, nvccArgs);
    spec.env = scrubbedEnvironment();
    // nvcc and gcc write their temporaries to TMPDIR: a private folder inside the build's.
    std::erase_if(*spec.env, [](const std::string& e) {
        return e.starts_with("HOME=") || e.starts_with("TMPDIR=");
    });
    spec.env->push_back("TMPDIR=" + (work / "tmp").string());
    spec.env->push_back("HOME=" + work.string());
    spec.workDir = work.string();
    spec.stderrKeepBytes = 1 << 20;
    // Background work: the window (and a job timing on this machine) come first for the CPU.
    spec.niceIncrement = 10;
    return spec;
}

// The build folder renamed into the cache as one entry, its record written first.
Status storeBuild(const fs::path& work, const fs::path& dir, const std::string& compiled,
                  const BuildOutcome& out) {
    std::error_code ec;
    nlohmann::json record = out;
    record.erase("library_path");
    if (!writeFile(work / "build.json", record.dump(1))) {
        fs::remove_all(work, ec);
        return Error::make("cache-unwritable", "cannot write into " + work.string());
    }
    fs::remove(work / compiled, ec);
    fs::remove_all(work / "tmp", ec);
    fs::rename(work, dir, ec);
    if (ec) // another worker built the same key first: use its entry
        fs::remove_all(work, ec);
    return okStatus();
}

} // namespace

BuildCache::BuildCache(fs::path root, std::string nvccPath, std::string confiner)
    : m_root(std::move(root)), m_nvcc(std::move(nvccPath)), m_confiner(std::move(confiner)) {}

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
    if (m_nvcc.empty()) {
        std::string why = nvccSettingProblem();
        return Error::make(
            "nvcc-missing",
            why.empty() ? "nvcc was not found: install the CUDA toolkit or set KWB_NVCC" : why);
    }
    auto limits = buildLimitsFromEnvironment();
    if (!limits)
        return limits.error();
    limits->cpuSeconds = std::max<std::uint64_t>(1, std::uint64_t(timeout.count()));
    BuildOutcome out;
    out.flags = buildFlags(req);
    out.nvccVersion = nvccVersion();
    out.sourceHash = sha256Hex(req.source);
    std::string keyText =
        std::string(kShimVersion) + "\n" + out.nvccVersion + "\n" + wrapCandidate(req) + "\n";
    for (const auto& f : out.flags)
        keyText += f + " ";
    out.key = sha256Hex(keyText);

    // A binary file would fill the log with stray-character errors and hide everything else.
    if (auto nul = req.source.find('\0'); nul != std::string::npos) {
        out.stopped = "input";
        out.failure = "the candidate is not CUDA source text: it holds a NUL byte (at byte " +
                      std::to_string(nul) + "); give the .cu file itself";
        return out;
    }

    fs::path dir = m_root / "builds" / out.key;
    std::error_code ec;
    if (readCachedBuild(dir, &out))
        return out;

    // Build in a private folder, then rename into place: a cache entry is whole or absent.
    fs::create_directories(m_root / "builds", ec);
    std::string tmpl = (m_root / "builds" / ".tmp-XXXXXX").string();
    if (!::mkdtemp(tmpl.data()))
        return Error::make("cache-unwritable",
                           "cannot create a build folder under " + m_root.string());
    fs::path work = tmpl;
    // nvcc knows a CUDA file by its suffix: it always compiles candidate.cu, while the #line
    // directive keeps the user's file name in the diagnostics.
    const std::string compiled = "candidate.cu";
    if (!writeFile(work / compiled, wrapCandidate(req)) ||
        !fs::create_directory(work / "tmp", ec)) {
        fs::remove_all(work, ec);
        return Error::make("cache-unwritable", "cannot write into " + work.string());
    }

    // The toolkit's folder, readable by the build wherever the toolkit is installed.
    const fs::path nvccPath = fs::weakly_canonical(fs::absolute(m_nvcc, ec), ec);
    const std::string toolkit = nvccPath.parent_path().parent_path().string();
    std::vector<std::string> nvccArgs = out.flags;
    for (const char* a : {"-o", "candidate.so"})
        nvccArgs.push_back(a);
    nvccArgs.push_back(compiled);
    const ProcessSpec spec =
        confinedNvcc(m_confiner, *limits, work, toolkit, nvccPath.string(), nvccArgs);
    auto run = runProcess(spec, {}, timeout);
    if (!run) {
        fs::remove_all(work, ec);
        return run.error();
    }
    out.seconds = run->wallSeconds;
    std::string raw = takeSandboxReport(run->err, out.sandbox) + run->out;
    FilteredLog kept = keepCandidateDiagnostics(
        raw, req.fileName,
        {toolkit + "/", fs::path(m_nvcc).parent_path().parent_path().string() + "/",
         "/usr/include/", "/usr/lib/gcc/", "/usr/local/include/"});
    out.log = trimBuildLog(kept.text, 65536);
    out.diagnostics = parseDiagnostics(out.log);
    out.resources = parsePtxasResources(out.log);
    out.ok = run->exit.kind == ProcessExit::Kind::Exited && run->exit.code == 0 &&
             fs::exists(work / "candidate.so", ec);
    if (!out.ok)
        explainFailure(req, *run, raw, *limits, timeout, out);
    if (!out.stopped.empty()) {
        fs::remove_all(work, ec);
        return out; // not cached: a killed or refused build says nothing about the source
    }
    if (auto stored = storeBuild(work, dir, compiled, out); !stored)
        return stored.error();
    if (out.ok)
        out.libraryPath = (dir / "candidate.so").string();
    return out;
}

} // namespace kwb::gpu
