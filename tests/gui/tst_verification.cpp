// Verification in the GUI: the models under QAbstractItemModelTester, the panel over a record,
// and the real Verifier + kwb-runner on a background thread (compile-only on a machine without
// a GPU), with cancel, stale results, jump-to-error and the event loop's latency meanwhile.
#include <QAbstractButton>
#include <QAbstractItemModelTester>
#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QLabel>
#include <QListView>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <algorithm>

#include "core/record/record_identity.h"
#include "core/tasks/task_loader.h"
#include "core/verify/subprocess_worker.h"
#include "core/verify/worker_endpoint.h"
#include "ui/models/diagnostics_model.h"
#include "ui/models/record_views.h"
#include "ui/models/shape_results_model.h"
#include "ui/models/verification_job.h"
#include "ui/widgets/chart_widget.h"
#include "ui/widgets/code_editor.h"
#include "ui/widgets/screening_list.h"
#include "ui/widgets/verification_panel.h"
#include "ui/windows/main_window.h"

using kwb::ui::ChartWidget;
using kwb::ui::DiagnosticsModel;
using kwb::ui::ShapeResultsModel;
using kwb::ui::VerificationJob;
using kwb::ui::VerificationPanel;
using Stage = VerificationPanel::Stage;
using State = VerificationPanel::StageState;
using Outcome = VerificationPanel::Outcome;

namespace {

constexpr int kVerifyDeadlineMs = 600000; // nvcc on a busy two-core machine is slow

// A record of schema version 1, as older projects store them (no host-code screen).
nlohmann::json syntheticJson() {
    QFile file(QStringLiteral(KWB_GUI_FIXTURES "/synthetic_record.json"));
    if (!file.open(QIODevice::ReadOnly))
        return nullptr;
    return nlohmann::json::parse(file.readAll().toStdString(), nullptr, false);
}

kwb::ui::RecordPtr typed(const nlohmann::json& j) {
    auto record = kwb::verification::fromJson(j);
    return record ? std::make_shared<const kwb::verification::VerificationRecordData>(
                        std::move(*record))
                  : nullptr;
}

kwb::ui::RecordPtr syntheticRecord() {
    return typed(syntheticJson());
}

QString readText(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

VerificationJob::Request request(const char* candidate) {
    VerificationJob::Request r;
    auto task = kwb::loadTaskFile(KWB_TASK_DIR "/softmax-rows-f32.toml");
    if (task)
        r.sample.task = *task;
    r.sample.source =
        readText(
            QStringLiteral(KWB_CANDIDATES "/softmax-rows-f32/%1").arg(QLatin1String(candidate)))
            .toStdString();
    r.sample.fileName = candidate;
    r.options.trials = 1;
    return r;
}

bool haveRunner() {
    return !kwb::locateRunner().empty();
}

// The latency of the event loop: a 5 ms timer records how late each tick came.
class LatencyProbe {
public:
    LatencyProbe() {
        m_timer.setTimerType(Qt::PreciseTimer);
        m_timer.setInterval(5);
        QObject::connect(&m_timer, &QTimer::timeout, [this] {
            const qint64 now = m_clock.nsecsElapsed();
            if (m_last > 0)
                m_lateness.append(double(now - m_last) / 1e6 - 5.0);
            m_last = now;
        });
        m_clock.start();
        m_timer.start();
    }
    double maxMs() const {
        return m_lateness.isEmpty() ? 0 : *std::max_element(m_lateness.begin(), m_lateness.end());
    }
    double percentileMs(double p) const {
        if (m_lateness.isEmpty())
            return 0;
        QVector<double> sorted = m_lateness;
        std::sort(sorted.begin(), sorted.end());
        return sorted[qsizetype(p * double(sorted.size() - 1))];
    }
    qsizetype ticks() const { return m_lateness.size(); }

private:
    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_last = 0;
    QVector<double> m_lateness;
};

} // namespace

class TestVerification : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void shapeModelPassesTheTester();
    void diagnosticsModelPassesTheTester();
    void panelShowsARecord();
    void panelShowsSuspectedHacksApart();
    void panelListsScreeningFindings();
    void realWorkerCompileOnly();
    void realWorkerCompileErrorJumpsToTheLine();
    void cancelStopsTheWorker();
    void sshFailureIsAWorkerError();
    void staleResultsAreDropped();
};

void TestVerification::initTestCase() {
    QVERIFY2(syntheticRecord(), "tests/gui/fixtures/synthetic_record.json does not load");
}

void TestVerification::shapeModelPassesTheTester() {
    ShapeResultsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 0);
    const auto record = syntheticRecord();
    model.setResults(kwb::ui::shapeResultsFromRecord(*record));
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.columnCount(), int(ShapeResultsModel::ColumnCount));
    const QModelIndex large = model.index(0, ShapeResultsModel::SpeedupColumn);
    QCOMPARE(large.data(ShapeResultsModel::ShapeNameRole).toString(), QStringLiteral("large"));
    const nlohmann::json stored =
        syntheticJson(); // the fields as stored, against the typed reading
    const auto& shape = stored["shapes"][0];
    QCOMPARE(large.data(ShapeResultsModel::SpeedupRole).toDouble(), shape["speedup"].get<double>());
    QCOMPARE(large.data(ShapeResultsModel::BaselineMsRole).toDouble(),
             shape["timing"]["baseline"]["median_ms"].get<double>());
    QCOMPARE(large.data(ShapeResultsModel::SpeedOfLightRole).toDouble(),
             shape["speed_of_light"]["fraction"].get<double>());
    QCOMPARE(large.data(ShapeResultsModel::VerdictRole).toString(), QStringLiteral("pass"));
    QVERIFY(large.data(ShapeResultsModel::PassedRole).toBool());
    QVERIFY(large.data(Qt::DisplayRole).toString().endsWith(QStringLiteral("×")));
    QCOMPARE(
        model.index(1, ShapeResultsModel::ShapeColumn).data(ShapeResultsModel::DimsRole).toString(),
        QStringLiteral("K=1019 M=1013 N=1021"));
    const auto names = model.roleNames();
    for (const char* role : {"shapeName", "verdict", "speedup", "baselineMs", "candidateMs",
                             "speedOfLight", "mismatches"})
        QVERIFY2(names.values().contains(QByteArray(role)), role);
    QCOMPARE(model.headerData(ShapeResultsModel::SpeedupColumn, Qt::Horizontal).toString(),
             QStringLiteral("Speedup"));
    model.clear();
    QCOMPARE(model.rowCount(), 0);
}

void TestVerification::diagnosticsModelPassesTheTester() {
    DiagnosticsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setDiagnostics({{"a.cu", 12, 5, "error", "identifier \"x\" is undefined"},
                          {"a.cu", 3, 0, "warning", "unused"},
                          {"a.cu", 7, 1, "note", "here"}});
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.errorCount(), 1);
    QCOMPARE(model.warningCount(), 1);
    const QModelIndex first = model.index(0);
    QCOMPARE(first.data(DiagnosticsModel::LineRole).toInt(), 12);
    QCOMPARE(first.data(DiagnosticsModel::ColumnRole).toInt(), 5);
    QCOMPARE(first.data(DiagnosticsModel::SeverityRole).toString(), QStringLiteral("error"));
    QVERIFY(first.data().toString().startsWith(QLatin1String("a.cu:12:5")));
    QCOMPARE(model.index(1).data().toString().left(6), QStringLiteral("a.cu:3"));
    model.setDiagnostics({});
    QCOMPARE(model.rowCount(), 0);
}

void TestVerification::panelShowsARecord() {
    VerificationPanel panel;
    panel.resize(900, 600);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QCOMPARE(panel.outcome(), Outcome::None);
    QSignalSpy shown(&panel, &VerificationPanel::recordShown);
    panel.showRecord(syntheticRecord());
    QCOMPARE(shown.count(), 1);
    QCOMPARE(panel.outcome(), Outcome::Passed);
    QVERIFY2(panel.bannerText().startsWith(QLatin1String("Passed")),
             qPrintable(panel.bannerText()));
    QVERIFY(panel.bannerText().contains(QLatin1String("cuBLAS SGEMM")));
    for (Stage stage : {Stage::Build, Stage::Correctness, Stage::Benchmark})
        QCOMPARE(panel.stageState(stage), State::Passed);
    QCOMPARE(panel.shapeModel()->rowCount(), 3);
    QVERIFY(panel.rawOutput().contains(QLatin1String("\"geomean_speedup\"")));
    // One chart per kind, all from the record: speedup bars + the 1.0 line, two box series,
    // the memory and compute roofs + one point per shape.
    panel.showChart(VerificationPanel::Chart::SpeedupPerShape);
    QCOMPARE(panel.chartWidget()->kind(), ChartWidget::Kind::SpeedupPerShape);
    QCOMPARE(panel.chartWidget()->seriesCount(), 2);
    panel.showChart(VerificationPanel::Chart::TimingDistribution);
    QCOMPARE(panel.chartWidget()->kind(), ChartWidget::Kind::TimingDistribution);
    QCOMPARE(panel.chartWidget()->seriesCount(), 2);
    panel.showChart(VerificationPanel::Chart::Roofline);
    QCOMPARE(panel.chartWidget()->kind(), ChartWidget::Kind::Roofline);
    QCOMPARE(panel.chartWidget()->seriesCount(), 5);
    panel.clear();
    QCOMPARE(panel.outcome(), Outcome::None);
    QCOMPARE(panel.shapeModel()->rowCount(), 0);
    QCOMPARE(panel.chartWidget()->kind(), ChartWidget::Kind::Empty);
}

// A suspected hack has a banner, a colour and words of its own; a wrong result keeps the
// failure's red.
void TestVerification::panelShowsSuspectedHacksApart() {
    VerificationPanel panel;
    auto* banner = panel.findChild<QLabel*>(QStringLiteral("verificationBanner"));
    QVERIFY(banner);
    nlohmann::json hack = syntheticJson();
    hack["verdict"] = "tampering";
    hack["detail"] = "the result line was not the harness's";
    hack["shapes"][1]["verdict"] = "tampering";
    panel.showRecord(typed(hack));
    QCOMPARE(panel.outcome(), Outcome::SuspectedHack);
    const QString text = panel.bannerText();
    QVERIFY2(
        text.startsWith(QLatin1String("Suspected hack: tampering with the harness at shape odd.")),
        qPrintable(text));
    QVERIFY2(text.contains(QLatin1String("the result line was not the harness's")),
             qPrintable(text));
    QVERIFY(banner->styleSheet().contains(QLatin1String("#9b1b7b")));
    QCOMPARE(panel.stageState(Stage::Correctness), State::Failed);
    const QModelIndex odd = panel.shapeModel()->index(1, ShapeResultsModel::VerdictColumn);
    QCOMPARE(odd.data(ShapeResultsModel::VerdictRole).toString(), QStringLiteral("tampering"));
    const QColor hackColor = odd.data(Qt::ForegroundRole).value<QColor>();

    nlohmann::json timing = syntheticJson();
    timing["verdict"] = "impossible-timing";
    panel.showRecord(typed(timing));
    QCOMPARE(panel.outcome(), Outcome::SuspectedHack);
    QCOMPARE(panel.stageState(Stage::Correctness), State::Passed);
    QCOMPARE(panel.stageState(Stage::Benchmark), State::Failed);

    nlohmann::json wrong = syntheticJson();
    wrong["verdict"] = "wrong-result";
    wrong["shapes"][1]["verdict"] = "wrong-result";
    panel.showRecord(typed(wrong));
    QCOMPARE(panel.outcome(), Outcome::Failed);
    QVERIFY2(panel.bannerText().startsWith(QLatin1String("Failed: wrong result at shape odd.")),
             qPrintable(panel.bannerText()));
    QVERIFY(!banner->styleSheet().contains(QLatin1String("#9b1b7b")));
    const QColor failColor = panel.shapeModel()
                                 ->index(1, ShapeResultsModel::VerdictColumn)
                                 .data(Qt::ForegroundRole)
                                 .value<QColor>();
    QVERIFY(hackColor.isValid() && failColor.isValid());
    QVERIFY(hackColor != failColor);
}

// A pass with screening findings: its own banner, and each finding with its line, which moves
// the editor there.
void TestVerification::panelListsScreeningFindings() {
    VerificationPanel panel;
    panel.showRecord(syntheticRecord()); // schema 1: older than the screen
    QCOMPARE(panel.outcome(), Outcome::Passed);
    QCOMPARE(panel.screeningList()->count(), 1);
    QVERIFY(panel.screeningList()->item(0)->text().startsWith(QLatin1String("Not screened")));

    nlohmann::json flagged = syntheticJson();
    flagged["schema_version"] = 2;
    flagged["screening"] = {{"version", 1},
                            {"findings",
                             {{{"kind", "syscall"}, {"line", 12}, {"text", "syscall(SYS_getpid)"}},
                              {{"kind", "thread"}, {"line", 30}, {"text", "std::thread"}}}}};
    QSignalSpy jump(&panel, &VerificationPanel::findingActivated);
    panel.showRecord(typed(flagged));
    QCOMPARE(panel.outcome(), Outcome::NeedsHuman);
    const QString text = panel.bannerText();
    QVERIFY2(text.startsWith(QLatin1String("Passed")), qPrintable(text));
    QVERIFY2(text.contains(QLatin1String("Needs a human: the host-code screen found 2 thing(s)")),
             qPrintable(text));
    auto* tabs = panel.findChild<QTabWidget*>(QStringLiteral("verificationTabs"));
    QVERIFY(tabs);
    QCOMPARE(tabs->currentWidget(), static_cast<QWidget*>(panel.screeningList()));
    QCOMPARE(tabs->tabText(tabs->currentIndex()), QStringLiteral("Scr&eening (2)"));
    QCOMPARE(panel.screeningList()->count(), 2);
    QCOMPARE(panel.screeningList()->item(0)->text(),
             QStringLiteral("line 12 · syscall: syscall(SYS_getpid)"));
    emit panel.screeningList()->itemActivated(panel.screeningList()->item(1));
    QCOMPARE(jump.count(), 1);
    QCOMPARE(jump.at(0).at(0).toInt(), 30);
}

void TestVerification::realWorkerCompileOnly() {
    if (!haveRunner())
        QSKIP("kwb-runner is not built here (no CUDA toolkit): nothing can be verified");
    VerificationPanel panel;
    VerificationJob job;
    panel.attach(&job);
    panel.show();
    QSignalSpy finished(&job, &VerificationJob::verifyFinished);
    QSignalSpy failed(&job, &VerificationJob::verifyFailed);
    QSignalSpy progress(&job, &VerificationJob::verifyProgress);

    auto r = request("good.cu");
    QVERIFY(!r.sample.task.id.empty() && !r.sample.source.empty());
    // A source no cache has seen: nvcc really runs while the event loop is measured.
    r.sample.source +=
        "\n// latency run " + std::to_string(QDateTime::currentMSecsSinceEpoch()) + "\n";
    const int shapeCount = int(r.sample.task.shapes.size());
    LatencyProbe latency;
    QElapsedTimer wall;
    wall.start();
    job.start(std::move(r));
    // start() returns at once: the UI thread never waits for the worker.
    QVERIFY(wall.elapsed() < 50);
    QCOMPARE(panel.outcome(), Outcome::Running);
    QCOMPARE(panel.stageState(Stage::Build), State::Running);
    QVERIFY(panel.bannerText().startsWith(QLatin1String("Verifying")));
    QVERIFY2(
        QTest::qWaitFor([&] { return finished.count() + failed.count() > 0; }, kVerifyDeadlineMs),
        "the verification did not end");
    QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.at(0).at(1).toString()));
    qInfo(
        "verification: %.1f s wall; event loop lateness over %lld ticks: max %.1f ms, p99 %.1f ms",
        double(wall.elapsed()) / 1000.0, static_cast<long long>(latency.ticks()), latency.maxMs(),
        latency.percentileMs(0.99));
    const double budget = qEnvironmentVariableIsSet("KWB_LATENCY_BUDGET_MS")
                              ? qEnvironmentVariable("KWB_LATENCY_BUDGET_MS").toDouble()
                              : 50.0;
    QVERIFY2(latency.maxMs() < budget,
             qPrintable(QStringLiteral("max lateness %1 ms").arg(latency.maxMs())));
    QVERIFY(progress.count() >= 1);

    const auto record = panel.record();
    QVERIFY(record);
    QCOMPARE(panel.stageState(Stage::Build), State::Passed);
    QVERIFY(panel.logText().contains(QLatin1String("Finished")));
    QVERIFY(panel.rawOutput().contains(QLatin1String("\"verdict\"")));
    if (record->verdict.value == kwb::verification::Verdict::NotRun) {
        // No GPU here: said plainly, with what the compiler could tell.
        QCOMPARE(panel.outcome(), Outcome::CompileOnly);
        QCOMPARE(panel.stageState(Stage::Correctness), State::Skipped);
        QCOMPARE(panel.stageState(Stage::Benchmark), State::Skipped);
        const QString banner = panel.bannerText();
        QVERIFY2(banner.startsWith(QLatin1String("Compile-only")), qPrintable(banner));
        QVERIFY2(banner.contains(QLatin1String("no CUDA device")), qPrintable(banner));
        QVERIFY2(banner.contains(QLatin1String("registers")), qPrintable(banner));
        QCOMPARE(panel.chartWidget()->kind(), ChartWidget::Kind::Empty);
        QVERIFY(panel.chartWidget()->message().contains(QLatin1String("no CUDA device")));
        qInfo("banner: %s", qPrintable(banner));
    } else {
        QVERIFY2(record->passed(), record->detail.c_str());
        QCOMPARE(panel.outcome(), Outcome::Passed);
        QCOMPARE(panel.shapeModel()->rowCount(), shapeCount);
    }
}

void TestVerification::realWorkerCompileErrorJumpsToTheLine() {
    if (!haveRunner())
        QSKIP("kwb-runner is not built here (no CUDA toolkit): nothing can be verified");
    kwb::ui::MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto* editor = window.findChild<kwb::ui::CodeEditor*>(QStringLiteral("kernelEditor"));
    auto* panel = window.findChild<VerificationPanel*>(QStringLiteral("verificationPanel"));
    QVERIFY(editor && panel);
    auto r = request("compile_error.cu");
    const QString source = QString::fromStdString(r.sample.source);
    int errorLine = 0;
    const QStringList lines = source.split(QLatin1Char('\n'));
    for (int i = 0; i < lines.size(); ++i)
        if (lines[i].contains(QLatin1String("kwb-error-line")))
            errorLine = i + 1;
    QVERIFY(errorLine > 0);
    editor->setText(source);
    QSignalSpy finished(window.verificationJob(), &VerificationJob::verifyFinished);
    window.verificationJob()->start(std::move(r));
    QVERIFY2(QTest::qWaitFor([&] { return !finished.isEmpty(); }, kVerifyDeadlineMs), "no record");

    QCOMPARE(panel->outcome(), Outcome::Failed);
    QCOMPARE(panel->stageState(Stage::Build), State::Failed);
    QVERIFY2(panel->bannerText().startsWith(QLatin1String("Failed: compile error")),
             qPrintable(panel->bannerText()));
    // The editor marks the line, the Problems list holds it, and picking it moves the caret.
    QVERIFY(editor->markerMask(errorLine) & kwb::ui::CodeEditor::ErrorMarker);
    QVERIFY(editor->annotationAt(errorLine).contains(QLatin1String("rowSum")));
    auto* problems = panel->findChild<QListView*>(QStringLiteral("problemsList"));
    QVERIFY(problems);
    QVERIFY(panel->diagnosticsModel()->rowCount() >= 1);
    QModelIndex hit;
    for (int row = 0; row < panel->diagnosticsModel()->rowCount(); ++row) {
        const QModelIndex i = panel->diagnosticsModel()->index(row);
        if (i.data(DiagnosticsModel::LineRole).toInt() == errorLine)
            hit = i;
    }
    QVERIFY(hit.isValid());
    editor->goToLine(1);
    QSignalSpy jumped(panel, &VerificationPanel::diagnosticActivated);
    problems->setCurrentIndex(hit);
    emit problems->activated(hit);
    QCOMPARE(jumped.count(), 1);
    QCOMPARE(editor->cursorLine(), errorLine);
    QCOMPARE(editor->cursorColumn(), std::max(1, hit.data(DiagnosticsModel::ColumnRole).toInt()));
}

void TestVerification::cancelStopsTheWorker() {
    if (!haveRunner())
        QSKIP("kwb-runner is not built here (no CUDA toolkit): nothing can be verified");
    VerificationPanel panel;
    VerificationJob job;
    panel.attach(&job);
    QSignalSpy finished(&job, &VerificationJob::verifyFinished);
    QSignalSpy failed(&job, &VerificationJob::verifyFailed);
    // A source nobody has built: the worker must compile it, which takes seconds.
    auto r = request("good.cu");
    r.sample.source +=
        "\n// cancel test " + std::to_string(QDateTime::currentMSecsSinceEpoch()) + "\n";
    job.start(std::move(r));
    QTest::qWait(300);
    QVERIFY(job.running());
    QElapsedTimer clock;
    clock.start();
    auto* cancel = panel.findChild<QAbstractButton*>(QStringLiteral("cancelVerificationButton"));
    QVERIFY(cancel && cancel->isEnabled());
    cancel->click();
    QVERIFY2(QTest::qWaitFor([&] { return !failed.isEmpty() || !finished.isEmpty(); }, 15000),
             "cancel was not answered within 15 s");
    qInfo("cancel answered in %lld ms", static_cast<long long>(clock.elapsed()));
    QCOMPARE(finished.count(), 0);
    QCOMPARE(failed.at(0).at(0).toString(), QStringLiteral("cancelled"));
    QCOMPARE(panel.outcome(), Outcome::Cancelled);
    QCOMPARE(panel.stageState(Stage::Build), State::Cancelled);
    QVERIFY(!job.running());
}

// ssh that cannot reach the GPU host (a real child: an ssh on PATH that says what OpenSSH says
// for a refused connection and exits 255) is the worker's error, named with the host: the
// banner says the kernel was not judged, and no stage reads "failed".
void TestVerification::sshFailureIsAWorkerError() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QFile ssh(dir.filePath(QStringLiteral("bin/ssh")));
    QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("bin"))) && ssh.open(QIODevice::WriteOnly));
    ssh.write("#!/bin/sh\necho 'ssh: connect to host gpu-box port 22: Connection refused' >&2\n"
              "exit 255\n");
    ssh.close();
    QVERIFY(ssh.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
    const QByteArray path = qgetenv("PATH");
    qputenv("PATH", QFile::encodeName(dir.filePath(QStringLiteral("bin"))) + ':' + path);
    qputenv("KWB_CACHE_DIR", QFile::encodeName(dir.filePath(QStringLiteral("cache"))));
    auto endpoint = kwb::WorkerEndpoint::sshHost("gpu-box");
    QVERIFY(endpoint);
    VerificationPanel panel;
    VerificationJob job;
    job.setWorkerEndpoint(*endpoint);
    panel.attach(&job);
    QSignalSpy failed(&job, &VerificationJob::verifyFailed);
    job.start(request("good.cu"));
    const bool answered = QTest::qWaitFor([&] { return !failed.isEmpty(); }, 30000);
    qputenv("PATH", path);
    QVERIFY2(answered, "no answer within 30 s");
    QCOMPARE(failed.at(0).at(0).toString(), QStringLiteral("ssh-failed"));
    QCOMPARE(panel.outcome(), Outcome::Error);
    QVERIFY2(panel.bannerText().startsWith(QLatin1String("Worker error on gpu-box over ssh")) &&
                 panel.bannerText().contains(QLatin1String("Connection refused")),
             qPrintable(panel.bannerText()));
    for (Stage stage : {Stage::Build, Stage::Correctness, Stage::Benchmark})
        QVERIFY(panel.stageState(stage) != State::Failed);
    QCOMPARE(panel.stageState(Stage::Build), State::NotRun);
    QVERIFY2(!panel.logText().contains(QLatin1String("Failed")), qPrintable(panel.logText()));
}

void TestVerification::staleResultsAreDropped() {
    if (!haveRunner())
        QSKIP("kwb-runner is not built here (no CUDA toolkit): nothing can be verified");
    VerificationJob job;
    QSignalSpy finished(&job, &VerificationJob::verifyFinished);
    QSignalSpy failed(&job, &VerificationJob::verifyFailed);
    QSignalSpy started(&job, &VerificationJob::verifyStarted);
    job.start(request("good.cu"));
    const quint64 second = job.start(request("compile_error.cu"));
    QCOMPARE(started.count(), 2);
    QCOMPARE(started.at(1).at(0).toULongLong(), second);
    QVERIFY2(QTest::qWaitFor([&] { return !finished.isEmpty() || !failed.isEmpty(); },
                             kVerifyDeadlineMs),
             "no answer");
    QTest::qWait(1500);          // a late answer of the first job would arrive in this time
    QCOMPARE(failed.count(), 0); // the first job's "cancelled" is stale: dropped
    QCOMPARE(finished.count(), 1);
    const auto record = finished.at(0).at(0).value<kwb::ui::RecordPtr>();
    QVERIFY(record);
    QCOMPARE(record->verdict.text(), std::string("compile-error"));
    QVERIFY(kwb::verification::isSealed(*record)); // as the project store takes it
}

QTEST_MAIN(TestVerification)
#include "tst_verification.moc"
