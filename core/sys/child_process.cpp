#include "core/sys/child_process.h"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <mutex>
#include <poll.h>
#include <spawn.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

extern char** environ;

namespace kwb {
namespace {

int msUntil(ChildProcess::Clock::time_point deadline) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline -
                                                                      ChildProcess::Clock::now());
    return static_cast<int>(std::clamp<long long>(left.count(), 0, 60'000));
}

void closeFd(int& fd) {
    if (fd >= 0)
        ::close(fd);
    fd = -1;
}

// Children let go by abandon(), not yet reaped.
std::mutex g_abandonedMutex;
std::vector<pid_t> g_abandoned;

void reapAbandoned() {
    std::lock_guard lock(g_abandonedMutex);
    std::erase_if(g_abandoned, [](pid_t pid) {
        int st = 0;
        pid_t r = ::waitpid(pid, &st, WNOHANG);
        return r == pid || (r < 0 && errno == ECHILD);
    });
}

} // namespace

std::string ProcessExit::describe() const {
    switch (kind) {
    case Kind::Running:
        return "still running";
    case Kind::Exited:
        return "exited with code " + std::to_string(code);
    case Kind::Signaled: {
        const char* name = sigabbrev_np(signal);
        return "crashed (signal " + std::to_string(signal) +
               (name ? std::string(", SIG") + name : "") + ")";
    }
    case Kind::TimedOut:
        return "did not finish before its deadline and was killed";
    case Kind::Killed:
        return "was stopped";
    }
    return {};
}

std::string findInPath(const std::string& name) {
    if (name.find('/') != std::string::npos)
        return ::access(name.c_str(), X_OK) == 0 ? name : std::string{};
    const char* path = std::getenv("PATH");
    std::string p = path ? path : "/usr/local/bin:/usr/bin:/bin";
    std::size_t start = 0;
    while (start <= p.size()) {
        std::size_t end = p.find(':', start);
        if (end == std::string::npos)
            end = p.size();
        std::string dir = p.substr(start, end - start);
        if (!dir.empty()) {
            std::string full = dir + "/" + name;
            struct stat st {};
            if (::stat(full.c_str(), &st) == 0 && S_ISREG(st.st_mode) &&
                ::access(full.c_str(), X_OK) == 0)
                return full;
        }
        start = end + 1;
    }
    return {};
}

ChildProcess::~ChildProcess() {
    if (running())
        killGroup();
    closeAll();
}

void ChildProcess::closeAll() {
    closeFd(m_in);
    closeFd(m_out);
    closeFd(m_errFd);
}

Status ChildProcess::start(const ProcessSpec& spec) {
    reapAbandoned();
    if (m_pid > 0)
        return Error::make("already-started", "the process was already started");
    // A child that closes its input must give us EPIPE, not kill us with SIGPIPE.
    static const bool sigpipeIgnored = (::signal(SIGPIPE, SIG_IGN), true);
    (void)sigpipeIgnored;
    std::string program = findInPath(spec.program);
    if (program.empty())
        return Error::make("not-found", "cannot find the program '" + spec.program + "'");
    m_errKeep = spec.stderrKeepBytes;

    // Everything the child needs is built before the spawn.
    std::vector<std::string> argStore{program};
    argStore.insert(argStore.end(), spec.args.begin(), spec.args.end());
    std::vector<char*> argv;
    for (auto& a : argStore)
        argv.push_back(a.data());
    argv.push_back(nullptr);
    std::vector<std::string> envStore;
    std::vector<char*> envp;
    if (spec.env) {
        envStore = *spec.env;
        for (auto& e : envStore)
            envp.push_back(e.data());
        envp.push_back(nullptr);
    }
    char** envArg = spec.env ? envp.data() : environ;

    int in[2], out[2], err[2];
    if (::pipe2(in, O_CLOEXEC) || ::pipe2(out, O_CLOEXEC) || ::pipe2(err, O_CLOEXEC))
        return Error::make("spawn-failed",
                           std::string("cannot create pipes: ") + std::strerror(errno));

    // posix_spawn, not fork: glibc starts the child with CLONE_VM|CLONE_VFORK, so the parent's
    // page tables are not copied. fork() write-locks the parent's address space while it copies
    // them, and every other thread that faults meanwhile waits: in the GUI that stalled the UI
    // thread for 50-120 ms at each verification start on a loaded 2-core machine (tst_latency).
    // In the child: its own session and process group, or only its own process group for
    // background work (below; the whole group is killed at the deadline), the pipes as
    // stdin/stdout/stderr, the working folder, SIGPIPE back to default.
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    ::posix_spawn_file_actions_init(&actions);
    ::posix_spawnattr_init(&attributes);
    ::posix_spawn_file_actions_adddup2(&actions, in[0], 0);
    ::posix_spawn_file_actions_adddup2(&actions, out[1], 1);
    ::posix_spawn_file_actions_adddup2(&actions, err[1], 2);
    // Nothing else of ours reaches the child, whatever its flags: descriptors a library opened
    // without O_CLOEXEC, or a caller's pipes, would let a build or a job write where it must not.
    ::posix_spawn_file_actions_addclosefrom_np(&actions, 3);
    if (!spec.workDir.empty())
        ::posix_spawn_file_actions_addchdir_np(&actions, spec.workDir.c_str());
    sigset_t defaults;
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGPIPE);
    ::posix_spawnattr_setsigdefault(&attributes, &defaults);
    // Background work (a nice increment: builds) keeps the caller's session: the kernel's
    // autogroup scheduling gives every session one share of the CPU whatever the nice values
    // inside it, so a build in a session of its own takes as much CPU as the window. Its own
    // process group is enough for the group kill. Everything else, verification jobs above all,
    // gets a session of its own: no controlling terminal of the caller's.
    const bool background = spec.niceIncrement > 0;
    ::posix_spawnattr_setpgroup(&attributes, 0);
    ::posix_spawnattr_setflags(&attributes,
                               (background ? POSIX_SPAWN_SETPGROUP : POSIX_SPAWN_SETSID) |
                                   POSIX_SPAWN_SETSIGDEF);
    pid_t pid = 0;
    const int spawned = ::posix_spawn(&pid, argv[0], &actions, &attributes, argv.data(), envArg);
    ::posix_spawn_file_actions_destroy(&actions);
    ::posix_spawnattr_destroy(&attributes);
    ::close(in[0]);
    ::close(out[1]);
    ::close(err[1]);
    if (spawned != 0) {
        ::close(in[1]);
        ::close(out[0]);
        ::close(err[0]);
        return Error::make("spawn-failed",
                           "cannot start '" + program + "': " + std::strerror(spawned));
    }
    // Right after the spawn, before the child has started much of its own work (its children
    // inherit the value). Raising one's own child's nice value needs no privilege.
    if (spec.niceIncrement > 0) {
        errno = 0;
        const int mine = ::getpriority(PRIO_PROCESS, 0);
        if (errno == 0)
            (void)::setpriority(PRIO_PROCESS, static_cast<id_t>(pid),
                                std::min(mine + spec.niceIncrement, 19));
    }
    m_pid = pid;
    m_in = in[1];
    m_out = out[0];
    m_errFd = err[0];
    ::fcntl(m_out, F_SETFL, O_NONBLOCK);
    ::fcntl(m_errFd, F_SETFL, O_NONBLOCK);
    return okStatus();
}

Status ChildProcess::write(const std::string& data, Clock::time_point deadline) {
    std::size_t done = 0;
    while (done < data.size()) {
        if (m_in < 0)
            return Error::make("closed", "the process's input is closed");
        pollfd p{m_in, POLLOUT, 0};
        int r = ::poll(&p, 1, msUntil(deadline));
        if (r == 0 && Clock::now() >= deadline)
            return Error::make("timeout", "writing to the process timed out");
        if (r < 0 && errno != EINTR)
            return Error::make("io", std::strerror(errno));
        if (r <= 0)
            continue;
        ssize_t w = ::write(m_in, data.data() + done, data.size() - done);
        if (w < 0) {
            if (errno == EINTR || errno == EAGAIN)
                continue;
            return Error::make("closed", "the process closed its input (" +
                                             std::string(std::strerror(errno)) + ")");
        }
        done += static_cast<std::size_t>(w);
    }
    return okStatus();
}

void ChildProcess::closeStdin() {
    closeFd(m_in);
}

bool ChildProcess::pump(int timeoutMs) {
    pollfd fds[2];
    int n = 0;
    if (m_out >= 0)
        fds[n++] = {m_out, POLLIN, 0};
    if (m_errFd >= 0)
        fds[n++] = {m_errFd, POLLIN, 0};
    if (n == 0)
        return false;
    int r = ::poll(fds, static_cast<nfds_t>(n), timeoutMs);
    if (r <= 0)
        return true;
    char buf[65536];
    for (int i = 0; i < n; ++i) {
        if (!(fds[i].revents & (POLLIN | POLLHUP | POLLERR)))
            continue;
        int& fd = fds[i].fd == m_out ? m_out : m_errFd;
        ssize_t got = ::read(fd, buf, sizeof buf);
        if (got > 0) {
            if (&fd == &m_out) {
                m_outBuf.append(buf, static_cast<std::size_t>(got));
            } else {
                m_err.append(buf, static_cast<std::size_t>(got));
                if (m_err.size() > 2 * m_errKeep)
                    m_err.erase(0, m_err.size() - m_errKeep);
            }
        } else if (got == 0 || (errno != EAGAIN && errno != EINTR)) {
            closeFd(fd);
        }
    }
    return true;
}

Result<std::string> ChildProcess::readLine(Clock::time_point deadline, std::size_t maxBytes) {
    for (;;) {
        auto nl = m_outBuf.find('\n');
        if (nl != std::string::npos) {
            std::string line = m_outBuf.substr(0, nl);
            m_outBuf.erase(0, nl + 1);
            return line;
        }
        if (m_outBuf.size() > maxBytes)
            return Error::make("too-long", "the process wrote a line longer than " +
                                               std::to_string(maxBytes) + " bytes");
        if (m_out < 0)
            return Error::make("eof", "the process closed its output");
        if (Clock::now() >= deadline)
            return Error::make("timeout", "no answer from the process before the deadline");
        pump(std::max(1, msUntil(deadline)));
    }
}

std::string ChildProcess::takeStdout() {
    std::string s;
    s.swap(m_outBuf);
    return s;
}

void ChildProcess::reap(bool block) {
    if (m_pid <= 0 || m_exit.kind != ProcessExit::Kind::Running)
        return;
    int st = 0;
    pid_t r;
    do {
        r = ::waitpid(m_pid, &st, block ? 0 : WNOHANG);
    } while (r < 0 && errno == EINTR);
    if (r == m_pid) {
        if (WIFEXITED(st))
            m_exit = {ProcessExit::Kind::Exited, WEXITSTATUS(st), 0};
        else if (WIFSIGNALED(st))
            m_exit = {ProcessExit::Kind::Signaled, 0, WTERMSIG(st)};
    }
}

void ChildProcess::killGroup() {
    if (m_pid <= 0)
        return;
    ::kill(-m_pid, SIGKILL);
    ::kill(m_pid, SIGKILL);
    bool wasRunning = m_exit.kind == ProcessExit::Kind::Running;
    reap(true);
    if (wasRunning && m_exit.kind == ProcessExit::Kind::Signaled && m_exit.signal == SIGKILL)
        m_exit = {ProcessExit::Kind::Killed, 0, SIGKILL};
    closeAll();
}

void ChildProcess::signalGroup(int sig) {
    if (!running())
        return;
    ::kill(-m_pid, sig);
    ::kill(m_pid, sig);
}

std::size_t ChildProcess::unreadInput() const {
    int bytes = 0; // FIONREAD on either end of a pipe counts what it holds
    if (m_in < 0 || ::ioctl(m_in, FIONREAD, &bytes) != 0 || bytes < 0)
        return 0;
    return std::size_t(bytes);
}

void ChildProcess::abandon() {
    if (m_pid <= 0)
        return;
    // What the pipes hold now; bounded, since a live child may keep writing.
    for (int i = 0; i < 64; ++i) {
        const std::size_t before = m_outBuf.size() + m_err.size();
        if (!pump(0) || m_outBuf.size() + m_err.size() == before)
            break;
    }
    ::kill(-m_pid, SIGKILL);
    ::kill(m_pid, SIGKILL);
    if (m_exit.kind == ProcessExit::Kind::Running) {
        std::lock_guard lock(g_abandonedMutex);
        g_abandoned.push_back(m_pid);
        m_exit = {ProcessExit::Kind::Killed, 0, SIGKILL};
    }
    m_pid = -1;
    closeAll();
}

ProcessExit ChildProcess::finish(Clock::time_point deadline) {
    closeStdin();
    while (m_out >= 0 || m_errFd >= 0) {
        if (Clock::now() >= deadline) {
            killGroup();
            m_exit.kind = ProcessExit::Kind::TimedOut;
            return m_exit;
        }
        pump(std::max(1, msUntil(deadline)));
    }
    // Pipes closed: the child is exiting. Wait for it, still under the deadline.
    while (m_exit.kind == ProcessExit::Kind::Running) {
        reap(false);
        if (m_exit.kind != ProcessExit::Kind::Running)
            break;
        if (Clock::now() >= deadline) {
            killGroup();
            m_exit.kind = ProcessExit::Kind::TimedOut;
            break;
        }
        ::usleep(2000);
    }
    // Grandchildren left in the group (a candidate's forks) do not outlive the job.
    if (m_pid > 0)
        ::kill(-m_pid, SIGKILL);
    return m_exit;
}

void nameThisThread(const char* name) {
    char shortName[16] = {};
    std::strncpy(shortName, name, sizeof shortName - 1);
    (void)::pthread_setname_np(::pthread_self(), shortName);
}

void niceThisThread(int increment) {
    errno = 0;
    const int mine = ::getpriority(PRIO_PROCESS, 0); // 0: the calling thread
    if (errno == 0 && increment > 0)
        (void)::setpriority(PRIO_PROCESS, 0, std::min(mine + increment, 19));
}

Result<ProcessOutput> runProcess(const ProcessSpec& spec, const std::string& input,
                                 std::chrono::milliseconds timeout) {
    auto t0 = ChildProcess::Clock::now();
    auto deadline = t0 + timeout;
    ChildProcess child;
    if (auto s = child.start(spec); !s)
        return s.error();
    if (!input.empty())
        (void)child.write(input, deadline); // a child that ignores its input is not an error here
    ProcessOutput out;
    out.exit = child.finish(deadline);
    out.out = child.takeStdout();
    out.err = child.stderrText();
    out.wallSeconds = std::chrono::duration<double>(ChildProcess::Clock::now() - t0).count();
    return out;
}

} // namespace kwb
