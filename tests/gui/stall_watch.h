#pragma once
// Watches the UI thread from a thread of its own while a latency test runs: when the UI thread
// has not ticked for `afterMs`, it notes what that thread is doing in the kernel (its state,
// its system call, its wait channel, and its kernel stack where this user may read it), every
// few milliseconds until the next tick. A late tick is then listed with those notes, so it
// names its cause: a CPU it waited for, a lock, a file it read or synced, or the event loop's
// own wait.
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QString>
#include <QStringList>
#include <atomic>
#include <chrono>
#include <mutex>
#include <sys/syscall.h>
#include <thread>
#include <unistd.h>
#include <utility>
#include <vector>

namespace kwbtest {

class StallWatch {
public:
    // Call on the UI thread; `clock` is the test's (started), read from both threads.
    StallWatch(const QElapsedTimer* clock, double afterMs)
        : m_clock(clock), m_afterNs(qint64(afterMs * 1e6)), m_tid(pid_t(::syscall(SYS_gettid))) {
        m_last = m_clock->nsecsElapsed();
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
    QString snapshot() const {
        const QString task = QStringLiteral("/proc/self/task/%1/").arg(m_tid);
        const QString stat = read(task + QStringLiteral("stat"));
        const int close = int(stat.lastIndexOf(QLatin1Char(')')));
        const QString state = close > 0 ? stat.mid(close + 2, 1) : QStringLiteral("?");
        const QString syscall =
            read(task + QStringLiteral("syscall")).section(QLatin1Char(' '), 0, 0);
        return QStringLiteral("state %1, syscall %2, wchan %3, stack %4; running: %5")
            .arg(state, syscall, read(task + QStringLiteral("wchan")),
                 read(task + QStringLiteral("stack")).left(200), runnable());
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

    void watch() {
        while (!m_stop) {
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
            const qint64 now = m_clock->nsecsElapsed();
            if (!m_active || now - m_last.load() < m_afterNs)
                continue;
            QString note = snapshot();
            std::lock_guard lock(m_mutex);
            if (m_notes.size() < 40)
                m_notes.emplace_back(now, std::move(note));
        }
    }

    const QElapsedTimer* m_clock;
    const qint64 m_afterNs;
    const pid_t m_tid;
    std::atomic<qint64> m_last{0};
    std::atomic<bool> m_stop{false}, m_active{false};
    std::mutex m_mutex;
    std::vector<std::pair<qint64, QString>> m_notes;
    qint64 m_noted = 0;
    std::thread m_thread;
};

} // namespace kwbtest
