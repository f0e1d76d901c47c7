// What `kwb verify` prints of the candidate (the compiler's diagnostics, which quote its text;
// the verdict's detail; screening findings, which quote its lines) cannot drive the terminal:
// escape sequences in a candidate come out as visible escapes. Real kwb, kwb-runner and nvcc;
// compile-only is enough (the diagnostics come from the build).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>
#include <vector>

#include "tests/badinput/registry.h"
#include "tests/support/check.h"
#include "tests/support/kwb_process.h"

namespace {

namespace fs = std::filesystem;

void verifyOutputDoesNotDriveTheTerminal() {
    if (std::string(KWB_RUNNER_PATH).empty() || ::access("/usr/local/cuda/bin/nvcc", X_OK) != 0) {
        std::printf("SKIP: kwb-runner is not built or nvcc is not at /usr/local/cuda/bin/nvcc\n");
        std::exit(kwbtest::kSkip);
    }
    std::string tmpl = (fs::temp_directory_path() / "kwb-badinput-verify-out-XXXXXX").string();
    const fs::path dir = ::mkdtemp(tmpl.data()) ? fs::path(tmpl) : fs::path("/tmp");
    const std::vector<std::string> env = {"KWB_RUNNER=" KWB_RUNNER_PATH,
                                          "KWB_CACHE_DIR=" + (dir / "cache").string(),
                                          "KWB_DATA_DIR=" + (dir / "data").string()};
    // Raw ESC and BEL bytes: a window-title change and a screen clear, in an #error the compiler
    // echoes, and in a host-code line the screen quotes.
    const std::string esc = "\x1b]0;owned\x07\x1b[2J";
    const fs::path cu = dir / "hostile.cu";
    {
        std::ofstream f(cu, std::ios::binary);
        f << "#include <cuda_runtime.h>\n"
          << "#error " << esc << "\n"
          << "extern \"C\" void kwb_saxpy(float a, const float* x, float* y, int n, cudaStream_t "
             "s) {\n"
          << "    const char* t = \"" << esc << "\"; system(t);\n}\n";
    }
    const kwbtest::Run r =
        kwbtest::runKwb({"verify", "saxpy-f32", cu.string()}, env, dir, std::chrono::seconds(240));
    CHECK_MSG(r.exitCode == 1,
              "a compile error exits 1: exit " + std::to_string(r.exitCode) + " " + r.err);
    CHECK_MSG(r.out.find('\x1b') == std::string::npos && r.out.find('\x07') == std::string::npos,
              "no raw ESC or BEL reaches the terminal from the diagnostics or the verdict");
    CHECK_MSG(r.out.find("\\x1b") != std::string::npos,
              "the escape is shown, visibly: " + r.out.substr(0, 600));
    std::error_code ec;
    fs::remove_all(dir, ec);
}

} // namespace

KWB_BAD_INPUT_SUITE("verify-output-does-not-drive-the-terminal",
                    verifyOutputDoesNotDriveTheTerminal);
