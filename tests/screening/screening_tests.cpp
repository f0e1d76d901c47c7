// The host-code screen (core/screening): each screened construct in a launcher gives its kind on
// its line; the ways a candidate could hide a construct from a text search (line splices,
// universal character names, digraphs, token pasting, macros, conditionals around a device
// function, raw strings, comments) are seen through or reported as tricks; device code and every
// reference solution and honest fixture give no finding.
#include <chrono>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

#include <nlohmann/json.hpp>

#include "core/screening/host_code_screen.h"
#include "tests/support/check.h"
#include "tests/support/kwb_process.h"

namespace {

namespace fs = std::filesystem;

std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// A launcher of the softmax task around `host` (its own lines from line 11 on).
std::string launcher(const std::string& host, const std::string& top = "") {
    return "#include <cuda_runtime.h>\n" + top +
           "\n__global__ void k(const float* x, float* y, int n) {\n"
           "    int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
           "    if (i < n) y[i] = x[i];\n"
           "}\n\n\n\n"
           "extern \"C\" void kwb_softmax_rows(const float* x, float* y, int rows, int cols, "
           "cudaStream_t stream) {\n" +
           host + "\n    k<<<(rows * cols + 255) / 256, 256, 0, stream>>>(x, y, rows * cols);\n}\n";
}

bool hasKind(const kwb::ScreeningResult& r, const std::string& kind) {
    for (const auto& f : r.findings)
        if (f.kind == kind)
            return true;
    return false;
}

std::string listed(const kwb::ScreeningResult& r) {
    std::string s;
    for (const auto& f : r.findings)
        s += f.kind + "@" + std::to_string(f.line) + " ";
    return s.empty() ? "(none)" : s;
}

struct Case {
    const char* name;
    std::string host;
    std::string kind;
    std::string top = "";
};

void eachConstruct() {
    const std::vector<Case> cases = {
        {"raw syscall", "    syscall(39);", "syscall"},
        {"write to a descriptor", "    ::write(3, \"{}\", 2);", "syscall"},
        {"proc path", "    const char* p = \"/proc/self/fd\";", "proc-access"},
        {"fopen", "    FILE* f = fopen(\"out.txt\", \"w\");", "file-io"},
        {"ofstream", "    std::ofstream o(\"x\");", "file-io"},
        {"socket", "    int s = socket(2, 1, 0);", "socket"},
        {"pipe", "    int fds[2]; pipe(fds);", "pipe"},
        {"popen", "    popen(\"ls\", \"r\");", "pipe"},
        {"dup2", "    dup2(1, 2);", "descriptor"},
        {"fcntl", "    fcntl(4, 1);", "descriptor"},
        {"dlopen", "    void* h = dlopen(\"libc.so.6\", 2);", "dynamic-loading"},
        {"dlsym", "    dlsym(nullptr, \"write\");", "dynamic-loading"},
        {"driver entry point", "    void* fn; cudaGetDriverEntryPoint(\"cuMemAlloc\", &fn, 0);",
         "dynamic-loading"},
        {"std::thread", "    std::thread t([] {}); t.join();", "thread"},
        {"std::async", "    auto f = std::async([] { return 1; });", "thread"},
        {"pthread_create", "    pthread_t t; pthread_create(&t, nullptr, nullptr, nullptr);",
         "thread"},
        {"fork", "    if (fork() == 0) return;", "process"},
        {"execve", "    execve(\"/bin/sh\", nullptr, nullptr);", "process"},
        {"system", "    system(\"id\");", "process"},
        {"getenv", "    const char* h = getenv(\"HOME\");", "environment"},
        {"environ", "    extern char** environ; (void)environ;", "environment"},
        {"signal", "    signal(11, nullptr);", "signal-handler"},
        {"sigaction", "    struct sigaction sa{}; sigaction(11, &sa, nullptr);", "signal-handler"},
        {"atexit", "    atexit(nullptr);", "signal-handler"},
        {"host asm", "    asm volatile(\"syscall\");", "host-asm"},
        {"__asm__", "    __asm__(\"nop\");", "host-asm"},
        {"host callback", "    cudaLaunchHostFunc(stream, nullptr, nullptr);", "host-callback"},
        {"stream callback", "    cudaStreamAddCallback(stream, nullptr, nullptr, 0);",
         "host-callback"},
        {"own stream", "    cudaStream_t s; cudaStreamCreate(&s);", "stream-creation"},
        {"own stream with flags", "    cudaStream_t s; cudaStreamCreateWithFlags(&s, 1);",
         "stream-creation"},
        {"graph", "    cudaGraph_t g; cudaGraphCreate(&g, 0);", "graph-creation"},
        {"capture", "    cudaStreamBeginCapture(stream, cudaStreamCaptureModeGlobal);",
         "graph-creation"},
        {"cudaMalloc", "    float* t; cudaMalloc(&t, 4);", "allocation"},
        {"cudaMallocAsync", "    float* t; cudaMallocAsync(&t, 4, stream);", "allocation"},
        {"malloc", "    void* p = malloc(16);", "allocation"},
        {"new", "    float* p = new float[4];", "allocation"},
        {"device reset", "    cudaDeviceReset();", "device-reset"},
        {"set device", "    cudaSetDevice(1);", "device-reset"},
        {"launch without stream", "    k<<<1, 1>>>(x, y, 1);", "default-stream"},
        {"launch on stream 0", "    k<<<1, 1, 0, 0>>>(x, y, 1);", "default-stream"},
        {"launch on per-thread stream", "    k<<<1, 1, 0, cudaStreamPerThread>>>(x, y, 1);",
         "default-stream"},
        {"memset async on stream 0", "    cudaMemsetAsync(y, 0, 4, 0);", "default-stream"},
        {"synchronous copy", "    cudaMemcpy(y, x, 4, cudaMemcpyDeviceToDevice);",
         "default-stream"},
        {"cuBLAS not allowed", "    cublasHandle_t h; cublasCreate(&h);", "library-call"},
        {"driver API",
         "    cuLaunchKernel(nullptr, 1, 1, 1, 1, 1, 1, 0, nullptr, nullptr, nullptr);",
         "driver-api"},
        {"static cache", "    static float* cache = nullptr; (void)cache;", "host-state"},
        {"static container", "    static std::vector<float> seen; (void)seen;", "host-state"},
        {"thread_local", "    thread_local int calls = 0; ++calls;", "host-state"},
        {"static pointer to const", "    static const float* last = nullptr; (void)last;",
         "host-state"},
        {"static constinit", "    static constinit int calls = 0; ++calls;", "host-state"},
        {"static void pointer", "    static void* kept = nullptr; (void)kept;", "host-state"},
        {"memset async, stream left out", "    cudaMemsetAsync(y, 0, 4);", "default-stream"},
        {"copy async, stream left out", "    cudaMemcpyAsync(y, x, 4, cudaMemcpyDeviceToDevice);",
         "default-stream"},
        {"symbol copy, stream left out", "    cudaMemcpyToSymbolAsync(g, x, 4);", "default-stream"},
        {"launch call, stream left out",
         "    cudaLaunchKernel((const void*)k, dim3(1), dim3(1), args, 0);", "default-stream"},
        {"unistd header", "", "system-header", "#include <unistd.h>"},
        {"socket header", "", "system-header", "#include <sys/socket.h>"},
        {"absolute include", "", "include-path", "#include \"/etc/passwd\""},
        {"macro include", "", "preprocessor-trick", "#define H <unistd.h>\n#include H"},
    };
    for (const auto& c : cases) {
        const std::string src = launcher(c.host, c.top);
        const auto r = kwb::screenHostCode(src);
        CHECK_MSG(hasKind(r, c.kind),
                  std::string(c.name) + ": expected " + c.kind + ", got " + listed(r));
        bool onItsLine = false;
        for (const auto& f : r.findings)
            onItsLine = onItsLine ||
                        (f.kind == c.kind &&
                         f.text.find(c.host.empty() ? std::string("#") : c.host.substr(4, 6)) !=
                             std::string::npos);
        CHECK_MSG(onItsLine, std::string(c.name) + ": the finding quotes its line: " + listed(r));
    }
    // The same call allowed by the task is no finding.
    kwb::ScreeningOptions cublas;
    cublas.allowedLibraries = {"cuBLAS"};
    CHECK(!hasKind(kwb::screenHostCode(launcher("    cublasHandle_t h; cublasCreate(&h);"), cublas),
                   "library-call"));
}

void evasions() {
    struct Evasion {
        const char* name;
        std::string top, host, kind;
    };
    const std::vector<Evasion> cases = {
        {"line splice inside a name", "", "    void* h = dl\\\nopen(\"x\", 2);", "dynamic-loading"},
        {"universal character name", "", "    void* h = \\u0064lopen(\"x\", 2);",
         "dynamic-loading"},
        {"token pasting", "#define CAT(a, b) a##b", "    CAT(dl, open)(\"x\", 2);",
         "preprocessor-trick"},
        {"name behind a macro", "#define LOADER dlopen", "    LOADER(\"x\", 2);",
         "dynamic-loading"},
        {"macro within a macro", "#define A dlsym\n#define B A", "    B(nullptr, \"x\");",
         "dynamic-loading"},
        {"string split in two", "", "    const char* p = \"/pr\" \"oc/self/mem\";", "proc-access"},
        {"escaped string", "", "    const char* p = \"/pr\\157c/self/mem\";", "proc-access"},
        {"name as a string", "", "    auto f = lookup(\"getenv\");", "environment"},
        {"asm label", "extern \"C\" int hidden(int) __asm__(\"syscall\");", "", "host-asm"},
        {"redefined execution space", "#define __device__", "", "preprocessor-trick"},
        {"macro adding device", "#define DEV __device__\nDEV void f() { dlopen(\"x\", 2); }", "",
         "dynamic-loading"},
        {"conditional device head", "#if 0\n__device__\n#endif\nvoid evil() { dlopen(\"x\", 2); }",
         "", "dynamic-loading"},
        {"conditional brace in a device body",
         "__device__ void f() {\n#if 0\n{\n#endif\n}\nvoid evil() { dlopen(\"x\", 2); }\n#if "
         "0\n}\n#endif",
         "", "dynamic-loading"},
        {"macro braces",
         "#define OPEN {\n#define CLOSE }\n__device__ void f() { CLOSE\nvoid evil() { "
         "dlopen(\"x\", 2); }\nstruct Z OPEN };",
         "", "dynamic-loading"},
        {"digraph braces", "__device__ void f() <% %>\nvoid evil() <% dlopen(\"x\", 2); %>", "",
         "dynamic-loading"},
        {"host device function", "__host__ __device__ void both() { getenv(\"HOME\"); }", "",
         "environment"},
        {"raw string does not hide code", "const char* s = R\"x( \" )x\";\nvoid evil() { fork(); }",
         "", "process"},
        {"OpenMP pragma", "", "#pragma omp parallel\n    { }", "thread"},
    };
    for (const auto& c : cases) {
        const auto r = kwb::screenHostCode(launcher(c.host, c.top));
        CHECK_MSG(hasKind(r, c.kind),
                  std::string(c.name) + ": expected " + c.kind + ", got " + listed(r));
    }
    // A comment or a string that only mentions a name is no finding.
    const auto quiet =
        kwb::screenHostCode(launcher("    // dlopen, fork and getenv are not used here\n"
                                     "    /* cudaStreamCreate(&s); */\n"));
    CHECK_MSG(quiet.findings.empty(), listed(quiet));
}

// Data at namespace scope outlives every call as a function's static does (a cache keyed by
// pointer, a call counter, the first call's arguments kept for the second), and a global
// object's constructor, a constructor attribute or an .init_array entry runs when the library
// loads: each is a finding on its own line; what a launcher honestly declares there is none.
void namespaceScope() {
    struct Top {
        const char* name;
        std::string top, kind, quoted;
    };
    const std::vector<Top> cases = {
        {"pointer to const", "const void* g_last = nullptr;", "host-state", "g_last"},
        {"plain pointer", "float* g_saved;", "host-state", "g_saved"},
        {"anonymous namespace", "namespace {\nint g_calls = 0;\n}", "host-state", "g_calls"},
        {"extern C block", "extern \"C\" {\nstatic float* g_cache;\n}", "host-state", "g_cache"},
        {"a type's variable", "struct Memo { const void* key; } g_memo;", "host-state", "g_memo"},
        {"an elaborated type's variable", "struct Memo;\nstruct Memo* g_memo;", "host-state",
         "g_memo"},
        {"container", "std::map<const float*, float*> g_seen;", "host-state", "g_seen"},
        {"object with a constructor", "struct Init { Init(); } g_init;", "host-state", "g_init"},
        {"stateful lambda", "auto g_next = [n = 0]() mutable { return n++; };", "host-state",
         "g_next"},
        {"inline variable", "static inline int g_inline = 0;", "host-state", "g_inline"},
        {"managed data", "__device__ __managed__ const void* g_key;", "host-state", "g_key"},
        {"variable template", "template <int N> const void* g_last = nullptr;", "host-state",
         "g_last"},
        {"declarator made by a macro", "#define NAME(x) x\nfloat* NAME(g_hidden);",
         "preprocessor-trick", "g_hidden"},
        {"second declarator", "int g_a = 0, *g_b;", "host-state", "g_b"},
        {"constructor attribute", "__attribute__((constructor)) static void early() {}",
         "load-time-code", "early"},
        {"destructor attribute", "[[gnu::destructor]] void late() {}", "load-time-code", "late"},
        {"init_array entry", "__attribute__((section(\".init_array\"))) void (*e)() = nullptr;",
         "load-time-code", "init_array"},
        {"declaration made by a macro", "#define DECLARE(x) float* x\nDECLARE(g_hidden);",
         "preprocessor-trick", "DECLARE(g_hidden)"},
        {"conditional that hides a brace",
         "#if 0\nvoid dummy() {\n#endif\nfloat* g_hidden;\n#if 0\n}\n#endif", "preprocessor-trick",
         "#endif"},
    };
    for (const auto& c : cases) {
        const auto r = kwb::screenHostCode(launcher("", c.top));
        bool found = false;
        for (const auto& f : r.findings)
            found = found || (f.kind == c.kind && f.text.find(c.quoted) != std::string::npos);
        CHECK_MSG(found, std::string(c.name) + ": expected " + c.kind + " quoting " + c.quoted +
                             ", got " + listed(r));
    }
    const auto honest = kwb::screenHostCode(launcher(
        "#if defined(KWB_WIDE)\n    k<<<1, 64, 0, stream>>>(x, y, 1);\n#endif",
        "#define CEIL_DIV(a, b) (((a) + (b) - 1) / (b))\nconstexpr int kTiles = CEIL_DIV(1000, "
        "32);\nconstexpr int kBlock = 256;\nconst int kWarps = 8;\nstatic const char* const kName "
        "= "
        "\"k\";\n__constant__ float c_scale[4];\n__device__ int d_flag;\nstruct Params { int n; "
        "};\nenum class Mode { A, B };\ntemplate <int N> struct Tile { float v[N]; };\nusing "
        "Index = int;\ntypedef float real;\nnamespace detail { constexpr int kN = 4; inline int "
        "twice(int x) { return 2 * x; } }\nextern \"C\" void kwb_other(float*);\nstatic_assert("
        "sizeof(float) == 4, \"f\");\ninline constexpr float kEps = 1e-5f;\nauto square = [](int "
        "v) { return v * v; };\nstruct Fwd;\nstatic dim3 gridFor(int n) { return dim3(n); "
        "}\ntemplate <class T> struct Box { T v; };\ntemplate struct Box<int>;\ntemplate <class "
        "T> using Ptr = T*;\n#if __CUDA_ARCH__ >= 800\n__device__ float f() { return 1; "
        "}\n#else\n__device__ "
        "float f() { return 0; }\n#endif"));
    CHECK_MSG(honest.findings.empty(), listed(honest));
}

void deviceCodeIsLeftAlone() {
    const std::string src =
        "#include <cuda_runtime.h>\n#include <cstdio>\n"
        "__device__ __forceinline__ unsigned lane() { unsigned l; asm(\"mov.u32 %0, %%laneid;\" : "
        "\"=r\"(l)); return l; }\n"
        "__global__ void k(float* y) { if (lane() == 0) printf(\"%f\\n\", y[0]); __shared__ float "
        "s[32]; s[0] = 1; }\n"
        "template <int N> __global__ void t(float* y) { asm volatile(\"membar.gl;\"); y[N] = 0; }\n"
        "extern \"C\" void kwb_x(float* y, cudaStream_t stream) {\n"
        "    k<<<1, 32, 0, stream>>>(y);\n    t<1><<<1, 1, 0, stream>>>(y);\n"
        "    cudaMemsetAsync(y, 0, 4, stream);\n}\n";
    const auto r = kwb::screenHostCode(src);
    CHECK_MSG(r.findings.empty(), listed(r));
    const auto j = kwb::toJson(kwb::screenHostCode(launcher("    fork();")));
    CHECK(j.at("version").get<int>() == kwb::ScreeningResult::kVersion);
    CHECK(j.at("findings").size() == 1 && j.at("findings")[0].at("line").get<int>() == 11);
    CHECK(j.at("findings")[0].at("kind") == "process");
}

void honestSourcesAreClean() {
    int files = 0;
    for (const char* dir : {"resources/tasks/reference", "tests/fixtures/candidates"}) {
        for (const auto& e : fs::recursive_directory_iterator(fs::path(KWB_SOURCE_DIR) / dir)) {
            if (e.path().extension() != ".cu")
                continue;
            const std::string name = e.path().filename().string();
            // Fixtures that misbehave in host code on purpose.
            static const std::set<std::string> hostileFiles = {
                "host_crash.cu",        "lazy_when_timed.cu", "forges_result.cu",
                "shm_host_callback.cu", "memo_pointer.cu",    "memo_content.cu",
                "own_stream.cu",        "default_stream.cu",  "fork_unjoined.cu",
                "own_stream_large.cu",  "fused_pairs.cu"};
            const bool hostile = hostileFiles.count(name) > 0;
            const auto r = kwb::screenHostCode(slurp(e.path()));
            ++files;
            if (hostile)
                CHECK_MSG(!r.findings.empty(),
                          e.path().string() + " misbehaves in host code and must be found");
            else
                CHECK_MSG(r.findings.empty(), e.path().string() + ": " + listed(r));
        }
    }
    CHECK_MSG(files >= 40, "found " + std::to_string(files) + " sources");
    for (const auto& [kind, text] : kwb::screeningKinds())
        CHECK(kwb::describeScreeningKind(kind) == text && !text.empty());
}

// kwb verify keeps the findings in the record and says a person must look; a reference
// solution's record has none. Compile-only without a GPU (exit 3), which is enough: screening
// happens before the build.
void recordCarriesFindings() {
    if (std::string(KWB_RUNNER_PATH).empty()) {
        std::printf("SKIP record: kwb-runner is not built here (no CUDA toolkit)\n");
        return;
    }
    const fs::path dir =
        fs::temp_directory_path() / ("kwb-screening-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const std::vector<std::string> env = {"KWB_RUNNER=" KWB_RUNNER_PATH,
                                          "KWB_CACHE_DIR=" + (dir / "cache").string(),
                                          "KWB_DATA_DIR=" + (dir / "data").string()};
    const std::string src = KWB_SOURCE_DIR;
    auto hostile = kwbtest::runKwb({"verify", "sgemm-f32",
                                    src + "/tests/fixtures/candidates/sgemm-f32/host_crash.cu",
                                    "--json", "--no-bench"},
                                   env, dir, std::chrono::seconds(240));
    auto rec = nlohmann::json::parse(hostile.out, nullptr, false);
    CHECK_MSG(!rec.is_discarded(), "kwb verify --json printed a record: exit " +
                                       std::to_string(hostile.exitCode) + " " + hostile.err);
    if (!rec.is_discarded()) {
        const auto findings = rec.value("screening", nlohmann::json::object())
                                  .value("findings", nlohmann::json::array());
        CHECK_MSG(findings.size() == 1 && findings[0].value("kind", "") == "process" &&
                      findings[0].value("line", 0) == 18,
                  findings.dump());
    }
    auto text =
        kwbtest::runKwb({"verify", "sgemm-f32",
                         src + "/tests/fixtures/candidates/sgemm-f32/host_crash.cu", "--no-bench"},
                        env, dir, std::chrono::seconds(240));
    CHECK_MSG(text.out.find("needs a human") != std::string::npos &&
                  text.out.find("screening: line 18: process") != std::string::npos,
              text.out);
    auto clean =
        kwbtest::runKwb({"verify", "sgemm-f32", src + "/resources/tasks/reference/sgemm-f32.cu",
                         "--json", "--no-bench"},
                        env, dir, std::chrono::seconds(240));
    auto cleanRec = nlohmann::json::parse(clean.out, nullptr, false);
    CHECK_MSG(!cleanRec.is_discarded() && cleanRec.contains("screening") &&
                  cleanRec["screening"].value("findings", nlohmann::json::array()).empty(),
              clean.out.substr(0, 400));
    std::error_code ec;
    fs::remove_all(dir, ec);
}

} // namespace

int main() {
    eachConstruct();
    evasions();
    namespaceScope();
    deviceCodeIsLeftAlone();
    honestSourcesAreClean();
    recordCarriesFindings();
    std::printf("%d passed, %d failed\n", kwbtest::counts().passed, kwbtest::counts().failed);
    return kwbtest::counts().failed ? 1 : 0;
}
