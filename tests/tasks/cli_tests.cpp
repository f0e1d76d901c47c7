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

// kwb tasks new, check and verify on a task that is not built in: made, checked (its reference
// compiled), and verified end to end by kwb verify: not-run (exit 3, compiled only) without a
// GPU, a pass timed against its reference kernel with one. Then each kind of mistake in a task
// file named by the check, with file and line.
void newTaskVerified(const fs::path& root, const std::vector<std::string>& env, bool runner) {
    const fs::path mine = root / "mine";
    Run made = kwbRun({"tasks", "new", "my-relu", "--dir", mine.string()}, env);
    CHECK_MSG(made.code == 0 && fs::is_regular_file(mine / "my-relu" / "task.toml") &&
                  fs::is_regular_file(mine / "my-relu" / "reference.cu"),
              made.out + made.err);
    CHECK(kwbRun({"tasks", "new", "my-relu", "--dir", mine.string()}, env).code == 2);
    CHECK(kwbRun({"tasks", "new", "sgemm-f32", "--dir", mine.string()}, env).code == 2); // taken
    Run like =
        kwbRun({"tasks", "new", "my-gemm", "--like", "sgemm-f32", "--dir", mine.string()}, env);
    CHECK_MSG(like.code == 0, like.out + like.err);
    Run check = kwbRun({"tasks", "check", "my-relu", "--tasks-dir", mine.string()}, env);
    CHECK_MSG(check.code == 0 && has(check.out, "my-relu [user]") && has(check.out, "0 failures") &&
                  has(check.out, "checked against the reference kernel"),
              check.out);
    if (runner)
        CHECK_MSG(has(check.out, "reference.cu compiles for sm_"), check.out);
    Run byPath = kwbRun({"tasks", "check", (mine / "my-gemm").string()}, env);
    CHECK_MSG(byPath.code == 0 && has(byPath.out, "my-gemm"), byPath.out);
    Run listed = kwbRun({"tasks", "list", "--json", "--tasks-dir", mine.string()}, env);
    auto lj = nlohmann::json::parse(listed.out, nullptr, false);
    bool verifiable = false;
    for (const auto& t : lj.is_object() ? lj["tasks"] : nlohmann::json::array())
        verifiable = verifiable || (t["id"] == "my-relu" && t["verifiable"] == true);
    CHECK_MSG(verifiable, listed.out);

    // A candidate that is not the reference, verified against it.
    const fs::path cand = root / "relu_candidate.cu";
    writeFile(cand, "#include <cuda_runtime.h>\n"
                    "__global__ void k(const float* x, float* y, int n) {\n"
                    "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
                    "  if (i < n) y[i] = x[i] > 0.0f ? x[i] : 0.0f; }\n"
                    "extern \"C\" void kwb_my_relu(const float* x, float* y, int n, "
                    "cudaStream_t s) {\n  k<<<(n + 127) / 128, 128, 0, s>>>(x, y, n); }\n");
    if (runner) {
        Run v = kwbRun({"verify", "--tasks-dir", mine.string(), "my-relu", cand.string(), "--json"},
                       env);
        auto vj = nlohmann::json::parse(v.out, nullptr, false);
        const std::string verdict = vj.is_object() ? vj.value("verdict", "") : "";
        CHECK_MSG(
            (v.code == 3 && verdict == "not-run") ||
                (v.code == 0 && verdict == "pass" && vj["baseline"]["kind"] == "reference-kernel"),
            v.out + v.err);
        Run table = kwbRun({"verify", "--tasks-dir", mine.string(), "my-relu", cand.string()}, env);
        CHECK_MSG(table.code == v.code && !has(table.err, "no reference"), table.out + table.err);
    }

    // Each kind of mistake: the check fails naming the file, the line and what is wrong.
    for (const auto& entry : fs::directory_iterator(testSourceDir() / "bad")) {
        Run bad = kwbRun({"tasks", "check", "--no-compile", entry.path().string()}, env);
        CHECK_MSG(bad.code == 1 && has(bad.out, "FAIL " + entry.path().string() + ":"),
                  entry.path().filename().string() + ": " + bad.out);
    }
}

} // namespace

void cliTests() {
    std::string tmpl = (fs::temp_directory_path() / "kwb-cli-XXXXXX").string();
    if (!CHECK(mkdtemp(tmpl.data()) != nullptr))
        return;
    const fs::path root = tmpl, user = root / "tasks", samples = root / "samples";
    fs::create_directories(user / "reference");
    fs::create_directories(samples);
    // The test task, naming its reference kernel (the legacy reference/<id>.cu place).
    writeFile(user / "scale.toml", readFile(testSourceDir() / "good_task.toml") +
                                       "\n[reference]\nkernel = \"reference/scale-f32.cu\"\n");
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
    writeFile(user / "reference" / "scale-f32.cu", "void kwb_scale( this is not CUDA\n");
    if (!runner.empty()) {
        Run broken = kwbRun({"tasks", "check", "--user-only", "--tasks-dir", user.string()}, env);
        CHECK_MSG(broken.code == 1 && has(broken.out, "does not compile"), broken.out);
    }

    newTaskVerified(root, env, !runner.empty());

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
