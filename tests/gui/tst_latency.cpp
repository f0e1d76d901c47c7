// The event loop stays responsive while long work runs: a verification of the current sample
// (the real kwb-runner: nvcc and, with a GPU, the benchmark) and a generation of two samples
// streamed from a real HTTP server on loopback (a recorded OpenAI-compatible transcript,
// paced out over about three seconds) run at the same time, while a 5 ms timer measures how
// late the UI thread answers: no tick may be later than 50 ms (the limit) and the 99th
// percentile must stay under 35 ms (the events that took longest are listed;
// KWB_LATENCY_TRACE_MS=2 lists every event over 2 ms, with its time). The generated samples must
// land in the project and the first answer must have streamed into the kernel editor.
#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QTimer>
#include <algorithm>
#include <vector>

#include "core/store/demo_project.h"
#include "core/store/project_store.h"
#include "core/verify/subprocess_worker.h"
#include "tests/gui/gui_fixtures.h"
#include "tests/llm/loopback_server.h"
#include "ui/models/generation_job.h"
#include "ui/models/verification_job.h"
#include "ui/widgets/code_editor.h"
#include "ui/widgets/generation_panel.h"
#include "ui/widgets/task_browser.h"
#include "ui/windows/main_window.h"
#include "ui/windows/review_controller.h"

using namespace kwb;
using namespace kwb::ui;

namespace {
constexpr int kTickMs = 5;
constexpr double kLimitMs = 50.0;    // the limit: every tick
constexpr double kP99LimitMs = 35.0; // what the test holds 99 ticks in 100 to

// The 1-minute load average, or 0 when unknown.
double loadAverage() {
    QFile file(QStringLiteral("/proc/loadavg"));
    return file.open(QIODevice::ReadOnly) ? file.readAll().split(' ').value(0).toDouble() : 0.0;
}

// The application, timing every event it delivers: the slow ones (over 20 ms) are listed when
// the limit is missed, so a failure names what blocked the UI thread.
class TimedApplication final : public QApplication {
public:
    using QApplication::QApplication;
    bool notify(QObject* receiver, QEvent* event) override {
        if (!recording)
            return QApplication::notify(receiver, event);
        QElapsedTimer timer;
        timer.start();
        const int type = event->type(); // the event may be gone after delivery
        const QString what = QString::fromLatin1(receiver->metaObject()->className()) +
                             QLatin1Char(' ') + receiver->objectName();
        const qint64 at = since.elapsed();
        const bool result = QApplication::notify(receiver, event);
        const double ms = timer.nsecsElapsed() / 1e6;
        if (ms > slowMs)
            slow.append(QStringLiteral("%1 ms at %4 ms: %2, event type %3")
                            .arg(ms, 0, 'f', 1)
                            .arg(what)
                            .arg(type)
                            .arg(at));
        return result;
    }
    void startRecording() {
        since.start();
        recording = true;
    }
    bool recording = false;
    // Events slower than this are listed (KWB_LATENCY_TRACE_MS lowers it to see what they nest).
    double slowMs = qEnvironmentVariableIsSet("KWB_LATENCY_TRACE_MS")
                        ? qEnvironmentVariable("KWB_LATENCY_TRACE_MS").toDouble()
                        : 20.0;
    QElapsedTimer since;
    QStringList slow;
};
} // namespace

class TestLatency : public QObject {
    Q_OBJECT

private slots:
    void eventLoopStaysResponsive();
};

void TestLatency::eventLoopStaysResponsive() {
    QTemporaryDir dir;
    kwbtest::LoopbackServer server;
    QVERIFY(kwbtest::useLoopbackProvider(dir, server));
    for (int i = 0; i < 2; ++i) {
        kwbtest::ScriptedResponse r = kwbtest::loadTranscript("openai_reduce_sum.http");
        r.pieceBytes = 256;
        r.pause = std::chrono::milliseconds(40);
        server.enqueue(r);
    }

    const QString project = dir.filePath(QStringLiteral("latency.kwbproj"));
    MainWindow window;
    QVERIFY(kwbtest::openDemoProjectOnTask(window, project, QStringLiteral("reduce-sum-f32")));
    QTRY_VERIFY(window.reviewController()->currentSample() &&
                window.reviewController()->currentSample()->taskId == "reduce-sum-f32");

    GenerationPanel* panel = window.generationPanel();
    panel->reloadProviders();
    panel->setProvider(QStringLiteral("loopback"));
    panel->setModel(QStringLiteral("gpt-4.1"));
    panel->setSampleCount(2);
    QSignalSpy ended(panel, &GenerationPanel::generationEnded);
    auto* editor = window.findChild<CodeEditor*>(QStringLiteral("kernelEditor"));
    QString streamed; // the editor's text when the run ends
    connect(panel, &GenerationPanel::generationEnded, this, [&] { streamed = editor->text(); });
    QSignalSpy stored(panel->job(), &GenerationJob::answerStored);

    // The clock: how late each 5 ms tick fires.
    std::vector<double> lateness;
    QElapsedTimer clock;
    qint64 last = 0;
    QTimer ticker;
    ticker.setTimerType(Qt::PreciseTimer);
    ticker.setInterval(kTickMs);
    connect(&ticker, &QTimer::timeout, this, [&] {
        const qint64 now = clock.nsecsElapsed();
        lateness.push_back(std::max(0.0, (now - last) / 1e6 - kTickMs));
        last = now;
    });
    auto* app = static_cast<TimedApplication*>(QCoreApplication::instance());
    app->startRecording();
    clock.start();
    ticker.start();

    const bool verifying = !locateRunner().empty();
    QSignalSpy verified(window.verificationJob(), &VerificationJob::verifyFinished);
    QSignalSpy verifyFailed(window.verificationJob(), &VerificationJob::verifyFailed);
    if (verifying)
        QTest::keyClick(window.findChild<QTableView*>(QStringLiteral("sampleTable")), Qt::Key_F5);
    else
        qInfo("no kwb-runner here: the generation runs alone");
    QVERIFY(panel->generate());
    QVERIFY(QTest::qWaitFor([&] { return ended.count() > 0; }, 60000));
    QVERIFY(QTest::qWaitFor(
        [&] { return !verifying || verified.count() + verifyFailed.count() > 0; }, 600000));
    ticker.stop();
    app->recording = false;

    std::sort(lateness.begin(), lateness.end());
    const double worst = lateness.empty() ? 0 : lateness.back();
    const double p99 = lateness.empty() ? 0 : lateness[lateness.size() * 99 / 100];
    qInfo(
        "event loop: %zu ticks over %.1f s; lateness p99 %.1f ms, worst %.1f ms (limit %.0f ms)%s",
        lateness.size(), clock.elapsed() / 1000.0, p99, worst, kLimitMs,
        verifying ? "; with a verification" : "");
    QVERIFY(lateness.size() > 100);
    for (const QString& line : std::as_const(app->slow))
        qInfo("slow event: %s", qPrintable(line));
    // What made this hold on a 2-core VM without a GPU: the worker started by posix_spawn
    // instead of fork (fork stalled the UI thread 50-120 ms at the verification's start),
    // streamed text reaching the editor once per frame, and nvcc running at nice +10 (before,
    // one run in twelve under nvcc load reached 72 ms). With two busy loops at normal priority
    // beside it, four runs gave worst 29.8-45.0 ms, p99 18.8-19.6 ms.
    QVERIFY2(p99 < kP99LimitMs,
             qPrintable(QStringLiteral("99th percentile lateness %1 ms").arg(p99)));
    QVERIFY2(worst < kLimitMs,
             qPrintable(QStringLiteral("worst lateness %1 ms (load average %2 on %3 cores)")
                            .arg(worst)
                            .arg(loadAverage())
                            .arg(QThread::idealThreadCount())));

    // Both answers are in the project, and the first streamed into the editor.
    QCOMPARE(ended.first().at(0).toBool(), false);
    QCOMPARE(stored.count(), 2);
    QVERIFY2(streamed.contains(QLatin1String("__global__")), qPrintable(streamed.left(300)));
    auto store = ProjectStore::open(project.toStdString());
    QVERIFY(store);
    SampleFilter models;
    models.models = {"gpt-4.1"};
    QCOMPARE(*(*store)->countSamples(models), 2);
    QVERIFY(panel->statusText().contains(QLatin1String("2 of 2")));
}

int main(int argc, char** argv) {
    TimedApplication app(argc, argv);
    app.setAttribute(Qt::AA_Use96Dpi, true);
    TestLatency test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}
#include "tst_latency.moc"
