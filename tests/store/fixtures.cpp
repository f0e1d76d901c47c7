#include "tests/store/fixtures.h"

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <fcntl.h>
#include <fstream>
#include <spawn.h>
#include <sstream>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

#include "core/record/record_identity.h"

#include "core/sys/sha256.h"
#include "core/tasks/task_loader.h"

extern char** environ;

namespace kwbtest {
namespace fs = std::filesystem;

namespace {
struct Cleanup {
    std::vector<fs::path> dirs;
    ~Cleanup() {
        if (std::getenv("KWB_KEEP_TEST_FILES"))
            return;
        std::error_code ec;
        for (const auto& d : dirs)
            fs::remove_all(d, ec);
    }
};
Cleanup g_cleanup;
} // namespace

fs::path tempDir(const std::string& tag) {
    std::string tmpl = (fs::temp_directory_path() / ("kwb-store-" + tag + "-XXXXXX")).string();
    char* p = ::mkdtemp(tmpl.data());
    fs::path d = p ? fs::path(p) : fs::temp_directory_path() / ("kwb-store-" + tag);
    g_cleanup.dirs.push_back(d);
    return d;
}

fs::path sourceDir() {
    return KWB_SOURCE_DIR;
}

kwb::Task task(const std::string& id) {
    auto t = kwb::loadTaskFile(sourceDir() / "resources" / "tasks" / (id + ".toml"));
    if (!t) {
        std::fprintf(stderr, "cannot load task %s: %s\n", id.c_str(), t.error().message.c_str());
        std::exit(2);
    }
    return *t;
}

kwb::Sample sample(const std::string& taskId, const std::string& source, const std::string& model) {
    kwb::Sample s;
    s.taskId = taskId;
    s.source = source;
    s.model = model;
    s.provider = "test-provider";
    s.origin = kwb::SampleOrigin::Model;
    s.label = "sample.cu";
    s.messages = nlohmann::json::array({{{"role", "system"}, {"content", "You write CUDA."}},
                                        {{"role", "user"}, {"content", "Write " + taskId + "."}}});
    s.rawResponse = "```cuda\n" + source + "```";
    s.promptTokens = 120;
    s.completionTokens = 900;
    s.costUsd = 0.0123;
    s.parameters = {{"temperature", 0.7}};
    return s;
}

kwb::verification::VerificationRecordData record(const kwb::Sample& s, const std::string& verdict,
                                                 std::optional<double> speedup,
                                                 const std::string& gpu) {
    nlohmann::json j = {
        {"schema_version", kwb::verification::VerificationRecordData::kSchemaVersion},
        {"task_id", s.taskId},
        {"verdict", verdict},
        {"source_hash", kwb::sha256Hex(s.source)},
        {"created_at", "2025-01-01T00:00:00Z"},
        {"seed", std::rand()},
        {"device", {{"name", gpu}, {"cc", "9.0"}}}};
    if (speedup)
        j["geomean_speedup"] = *speedup;
    return kwb::verification::sealed(*kwb::verification::fromJson(j));
}

std::string fileBytes(const fs::path& p) {
    std::ifstream f(p, std::ios::binary);
    std::stringstream ss;
    ss << f.rdbuf();
    return ss.str();
}

void writeFile(const fs::path& p, const std::string& text) {
    std::ofstream f(p, std::ios::binary | std::ios::trunc);
    f << text;
}

int spawnProcess(const std::vector<std::string>& argv,
                 const std::map<std::string, std::string>& env, const fs::path& outFile,
                 const fs::path& errFile) {
    std::vector<std::string> envStrings;
    for (char** e = environ; *e; ++e) {
        std::string kv = *e;
        if (!env.count(kv.substr(0, kv.find('='))))
            envStrings.push_back(kv);
    }
    for (const auto& [k, v] : env)
        envStrings.push_back(k + "=" + v);
    std::vector<char*> args, envp;
    for (const auto& a : argv)
        args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    for (auto& e : envStrings)
        envp.push_back(e.data());
    envp.push_back(nullptr);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 1, outFile.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_addopen(&fa, 2, errFile.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    pid_t pid = -1;
    int rc = posix_spawn(&pid, args[0], &fa, nullptr, args.data(), envp.data());
    posix_spawn_file_actions_destroy(&fa);
    return rc == 0 ? pid : -1;
}

int waitProcess(int pid, int timeoutMs) {
    auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeoutMs);
    for (;;) {
        int status = 0;
        pid_t r = ::waitpid(pid, &status, WNOHANG);
        if (r == pid)
            return WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status);
        if (r < 0)
            return -1;
        if (std::chrono::steady_clock::now() > deadline) {
            ::kill(pid, SIGKILL);
            ::waitpid(pid, &status, 0);
            return -1000;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
}

ProcessResult runProcess(const std::vector<std::string>& argv,
                         const std::map<std::string, std::string>& env, int timeoutMs) {
    static int counter = 0;
    fs::path dir = tempDir("proc" + std::to_string(counter++));
    ProcessResult r;
    int pid = spawnProcess(argv, env, dir / "out", dir / "err");
    if (pid < 0)
        return r;
    r.exitCode = waitProcess(pid, timeoutMs);
    r.out = fileBytes(dir / "out");
    r.err = fileBytes(dir / "err");
    return r;
}

std::string kwbPath() {
    return KWB_CLI_PATH;
}
std::string writerPath() {
    return KWB_WRITER_PATH;
}

} // namespace kwbtest
