// Whether the driver's process lock (cuCheckpointProcessLock) can hold another process still on the
// device: a process held with SIGSTOP keeps its queued work running, and work queued behind a long
// copy starts only after the copy, later than any watch before it can see. The lock is meant to
// block the process's further CUDA calls; this measures whether its return also means the
// process's queued work is done, how long it takes, and what a timeout leaves.
//
//   kwb-lock-probe [confined]             (the parent: every case, one line each)
//   kwb-lock-probe child MODE [confined]  (a child: queues MODE's work, says "queued", waits)
//
// "confined": each child confines itself as a job does (sandbox.h, in the job's order: a private
// /dev/shm and IPC namespace, the limits, CUDA, then the seccomp filter and Landlock) before it
// queues its work, since the lock is carried out by the driver inside the locked process.
//
// Modes: nocuda (no CUDA at all), initonly (cuInit, no context), idle (a context, nothing queued),
// spin (a 300 ms kernel), dmaspin (4 GiB of copies queued ahead of a 200 ms kernel), long (a 3 s
// kernel), launcher (a 2 ms kernel and a line on stdout, over and over: whether a locked process
// stops launching).
//
// Built with the project where CUDA is (tests/gpu/CMakeLists.txt; tests/gpu/devbin.sh strips it
// into BIN/bin); tests/gpu/device_steps.sh BIN OUT lock runs it both ways.
#include <cuda.h>
#include <cuda_runtime.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>

#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/gpu/device_kernels.h"
#include "core/gpu/sandbox.h"

namespace {

using Clock = std::chrono::steady_clock;
double msSince(Clock::time_point t) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

// The job's own probes (device_kernels.h): a one-thread spin, and the watch before timing.
cudaError_t spinMs(double ms, cudaStream_t s) {
    return kwb::gpu::spin(ms * 1000.0, s);
}

// The job's confinement around CUDA's start (verify_job.cpp): false with the reason on stdout.
bool confineFirst() {
    std::string why;
    if (!kwb::gpu::isolateSharedMemory(&why))
        std::printf("note: no private /dev/shm: %s\n", why.c_str());
    return kwb::gpu::applyResourceLimits().limits;
}

bool confineAfterCuda() {
    std::string why;
    if (!kwb::gpu::applySyscallFilter(&why)) {
        std::printf("error seccomp: %s\n", why.c_str());
        return false;
    }
    char cwd[4096];
    if (!getcwd(cwd, sizeof cwd) || !kwb::gpu::applyFilesystemRules(cwd, {}, &why)) {
        std::printf("error landlock: %s\n", why.c_str());
        return false;
    }
    return true;
}

int child(const std::string& mode, bool confined) {
    if (mode == "nocuda" || mode == "initonly") { // no context: nothing CUDA, or cuInit alone
        if (mode == "initonly")
            cuInit(0);
        std::printf("queued\n");
        std::fflush(stdout);
        for (;;)
            pause();
    }
    if (confined && !confineFirst()) {
        std::printf("error limits\n");
        return 1;
    }
    cudaSetDevice(0);
    cudaFree(nullptr);
    cudaStream_t s;
    cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    const size_t bytes = size_t(1) << 30;
    void *h = nullptr, *d = nullptr;
    if (mode == "dmaspin") {
        if (cudaMallocHost(&h, bytes) != cudaSuccess || cudaMalloc(&d, bytes) != cudaSuccess) {
            std::printf("error no memory\n");
            return 1;
        }
        std::memset(h, 1, bytes);
    }
    if (confined && !confineAfterCuda())
        return 1;
    if (mode == "spin") {
        spinMs(300, s);
    } else if (mode == "long") {
        spinMs(3000, s);
    } else if (mode == "dmaspin") {
        for (int i = 0; i < 4; ++i)
            cudaMemcpyAsync(d, h, bytes, cudaMemcpyHostToDevice, s);
        spinMs(200, s);
    } else if (mode == "launcher") {
        std::printf("queued\n");
        std::fflush(stdout);
        for (long i = 0;; ++i) {
            spinMs(2, s);
            cudaStreamSynchronize(s);
            std::printf("%ld\n", i);
            std::fflush(stdout);
        }
    }
    if (auto e = cudaGetLastError(); e != cudaSuccess) {
        std::printf("error %s\n", cudaGetErrorString(e));
        return 1;
    }
    std::printf("queued\n");
    std::fflush(stdout);
    for (;;)
        pause();
}

struct Child {
    pid_t pid = 0;
    int out = -1; // its stdout
};

bool g_confined = false;

Child startChild(const char* self, const char* mode) {
    int fd[2];
    if (pipe(fd) != 0)
        return {};
    const pid_t pid = fork();
    if (pid == 0) {
        dup2(fd[1], STDOUT_FILENO);
        close(fd[0]);
        close(fd[1]);
        execl(self, self, "child", mode, g_confined ? "confined" : "plain",
              static_cast<char*>(nullptr));
        _exit(127);
    }
    close(fd[1]);
    return {pid, fd[0]};
}

// Reads the child's lines up to "queued" (true), an error or 30 s; notes and errors are printed.
bool awaitQueued(const Child& c) {
    std::string line;
    char ch;
    pollfd p{c.out, POLLIN, 0};
    while (poll(&p, 1, 30000) > 0 && read(c.out, &ch, 1) == 1) {
        if (ch != '\n') {
            line += ch;
            continue;
        }
        if (line == "queued")
            return true;
        std::printf("  child: %s\n", line.c_str());
        if (line.rfind("error", 0) == 0)
            return false;
        line.clear();
    }
    return false;
}

// Lines the child wrote within `ms` (the launcher's counter).
int linesWithin(const Child& c, int ms) {
    int n = 0;
    char buf[4096];
    const auto t0 = Clock::now();
    for (;;) {
        const int left = ms - static_cast<int>(msSince(t0));
        if (left <= 0)
            return n;
        pollfd p{c.out, POLLIN, 0};
        if (poll(&p, 1, left) <= 0)
            continue;
        const ssize_t got = read(c.out, buf, sizeof buf);
        if (got <= 0)
            return n;
        for (ssize_t i = 0; i < got; ++i)
            n += buf[i] == '\n';
    }
}

void endChild(Child& c) {
    if (c.pid > 0) {
        kill(c.pid, SIGKILL);
        kill(c.pid, SIGCONT);
        waitpid(c.pid, nullptr, 0);
    }
    if (c.out >= 0)
        close(c.out);
    c = {};
}

// The job's watch before timing (watchDevice: 3 ms, a gap over 20 us is another context's slice).
struct Watch {
    kwb::gpu::DeviceWatch w;
    void one() { kwb::gpu::watchDevice(3, 20, &w, nullptr); }
    // One watch: its largest gap in us and how many gaps passed 20 us.
    std::string once() {
        one();
        char b[64];
        std::snprintf(b, sizeof b, "%.0f us/%d", w.largestGapUs, w.gaps);
        return b;
    }
    // Watches for `ms`, one after another: when each saw a gap, in ms from now.
    std::string over(int ms) {
        std::string busy;
        const auto t0 = Clock::now();
        int n = 0, quiet = 0;
        while (msSince(t0) < ms) {
            one();
            ++n;
            if (w.gaps > 0) {
                char b[48];
                std::snprintf(b, sizeof b, " %.0f(%.0fus)", msSince(t0), w.largestGapUs);
                busy += b;
            } else {
                ++quiet;
            }
        }
        return std::to_string(n) + " watches, " + std::to_string(quiet) +
               " quiet; busy at ms:" + (busy.empty() ? " none" : busy);
    }
};

const char* stateName(int pid) {
    CUprocessState s;
    if (cuCheckpointProcessGetState(pid, &s) != CUDA_SUCCESS)
        return "unknown";
    switch (s) {
    case CU_PROCESS_STATE_RUNNING:
        return "running";
    case CU_PROCESS_STATE_LOCKED:
        return "locked";
    case CU_PROCESS_STATE_CHECKPOINTED:
        return "checkpointed";
    default:
        return "failed";
    }
}

std::string errName(CUresult r) {
    const char* n = nullptr;
    cuGetErrorName(r, &n);
    return n ? n : std::to_string(int(r));
}

CUresult lock(pid_t pid, unsigned timeoutMs, double* ms) {
    CUcheckpointLockArgs a;
    std::memset(&a, 0, sizeof a);
    a.timeoutMs = timeoutMs;
    const auto t0 = Clock::now();
    const CUresult r = cuCheckpointProcessLock(pid, &a);
    *ms = msSince(t0);
    return r;
}

CUresult unlock(pid_t pid) {
    CUcheckpointUnlockArgs a;
    std::memset(&a, 0, sizeof a);
    return cuCheckpointProcessUnlock(pid, &a);
}

// The lock on a thread: what it returned and when, and where it had not returned after
// `killAfterMs`, whether killing the process ended the wait.
std::string watchedLock(Child& c, unsigned timeoutMs, int killAfterMs) {
    std::atomic<bool> done{false};
    CUresult r = CUDA_SUCCESS;
    double ms = 0;
    std::thread t([&] {
        r = lock(c.pid, timeoutMs, &ms);
        done = true;
    });
    const auto t0 = Clock::now();
    while (!done && msSince(t0) < killAfterMs)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    std::string out;
    if (done) {
        out = errName(r) + " in " + std::to_string(int(ms)) + " ms, state " + stateName(c.pid);
        if (r == CUDA_SUCCESS)
            unlock(c.pid);
        t.join();
        return out;
    }
    kill(c.pid, SIGKILL);
    const auto k0 = Clock::now();
    while (!done && msSince(k0) < 5000)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    if (!done) {
        t.detach(); // the process exits with it
        return "no answer in " + std::to_string(killAfterMs) +
               " ms, nor 5 s after the process was killed";
    }
    t.join();
    return "no answer in " + std::to_string(killAfterMs) + " ms; killed, the call returned " +
           errName(r) + " " + std::to_string(int(msSince(k0))) + " ms later";
}

int parent(const char* self) {
    std::printf("children %s\n", g_confined ? "confined as a job (sandbox.h)" : "not confined");
    cuInit(0);
    cudaSetDevice(0);
    cudaFree(nullptr);
    Watch w;
    std::printf("alone: %s\n", w.over(30).c_str());

    // The hole: held with SIGSTOP, the queued copies run, then the kernel behind them.
    {
        Child c = startChild(self, "dmaspin");
        if (!awaitQueued(c)) {
            std::printf("dmaspin+SIGSTOP: the child did not queue its work\n");
        } else {
            kill(c.pid, SIGSTOP);
            std::printf("dmaspin+SIGSTOP: %s\n", w.over(600).c_str());
        }
        endChild(c);
    }
    // The lock on the same work: how long it takes, and whether the device is quiet after it.
    for (const char* mode : {"dmaspin", "spin", "idle"}) {
        Child c = startChild(self, mode);
        if (!awaitQueued(c)) {
            std::printf("%s+lock: the child did not queue its work\n", mode);
            endChild(c);
            continue;
        }
        double ms = 0;
        const CUresult r = lock(c.pid, 5000, &ms);
        std::printf("%s+lock: %s in %.1f ms, state %s; then %s\n", mode, errName(r).c_str(), ms,
                    stateName(c.pid), w.over(400).c_str());
        if (r == CUDA_SUCCESS) {
            const auto t0 = Clock::now();
            const CUresult u = unlock(c.pid);
            std::printf("%s+unlock: %s in %.1f ms, state %s\n", mode, errName(u).c_str(),
                        msSince(t0), stateName(c.pid));
        }
        endChild(c);
    }
    // A kernel longer than the lock's timeout: what the timeout leaves.
    {
        Child c = startChild(self, "long");
        if (awaitQueued(c)) {
            double ms = 0;
            const CUresult r = lock(c.pid, 100, &ms);
            std::printf("long+lock(100 ms): %s in %.1f ms, state %s; watch %s\n",
                        errName(r).c_str(), ms, stateName(c.pid), w.once().c_str());
            if (r == CUDA_SUCCESS)
                unlock(c.pid);
        }
        const auto t0 = Clock::now();
        endChild(c);
        std::printf("long: SIGKILL and reaped in %.1f ms; watch after %s\n", msSince(t0),
                    w.once().c_str());
    }
    // Held with SIGSTOP first, then locked: the lock needs the process running and waits past its
    // timeout; whether killing the process ends the wait.
    {
        Child c = startChild(self, "spin");
        if (awaitQueued(c)) {
            kill(c.pid, SIGSTOP);
            std::printf("spin+SIGSTOP+lock(1000 ms): %s\n", watchedLock(c, 1000, 3000).c_str());
        }
        endChild(c);
    }
    // Processes without a context: nothing CUDA, or cuInit alone (a job child starting CUDA).
    for (const char* mode : {"nocuda", "initonly"}) {
        Child c = startChild(self, mode);
        if (awaitQueued(c))
            std::printf("%s: state %s; lock(200 ms): %s\n", mode, stateName(c.pid),
                        watchedLock(c, 200, 3000).c_str());
        endChild(c);
    }
    // A process that launches over and over, held as the worker holds a job child: locked, then
    // stopped; let go (SIGCONT) while still locked; then unlocked. Launches in each 100 ms.
    {
        Child c = startChild(self, "launcher");
        if (awaitQueued(c)) {
            const int before = linesWithin(c, 100);
            double ms = 0;
            const CUresult r = lock(c.pid, 1000, &ms);
            kill(c.pid, SIGSTOP);
            const int stopped = linesWithin(c, 100);
            kill(c.pid, SIGCONT);
            const int locked = linesWithin(c, 100);
            const std::string during = w.over(30);
            const auto u0 = Clock::now();
            const CUresult u = r == CUDA_SUCCESS ? unlock(c.pid) : CUDA_SUCCESS;
            const double unlockMs = msSince(u0);
            const int after = linesWithin(c, 100);
            std::printf("launcher: %d launches in 100 ms; lock %s in %.1f ms, stopped %d, let go "
                        "still locked %d (%s); unlock %s in %.1f ms, then %d\n",
                        before, errName(r).c_str(), ms, stopped, locked, during.c_str(),
                        errName(u).c_str(), unlockMs, after);
        }
        endChild(c);
    }
    // The lock's cost on an idle process, five times.
    {
        Child c = startChild(self, "idle");
        if (awaitQueued(c)) {
            std::string line = "idle lock/unlock x5 (ms):";
            for (int i = 0; i < 5; ++i) {
                double ms = 0;
                const CUresult r = lock(c.pid, 1000, &ms);
                const auto t0 = Clock::now();
                const CUresult u = r == CUDA_SUCCESS ? unlock(c.pid) : r;
                char b[64];
                std::snprintf(b, sizeof b, " %.2f/%.2f%s", ms, msSince(t0),
                              r == CUDA_SUCCESS && u == CUDA_SUCCESS ? "" : "(failed)");
                line += b;
            }
            std::printf("%s\n", line.c_str());
        }
        endChild(c);
    }
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    if (argc >= 3 && std::string(argv[1]) == "child")
        return child(argv[2], argc >= 4 && std::string(argv[3]) == "confined");
    g_confined = argc >= 2 && std::string(argv[1]) == "confined";
    std::setvbuf(stdout, nullptr, _IOLBF, 0);
    return parent(argv[0]);
}
