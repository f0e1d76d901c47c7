// JobTracker, the one helper behind DeviceProbe, VerificationJob and GenerationJob: the newest
// job's results win, superseded ones are dropped, results run on the owner's thread, and an
// owner destroyed while its job still runs neither crashes nor receives anything. Every wait
// here has a deadline (QTRY_*, std::future::wait_for).
#include <atomic>
#include <chrono>
#include <future>
#include <memory>
#include <thread>
#include <vector>

#include <QObject>
#include <QTest>
#include <QThread>

#include "ui/models/job_tracker.h"

using namespace kwb::ui;
using namespace std::chrono_literals;

namespace {

// What the jobs report, kept outside the owner so that it outlives it.
struct Log {
    std::atomic<int> delivered{0};
    std::atomic<int> jobsEnded{0};
};

class Owner final : public QObject {
public:
    explicit Owner(std::shared_ptr<Log> log) : m_log(std::move(log)) {}
    void receive(int value) {
        values.push_back(value);
        threads.push_back(QThread::currentThread());
        ++m_log->delivered;
    }
    std::vector<int> values;
    std::vector<QThread*> threads;
    JobTracker<Owner> jobs{this};

private:
    std::shared_ptr<Log> m_log;
};

using Ticket = JobTracker<Owner>::Ticket;

// A job that waits (with a deadline) for `release`, then posts `value`.
auto gatedJob(std::shared_future<void> release, int value, std::shared_ptr<Log> log) {
    return [release, value, log](const Ticket& ticket) {
        release.wait_for(10s);
        ticket.post([value](Owner& owner) { owner.receive(value); });
        ++log->jobsEnded;
    };
}

} // namespace

class TestJobTracker final : public QObject {
    Q_OBJECT

private slots:
    void newestResultWins();
    void supersededResultsAreDropped();
    void resultsRunOnTheOwnersThread();
    void postsKeepTheirOrder();
    void ownerDestroyedBeforeTheJobEnds();
};

void TestJobTracker::newestResultWins() {
    auto log = std::make_shared<Log>();
    Owner owner(log);
    std::promise<void> gate;
    const quint64 first = owner.jobs.start(gatedJob(gate.get_future().share(), 1, log));
    const quint64 second = owner.jobs.start([log](const Ticket& ticket) {
        ticket.post([](Owner& o) { o.receive(2); });
        ++log->jobsEnded;
    });
    QVERIFY(second > first);
    QCOMPARE(owner.jobs.generation(), second);
    QVERIFY(!owner.jobs.isCurrent(first));
    QTRY_COMPARE_WITH_TIMEOUT(owner.values.size(), size_t(1), 5000);
    QCOMPARE(owner.values.front(), 2);

    // The older job ends after the newer one answered: its answer is stale and never arrives.
    gate.set_value();
    QTRY_COMPARE_WITH_TIMEOUT(log->jobsEnded.load(), 2, 5000);
    QTest::qWait(50); // let a wrongly delivered call arrive
    QCOMPARE(owner.values, std::vector<int>{2});
}

void TestJobTracker::supersededResultsAreDropped() {
    auto log = std::make_shared<Log>();
    Owner owner(log);
    // A job that learns it is superseded, and a supersede() without a new job (a cancel).
    std::promise<void> gate;
    std::atomic<bool> sawSuperseded{false};
    auto release = gate.get_future().share();
    owner.jobs.start([&sawSuperseded, release, log](const Ticket& ticket) {
        release.wait_for(10s);
        sawSuperseded = ticket.superseded();
        ticket.post([](Owner& o) { o.receive(1); });
        ++log->jobsEnded;
    });
    owner.jobs.supersede();
    gate.set_value();
    QTRY_COMPARE_WITH_TIMEOUT(log->jobsEnded.load(), 1, 5000);
    QTest::qWait(50);
    QVERIFY(sawSuperseded.load());
    QVERIFY(owner.values.empty());

    // Tickets taken with begin() behave the same way: only the newest one's posts arrive.
    const Ticket older = owner.jobs.begin();
    const Ticket newer = owner.jobs.begin();
    older.post([](Owner& o) { o.receive(10); });
    newer.post([](Owner& o) { o.receive(20); });
    QTRY_COMPARE_WITH_TIMEOUT(owner.values.size(), size_t(1), 5000);
    QTest::qWait(20);
    QCOMPARE(owner.values, std::vector<int>{20});
}

void TestJobTracker::resultsRunOnTheOwnersThread() {
    // The owner lives on a thread of its own with an event loop, neither the test's thread nor
    // the job's: the result must arrive there.
    auto log = std::make_shared<Log>();
    QThread ownerThread;
    ownerThread.start();
    auto owner = std::make_unique<Owner>(log);
    owner->moveToThread(&ownerThread);
    std::atomic<QThread*> jobThread{nullptr};
    owner->jobs.start([&jobThread](const Ticket& ticket) {
        jobThread = QThread::currentThread();
        ticket.post([](Owner& o) { o.receive(7); });
    });
    QTRY_COMPARE_WITH_TIMEOUT(log->delivered.load(), 1, 5000);
    // The owner's thread wrote values/threads before `delivered`; reading them now is ordered.
    QCOMPARE(owner->values, std::vector<int>{7});
    QCOMPARE(owner->threads.front(), &ownerThread);
    QVERIFY(jobThread.load() != &ownerThread);
    QVERIFY(jobThread.load() != QThread::currentThread());

    // The owner is destroyed on its own thread, then that thread ends (with a deadline).
    owner.release()->deleteLater();
    ownerThread.quit();
    QVERIFY(ownerThread.wait(QDeadlineTimer(5000)));
}

void TestJobTracker::postsKeepTheirOrder() {
    auto log = std::make_shared<Log>();
    Owner owner(log);
    owner.jobs.start([](const Ticket& ticket) {
        for (int i = 0; i < 100; ++i)
            ticket.post([i](Owner& o) { o.receive(i); });
    });
    QTRY_COMPARE_WITH_TIMEOUT(owner.values.size(), size_t(100), 5000);
    for (int i = 0; i < 100; ++i)
        QCOMPARE(owner.values[size_t(i)], i);
}

void TestJobTracker::ownerDestroyedBeforeTheJobEnds() {
    auto log = std::make_shared<Log>();
    std::promise<void> gate;
    {
        Owner owner(log);
        owner.jobs.start(gatedJob(gate.get_future().share(), 1, log));
        // Also a post already queued when the owner goes: Qt drops it with the owner.
        owner.jobs.begin().post([](Owner& o) { o.receive(2); });
    } // the owner is destroyed without waiting for its job
    gate.set_value();
    QTRY_COMPARE_WITH_TIMEOUT(log->jobsEnded.load(), 1, 5000);
    QTest::qWait(50);
    QCoreApplication::processEvents();
    QCOMPARE(log->delivered.load(), 0);
}

QTEST_GUILESS_MAIN(TestJobTracker)
#include "tst_job_tracker.moc"
