// Bad input against opening a project: a healthy project is never called damaged (under a
// concurrent import, as a read-only file, on read-only media), a damaged one always is, at any
// size. Real kwb processes on real SQLite files.
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sys/mount.h>
#include <sys/wait.h>
#include <thread>

#include "core/store/sqlite_connection.h"
#include "tests/badinput/protocol_store_support.h"
#include "tests/badinput/registry.h"

namespace {
namespace fs = std::filesystem;
using namespace kwbtest;
using namespace kwbtest::ps;
using Clock = std::chrono::steady_clock;

bool saysDamaged(const Run& r) {
    return r.err.find("damaged") != std::string::npos || r.out.find("damaged") != std::string::npos;
}

// Overwrites the start of ten pages from the middle of the file, as a bad sector or a stray write.
void damageMiddle(const fs::path& file) {
    std::string bytes = readFile(file);
    const std::size_t mid = bytes.size() / 4096 / 2;
    for (std::size_t page = mid; page < mid + 10; ++page)
        for (std::size_t i = 0; i < 64; ++i)
            bytes[page * 4096 + i] = char(0xA5 ^ (i * 31));
    writeFile(file, bytes);
}

// What a reader of a read-only project can do, and what a writer is told.
void readOnlyCommands(const fs::path& project, const fs::path& dir,
                      const std::vector<std::string>& env, const std::string& what) {
    const std::string p = project.string();
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"samples", "list", "--project", p},
          {"samples", "show", "1", "--project", p},
          {"project", "info", "--project", p},
          {"review", "history", "1", "--project", p},
          {"export", "sft", "-o", (dir / "out.jsonl").string(), "--project", p}}) {
        auto r = runKwb(args, env, dir);
        std::string cmd;
        for (const auto& a : args)
            cmd += a + " ";
        CHECK_MSG(r.exitCode == 0 && !saysDamaged(r),
                  what + ": kwb " + cmd + "exit " + std::to_string(r.exitCode) + ": " + r.err);
        std::error_code ec;
        fs::remove(dir / "out.jsonl", ec);
    }
    auto w = runKwb({"review", "accept", "1", "--project", p}, env, dir);
    CHECK_MSG(w.exitCode != 0 && w.err.find("the project is read-only") != std::string::npos &&
                  !saysDamaged(w),
              what + ": a write says the project is read-only: " + w.err);
}

void concurrentImport(const fs::path& dir, const std::vector<std::string>& env) {
    const fs::path project = projectWithSamples(dir, "busy", 5, env);
    // A big import (one transaction, then the checkpoint of its write-ahead log when it closes)
    // runs while readers and reviewers, four at a time, use the same file.
    constexpr int kImported = 25000;
    const fs::path big = samplesJsonl(dir / "big.jsonl", 100, kImported, 8);
    auto importer = startKwb({"import", big.string(), "--project", project.string()}, env, dir);
    int commands = 0, duringImport = 0, damaged = 0, failedReads = 0, otherWriteFailures = 0;
    std::string firstProblem;
    const auto t0 = Clock::now();
    bool importDone = false;
    std::vector<std::pair<Started, bool>> running; // oldest first; bool: a read
    auto collect = [&] {
        auto [started, read] = running.front();
        running.erase(running.begin());
        Run r = finishKwb(started, std::chrono::seconds(120));
        if (saysDamaged(r))
            ++damaged;
        else if (r.exitCode != 0 && read)
            ++failedReads;
        else if (r.exitCode != 0 && r.err.find("busy") == std::string::npos)
            ++otherWriteFailures;
        if (r.exitCode != 0 && firstProblem.empty())
            firstProblem = r.err;
    };
    // Until the import has ended and at least 150 commands ran (30 more after its end, when its
    // log is checkpointed), within four minutes.
    int afterImport = 0;
    while ((!importDone || commands < 150 || afterImport < 30) &&
           Clock::now() - t0 < std::chrono::seconds(240)) {
        while (running.size() < 4) {
            const bool read = commands % 2 == 0;
            running.emplace_back(
                read ? startKwb({"samples", "list", "--project", project.string()}, env, dir)
                     : startKwb({"review", commands % 4 == 1 ? "accept" : "reject",
                                 std::to_string(commands % 5 + 1), "--project", project.string()},
                                env, dir),
                read);
            ++commands;
            importDone ? ++afterImport : ++duringImport;
        }
        collect();
        if (!importDone && ::waitpid(importer.pid, nullptr, WNOHANG) != 0)
            importDone = true;
    }
    while (!running.empty())
        collect();
    if (!importDone)
        finishKwb(importer, std::chrono::seconds(240));
    std::printf("  %d commands beside the import (%d while it ran): %d called it damaged, %d reads "
                "failed\n",
                commands, duringImport, damaged, failedReads);
    CHECK_MSG(duringImport >= 20, "the import lasted long enough to meet other commands");
    CHECK_MSG(damaged == 0,
              "a healthy project under a concurrent import was called damaged: " + firstProblem);
    CHECK_MSG(failedReads == 0, "reads under a concurrent import failed: " + firstProblem);
    CHECK_MSG(otherWriteFailures == 0,
              "a write failed for another reason than a busy project: " + firstProblem);
    CHECK(queryInt(project, "SELECT count(*) FROM samples") == kImported + 5);
}

void readOnlyFile(const fs::path& dir, const std::vector<std::string>& env) {
    const fs::path project = projectWithSamples(dir, "rofile", 5, env);
    // chmod 0444 does not stop root (CI runs as root): the immutable attribute does.
    if (std::system(("chattr +i '" + project.string() + "' 2>/dev/null").c_str()) != 0) {
        std::printf("  SKIP the read-only file case: chattr +i is not supported here (no "
                    "CAP_LINUX_IMMUTABLE or "
                    "the file system has no attributes)\n");
        return;
    }
    readOnlyCommands(project, dir, env, "a read-only project file");
    (void)std::system(("chattr -i '" + project.string() + "'").c_str());
}

void readOnlyMedia(const fs::path& dir, const std::vector<std::string>& env) {
    const fs::path media = dir / "media", mnt = dir / "mnt";
    fs::create_directories(media);
    fs::create_directories(mnt);
    const fs::path project = projectWithSamples(media, "romedia", 5, env);
    if (::mount(media.c_str(), mnt.c_str(), nullptr, MS_BIND, nullptr) != 0) {
        std::printf("  SKIP the read-only media case: cannot bind-mount (%s; needs root or "
                    "CAP_SYS_ADMIN)\n",
                    std::strerror(errno));
        return;
    }
    if (::mount(nullptr, mnt.c_str(), nullptr, MS_REMOUNT | MS_BIND | MS_RDONLY, nullptr) != 0) {
        std::printf("  SKIP the read-only media case: cannot remount read-only (%s)\n",
                    std::strerror(errno));
        ::umount2(mnt.c_str(), MNT_DETACH);
        return;
    }
    readOnlyCommands(mnt / project.filename(), dir, env, "a project on read-only media");
    ::umount2(mnt.c_str(), MNT_DETACH);
}

void damagedIsDamaged(const fs::path& dir, const std::vector<std::string>& env) {
    const fs::path project = projectWithSamples(dir, "damaged", 300, env);
    damageMiddle(project);
    auto r = runKwb({"samples", "list", "--project", project.string()}, env, dir);
    CHECK_MSG(r.exitCode == 2 && r.err.find("is damaged") != std::string::npos,
              "a damaged project is called so: " + r.err);
}

void largeDamagedIsCaught(const fs::path& dir, const std::vector<std::string>& env) {
    // Over 64 MiB (once the size above which the check on open was skipped): 72 MiB of rows.
    const fs::path project = projectWithSamples(dir, "large", 5, env);
    {
        auto db = kwb::SqliteConnection::open(project, kwb::SqliteConnection::Mode::ReadWrite);
        CHECK(db &&
              (*db)->exec(
                  "CREATE TABLE bulk(b BLOB); WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i "
                  "+ 1 "
                  "FROM n WHERE i < 1200) INSERT INTO bulk SELECT randomblob(60000) FROM n;"));
    }
    CHECK(fs::file_size(project) > (64u << 20));
    auto healthy = runKwb({"samples", "list", "--project", project.string()}, env, dir);
    CHECK_MSG(healthy.exitCode == 0, "a large healthy project opens: " + healthy.err);
    damageMiddle(project);
    auto t0 = Clock::now();
    auto r = runKwb({"samples", "list", "--project", project.string()}, env, dir);
    auto seconds = std::chrono::duration<double>(Clock::now() - t0).count();
    CHECK_MSG(r.exitCode == 2 && r.err.find("is damaged") != std::string::npos,
              "a damaged page of a project over 64 MiB is caught on open: exit " +
                  std::to_string(r.exitCode) + " " + r.err);
    std::printf("  opening the damaged %.0f MiB project took %.2f s\n",
                double(fs::file_size(project)) / (1 << 20), seconds);
}

void healthyProjectIsNeverCalledDamaged() {
    const fs::path dir = freshDir("healthy");
    const auto env = isolatedEnv(dir);
    std::printf("- a concurrent import\n");
    concurrentImport(dir, env);
    std::printf("- a read-only file\n");
    readOnlyFile(dir, env);
    std::printf("- read-only media\n");
    readOnlyMedia(dir, env);
    std::printf("- a damaged project\n");
    damagedIsDamaged(dir, env);
    std::printf("- a damaged project over 64 MiB\n");
    largeDamagedIsCaught(dir, env);
    std::error_code ec;
    fs::remove_all(dir, ec);
}

} // namespace

KWB_BAD_INPUT_SUITE("healthy-project-is-never-called-damaged", healthyProjectIsNeverCalledDamaged);
