#pragma once
// A child process with pipes on stdin, stdout and stderr, in its own process group, with
// deadlines on every read. Owned by one thread at a time; no call blocks without a deadline.
#include <chrono>
#include <optional>
#include <string>
#include <sys/types.h>
#include <vector>

#include "core/model/error.h"

namespace kwb {

struct ProcessSpec {
    std::string program;                         // absolute path, or a name looked up in PATH
    std::vector<std::string> args;               // argv[1..]; no shell is involved
    std::optional<std::vector<std::string>> env; // "K=V" entries; nullopt: inherit
    std::string workDir;                         // empty: inherit
    std::size_t stderrKeepBytes = 1 << 20;       // stderr beyond this keeps only its tail
    int niceIncrement = 0; // > 0: the child runs this much nicer than its parent (background work)
};

// How a child ended, named; never a bare number.
struct ProcessExit {
    enum class Kind { Running, Exited, Signaled, TimedOut, Killed };
    Kind kind = Kind::Running;
    int code = 0;                 // exit status when Exited
    int signal = 0;               // signal number when Signaled
    std::string describe() const; // "exited with code 3", "crashed (signal 11, SIGSEGV)", ...
};

class ChildProcess {
public:
    using Clock = std::chrono::steady_clock;

    ChildProcess() = default;
    ~ChildProcess(); // kills the whole group if still running
    ChildProcess(const ChildProcess&) = delete;
    ChildProcess& operator=(const ChildProcess&) = delete;

    Status start(const ProcessSpec& spec);
    bool running() const { return m_pid > 0 && m_exit.kind == ProcessExit::Kind::Running; }
    pid_t pid() const { return m_pid; }

    Status write(const std::string& data, Clock::time_point deadline);
    void closeStdin();
    // One line from stdout without its '\n'. Errors: "timeout", "eof".
    Result<std::string> readLine(Clock::time_point deadline, std::size_t maxBytes = 64u << 20);
    // Reads stdout and stderr to EOF and reaps the child, or kills the group at the deadline.
    ProcessExit finish(Clock::time_point deadline);
    void killGroup(); // SIGKILL to the process group, then reap
    // Sends `sig` to the process group while the child runs (SIGSTOP, SIGCONT: a child held
    // still is neither reaped nor reported as ended).
    void signalGroup(int sig);
    // Bytes written to the child's stdin that it has not read yet (0 when it has read them all).
    std::size_t unreadInput() const;
    // Takes what stdout and stderr hold now, sends SIGKILL to the group and lets the child go
    // without waiting for its end: the kernel finishes its exit (tearing down a CUDA context
    // takes tens of milliseconds) while the caller goes on. A later start() of any ChildProcess
    // in this process reaps it, or init does once this process ends. Afterwards the object
    // holds no child (running() is false; exit kind Killed).
    void abandon();

    const std::string& stderrText() const { return m_err; }
    std::string takeStdout(); // what stdout held beyond the lines read so far

private:
    bool pump(int timeoutMs); // polls both pipes once; false when both are closed
    void reap(bool block);
    void closeAll();

    pid_t m_pid = -1;
    int m_in = -1, m_out = -1, m_errFd = -1;
    std::string m_outBuf, m_err;
    std::size_t m_errKeep = 1 << 20;
    ProcessExit m_exit;
};

// Makes the calling thread, and only it (Linux keeps a nice value per thread), `increment`
// nicer: for a background thread of an interactive process, so that the process's UI thread
// wins a busy CPU. Threads and processes it starts afterwards inherit the value.
void niceThisThread(int increment);

// Names the calling thread (up to 15 characters) where the system shows thread names: in top,
// /proc and a debugger, the workbench's threads say what they are for.
void nameThisThread(const char* name);

// Runs a program to completion with the given stdin; captures stdout and stderr.
struct ProcessOutput {
    ProcessExit exit;
    std::string out, err;
    double wallSeconds = 0;
};
Result<ProcessOutput> runProcess(const ProcessSpec& spec, const std::string& input,
                                 std::chrono::milliseconds timeout);

// Finds an executable in PATH; empty when absent.
std::string findInPath(const std::string& name);

} // namespace kwb
