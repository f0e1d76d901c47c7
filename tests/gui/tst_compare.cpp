// The Compare view (Ctrl+D) on a real project file: the demo project, samples of sgemm-f32
// written into it with a known one-token change between two of them, verification records of
// the current schema made from tests/gui/fixtures/synthetic_record.json (sealed, one per sample,
// with their own timings, failures and kernels) and a sealed profile record. Three samples: the
// bars per shape, the samples without a bar or a roofline point, the metrics table's rows, the
// points on the roofline, the word-level marks of the changed token; nine samples and samples
// of two tasks are refused with a message; two verifications of one sample are diffed.
#include <QComboBox>
#include <QFile>
#include <QItemSelectionModel>
#include <QMap>
#include <QSignalSpy>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <functional>
#include <memory>

#include "core/record/record_identity.h"
#include "core/store/project_store.h"
#include "core/sys/sha256.h"
#include "gui_fixtures.h"
#include "ui/widgets/chart_widget.h"
#include "ui/widgets/code_editor.h"
#include "ui/widgets/compare_view.h"
#include "ui/widgets/diff_view.h"
#include "ui/windows/main_window.h"
#include "ui/windows/review_controller.h"
#include "ui/windows/sample_actions.h"

using namespace kwb;
using namespace kwb::ui;
namespace v = kwb::verification;

namespace {

constexpr int kDeadlineMs = 15000;

// Three kernels of one task: B changes one token of A ("16" to "32" on line 2); C adds a line.
const std::string kSourceA = "extern \"C\" void kwb_sgemm() {\n"
                             "    int tile = 16;\n"
                             "    launch(tile);\n"
                             "}\n";
const std::string kSourceB = "extern \"C\" void kwb_sgemm() {\n"
                             "    int tile = 32;\n"
                             "    launch(tile);\n"
                             "}\n";
const std::string kSourceC = "extern \"C\" void kwb_sgemm() {\n"
                             "    int tile = 16;\n"
                             "    warm();\n"
                             "    launch(tile);\n"
                             "}\n";

std::unique_ptr<ProjectStore> openStore(const QString& path) {
    auto s = ProjectStore::open(path.toStdString());
    return s ? std::move(*s) : nullptr;
}

// synthetic_record.json made a sealed record of sample `id`, with `change` applied.
bool storeRecord(ProjectStore& store, qint64 id,
                 const std::function<void(nlohmann::json&)>& change = {}) {
    QFile file(QStringLiteral(KWB_GUI_FIXTURES "/synthetic_record.json"));
    if (!file.open(QIODevice::ReadOnly))
        return false;
    nlohmann::json j = nlohmann::json::parse(file.readAll().toStdString(), nullptr, false);
    auto sample = store.sample(id);
    if (!sample || !j.is_object())
        return false;
    j["task_id"] = sample->taskId;
    j["source_hash"] = sha256Hex(sample->source);
    j["seed"] = id;
    if (change)
        change(j);
    auto record = v::fromJson(j);
    if (!record)
        return false;
    const v::VerificationRecordData sealedRecord = v::sealed(*record);
    if (sealedRecord.schemaVersion != v::VerificationRecordData::kSchemaVersion)
        return false;
    return bool(store.addVerification(id, sealedRecord));
}

// A profile of sample `id`: 2 GFLOP over 1 MB of DRAM in 100 µs (20 TFLOP/s at 2,000 FLOP/byte).
bool storeProfile(ProjectStore& store, qint64 id) {
    auto sample = store.sample(id);
    if (!sample)
        return false;
    const nlohmann::json j = {{"schema_version", v::VerificationRecordData::kSchemaVersion},
                              {"task_id", sample->taskId},
                              {"verdict", "pass"},
                              {"source_hash", sha256Hex(sample->source)},
                              {"created_at", "2025-11-02T10:00:00Z"},
                              {"device", {{"name", "Example GPU (synthetic)"}, {"cc", "9.0"}}}};
    auto rec = v::fromJson(j);
    if (!rec)
        return false;
    v::ProfileReport p;
    p.sections = "basic";
    p.shape = "large";
    p.flops = 2e9;
    p.bytes = 1e6;
    p.peakFlopsPerSecond = 51e12;
    p.peakBytesPerSecond = 4000e9;
    v::ProfileSide candidate;
    candidate.target = "candidate";
    v::ProfiledKernel k;
    k.name = "sgemmTiled";
    k.durationNs = 100000;
    k.dramBytes = 1e6;
    k.smThroughputPct = 81.5;
    candidate.kernels = {k};
    p.sides = {candidate};
    rec->profile = p;
    return bool(store.addProfile(id, v::sealed(*rec)));
}

void slower(nlohmann::json& j) {
    for (auto& shape : j["shapes"]) {
        for (auto& t : shape["timing"]["candidate"]["samples_ms"])
            t = t.get<double>() * 2.0;
        shape["timing"]["candidate"]["median_ms"] =
            shape["timing"]["candidate"]["median_ms"].get<double>() * 2.0;
        shape["speedup"] = shape["speedup"].get<double>() / 2.0;
    }
    j.erase("geomean_speedup");
    j["build"]["resources"].push_back({{"function", "_Z9transposePfS_"},
                                       {"registers", 40},
                                       {"shared_bytes", 0},
                                       {"stack_bytes", 0},
                                       {"spill_store_bytes", 8},
                                       {"spill_load_bytes", 12}});
}

// Shape "odd" fails untimed; no shape has speed-of-light figures (no roofline point).
void failsAtOdd(nlohmann::json& j) {
    j["verdict"] = "wrong-result";
    for (auto& shape : j["shapes"]) {
        shape.erase("speed_of_light");
        if (shape["name"] == "odd") {
            shape["verdict"] = "wrong-result";
            shape.erase("timing");
            shape.erase("speedup");
        }
    }
    j.erase("geomean_speedup");
}

} // namespace

class TestCompare : public QObject {
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void threeSamples();
    void nineSamplesAreRefused();
    void twoTasksAreRefused();
    void twoVerificationsOfOneSample();

private:
    // Adds a sample of the current sample's task with `source`; its id, 0 on failure.
    qint64 addSample(const std::string& label, const std::string& source);
    // Lists `ids` in the sample list, selects them all and presses Ctrl+D.
    bool compareIds(const QList<qint64>& ids);
    CompareView* view() const { return m_window->findChild<CompareView*>(); }

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<MainWindow> m_window;
    QString m_project;
    qint64 m_otherTask = 0; // a sample of softmax-rows-f32
};

void TestCompare::init() {
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    kwbtest::useScratchFolders(QDir(m_dir->path()));
    m_project = m_dir->filePath(QStringLiteral("compare.kwbproj"));
    m_window = std::make_unique<MainWindow>();
    QVERIFY(
        kwbtest::openDemoProjectOnTask(*m_window, m_project, QStringLiteral("softmax-rows-f32")));
    QTRY_VERIFY_WITH_TIMEOUT(m_window->reviewController()->currentSample() &&
                                 m_window->reviewController()->currentSample()->taskId ==
                                     "softmax-rows-f32",
                             kDeadlineMs);
    m_otherTask = m_window->reviewController()->currentSampleId();
    auto* browser = m_window->findChild<TaskBrowser*>(QStringLiteral("taskBrowser"));
    QVERIFY(browser->selectTask(QStringLiteral("sgemm-f32")));
    QTRY_VERIFY_WITH_TIMEOUT(m_window->reviewController()->currentSample() &&
                                 m_window->reviewController()->currentSample()->taskId ==
                                     "sgemm-f32",
                             kDeadlineMs);
}

void TestCompare::cleanup() {
    m_window.reset();
    m_dir.reset();
}

qint64 TestCompare::addSample(const std::string& label, const std::string& source) {
    auto store = openStore(m_project);
    const auto current = m_window->reviewController()->currentSample();
    if (!store || !current)
        return 0;
    auto task = store->taskSpec(current->taskSpecId);
    if (!task)
        return 0;
    Sample s;
    s.taskId = current->taskId;
    s.label = label;
    s.origin = SampleOrigin::Person;
    s.source = source;
    auto id = store->addSample(*task, s);
    return id ? *id : 0;
}

bool TestCompare::compareIds(const QList<qint64>& ids) {
    ReviewController* review = m_window->reviewController();
    QSignalSpy loaded(review, &ReviewController::listLoaded);
    review->showSampleSet(ids, QStringLiteral("compared"));
    auto* table = m_window->findChild<QTableView*>(QStringLiteral("sampleTable"));
    if (!table || !QTest::qWaitFor([&] { return loaded.count() > 0; }, kDeadlineMs) ||
        !QTest::qWaitFor([&] { return table->model()->rowCount() == ids.size(); }, kDeadlineMs) ||
        !QTest::qWaitFor([&] { return ids.contains(review->currentSampleId()); }, kDeadlineMs))
        return false;
    table->setFocus();
    table->selectAll();
    QTest::keyClick(table, Qt::Key_D, Qt::ControlModifier);
    return true;
}

void TestCompare::threeSamples() {
    const qint64 a = addSample("a.cu", kSourceA);
    const qint64 b = addSample("b.cu", kSourceB);
    const qint64 c = addSample("c.cu", kSourceC);
    QVERIFY(a && b && c);
    {
        auto store = openStore(m_project);
        QVERIFY(store);
        QVERIFY(storeRecord(*store, a));
        QVERIFY(storeRecord(*store, b, slower));
        QVERIFY(storeRecord(*store, c, failsAtOdd));
        QVERIFY(storeProfile(*store, a));
    }
    QSignalSpy shown(m_window->sampleActions(), &SampleActions::compareShown);
    QVERIFY(compareIds({c, a, b}));
    QTRY_COMPARE_WITH_TIMEOUT(shown.count(), 1, kDeadlineMs);
    CompareView* compare = view();
    QVERIFY(compare && compare->isVisible());
    QCOMPARE(compare->entryCount(), 3);
    QCOMPARE(compare->currentPage(), CompareView::Page::Source);
    // Ctrl+Tab walks the pages from a chooser, Ctrl+Shift+Tab back.
    compare->leftChoice()->setFocus();
    QTest::keyClick(compare->leftChoice(), Qt::Key_Tab, Qt::ControlModifier);
    QCOMPARE(compare->currentPage(), CompareView::Page::Speedups);
    QTest::keyClick(compare->speedupChart(), Qt::Key_Backtab,
                    Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(compare->currentPage(), CompareView::Page::Source);

    // The source diff: A and B (the first two) differ in one token on line 2.
    QCOMPARE(compare->leftChoice()->currentText(), QStringLiteral("#%1 · a.cu").arg(a));
    QCOMPARE(compare->rightChoice()->currentText(), QStringLiteral("#%1 · b.cu").arg(b));
    DiffView* diff = compare->diffView();
    QCOMPARE(diff->changeCount(), 1);
    const QList<CodeEditor::TextSpan> one = {{1, 15, 2}};
    QCOMPARE(diff->leftEditor()->changedSpans(), one);
    QCOMPARE(diff->rightEditor()->changedSpans(), one);
    QVERIFY(diff->leftEditor()->hasChangedText(2, 16));  // "16"
    QVERIFY(diff->rightEditor()->hasChangedText(2, 17)); // "32"
    QVERIFY(!diff->rightEditor()->hasChangedText(2, 9)); // "tile" is the same
    QVERIFY(!diff->rightEditor()->hasChangedText(3, 6));
    // Another pair: A against C adds a line, and no line is changed word by word.
    compare->rightChoice()->setCurrentIndex(2);
    QCOMPARE(diff->addedLines(), 1);
    QVERIFY(diff->rightEditor()->changedSpans().isEmpty());

    // Speedups: three bars at large and small, two at odd (C failed there, untimed).
    ChartWidget* bars = compare->speedupChart();
    QCOMPARE(bars->kind(), ChartWidget::Kind::GroupedSpeedups);
    const QStringList shapes = {QStringLiteral("large"), QStringLiteral("odd"),
                                QStringLiteral("small")};
    QCOMPARE(bars->categories(), shapes);
    QCOMPARE(bars->barCount(0), 3);
    QCOMPARE(bars->barCount(1), 2);
    QCOMPARE(bars->barCount(2), 3);
    QCOMPARE(compare->missingSpeedups(),
             QStringList{QStringLiteral("#%1 · c.cu: no speedup at odd").arg(c)});

    // Timing: a box for the baseline and one per sample timed at the shape, with units.
    QCOMPARE(compare->shapeChoice()->count(), 3);
    QCOMPARE(compare->timingChart()->kind(), ChartWidget::Kind::SampleTimings);
    QCOMPARE(compare->timingChart()->categories().size(), 4); // at large
    QVERIFY(compare->timingChart()->categories().at(1).contains(QStringLiteral(" ms")));
    compare->shapeChoice()->setCurrentIndex(1); // odd: C was not timed there
    QCOMPARE(compare->timingChart()->categories().size(), 3);

    // The roofline: A's point from its profile, B's from its record, C has none.
    ChartWidget* roofline = compare->rooflineChart();
    QCOMPARE(roofline->kind(), ChartWidget::Kind::Roofline);
    const QStringList names = roofline->seriesNames();
    QCOMPARE(roofline->seriesCount(), 2 + 2); // two roofs, two points
    QVERIFY(names.contains(QStringLiteral("#%1 · a.cu").arg(a)));
    QVERIFY(names.contains(QStringLiteral("#%1 · b.cu at large").arg(b)));
    QCOMPARE(compare->samplesWithoutPoint(), QStringList{QStringLiteral("#%1 · c.cu").arg(c)});

    // Metrics: one row per ptxas kernel (B has two), A's profile on its row.
    QTableWidget* metrics = compare->metricsTable();
    QCOMPARE(metrics->rowCount(), 4);
    QCOMPARE(metrics->item(0, 0)->text(), QStringLiteral("#%1 · a.cu").arg(a));
    QCOMPARE(metrics->item(0, 2)->text(), QStringLiteral("96"));
    QCOMPARE(metrics->item(0, 6)->text(), QStringLiteral("100 µs"));
    QCOMPARE(metrics->item(2, 1)->text(), QStringLiteral("transpose"));
    QCOMPARE(metrics->item(2, 4)->text(), QStringLiteral("8 / 12"));
    QVERIFY(metrics->item(3, 6)->text().isEmpty()); // C: no profile
    // No sample has two verifications.
    QCOMPARE(compare->recordSampleChoice()->count(), 0);
}

void TestCompare::nineSamplesAreRefused() {
    QList<qint64> ids;
    for (int i = 0; i < 9; ++i) {
        const std::string n = std::to_string(i);
        ids.append(addSample("k" + n + ".cu", "// kernel " + n + "\n"));
        QVERIFY(ids.back() != 0);
    }
    QSignalSpy shown(m_window->sampleActions(), &SampleActions::compareShown);
    QSignalSpy message(m_window->sampleActions(), &SampleActions::message);
    QVERIFY(compareIds(ids));
    QTRY_VERIFY_WITH_TIMEOUT(!message.isEmpty(), kDeadlineMs);
    QCOMPARE(message.first().at(0).toString(),
             QStringLiteral("Compare takes at most 8 samples: 9 are selected."));
    QTest::qWait(200);
    QCOMPARE(shown.count(), 0);
    QCOMPARE(view()->entryCount(), 0);
}

void TestCompare::twoTasksAreRefused() {
    const qint64 a = addSample("a.cu", kSourceA);
    QVERIFY(a && m_otherTask);
    QSignalSpy shown(m_window->sampleActions(), &SampleActions::compareShown);
    QSignalSpy message(m_window->sampleActions(), &SampleActions::message);
    QVERIFY(compareIds({a, m_otherTask}));
    QTRY_VERIFY_WITH_TIMEOUT(!message.isEmpty(), kDeadlineMs);
    const QString text = message.first().at(0).toString();
    QVERIFY2(text.startsWith(QStringLiteral("Compare samples of one task")), qPrintable(text));
    QVERIFY(text.contains(QStringLiteral("sgemm-f32")));
    QVERIFY(text.contains(QStringLiteral("softmax-rows-f32")));
    QCOMPARE(shown.count(), 0);
    QCOMPARE(view()->entryCount(), 0);
}

void TestCompare::twoVerificationsOfOneSample() {
    const qint64 a = addSample("a.cu", kSourceA);
    QVERIFY(a);
    {
        auto store = openStore(m_project);
        QVERIFY(storeRecord(*store, a));
        QVERIFY(storeRecord(*store, a, [](nlohmann::json& j) {
            slower(j);
            j["device"]["name"] = "Other GPU (synthetic)";
            j["seed"] = 7;
            j["created_at"] = "2025-01-02T00:00:00Z";
        }));
    }
    QSignalSpy shown(m_window->sampleActions(), &SampleActions::compareShown);
    QVERIFY(compareIds({a}));
    QTRY_COMPARE_WITH_TIMEOUT(shown.count(), 1, kDeadlineMs);
    CompareView* compare = view();
    QCOMPARE(compare->entryCount(), 1);
    QCOMPARE(compare->currentPage(), CompareView::Page::Verifications);
    QCOMPARE(compare->recordSampleChoice()->count(), 1);
    QCOMPARE(compare->beforeChoice()->count(), 2);
    QCOMPARE(compare->beforeChoice()->currentIndex(), 0);
    QCOMPARE(compare->afterChoice()->currentIndex(), 1);
    QVERIFY(compare->afterChoice()->currentText().contains(QStringLiteral("Other GPU")));

    // Field -> (before, after, change) of the rows shown in bold (changed).
    QTableWidget* table = compare->recordDiffTable();
    QMap<QString, QStringList> changed;
    for (int r = 0; r < table->rowCount(); ++r)
        if (table->item(r, 0)->font().bold())
            changed.insert(
                table->item(r, 0)->text(),
                {table->item(r, 1)->text(), table->item(r, 2)->text(), table->item(r, 3)->text()});
    QVERIFY(changed.contains(QStringLiteral("Device")));
    QVERIFY(changed.value(QStringLiteral("Device")).at(1).startsWith(QStringLiteral("Other GPU")));
    QCOMPARE(changed.value(QStringLiteral("Seed")).mid(0, 2),
             (QStringList{QString::number(a), QStringLiteral("7")}));
    QCOMPARE(changed.value(QStringLiteral("large: median time")).at(2), QStringLiteral("+100.0 %"));
    QCOMPARE(changed.value(QStringLiteral("large: speedup")).at(2), QStringLiteral("-50.0 %"));
    QVERIFY(!changed.contains(QStringLiteral("Verdict")));
    QVERIFY(!changed.contains(QStringLiteral("large: baseline median")));
    QVERIFY(!changed.contains(QStringLiteral("large: result")));
    // The same record on both sides: nothing changed.
    compare->beforeChoice()->setCurrentIndex(1);
    for (int r = 0; r < table->rowCount(); ++r)
        QVERIFY(!table->item(r, 0)->font().bold());
}

QTEST_MAIN(TestCompare)
#include "tst_compare.moc"
