// Compiles a reference solution or candidate fixture with the real nvcc and the flags the
// issue fixes; compile_error fixtures must fail with a diagnostic at their marked line.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>

#include "core/sys/child_process.h"
#include "tests/support/check.h"
#include "tests/tasks/suites.h"

namespace fs = std::filesystem;

namespace {

std::string findNvcc() {
    if (const char* env = std::getenv("KWB_NVCC"); env && *env)
        return env;
#ifdef KWB_TEST_NVCC
    if (fs::exists(KWB_TEST_NVCC))
        return KWB_TEST_NVCC;
#endif
    if (auto p = kwb::findInPath("nvcc"); !p.empty())
        return p;
    if (fs::exists("/usr/local/cuda/bin/nvcc"))
        return "/usr/local/cuda/bin/nvcc";
    return {};
}

// The last line mentioning kwb-error-line (the header comment mentions it too).
int markedLine(const fs::path& file) {
    std::ifstream in(file);
    std::string line;
    int marked = 0;
    for (int n = 1; std::getline(in, line); ++n)
        if (line.find("kwb-error-line") != std::string::npos)
            marked = n;
    return marked;
}

} // namespace

int compileTest(const fs::path& file, bool expectSuccess) {
    const std::string nvcc = findNvcc();
    if (nvcc.empty()) {
        std::printf("SKIP: nvcc not found (set KWB_NVCC or put it in PATH)\n");
        return kwbtest::kSkip;
    }
    if (!CHECK_MSG(fs::is_regular_file(file), file.string() + " missing"))
        return 0;
    std::string tmpl = (fs::temp_directory_path() / "kwb-nvcc-XXXXXX").string();
    if (!CHECK(mkdtemp(tmpl.data()) != nullptr))
        return 0;
    const fs::path out = fs::path(tmpl) / "candidate.so";
    kwb::ProcessSpec spec;
    spec.program = nvcc;
    spec.args = {"-O3",   "-arch=sm_90", "-shared",    "-Xcompiler",
                 "-fPIC", "-o",          out.string(), file.string()};
    auto run = kwb::runProcess(spec, {}, std::chrono::minutes(5));
    if (CHECK_MSG(run.ok(), run.ok() ? "" : run.error().message)) {
        const bool built = run->exit.kind == kwb::ProcessExit::Kind::Exited &&
                           run->exit.code == 0 && fs::exists(out);
        if (expectSuccess) {
            CHECK_MSG(built, file.string() + ": " + run->exit.describe() + "\n" + run->err);
        } else {
            CHECK_MSG(!built, file.string() + " compiled but must not");
            // nvcc reports "file.cu(LINE): error: ..."
            const int line = markedLine(file);
            const std::string where =
                file.filename().string() + "(" + std::to_string(line) + "): error";
            CHECK_MSG(line > 0 && run->err.find(where) != std::string::npos,
                      "expected \"" + where + "\" in:\n" + run->err);
        }
    }
    std::error_code ec;
    fs::remove_all(tmpl, ec);
    return 0;
}
