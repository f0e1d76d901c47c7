#pragma once
// Watches the UI thread from a thread of its own while a latency test runs: when the UI thread
// has not ticked for `afterMs`, it notes what that thread is doing in the kernel (its state,
// its system call, its wait channel, and its kernel stack where this user may read it), every
// few milliseconds until the next tick. A late tick is then listed with those notes, so it
// names its cause: a CPU it waited for, a lock, a file it read or synced, or the event loop's
// own wait.
//
// Where it may, it also samples the UI thread's own stack (a signal whose handler records a
// backtrace), so a stall in user space names the functions it sits in: a lock, a wait for
// Qt's thread pool, a paint.
//
// It also tells when the machine itself stopped running this process: the watch sleeps 5 ms at a
// time, and a sleep that ends far later without the watch having waited for a CPU means no
// timer of the process fired meanwhile (the host paused the virtual machine, or its timer
// interrupts came late; seen on shared CI runners as late ticks with the UI thread asleep and no
// note taken). A tick's lateness can be judged without such pauses (pausedMs); the watch's own
// wait for a CPU is never counted as a pause, and the test also keeps the UI thread's wait for
// one and its time on one, so load the window or its children put on the machine still counts.
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QString>
#include <QStringList>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cxxabi.h>
#include <dlfcn.h>
#include <execinfo.h>
#include <mutex>
#include <sys/syscall.h>
#include <thread>
#include <unistd.h>
#include <utility>
#include <vector>

namespace kwbtest {

// The calling thread's scheduler counters (/proc/thread-self/schedstat), in ns; -1 where the
// kernel does not keep them: its time on a CPU (field 0) and waiting for one while runnable (1).
inline qint64 threadSchedstat(int field) {
    QFile f(QStringLiteral("/proc/thread-self/schedstat"));
    const QList<QByteArray> fields =
        f.open(QIODevice::ReadOnly) ? f.readAll().trimmed().split(' ') : QList<QByteArray>();
    return fields.size() > field ? fields.at(field).toLongLong() : -1;
}
inline qint64 threadOnCpuNs() {
    return threadSchedstat(0);
}
inline qint64 threadRunQueueWaitNs() {
    return threadSchedstat(1);
}

// One stack sample of the UI thread at a time: the watch asks (state 1) and signals the thread,
// whose handler records its backtrace (state 2); the watch reads it and frees the slot (0).
struct StackSample {
    static constexpr int kDepth = 40;
    static inline std::atomic<int> state{0};
    static inline void* frames[kDepth];
    static inline int depth = 0;
    static int signalNumber() { return SIGRTMIN + 5; }
    static void handler(int) {
        if (state.load() != 1)
            return;
        depth = ::backtrace(frames, kDepth);
        state.store(2);
    }
    // backtrace() loads its unwinder on first use, which a signal handler must not do.
    static void install() {
        void* warm[2];
        ::backtrace(warm, 2);
        struct sigaction action = {};
        action.sa_handler = &StackSample::handler;
        action.sa_flags = SA_RESTART;
        sigemptyset(&action.sa_mask);
        ::sigaction(signalNumber(), &action, nullptr);
    }
    // Function names (demangled, shortened) from the innermost frame out, skipping the
    // handler's own; "file+offset" where the symbol is not exported.
    static QString describe() {
        QStringList names;
        for (int i = 2; i < depth; ++i) {
            Dl_info info = {};
            QString name;
            if (::dladdr(frames[i], &info) && info.dli_sname) {
                int status = 0;
                char* plain = abi::__cxa_demangle(info.dli_sname, nullptr, nullptr, &status);
                name = QString::fromLatin1(status == 0 && plain ? plain : info.dli_sname);
                std::free(plain);
                name = name.section(QLatin1Char('('), 0, 0).left(90);
            } else if (info.dli_fname) {
                name =
                    QStringLiteral("%1+0x%2")
                        .arg(QString::fromLocal8Bit(info.dli_fname).section(QLatin1Char('/'), -1))
                        .arg(quintptr(frames[i]) - quintptr(info.dli_fbase), 0, 16);
            }
            if (!name.isEmpty() && (names.isEmpty() || names.back() != name))
                names << name;
        }
        return names.join(QStringLiteral(" < "));
    }
};

class StallWatch {
public:
    // Call on the UI thread; `clock` is the test's (started), read from both threads.
    StallWatch(const QElapsedTimer* clock, double afterMs)
        : m_clock(clock), m_afterNs(qint64(afterMs * 1e6)), m_tid(pid_t(::syscall(SYS_gettid))) {
        m_last = m_clock->nsecsElapsed();
        StackSample::install();
        m_thread = std::thread([this] { watch(); });
    }
    ~StallWatch() {
        m_stop = true;
        m_thread.join();
    }
    StallWatch(const StallWatch&) = delete;
    StallWatch& operator=(const StallWatch&) = delete;

    // Watching only while the test measures (its own pauses are not the window's stalls).
    void setActive(bool on) {
        m_last = m_clock->nsecsElapsed();
        m_active = on;
        std::lock_guard lock(m_mutex);
        m_notes.clear();
    }

    // How long the machine did not run this process between two instants of the clock (ns):
    // the overlap of the pauses the watch measured with [fromNs, toNs]. Ask after the run (the
    // watch notes a pause only once it runs again).
    double pausedMs(qint64 fromNs, qint64 toNs) {
        std::lock_guard lock(m_mutex);
        qint64 sum = 0;
        for (const auto& [from, to] : m_pauses)
            sum += std::max<qint64>(0, std::min(to, toNs) - std::max(from, fromNs));
        return sum / 1e6;
    }

    // The steal time the kernel counted while the watch saw pauses (ms over all CPUs; -1 where
    // /proc/stat does not say): the host's own account of time it ran something else.
    double stealMsDuringPauses() {
        std::lock_guard lock(m_mutex);
        return m_stealNs < 0 ? -1.0 : m_stealNs / 1e6;
    }

    // On the UI thread at each tick; the notes taken since the previous tick, joined.
    QString tick(qint64 nowNs) {
        m_last = nowNs;
        std::lock_guard lock(m_mutex);
        QStringList seen;
        for (const auto& [at, note] : m_notes)
            seen << QStringLiteral("[%1 ms] %2").arg((at - m_noted) / 1e6, 0, 'f', 0).arg(note);
        m_notes.clear();
        m_noted = nowNs;
        return seen.join(QStringLiteral(" | "));
    }

private:
    static QString read(const QString& path) {
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly))
            return QStringLiteral("-");
        return QString::fromLatin1(f.readAll()).simplified();
    }

    // State (R running, S sleeping, D in an uninterruptible wait), the system call it is in
    // (its number, or "running"), the kernel function it waits in, and the kernel stack.
    // The scan of every thread on the machine is costly: the first note of a stall takes it.
    QString snapshot(bool scanMachine) const {
        const QString task = QStringLiteral("/proc/self/task/%1/").arg(m_tid);
        const QString stat = read(task + QStringLiteral("stat"));
        const int close = int(stat.lastIndexOf(QLatin1Char(')')));
        const QString state = close > 0 ? stat.mid(close + 2, 1) : QStringLiteral("?");
        const QString syscall =
            read(task + QStringLiteral("syscall")).section(QLatin1Char(' '), 0, 0);
        return QStringLiteral("state %1, syscall %2, wchan %3, stack %4; user stack: %5; "
                              "running: %6")
            .arg(state, syscall, read(task + QStringLiteral("wchan")),
                 read(task + QStringLiteral("stack")).left(200), userStack(),
                 scanMachine ? runnable() : QStringLiteral("(as above)"));
    }

    // The UI thread's user-space stack, where its handler answers within 20 ms (it may be
    // waiting for a CPU); "-" where it did not, and a late answer is read at the next note.
    QString userStack() const {
        int idle = 0;
        if (StackSample::state.compare_exchange_strong(idle, 1) &&
            ::syscall(SYS_tgkill, ::getpid(), m_tid, StackSample::signalNumber()) != 0) {
            StackSample::state.store(0);
            return QStringLiteral("-");
        }
        for (int i = 0; i < 200 && StackSample::state.load() != 2; ++i)
            std::this_thread::sleep_for(std::chrono::microseconds(100));
        if (StackSample::state.load() != 2)
            return QStringLiteral("-");
        QString out = StackSample::describe();
        StackSample::state.store(0);
        return out;
    }

    // Every other thread on the machine that is running or waits for a CPU, as name(nice).
    QString runnable() const {
        QStringList out;
        for (const QString& pid : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs)) {
            if (pid.isEmpty() || !pid.at(0).isDigit())
                continue;
            const QString tasks = QStringLiteral("/proc/%1/task").arg(pid);
            for (const QString& tid : QDir(tasks).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
                if (tid.toLong() == m_tid)
                    continue;
                const QString stat = read(tasks + QLatin1Char('/') + tid + QStringLiteral("/stat"));
                const int open = int(stat.indexOf(QLatin1Char('('))),
                          close = int(stat.lastIndexOf(QLatin1Char(')')));
                if (open < 0 || close < open)
                    continue;
                const QStringList rest = stat.mid(close + 2).split(QLatin1Char(' '));
                if (rest.size() > 16 && rest.at(0) == QLatin1String("R"))
                    out << QStringLiteral("%1(%2)").arg(stat.mid(open + 1, close - open - 1),
                                                        rest.at(16));
            }
        }
        return out.join(QLatin1Char(' '));
    }

    // The machine's steal time so far (ns; /proc/stat's eighth cpu field, in USER_HZ ticks).
    static qint64 stealNs() {
        QFile f(QStringLiteral("/proc/stat")); // its first line: the sum over the CPUs
        const QStringList fields =
            f.open(QIODevice::ReadOnly)
                ? QString::fromLatin1(f.readLine()).simplified().split(QLatin1Char(' '))
                : QStringList();
        static const long hz = ::sysconf(_SC_CLK_TCK);
        return fields.size() > 8 && fields.at(0) == QLatin1String("cpu") && hz > 0
                   ? fields.at(8).toLongLong() * (1000000000 / hz)
                   : -1;
    }

    // A sleep of kSleep that ended more than kPauseNs late, less the time the watch waited for
    // a CPU after its timer fired, is a pause of the machine.
    void notePause(qint64 asleep, qint64 awake, qint64 waitedNs, qint64 stealBefore) {
        const qint64 overshoot = awake - asleep - kSleepNs - std::max<qint64>(0, waitedNs);
        if (waitedNs < 0 || overshoot < kPauseNs)
            return;
        const qint64 steal = stealBefore < 0 ? -1 : stealNs();
        std::lock_guard lock(m_mutex);
        m_pauses.emplace_back(asleep + kSleepNs, asleep + kSleepNs + overshoot);
        m_stealNs = steal < 0 || m_stealNs < 0 ? -1 : m_stealNs + (steal - stealBefore);
    }

    void watch() {
        while (!m_stop) {
            if (!m_active) {
                std::this_thread::sleep_for(std::chrono::nanoseconds(kSleepNs));
                continue;
            }
            const qint64 asleep = m_clock->nsecsElapsed(), waited = threadRunQueueWaitNs(),
                         steal = stealNs();
            std::this_thread::sleep_for(std::chrono::nanoseconds(kSleepNs));
            const qint64 now = m_clock->nsecsElapsed(), waitedAfter = threadRunQueueWaitNs();
            notePause(asleep, now, waited < 0 || waitedAfter < 0 ? -1 : waitedAfter - waited,
                      steal);
            if (now - m_last.load() < m_afterNs)
                continue;
            bool first = false;
            {
                std::lock_guard lock(m_mutex);
                first = m_notes.empty();
            }
            QString note = snapshot(first);
            std::lock_guard lock(m_mutex);
            if (m_notes.size() < 40)
                m_notes.emplace_back(now, std::move(note));
        }
    }

    static constexpr qint64 kSleepNs = 5000000, kPauseNs = 10000000;
    const QElapsedTimer* m_clock;
    const qint64 m_afterNs;
    const pid_t m_tid;
    std::atomic<qint64> m_last{0};
    std::atomic<bool> m_stop{false}, m_active{false};
    std::mutex m_mutex;
    std::vector<std::pair<qint64, QString>> m_notes;
    std::vector<std::pair<qint64, qint64>> m_pauses; // [from, to) on the clock, ns
    qint64 m_stealNs = 0;
    qint64 m_noted = 0;
    std::thread m_thread;
};

} // namespace kwbtest
