// The window's Profile tab on a real project file holding real profile records, both recorded on
// an H200 (tests/fixtures/tools), each sealed and stored with addProfile for a sample with the
// profiled source: Nsight Compute's own output (naive_sgemm of tests/gpu/tool_formats/hazards.cu
// beside cuBLAS's kernel, 2048³) read through core's parsers, and the whole record of `kwb
// profile sgemm-f32` on the task's reference (profile_sgemm_h200.json). The tab's table, charts
// and details, the hot lines in the kernel editor's margin, the empty state, the keys, and the
// Profile action where ncu is missing.
#include <QAction>
#include <QApplication>
#include <QFile>
#include <QLocale>
#include <QPushButton>
#include <QSignalSpy>
#include <QSplitter>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>
#include <memory>
#include <optional>
#include <set>

#include "core/record/record_identity.h"
#include "core/store/demo_project.h"
#include "core/store/project_store.h"
#include "core/sys/programs.h"
#include "core/sys/sha256.h"
#include "core/tools/ncu_report.h"
#include "core/verify/stored_sample_verification.h"
#include "gui_fixtures.h"
#include "ui/widgets/chart_widget.h"
#include "ui/widgets/code_editor.h"
#include "ui/widgets/notice_bar.h"
#include "ui/widgets/profile_view.h"
#include "ui/widgets/verification_panel.h"
#include "ui/windows/main_window.h"
#include "ui/windows/profile_actions.h"
#include "ui/windows/review_controller.h"

using namespace kwb::ui;
namespace v = kwb::verification;

namespace {

constexpr int kDeadlineMs = 15000;
// A line of another file (a header the candidate includes, as ncu would name it): listed in
// the record, never marked in the candidate's editor.
constexpr int kForeignLine = 3;

std::string readText(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll().toStdString() : std::string();
}

QString toolFixture(const char* name) {
    return QStringLiteral(KWB_TOOL_FIXTURES "/%1").arg(QLatin1String(name));
}

// The report `kwb samples profile` keeps, from the recorded outputs; empty with `why` on failure.
std::optional<v::ProfileReport> recordedProfile(QString& why) {
    auto kernels = kwb::tools::readNcuRawCsv(readText(toolFixture("ncu_full_raw_csv.csv")));
    if (!kernels || kernels->size() != 2) {
        why = kernels ? QStringLiteral("expected two kernels")
                      : QString::fromStdString(kernels.error().message);
        return std::nullopt;
    }
    auto hot =
        kwb::tools::readNcuSourceCsv(readText(toolFixture("ncu_source_csv.csv")), "hazards.cu", 10);
    if (!hot || hot->empty()) {
        why = hot ? QStringLiteral("no hot lines") : QString::fromStdString(hot.error().message);
        return std::nullopt;
    }
    v::ProfileReport p;
    p.version = "2025.3.1.0"; // tests/fixtures/tools/versions.txt
    p.sections = "full";
    p.shape = "2048x2048x2048";
    p.flops = 2.0 * 2048.0 * 2048.0 * 2048.0;
    p.bytes = 3.0 * 2048.0 * 2048.0 * 4.0;
    // The ceilings measured on the same H200 (tests/record/data/gpu_full_v1.json).
    p.peakFlopsPerSecond = 51.2e12;
    p.peakBytesPerSecond = 4010.5e9;
    v::ProfileSide candidate;
    candidate.target = "candidate";
    candidate.label = kwb::kCandidateFileName;
    candidate.kernels = {kwb::tools::summarizeKernel((*kernels)[0])};
    // The worker builds a stored sample as candidate.cu, so ncu names that file.
    candidate.hotLines = *hot;
    for (auto& h : candidate.hotLines)
        h.file = kwb::kCandidateFileName;
    candidate.hotLines.push_back({"kwb_harness.h", kForeignLine, 50, "// harness"});
    v::ProfileSide baseline;
    baseline.target = "baseline";
    baseline.label = "cuBLAS SGEMM";
    baseline.kernels = {kwb::tools::summarizeKernel((*kernels)[1])};
    p.sides = {candidate, baseline};
    return p;
}

// The whole record `kwb profile sgemm-f32 resources/tasks/reference/sgemm-f32.cu` printed on the
// H200, as `kwb samples profile` keeps it for a stored sample: that builds the source as
// candidate.cu, so its label and hot lines name that file.
std::optional<v::VerificationRecordData> h200Record(QString& why) {
    const auto j =
        nlohmann::json::parse(readText(toolFixture("profile_sgemm_h200.json")), nullptr, false);
    auto rec = v::readRecord(j);
    if (!rec || !rec->profile) {
        why = rec ? QStringLiteral("no profile") : QString::fromStdString(rec.error().message);
        return std::nullopt;
    }
    for (auto& side : rec->profile->sides)
        if (side.target == "candidate") {
            side.label = kwb::kCandidateFileName;
            for (auto& h : side.hotLines)
                h.file = kwb::kCandidateFileName;
        }
    return v::sealed(std::move(*rec));
}

v::VerificationRecordData profileRecord(const kwb::Sample& sample, v::ProfileReport report) {
    const nlohmann::json j = {{"schema_version", v::VerificationRecordData::kSchemaVersion},
                              {"task_id", sample.taskId},
                              {"verdict", "pass"},
                              {"source_hash", kwb::sha256Hex(sample.source)},
                              {"created_at", "2025-11-02T10:00:00Z"},
                              {"device", {{"name", "NVIDIA H200"}, {"cc", "9.0"}}}};
    v::VerificationRecordData rec = *v::fromJson(j);
    rec.profile = std::move(report);
    return v::sealed(std::move(rec));
}

// One stored profile and what the tab must show of it.
struct Case {
    qint64 sample = 0;
    v::ProfileReport report;
    QString baselineTitle;
    double candidateUs[2] = {0, 0}, baselineUs[2] = {0, 0}; // the duration rows' ranges
    QString candidateKernel, baselineKernel;                // in the kernels' names
};

QString gbps(const v::ProfileReport& r) {
    return QLocale().toString(*r.peakBytesPerSecond * 1e-9, 'f', 0);
}
QString tflops(const v::ProfileReport& r) {
    return QLocale().toString(*r.peakFlopsPerSecond * 1e-12, 'f', 1);
}

} // namespace

class TestProfile : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void tableShowsBothSidesAndHighlightsDifferences_data() { cases(); }
    void tableShowsBothSidesAndHighlightsDifferences();
    void chartsShowPointsRoofsAndStalls_data() { cases(); }
    void chartsShowPointsRoofsAndStalls();
    void editorMarksTheHotLines_data() { cases(); }
    void editorMarksTheHotLines();
    void pickingAHotLineMovesTheEditor();
    void sampleWithoutProfileSaysHowToMakeOne();
    void tabIsReachedByItsKey();
    void missingNcuSaysWhatToInstall();
    void profileRunsInTheBackground();
    void profileOnTheGpu();

private:
    void cases() {
        QTest::addColumn<int>("index");
        QTest::newRow("ncu output, hazards.cu") << 0;
        QTest::newRow("kwb profile record, sgemm-f32 reference") << 1;
    }
    bool addSample(kwb::ProjectStore& store, const std::string& source, const std::string& label,
                   qint64& id);
    bool showSample(qint64 id);
    ProfileView* view() const { return m_window->findChild<ProfileView*>(); }
    CodeEditor* editor() const { return m_window->kernelEditor(); }

    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
    Case m_cases[2];
    qint64 m_profiled = 0; // the first case's sample
    qint64 m_plain = 0;
    QString m_project;
};

bool TestProfile::showSample(qint64 id) {
    QSignalSpy shown(m_window->profileActions(), &ProfileActions::profileShown);
    m_window->reviewController()->showSample(id);
    return QTest::qWaitFor(
        [&] {
            for (const auto& args : shown)
                if (args.at(0).toLongLong() == id)
                    return true;
            return false;
        },
        kDeadlineMs);
}

bool TestProfile::addSample(kwb::ProjectStore& store, const std::string& source,
                            const std::string& label, qint64& id) {
    auto task = kwb::builtinTaskResolver()("sgemm-f32");
    if (!task)
        return false;
    kwb::Sample sample;
    sample.taskId = "sgemm-f32";
    sample.label = label;
    sample.source = source;
    auto added = store.addSample(*task, sample);
    id = added ? *added : 0;
    return added.ok();
}

void TestProfile::initTestCase() {
    QVERIFY(m_dir.isValid());
    kwbtest::useScratchFolders(QDir(m_dir.path()));
    QString why;
    auto report = recordedProfile(why);
    QVERIFY2(report, qPrintable(why));
    auto h200 = h200Record(why);
    QVERIFY2(h200, qPrintable(why));

    const QString project = m_project = m_dir.filePath(QStringLiteral("profile.kwbproj"));
    {
        auto store = kwb::createDemoProject(project.toStdString());
        QVERIFY2(store, store ? "" : store.error().message.c_str());
        const std::string hazards = readText(QStringLiteral(KWB_HAZARDS_SOURCE));
        const std::string reference = readText(QStringLiteral(KWB_SGEMM_REFERENCE));
        QVERIFY(!hazards.empty() && !reference.empty());
        QVERIFY(addSample(**store, hazards, "hazards.cu, profiled on an H200", m_profiled));
        auto stored = (*store)->sample(m_profiled);
        QVERIFY(stored);
        auto kept = (*store)->addProfile(m_profiled, profileRecord(*stored, *report));
        QVERIFY2(kept, kept ? "" : kept.error().message.c_str());
        m_cases[0] = {m_profiled,
                      *report,
                      QStringLiteral("Baseline (cuBLAS SGEMM)"),
                      {3000, 3200},
                      {330, 350},
                      QStringLiteral("naive_sgemm("),
                      QStringLiteral("cutlass")};

        qint64 referenceId = 0;
        QVERIFY(addSample(**store, reference, "the task's reference", referenceId));
        kept = (*store)->addProfile(referenceId, *h200);
        QVERIFY2(kept, kept ? "" : kept.error().message.c_str());
        // 6.62 ms against cuBLAS's 2.70 ms at the large shape (tests/benchmarks/results/h200).
        m_cases[1] = {referenceId,
                      *h200->profile,
                      QStringLiteral("Baseline (cuBLAS SGEMM (TF32 off))"),
                      {6500, 6700},
                      {2650, 2750},
                      QStringLiteral("sgemmTiled("),
                      QStringLiteral("sm80_xmma_gemm_f32f32")};

        QVERIFY(addSample(**store, hazards + "\n// another sample, never profiled\n",
                          "never profiled", m_plain));
    }
    m_window = std::make_unique<MainWindow>();
    QSignalSpy opened(m_window.get(), &MainWindow::projectOpened);
    m_window->openProject(project);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QVERIFY(QTest::qWaitFor([&] { return opened.count() > 0; }, kDeadlineMs));
    QVERIFY(showSample(m_profiled));
    QVERIFY(view());
    QVERIFY(!view()->isEmpty());
}

// The rows as profileRows says them; those that differ bold on the highlight, the others not.
void TestProfile::tableShowsBothSidesAndHighlightsDifferences() {
    QFETCH(int, index);
    const Case& c = m_cases[index];
    QVERIFY(showSample(c.sample));
    const auto rows = v::profileRows(c.report);
    QTableWidget* table = view()->table();
    QCOMPARE(table->rowCount(), int(rows.size()));
    int differing = 0, alike = 0;
    for (int i = 0; i < table->rowCount(); ++i) {
        const v::ProfileRow& row = rows[std::size_t(i)];
        const std::optional<double> values[2] = {row.candidate, row.baseline};
        const int columns[2] = {ProfileView::CandidateColumn, ProfileView::BaselineColumn};
        for (int side = 0; side < 2; ++side) {
            QTableWidgetItem* cell = table->item(i, columns[side]);
            QVERIFY(cell);
            if (values[side]) {
                QCOMPARE(cell->data(Qt::UserRole).toDouble(), *values[side]);
                QVERIFY2(!cell->text().isEmpty() && cell->text() != QStringLiteral("–"),
                         qPrintable(cell->text()));
            } else {
                QCOMPARE(cell->text(), QStringLiteral("–"));
            }
        }
        for (int column = 0; column < 3; ++column) {
            QTableWidgetItem* cell = table->item(i, column);
            QCOMPARE(cell->font().bold(), row.differs);
            QCOMPARE(cell->background().style() != Qt::NoBrush, row.differs);
        }
        (row.differs ? differing : alike) += 1;
    }
    QVERIFY(differing > 0 && alike > 0);
    // The durations in µs as the rows say, where the recording says they are.
    QCOMPARE(table->item(0, ProfileView::FigureColumn)->text(), QStringLiteral("Duration"));
    QVERIFY(rows[0].differs && rows[0].candidate && rows[0].baseline);
    QVERIFY2(*rows[0].candidate > c.candidateUs[0] && *rows[0].candidate < c.candidateUs[1],
             qPrintable(QString::number(*rows[0].candidate)));
    QVERIFY2(*rows[0].baseline > c.baselineUs[0] && *rows[0].baseline < c.baselineUs[1],
             qPrintable(QString::number(*rows[0].baseline)));
    QCOMPARE(table->item(0, ProfileView::CandidateColumn)->text(),
             QLocale().toString(*rows[0].candidate, 'f', 1) + QStringLiteral(" µs"));
    QCOMPARE(table->item(0, ProfileView::BaselineColumn)->text(),
             QLocale().toString(*rows[0].baseline, 'f', 1) + QStringLiteral(" µs"));
    QVERIFY(view()->summaryText().contains(QLatin1String("2025.3.1.0")));
    QVERIFY(view()->summaryText().contains(QLatin1String("NVIDIA H200")));
    // Each side's kernels with their top stall reasons.
    const QString details = [&] {
        QStringList all;
        for (QTreeWidgetItemIterator it(view()->details()); *it; ++it)
            all.append((*it)->text(0));
        return all.join(QLatin1Char('\n'));
    }();
    QVERIFY2(details.contains(c.candidateKernel), qPrintable(details));
    QVERIFY2(details.contains(c.baselineKernel), qPrintable(details));
    QVERIFY2(details.contains(QLatin1String("long_scoreboard")), qPrintable(details));
}

void TestProfile::chartsShowPointsRoofsAndStalls() {
    QFETCH(int, index);
    const Case& c = m_cases[index];
    QVERIFY(showSample(c.sample));
    ChartWidget* roofline = view()->rooflineChart();
    QCOMPARE(roofline->kind(), ChartWidget::Kind::Roofline);
    const QStringList names = roofline->seriesNames();
    // The two roofs from the profile's ceilings, then one point per side.
    QCOMPARE(names, QStringList({QStringLiteral("Memory roof (%1 GB/s)").arg(gbps(c.report)),
                                 QStringLiteral("Compute roof (%1 TFLOP/s)").arg(tflops(c.report)),
                                 QStringLiteral("Candidate (candidate.cu)"), c.baselineTitle}));

    ChartWidget* stalls = view()->stallChart();
    QCOMPARE(stalls->kind(), ChartWidget::Kind::StallReasons);
    QCOMPARE(stalls->seriesNames(),
             QStringList({QStringLiteral("Candidate (candidate.cu)"), c.baselineTitle}));
    // Every top stall reason of both sides' longest kernels, each once.
    std::set<QString> expected;
    for (const auto& side : c.report.sides)
        for (const auto& [reason, cycles] : v::longestKernel(side)->topStalls)
            expected.insert(QString::fromStdString(reason));
    const QStringList categories = stalls->categories();
    QCOMPARE(std::set<QString>(categories.begin(), categories.end()), expected);
    QCOMPARE(int(expected.size()), int(categories.size()));
    QVERIFY(categories.contains(QStringLiteral("long_scoreboard")));
}

void TestProfile::editorMarksTheHotLines() {
    QFETCH(int, index);
    const Case& c = m_cases[index];
    QVERIFY(showSample(c.sample));
    std::set<int> hot;
    for (const auto& h : c.report.side("candidate")->hotLines)
        if (h.file == kwb::kCandidateFileName)
            hot.insert(h.line);
    QVERIFY(hot.size() >= 2);
    QVERIFY(!hot.count(kForeignLine));
    CodeEditor* e = editor();
    QCOMPARE(e->hotLineCount(), int(hot.size()));
    for (int line = 1; line <= e->lineCount(); ++line) {
        const bool marked = e->markerMask(line) & CodeEditor::HotLineMarker;
        QVERIFY2(marked == bool(hot.count(line)), qPrintable(QString::number(line)));
        QCOMPARE(e->hotLineToolTip(line).isEmpty(), !marked);
    }
    // Each marker is on the line ncu named, its samples in the tooltip.
    const QStringList lines = e->text().split(QLatin1Char('\n'));
    for (const auto& h : c.report.side("candidate")->hotLines) {
        if (h.file != kwb::kCandidateFileName)
            continue;
        QCOMPARE(lines.at(h.line - 1).trimmed(), QString::fromStdString(h.source).trimmed());
        QVERIFY2(e->hotLineToolTip(h.line).contains(QLocale().toString(h.samples, 'f', 0)),
                 qPrintable(e->hotLineToolTip(h.line)));
    }
}

void TestProfile::pickingAHotLineMovesTheEditor() {
    QVERIFY(showSample(m_profiled));
    auto* lowerTabs = m_window->findChild<QTabWidget*>(QStringLiteral("verificationTabs"));
    QVERIFY(lowerTabs);
    lowerTabs->setCurrentWidget(view());
    // The panels opened up from their strip, as one does to read a profile.
    auto* split = m_window->findChild<QSplitter*>(QStringLiteral("editorSplit"));
    QVERIFY(split);
    split->setSizes({300, 500});
    const QList<QTreeWidgetItem*> items = view()->hotLineItems();
    QCOMPARE(items.size(), editor()->hotLineCount());
    // A click on a row.
    QTreeWidget* tree = view()->details();
    QTreeWidgetItem* second = items.at(1);
    const int line = second->data(0, Qt::UserRole).toInt();
    tree->scrollToItem(second);
    QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, tree->visualItemRect(second).center());
    QCOMPARE(editor()->cursorLine(), line);
    // The keyboard: Enter on the first.
    tree->setFocus();
    tree->setCurrentItem(items.at(0));
    QTest::keyClick(tree, Qt::Key_Return);
    QCOMPARE(editor()->cursorLine(), items.at(0)->data(0, Qt::UserRole).toInt());
}

void TestProfile::sampleWithoutProfileSaysHowToMakeOne() {
    QVERIFY(showSample(m_plain));
    QVERIFY(view()->isEmpty());
    QVERIFY2(view()->emptyText().contains(QLatin1String("Ctrl+Shift+P")),
             qPrintable(view()->emptyText()));
    QCOMPARE(editor()->hotLineCount(), 0);
    for (int line = 1; line <= editor()->lineCount(); ++line)
        QVERIFY(!(editor()->markerMask(line) & CodeEditor::HotLineMarker));
    // Back to the profiled one: the markers come back with its profile.
    QVERIFY(showSample(m_profiled));
    QVERIFY(!view()->isEmpty());
    QVERIFY(editor()->markerMask(44) & CodeEditor::HotLineMarker);
}

// Alt+I brings the Profile tab forward; Tab reaches its button, then the figures.
void TestProfile::tabIsReachedByItsKey() {
    QVERIFY(showSample(m_profiled));
    auto* tabs = m_window->findChild<QTabWidget*>(QStringLiteral("verificationTabs"));
    QVERIFY(tabs);
    tabs->setCurrentIndex(0);
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    QTest::keyClick(m_window.get(), Qt::Key_I, Qt::AltModifier);
    QCOMPARE(tabs->currentWidget(), view());
    view()->profileButton()->setFocus(Qt::OtherFocusReason);
    QTest::keyClick(view()->profileButton(), Qt::Key_Tab);
    QCOMPARE(QApplication::focusWidget(), view()->table());
}

void TestProfile::missingNcuSaysWhatToInstall() {
    qputenv("KWB_NCU", QFile::encodeName(m_dir.filePath(QStringLiteral("no-such-ncu"))));
    QVERIFY(kwb::locateCudaTool("ncu").empty());
    QVERIFY(showSample(m_profiled));
    ProfileActions* actions = m_window->profileActions();
    QSignalSpy problem(actions, &ProfileActions::problem);
    QSignalSpy started(actions, &ProfileActions::profilingStarted);
    auto* action = m_window->findChild<QAction*>(QStringLiteral("profileAction"));
    QVERIFY(action);
    QCOMPARE(action->shortcut(), QKeySequence(QStringLiteral("Ctrl+Shift+P")));
    action->trigger();
    QCOMPARE(problem.count(), 1);
    const QString text = problem.at(0).at(0).toString();
    QVERIFY2(text.contains(QString::fromStdString(kwb::cudaToolInstallHint("ncu"))),
             qPrintable(text));
    QVERIFY(text.contains(QLatin1String("KWB_NCU")));
    QVERIFY(m_window->noticeBar()->text().contains(QLatin1String("Nsight Compute")));
    // Nothing started: no job, the tab's button still offers a profile.
    QCOMPARE(started.count(), 0);
    QVERIFY(!actions->isRunning());
    QVERIFY(!actions->job()->running());
    QVERIFY(view()->profileButton()->isEnabled());
    // The tab's own button says the same.
    m_window->findChild<QTabWidget*>(QStringLiteral("verificationTabs"))->setCurrentWidget(view());
    QTest::mouseClick(view()->profileButton(), Qt::LeftButton);
    QCOMPARE(problem.count(), 2);
    qunsetenv("KWB_NCU");
}

// With an ncu here, Profile starts the real worker on the job thread: progress and Cancel in the
// status bar, the tab waiting; Cancel stops it, and a run that ends is said in the status bar.
void TestProfile::profileRunsInTheBackground() {
    if (qEnvironmentVariableIsEmpty("KWB_RUNNER"))
        QSKIP("no kwb-runner in this build (KWB_RUNNER unset): the profile cannot start");
    // Any executable stands in for ncu: the check before starting only looks for it.
    qputenv("KWB_NCU", QByteArrayLiteral("/bin/true"));
    ProfileActions* actions = m_window->profileActions();
    QSignalSpy started(actions, &ProfileActions::profilingStarted);
    QSignalSpy said(actions, &ProfileActions::message);
    QSignalSpy stored(actions, &ProfileActions::profileStored);
    QStringList emptyTextsAtStart; // what the tab says the moment a run starts
    connect(actions, &ProfileActions::profilingStarted, this,
            [&] { emptyTextsAtStart.append(view()->emptyText()); });

    // The reference: nvcc takes seconds to build it, so Cancel lands while it runs.
    const qint64 reference = m_cases[1].sample;
    QVERIFY(showSample(reference));
    actions->profileCurrent();
    QVERIFY(QTest::qWaitFor([&] { return started.count() > 0; }, kDeadlineMs));
    QCOMPARE(started.at(0).at(0).toLongLong(), reference);
    QVERIFY(actions->isRunning());
    QVERIFY(actions->statusWidget()->isVisible());
    QVERIFY(!view()->profileButton()->isEnabled());
    auto* tabs = m_window->findChild<QTabWidget*>(QStringLiteral("verificationTabs"));
    QCOMPARE(tabs->currentWidget(), view());
    // A second request while it runs is refused with the reason.
    actions->profileCurrent();
    QVERIFY(said.last().at(0).toString().contains(QLatin1String("cancel it first")));
    // Another sample meanwhile: the button waits, but nothing says that one is being profiled.
    QVERIFY(showSample(m_plain));
    QVERIFY(!view()->profileButton()->isEnabled());
    QVERIFY(!view()->emptyText().startsWith(QLatin1String("Profiling")));
    QVERIFY(actions->isRunning());
    auto* cancel =
        actions->statusWidget()->findChild<QPushButton*>(QStringLiteral("cancelProfileButton"));
    QVERIFY(cancel);
    QTest::mouseClick(cancel, Qt::LeftButton);
    QVERIFY(QTest::qWaitFor([&] { return !actions->isRunning(); }, 60000));
    QCOMPARE(said.last().at(0).toString(), QStringLiteral("Profiling cancelled."));
    QVERIFY(!actions->statusWidget()->isVisible());
    QVERIFY(view()->profileButton()->isEnabled());

    // Left to finish: hazards.cu is no sgemm-f32 candidate (no kwb_sgemm), so it never reaches
    // ncu on any machine; the reason is said and nothing is kept.
    actions->profileCurrent();
    QVERIFY(QTest::qWaitFor([&] { return started.count() == 2; }, kDeadlineMs));
    QCOMPARE(emptyTextsAtStart.last(), QStringLiteral("Profiling… the status bar follows it."));
    QVERIFY(QTest::qWaitFor([&] { return !actions->isRunning(); }, 300000));
    const QString last = said.last().at(0).toString();
    QVERIFY2(last.startsWith(QStringLiteral("Sample #%1 was not profiled: ").arg(m_plain)) ||
                 last.startsWith(QStringLiteral("Profiling #%1 stopped: ").arg(m_plain)),
             qPrintable(last));
    QCOMPARE(stored.count(), 0);
    QVERIFY(!actions->statusWidget()->isVisible());
    QVERIFY(view()->isEmpty());
    QVERIFY(!view()->emptyText().startsWith(QLatin1String("Profiling")));
    auto store = kwb::ProjectStore::open(m_project.toStdString());
    QVERIFY(store);
    QVERIFY((*store)->profiles(m_plain) && (*store)->profiles(m_plain)->empty());
    qunsetenv("KWB_NCU");
}

// Where there is a GPU and ncu: Profile on the task's reference as a reviewer would (the full
// section set at the large shape, tens of seconds), the record kept in the project and shown.
void TestProfile::profileOnTheGpu() {
    if (qEnvironmentVariableIsEmpty("KWB_RUNNER"))
        QSKIP("no kwb-runner in this build (KWB_RUNNER unset): the profile cannot start");
    qunsetenv("KWB_NCU");
    if (kwb::locateCudaTool("ncu").empty())
        QSKIP("Nsight Compute (ncu) is not installed here: the profile on a GPU is checked where "
              "it is");
    QVERIFY(QTest::qWaitFor([&] { return m_window->isDeviceProbeSettled(); }, 120000));
    const auto info = m_window->deviceInfo();
    if (!info || info->gpus.empty())
        QSKIP("no CUDA device here: the profile on a GPU is checked where there is one");
    const qint64 reference = m_cases[1].sample;
    QVERIFY(showSample(reference));
    const std::string recorded = view()->record()->id;
    ProfileActions* actions = m_window->profileActions();
    QSignalSpy started(actions, &ProfileActions::profilingStarted);
    QSignalSpy said(actions, &ProfileActions::message);
    QSignalSpy stored(actions, &ProfileActions::profileStored);
    actions->profileCurrent();
    QVERIFY(QTest::qWaitFor([&] { return started.count() > 0; }, kDeadlineMs));
    QVERIFY(QTest::qWaitFor([&] { return !actions->isRunning(); }, 540000));
    QVERIFY2(QTest::qWaitFor([&] { return stored.count() > 0; }, kDeadlineMs),
             qPrintable(said.isEmpty() ? QString() : said.last().at(0).toString()));
    // The new profile is the one shown, both sides profiled, its hot lines in the margin.
    QVERIFY(view()->record() && view()->record()->id != recorded);
    const v::ProfileReport& p = *view()->record()->profile;
    QCOMPARE(p.sections, std::string("full"));
    for (const auto& side : p.sides) {
        QVERIFY2(side.error.empty(), side.error.c_str());
        QVERIFY(!side.kernels.empty());
    }
    QVERIFY(v::profileRows(p).front().candidate && v::profileRows(p).front().baseline);
    QCOMPARE(view()->rooflineChart()->kind(), ChartWidget::Kind::Roofline);
    QCOMPARE(view()->stallChart()->kind(), ChartWidget::Kind::StallReasons);
    QVERIFY(editor()->hotLineCount() > 0);
    auto store = kwb::ProjectStore::open(m_project.toStdString());
    QVERIFY(store);
    auto profiles = (*store)->profiles(reference);
    QVERIFY(profiles && profiles->size() == 2 && profiles->back().id == view()->record()->id);
    qInfo("%s", qPrintable(view()->summaryText()));
}

QTEST_MAIN(TestProfile)
#include "tst_profile.moc"
