// Test helpers: kwb as a real child process (see kwb_process.h).
#include "tests/support/kwb_process.h"

#include <chrono>
#include <fcntl.h>
#include <fstream>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

#include "core/store/project_store.h"
#include "core/store/sqlite_connection.h"

extern char** environ;

namespace kwbtest {

namespace fs = std::filesystem;

std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

// Starts kwb with args and extra environment entries ("NAME=value"; "NAME=" removes NAME), its
// output captured in files under dir.
Started startKwb(const std::vector<std::string>& args, const std::vector<std::string>& env,
                 const fs::path& dir) {
    std::vector<std::string> envStore;
    for (char** e = environ; *e; ++e) {
        std::string kv = *e;
        std::string name = kv.substr(0, kv.find('='));
        bool overridden = false;
        for (const auto& x : env)
            overridden = overridden || x.substr(0, x.find('=')) == name;
        if (!overridden)
            envStore.push_back(kv);
    }
    for (const auto& x : env)
        if (x.back() != '=')
            envStore.push_back(x);
    std::vector<std::string> argStore = {KWB_CLI_PATH};
    argStore.insert(argStore.end(), args.begin(), args.end());
    std::vector<char*> argv, envp;
    for (auto& a : argStore)
        argv.push_back(a.data());
    argv.push_back(nullptr);
    for (auto& e : envStore)
        envp.push_back(e.data());
    envp.push_back(nullptr);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    static int runs = 0; // every run's output is kept for the key check at the end
    ++runs;
    const fs::path outFile = dir / ("stdout-" + std::to_string(runs) + ".txt");
    const fs::path errFile = dir / ("stderr-" + std::to_string(runs) + ".txt");
    posix_spawn_file_actions_addopen(&fa, 1, outFile.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_addopen(&fa, 2, errFile.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    Started started{-1, outFile, errFile};
    if (posix_spawn(&started.pid, argv[0], &fa, nullptr, argv.data(), envp.data()) != 0)
        started.pid = -1;
    posix_spawn_file_actions_destroy(&fa);
    return started;
}

Run finishKwb(const Started& started, std::chrono::seconds limit) {
    Run r;
    if (started.pid < 0)
        return r;
    const pid_t pid = started.pid;
    int status = 0;
    auto end = std::chrono::steady_clock::now() + limit;
    while (::waitpid(pid, &status, WNOHANG) == 0) {
        if (std::chrono::steady_clock::now() > end) {
            ::kill(pid, SIGKILL);
            ::waitpid(pid, &status, 0);
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -2;
    r.out = slurp(started.outFile);
    r.err = slurp(started.errFile);
    return r;
}

Run runKwb(const std::vector<std::string>& args, const std::vector<std::string>& env,
           const fs::path& dir, std::chrono::seconds limit) {
    return finishKwb(startKwb(args, env, dir), limit);
}

// Every file under dir that contains needle.
std::vector<std::string> filesContaining(const fs::path& dir, const std::string& needle) {
    std::vector<std::string> hits;
    for (const auto& e : fs::recursive_directory_iterator(dir))
        if (e.is_regular_file() && slurp(e.path()).find(needle) != std::string::npos)
            hits.push_back(e.path().string());
    return hits;
}

std::size_t lines(const fs::path& p) {
    std::ifstream in(p);
    std::string l;
    std::size_t n = 0;
    while (std::getline(in, l))
        ++n;
    return n;
}

std::int64_t queryInt(const fs::path& project, const std::string& sql) {
    auto store = kwb::ProjectStore::open(project);
    if (!store)
        return -1;
    auto n = (*store)->connection().queryInt(sql);
    return n ? *n : -1;
}

std::string queryText(const fs::path& project, const std::string& sql) {
    auto store = kwb::ProjectStore::open(project);
    if (!store)
        return {};
    auto st = (*store)->connection().prepare(sql);
    if (!st)
        return {};
    auto row = st->step();
    return row && *row ? st->textAt(0) : std::string();
}

std::size_t occurrences(const std::string& text, const std::string& needle) {
    std::size_t n = 0;
    for (auto at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1))
        ++n;
    return n;
}

} // namespace kwbtest
