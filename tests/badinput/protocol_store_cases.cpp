// Bad input against the worker protocol and imports: requests over the protocol's line limit,
// sources over the source limit, a .cu file given to import, and `kwb project check`'s exit
// codes. Real kwb and kwb-runner processes, real files.
#include <chrono>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "core/model/source_limit.h"
#include "core/protocol/protocol.h"
#include "tests/badinput/protocol_store_support.h"
#include "tests/badinput/registry.h"

extern char** environ;

namespace {
namespace fs = std::filesystem;
using namespace kwbtest;
using namespace kwbtest::ps;
using Clock = std::chrono::steady_clock;

// kwb-runner as a real child, its stdin and stdout ours: the protocol as a client speaks it.
class RawRunner {
public:
    bool start() {
        int in[2], out[2];
        if (::pipe(in) != 0 || ::pipe(out) != 0)
            return false;
        posix_spawn_file_actions_t fa;
        posix_spawn_file_actions_init(&fa);
        posix_spawn_file_actions_adddup2(&fa, in[0], 0);
        posix_spawn_file_actions_adddup2(&fa, out[1], 1);
        posix_spawn_file_actions_addclose(&fa, in[1]);
        posix_spawn_file_actions_addclose(&fa, out[0]);
        char* argv[] = {const_cast<char*>(KWB_RUNNER_PATH), nullptr};
        int rc = posix_spawn(&m_pid, KWB_RUNNER_PATH, &fa, nullptr, argv, environ);
        posix_spawn_file_actions_destroy(&fa);
        ::close(in[0]);
        ::close(out[1]);
        m_in = in[1];
        m_out = out[0];
        return rc == 0;
    }
    ~RawRunner() {
        if (m_in >= 0)
            ::close(m_in);
        if (m_out >= 0)
            ::close(m_out);
        if (m_pid > 0) {
            ::kill(m_pid, SIGKILL);
            ::waitpid(m_pid, nullptr, 0);
        }
    }
    bool send(const std::string& line) {
        std::size_t done = 0;
        while (done < line.size()) {
            ssize_t n = ::write(m_in, line.data() + done, line.size() - done);
            if (n <= 0)
                return false;
            done += std::size_t(n);
        }
        return true;
    }
    // The next answer line, or "" at the deadline or end of output.
    std::string answer(std::chrono::seconds limit) {
        auto end = Clock::now() + limit;
        for (;;) {
            if (auto nl = m_buf.find('\n'); nl != std::string::npos) {
                std::string line = m_buf.substr(0, nl);
                m_buf.erase(0, nl + 1);
                return line;
            }
            auto left =
                std::chrono::duration_cast<std::chrono::milliseconds>(end - Clock::now()).count();
            pollfd p{m_out, POLLIN, 0};
            if (left <= 0 || ::poll(&p, 1, int(left)) <= 0)
                return {};
            char chunk[65536];
            ssize_t n = ::read(m_out, chunk, sizeof chunk);
            if (n <= 0)
                return {};
            m_buf.append(chunk, std::size_t(n));
        }
    }
    int exitCode(std::chrono::seconds limit) {
        ::close(m_in);
        m_in = -1;
        auto end = Clock::now() + limit;
        int status = 0;
        while (::waitpid(m_pid, &status, WNOHANG) == 0) {
            if (Clock::now() > end)
                return -1;
            ::usleep(20000);
        }
        m_pid = -1;
        return WIFEXITED(status) ? WEXITSTATUS(status) : -2;
    }

private:
    pid_t m_pid = -1;
    int m_in = -1, m_out = -1;
    std::string m_buf;
};

nlohmann::json parsed(const std::string& line) {
    return nlohmann::json::parse(line, nullptr, false);
}

void oversizedRequests() {
    const fs::path dir = freshDir("oversized");
    const auto env = isolatedEnv(dir);

    // 1. A source of 40 MiB of quotes doubles to 80 MiB when JSON-escaped, over the protocol's
    // line: kwb verify refuses it at once, saying why, instead of waiting --timeout + 240 s for
    // an answer the worker gave without the request's id.
    {
        const fs::path huge = dir / "huge.cu";
        writeFile(huge, kernelSource(1) + "/*" + std::string(40u << 20, '"') + "*/\n");
        auto t0 = Clock::now();
        auto r = runKwb({"verify", "gelu-f32", huge.string(), "--timeout", "5", "--no-bench"}, env,
                        dir, std::chrono::seconds(90));
        auto seconds = std::chrono::duration<double>(Clock::now() - t0).count();
        CHECK_MSG(r.exitCode == 2, "exit " + std::to_string(r.exitCode) + ": " + r.err);
        CHECK_MSG(seconds < 20, "kwb verify of a huge file took " + std::to_string(seconds) + " s");
        CHECK_MSG(r.err.find("the candidate source is") != std::string::npos &&
                      r.err.find("up to 1.0 MiB") != std::string::npos,
                  "the message says the source is over the documented limit: " + r.err);
        CHECK_MSG(r.err.find("worker") == std::string::npos, "the worker is not blamed: " + r.err);
    }
    // 2. Just over the source limit (1 MiB + 1 byte, far inside the line limit): refused too.
    {
        const fs::path big = dir / "big.cu";
        std::string src = kernelSource(2);
        src += "//" + std::string(kwb::kMaxSourceBytes + 1 - src.size() - 3, 'x') + "\n";
        writeFile(big, src);
        CHECK(fs::file_size(big) == kwb::kMaxSourceBytes + 1);
        auto r = runKwb({"verify", "gelu-f32", big.string(), "--no-bench"}, env, dir,
                        std::chrono::seconds(60));
        CHECK_MSG(r.exitCode == 2 && r.err.find("the candidate source is") != std::string::npos,
                  r.err);
    }
    // 3. A raw line over the limit into kwb-runner: the answer carries the request's id, and
    // the worker goes on with the next request.
    {
        RawRunner w;
        CHECK(w.start());
        CHECK(w.send("{\"type\":\"hello\",\"protocol\":1}\n"));
        CHECK(parsed(w.answer(std::chrono::seconds(20))).value("ok", false));
        std::string line = "{\"id\":42,\"params\":{\"pad\":\"";
        line += std::string(kwb::protocol::kMaxLineBytes + 16, 'p');
        line += "\"},\"type\":\"device-info\"}\n";
        CHECK(w.send(line));
        line.clear();
        line.shrink_to_fit();
        auto a = parsed(w.answer(std::chrono::seconds(60)));
        CHECK_MSG(a.is_object() && a.contains("id") && a["id"] == 42,
                  "the too-long request's answer names id 42: " + a.dump());
        CHECK_MSG(a.is_object() && !a.value("ok", true) &&
                      a.value("error", nlohmann::json::object()).value("code", "") ==
                          "request-too-large",
                  a.dump());
        // A cut-off request (not JSON) is answered with its id too.
        CHECK(w.send("{\"id\":43,\"type\":\"device-info\",\"params\":{\"x\":[1,2\n"));
        auto b = parsed(w.answer(std::chrono::seconds(20)));
        CHECK_MSG(b.is_object() && b.contains("id") && b["id"] == 43 &&
                      b.value("error", nlohmann::json::object()).value("code", "") ==
                          "malformed-request",
                  b.dump());
        CHECK(w.send("{\"id\":44,\"type\":\"shutdown\"}\n"));
        auto c = parsed(w.answer(std::chrono::seconds(20)));
        CHECK_MSG(c.is_object() && c.value("id", 0) == 44 && c.value("ok", false), c.dump());
        CHECK(w.exitCode(std::chrono::seconds(20)) == 0);
    }
    // 4. An error answer without an id (from a worker that could not read the request's id)
    // answers the request in flight: kwb says the worker's reason at once instead of waiting
    // --timeout + 240 s for an answer that never comes.
    {
        const fs::path oldWorker = dir / "id-less-worker.sh";
        writeFile(
            oldWorker,
            "#!/bin/sh\nread hello\n"
            "echo "
            "'{\"type\":\"hello\",\"ok\":true,\"protocol\":1,\"worker\":\"old-kwb-runner/0.0\","
            "\"supported\":{\"min\":1,\"max\":1}}'\nread request\n"
            "echo '{\"type\":\"error\",\"ok\":false,\"error\":{\"code\":\"malformed-request\","
            "\"message\":\"the request line is too long\"}}'\nexec sleep 20\n");
        fs::permissions(oldWorker, fs::perms::owner_all);
        const fs::path small = dir / "small.cu";
        writeFile(small, kernelSource(3));
        auto idLessEnv = env;
        for (auto& kv : idLessEnv)
            if (kv.rfind("KWB_RUNNER=", 0) == 0)
                kv = "KWB_RUNNER=" + oldWorker.string();
        auto t0 = Clock::now();
        auto r = runKwb({"verify", "gelu-f32", small.string(), "--timeout", "5", "--no-bench"},
                        idLessEnv, dir, std::chrono::seconds(90));
        auto seconds = std::chrono::duration<double>(Clock::now() - t0).count();
        CHECK_MSG(r.exitCode == 2 &&
                      r.err.find("the request line is too long") != std::string::npos,
                  "exit " + std::to_string(r.exitCode) + ": " + r.err);
        CHECK_MSG(seconds < 20,
                  "an id-less error ended the call after " + std::to_string(seconds) + " s");
    }
    // 5. kwb import refuses a sample whose source is over the limit, naming its line; nothing
    // is imported, so nothing is stored that could never be verified.
    {
        const fs::path project = dir / "p.kwbproj";
        CHECK(runKwb({"project", "new", project.string()}, env, dir).exitCode == 0);
        const fs::path rows = samplesJsonl(dir / "rows.jsonl", 1, 2);
        {
            std::ofstream f(rows, std::ios::app);
            f << "{\"task\":\"gelu-f32\",\"source\":\""
              << std::string(kwb::kMaxSourceBytes + 10, 'y') << "\"}\n";
        }
        auto r = runKwb({"import", rows.string(), "--project", project.string()}, env, dir);
        CHECK_MSG(r.exitCode == 2, r.err);
        CHECK_MSG(r.err.find("rows.jsonl:3") != std::string::npos &&
                      r.err.find("up to 1.0 MiB") != std::string::npos,
                  "the refusal names the line and the limit: " + r.err);
        CHECK(queryInt(project, "SELECT count(*) FROM samples") == 0);
        // And a folder of .cu files with one too large.
        fs::create_directories(dir / "kernels");
        writeFile(dir / "kernels" / "a.cu", kernelSource(5));
        writeFile(dir / "kernels" / "b.cu", std::string(kwb::kMaxSourceBytes + 1, 'z'));
        auto f = runKwb({"import", (dir / "kernels").string(), "--task", "gelu-f32", "--project",
                         project.string()},
                        env, dir);
        CHECK_MSG(f.exitCode == 2 && f.err.find("b.cu") != std::string::npos &&
                      f.err.find("up to 1.0 MiB") != std::string::npos,
                  f.err);
        CHECK(queryInt(project, "SELECT count(*) FROM samples") == 0);
    }
    std::error_code ec;
    fs::remove_all(dir, ec);
}

void importSaysWhatItTakes() {
    const fs::path dir = freshDir("import-takes");
    const auto env = isolatedEnv(dir);
    const fs::path project = dir / "p.kwbproj";
    CHECK(runKwb({"project", "new", project.string()}, env, dir).exitCode == 0);
    const fs::path cu = dir / "kernel.cu";
    writeFile(cu, kernelSource(1));
    auto r = runKwb({"import", cu.string(), "--project", project.string()}, env, dir);
    CHECK(r.exitCode != 0);
    CHECK_MSG(r.err.find("JSONL") != std::string::npos &&
                  r.err.find("folder of .cu files") != std::string::npos,
              "import says what it takes: " + r.err);
    CHECK_MSG(r.err.find("kwb verify") != std::string::npos,
              "and how a single .cu file is verified: " + r.err);
    CHECK_MSG(r.err.find("not a JSON object") == std::string::npos, r.err);
    // A JSONL file with a line that is not JSON says what a line must be.
    const fs::path bad = dir / "bad.jsonl";
    writeFile(bad, "this is not json\n");
    auto b = runKwb({"import", bad.string(), "--project", project.string()}, env, dir);
    CHECK(b.exitCode == 2);
    CHECK_MSG(b.err.find("bad.jsonl:1") != std::string::npos &&
                  b.err.find("one sample a line") != std::string::npos,
              b.err);
    CHECK(queryInt(project, "SELECT count(*) FROM samples") == 0);
    std::error_code ec;
    fs::remove_all(dir, ec);
}

void projectCheckExitCodes() {
    const fs::path dir = freshDir("check-codes");
    const auto env = isolatedEnv(dir);
    const fs::path project = projectWithSamples(dir, "p", 300, env);
    auto sound = runKwb({"project", "check", "--project", project.string()}, env, dir);
    CHECK_MSG(sound.exitCode == 0, sound.out + sound.err);
    // Damaged: the start of ten pages in the middle overwritten.
    std::string bytes = readFile(project);
    CHECK(bytes.size() > 40 * 4096);
    const std::size_t mid = bytes.size() / 4096 / 2;
    for (std::size_t page = mid; page < mid + 10; ++page)
        for (std::size_t i = 0; i < 64; ++i)
            bytes[page * 4096 + i] = char(0xA5 ^ (i * 31));
    writeFile(project, bytes);
    auto damaged = runKwb({"project", "check", "--project", project.string()}, env, dir);
    CHECK_MSG(damaged.exitCode == 1, "a damaged project: the check found a problem (1), got " +
                                         std::to_string(damaged.exitCode) + ": " + damaged.err);
    CHECK_MSG(damaged.out.find("PROBLEM") != std::string::npos &&
                  damaged.out.find("damaged") != std::string::npos,
              damaged.out);
    auto json = runKwb({"project", "check", "--json", "--project", project.string()}, env, dir);
    CHECK(json.exitCode == 1 && parsed(json.out).is_object() &&
          parsed(json.out).value("ok", true) == false);
    // Cannot look at all: 2.
    auto missing =
        runKwb({"project", "check", "--project", (dir / "absent.kwbproj").string()}, env, dir);
    CHECK_MSG(missing.exitCode == 2, missing.err);
    std::error_code ec;
    fs::remove_all(dir, ec);
}

} // namespace

KWB_BAD_INPUT_SUITE("oversized-request-fails-fast-with-its-reason", oversizedRequests);
KWB_BAD_INPUT_SUITE("import-says-what-it-takes", importSaysWhatItTakes);
KWB_BAD_INPUT_SUITE("project-check-exit-codes", projectCheckExitCodes);
