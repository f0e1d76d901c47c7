// kwb tasks list|show|check and kwb suite, run as real child processes against a user task
// folder in a temporary directory (one good task with its reference, one broken file).
#include <chrono>
#include <fstream>
#include <sstream>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "core/sys/child_process.h"
#include "tests/support/check.h"
#include "tests/tasks/suites.h"

namespace fs = std::filesystem;

namespace {

struct Run {
    int code = -1;
    std::string out, err;
};

Run kwbRun(const std::vector<std::string>& args, const std::vector<std::string>& env) {
    kwb::ProcessSpec spec;
    spec.program = KWB_CLI_PATH;
    spec.args = args;
    spec.env = env;
    Run r;
    auto p = kwb::runProcess(spec, {}, std::chrono::minutes(5));
    if (!p.ok())
        return r;
    r.code = p->exit.kind == kwb::ProcessExit::Kind::Exited ? p->exit.code : -2;
    r.out = p->out;
    r.err = p->err;
    return r;
}

std::string readFile(const fs::path& p) {
    std::ifstream in(p);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

void writeFile(const fs::path& p, const std::string& text) {
    std::ofstream out(p);
    out << text;
}

bool has(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

} // namespace

void cliTests() {
    std::string tmpl = (fs::temp_directory_path() / "kwb-cli-XXXXXX").string();
    if (!CHECK(mkdtemp(tmpl.data()) != nullptr))
        return;
    const fs::path root = tmpl, user = root / "tasks", samples = root / "samples";
    fs::create_directories(user / "reference");
    fs::create_directories(samples);
    writeFile(user / "scale.toml", readFile(testSourceDir() / "good_task.toml"));
    writeFile(user / "reference" / "scale-f32.cu",
              "#include <cuda_runtime.h>\n"
              "__global__ void k(const float* x, float* y, int n) {\n"
              "  int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) y[i] = 2.0f * x[i]; }\n"
              "extern \"C\" void kwb_scale(const float* x, float* y, int n, cudaStream_t s) {\n"
              "  k<<<(n + 255) / 256, 256, 0, s>>>(x, y, n); }\n");
    // Data and cache in the temporary folder; the worker as built beside kwb (if it was).
    std::vector<std::string> env = {
        "PATH=/usr/local/cuda/bin:/usr/bin:/bin", "HOME=" + root.string(),
        "KWB_DATA_DIR=" + (root / "data").string(), "KWB_CACHE_DIR=" + (root / "cache").string()};
    const std::string runner = KWB_RUNNER_PATH;
    if (!runner.empty())
        env.push_back("KWB_RUNNER=" + runner);

    // list: the suite plus the user task; a broken file is reported and skipped.
    writeFile(user / "zz_broken.toml", "id = \"broken\"\nlevel = [\n");
    Run list = kwbRun({"tasks", "list", "--tasks-dir", user.string()}, env);
    CHECK_MSG(list.code == 0, list.out + list.err);
    CHECK(has(list.out, "scale-f32") && has(list.out, "[user]") && has(list.out, "mlp-bf16"));
    CHECK_MSG(has(list.err, "skipped") && has(list.err, "zz_broken.toml"), list.err);
    Run json = kwbRun({"tasks", "list", "--json", "--tasks-dir", user.string()}, env);
    auto j = nlohmann::json::parse(json.out, nullptr, false);
    CHECK(json.code == 0 && j.is_object() && j["tasks"].size() >= 25 && j["problems"] == 1);

    // The same folder through $KWB_TASKS_DIR.
    auto envDir = env;
    envDir.push_back("KWB_TASKS_DIR=" + user.string());
    Run viaEnv = kwbRun({"tasks", "show", "scale-f32"}, envDir);
    CHECK_MSG(viaEnv.code == 0 && has(viaEnv.out, "kwb_scale") && has(viaEnv.out, "user task"),
              viaEnv.out + viaEnv.err);

    // show: a built-in task in full; an unknown id is an error.
    Run show = kwbRun({"tasks", "show", "sgemm-f32", "--prompt"}, env);
    CHECK(show.code == 0 && has(show.out, "kwb_sgemm(const float* A") && has(show.out, "GFLOP") &&
          has(show.out, "Prompt") && has(show.out, "cuBLAS"));
    CHECK(kwbRun({"tasks", "show", "no-such-task"}, env).code == 2);

    // check: the broken file fails the check, with its line; without it the folder passes.
    Run bad = kwbRun(
        {"tasks", "check", "--user-only", "--no-compile", "--tasks-dir", user.string()}, env);
    CHECK_MSG(bad.code == 1 && has(bad.out, "FAIL") && has(bad.out, "zz_broken.toml:2"), bad.out);
    fs::remove(user / "zz_broken.toml");
    Run good = kwbRun({"tasks", "check", "--user-only", "--tasks-dir", user.string()}, env);
    CHECK_MSG(good.code == 0 && has(good.out, "scale-f32") && has(good.out, "0 failures"),
              good.out);
    if (!runner.empty())
        CHECK_MSG(has(good.out, "scale-f32.cu compiles for sm_"), good.out);
    else
        CHECK_MSG(has(good.out, "not compiled"), good.out);
    // A reference that does not compile is a failure.
    writeFile(user / "reference" / "scale-f32.cu", "this is not CUDA\n");
    if (!runner.empty()) {
        Run broken = kwbRun({"tasks", "check", "--user-only", "--tasks-dir", user.string()}, env);
        CHECK_MSG(broken.code == 1 && has(broken.out, "does not compile"), broken.out);
    }

    // suite: missing samples count against fast_p; JSON on request.
    Run none = kwbRun(
        {"suite", "--samples", samples.string(), "--tasks", "saxpy-f32,gelu-f32", "--json"}, env);
    auto sj = nlohmann::json::parse(none.out, nullptr, false);
    CHECK_MSG(none.code == 0 && sj.is_object() && sj["tasks"].size() == 2 &&
                  sj["tasks"][0]["verdict"] == "missing" && sj["fast_p"]["0"] == 0.0,
              none.out + none.err);
    Run table = kwbRun({"suite", "--samples", samples.string(), "--tasks", "saxpy-f32"}, env);
    CHECK_MSG(has(table.out, "fast_0 = 0.000") && has(table.out, "wall time"), table.out);
    CHECK(kwbRun({"suite", "--samples", samples.string(), "--tasks", "no-such-task"}, env).code ==
          64);
    if (!runner.empty()) {
        // A real sample through the worker: pass on a GPU machine, not-run (exit 3) without one.
        fs::copy_file(taskSourceDir() / "reference" / "reduce-sum-f32.cu",
                      samples / "reduce-sum-f32.cu");
        Run one = kwbRun(
            {"suite", "--samples", samples.string(), "--tasks", "reduce-sum-f32", "--json"}, env);
        auto oj = nlohmann::json::parse(one.out, nullptr, false);
        const bool ran = oj.is_object() && oj["tasks"].size() == 1;
        const std::string verdict = ran ? oj["tasks"][0].value("verdict", "") : "";
        CHECK_MSG((one.code == 0 && verdict == "pass" && oj["fast_p"]["0"] == 1.0) ||
                      (one.code == 3 && verdict == "not-run"),
                  one.out + one.err);
    } else {
        std::printf(
            "note: kwb-runner not built (no CUDA toolkit): suite verification not exercised\n");
    }
    std::error_code ec;
    fs::remove_all(root, ec);
}
