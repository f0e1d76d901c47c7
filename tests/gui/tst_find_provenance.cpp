// Find and filter, and the Provenance tab, in the real window over a real project file: samples
// with a generation transcript, notes, tags, two reviewers, verdicts, screening findings and a
// duplicate. Each filter of the review list's bar gives the expected rows (the text typed after
// Ctrl+F too), the dataset view's bar narrows its table alike, a saved filter survives a
// restart of the window (a new MainWindow on the same configuration folder), and the
// Provenance tab shows the transcript with its token counts, both verifications with their
// machines, and the review history newest first.
#include <QComboBox>
#include <QLineEdit>
#include <QLocale>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include "core/record/record_identity.h"
#include "core/store/project_store.h"
#include "core/sys/sha256.h"
#include "core/tasks/task_loader.h"
#include "tests/store/synthetic_kernels.h"
#include "ui/models/sample_list_model.h"
#include "ui/widgets/provenance_view.h"
#include "ui/widgets/sample_filter_bar.h"
#include "ui/widgets/sample_list_view.h"
#include "ui/widgets/task_browser.h"
#include "ui/windows/dataset_view.h"
#include "ui/windows/main_window.h"
#include "ui/windows/review_controller.h"

using namespace kwb;
using namespace kwb::ui;

namespace {

constexpr int kDeadlineMs = 15000;

verification::VerificationRecordData
makeRecord(const std::string& source, const std::string& verdict, std::optional<double> speedup,
           const std::string& device, const std::string& worker, const std::string& createdAt,
           int findings) {
    nlohmann::json j = {{"schema_version", verification::VerificationRecordData::kSchemaVersion},
                        {"task_id", "sgemm-f32"},
                        {"verdict", verdict},
                        {"source_hash", sha256Hex(source)},
                        {"created_at", createdAt},
                        {"worker", worker},
                        {"seed", 7},
                        {"device", {{"name", device}, {"cc", "9.0"}}},
                        {"screening", {{"version", 1}, {"findings", nlohmann::json::array()}}}};
    for (int i = 0; i < findings; ++i)
        j["screening"]["findings"].push_back(
            {{"kind", "host-clock"}, {"line", 2 + i}, {"text", "clock_gettime"}});
    if (speedup)
        j["geomean_speedup"] = *speedup;
    return verification::sealed(*verification::fromJson(j));
}

// Unrelated kernels (not near duplicates of each other), told apart by a comment too.
std::string kernel(const std::string& tag) {
    std::uint64_t seed = 0;
    for (char c : tag)
        seed = seed * 131 + std::uint64_t(static_cast<unsigned char>(c));
    return kwbtest::syntheticKernel("sgemm-f32", seed) + "\n// " + tag + "\n";
}

} // namespace

class TestFindProvenance : public QObject {
    Q_OBJECT

private slots:
    void init();
    void filtersNarrowTheReviewList();
    void savedFilterSurvivesARestart();
    void datasetViewFilters();
    void provenanceTab();

private:
    bool openWindow();
    // Applies the bar's fields and waits for the list they give; returns its total.
    int listed(const QVariantMap& fields);

    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_project;
    std::unique_ptr<MainWindow> m_window;
    qint64 m_generated = 0, m_flagged = 0, m_duplicate = 0, m_person = 0, m_failed = 0;
};

void TestFindProvenance::init() {
    m_window.reset();
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    qputenv("KWB_DATA_DIR", QFile::encodeName(m_dir->filePath(QStringLiteral("data"))));
    qputenv("KWB_CONFIG_DIR", QFile::encodeName(m_dir->filePath(QStringLiteral("config"))));
    m_project = m_dir->filePath(QStringLiteral("find.kwbproj"));
    auto store = ProjectStore::create(m_project.toStdString());
    QVERIFY(store);
    auto task = loadTaskFile(KWB_TASK_DIR "/sgemm-f32.toml");
    QVERIFY(task);
    ProjectStore& ps = **store;

    GenerationRecord g;
    g.generationId = "0123456789abcdef0123456789abcdef";
    g.runId = "run-1";
    g.taskId = task->id;
    g.provider = "loopback";
    g.model = "gpt-4.1";
    g.messages = nlohmann::json::array(
        {{{"role", "system"}, {"content", "You write CUDA kernels."}},
         {{"role", "user"}, {"content", "Write kwb_sgemm for the spec below."}}});
    g.rawResponse = "Here is the kernel:\n```cuda\n" + kernel("generated") + "```";
    g.code = kernel("generated");
    g.promptTokens = 1234;
    g.completionTokens = 567;
    g.costUsd = 0.0123;
    g.response = {{"stop_reason", "stop"}, {"total_s", 4.2}};
    auto stored = ps.addGeneration(*task, g);
    QVERIFY(stored && stored->sampleId);
    m_generated = *stored->sampleId;
    const auto add = [&](const std::string& source, SampleOrigin origin) {
        Sample s;
        s.taskId = task->id;
        s.origin = origin;
        s.author = "dana";
        s.source = source;
        return ps.addSample(*task, s).value();
    };
    m_flagged = add(kernel("flagged"), SampleOrigin::Import);
    m_duplicate = add(kernel("flagged"), SampleOrigin::Import);
    m_person = add(kernel("platypus tail handled by hand"), SampleOrigin::Person);
    m_failed = add(kernel("failing"), SampleOrigin::Import);
    QVERIFY(ps.sample(m_duplicate)->status.duplicateOf == m_flagged);

    QVERIFY(ps.addVerification(m_generated,
                               makeRecord(kernel("generated"), "pass", 1.2, "NVIDIA H200 (lab-1)",
                                          "ssh lab-1", "2026-01-01T10:00:00Z", 0)));
    QVERIFY(ps.addVerification(m_generated,
                               makeRecord(kernel("generated"), "pass", 1.5, "NVIDIA A100 (lab-2)",
                                          "local kwb-runner", "2026-01-02T10:00:00Z", 0)));
    QVERIFY(ps.addVerification(m_flagged,
                               makeRecord(kernel("flagged"), "pass", 3.0, "NVIDIA H200 (lab-1)",
                                          "ssh lab-1", "2026-01-03T10:00:00Z", 1)));
    QVERIFY(ps.addVerification(m_failed, makeRecord(kernel("failing"), "wrong-result", std::nullopt,
                                                    "NVIDIA H200 (lab-1)", "ssh lab-1",
                                                    "2026-01-03T11:00:00Z", 0)));
    QVERIFY(ps.review(m_generated, Verdict::NeedsWork, "alice", "tail is slow", {"tail"}));
    QVERIFY(ps.review(m_generated, Verdict::Accepted, "bob", "fixed, wombat approved", {"good"}));
    QVERIFY(ps.review(m_flagged, Verdict::Rejected, "bob", "reads the host clock", {"hack"}));
}

bool TestFindProvenance::openWindow() {
    m_window = std::make_unique<MainWindow>();
    QSignalSpy opened(m_window.get(), &MainWindow::projectOpened);
    m_window->openProject(m_project);
    m_window->show();
    m_window->activateWindow();
    if (!QTest::qWaitForWindowExposed(m_window.get()) ||
        !QTest::qWaitForWindowActive(m_window.get()))
        return false;
    if (!QTest::qWaitFor([&] { return opened.count() > 0; }, kDeadlineMs))
        return false;
    auto* browser = m_window->findChild<TaskBrowser*>(QStringLiteral("taskBrowser"));
    return browser &&
           QTest::qWaitFor([&] { return browser->selectTask(QStringLiteral("sgemm-f32")); },
                           kDeadlineMs);
}

int TestFindProvenance::listed(const QVariantMap& fields) {
    QSignalSpy loaded(m_window->reviewController(), &ReviewController::listLoaded);
    m_window->filterBar()->setState(fields);
    if (!QTest::qWaitFor([&] { return loaded.count() > 0; }, kDeadlineMs))
        return -1;
    return loaded.last().at(0).toInt();
}

void TestFindProvenance::filtersNarrowTheReviewList() {
    QVERIFY(openWindow());
    QCOMPARE(listed({}), 5);
    QCOMPARE(listed({{QStringLiteral("tag"), QStringLiteral("good")}}), 1);
    QCOMPARE(listed({{QStringLiteral("tag"), QStringLiteral("tail")}}), 0); // replaced by bob's
    QCOMPARE(listed({{QStringLiteral("reviewer"), QStringLiteral("alice")}}), 1);
    QCOMPARE(listed({{QStringLiteral("reviewer"), QStringLiteral("bob")}}), 2);
    QCOMPARE(listed({{QStringLiteral("verdict"), QStringLiteral("rejected")}}), 1);
    QCOMPARE(listed({{QStringLiteral("verification"), QStringLiteral("pass")}}), 2);
    QCOMPARE(listed({{QStringLiteral("verification"), QStringLiteral("failed")}}), 1);
    QCOMPARE(listed({{QStringLiteral("model"), QStringLiteral("gpt-4.1")}}), 1);
    QCOMPARE(listed({{QStringLiteral("minSpeedup"), 1.0}, {QStringLiteral("maxSpeedup"), 2.0}}), 1);
    QCOMPARE(listed({{QStringLiteral("findings"), QStringLiteral("with")}}), 1);
    QCOMPARE(listed({{QStringLiteral("findings"), QStringLiteral("without")}}), 4);
    QCOMPARE(listed({{QStringLiteral("duplicatesOnly"), true}}), 1);
    QCOMPARE(listed({{QStringLiteral("text"), QStringLiteral("wombat")}}), 1);   // a note
    QCOMPARE(listed({{QStringLiteral("text"), QStringLiteral("platypus")}}), 1); // a source
    QCOMPARE(listed({{QStringLiteral("text"), QStringLiteral("tail")}}), 2);     // both
    QCOMPARE(listed({{QStringLiteral("reviewer"), QStringLiteral("bob")},
                     {QStringLiteral("findings"), QStringLiteral("with")}}),
             1);
    // The current sample is the first match.
    QVERIFY(QTest::qWaitFor(
        [&] { return m_window->reviewController()->currentSampleId() == m_flagged; }, kDeadlineMs));

    // Ctrl+F from the list puts the keys in the find field; typing narrows the list; Escape
    // there clears every filter: the full list again.
    QCOMPARE(listed({}), 5);
    auto* list = m_window->findChild<SampleListView*>();
    QVERIFY(list);
    list->table()->setFocus();
    QVERIFY(QTest::qWaitFor([&] { return list->table()->hasFocus(); }, kDeadlineMs));
    QTest::keyClick(list->table(), Qt::Key_F, Qt::ControlModifier);
    QLineEdit* field = m_window->filterBar()->textField();
    QVERIFY(QTest::qWaitFor([&] { return field->hasFocus(); }, kDeadlineMs));
    QSignalSpy loaded(m_window->reviewController(), &ReviewController::listLoaded);
    QTest::keyClicks(field, QStringLiteral("platypus"));
    QVERIFY(QTest::qWaitFor([&] { return loaded.count() > 0; }, kDeadlineMs));
    QCOMPARE(loaded.last().at(0).toInt(), 1);
    QVERIFY(QTest::qWaitFor(
        [&] { return m_window->reviewController()->currentSampleId() == m_person; }, kDeadlineMs));
    loaded.clear();
    QTest::keyClick(field, Qt::Key_Escape);
    QVERIFY(QTest::qWaitFor([&] { return loaded.count() > 0; }, kDeadlineMs));
    QCOMPARE(loaded.last().at(0).toInt(), 5);
    QVERIFY(m_window->filterBar()->isClear());
}

void TestFindProvenance::savedFilterSurvivesARestart() {
    QVERIFY(openWindow());
    QCOMPARE(listed({{QStringLiteral("reviewer"), QStringLiteral("bob")},
                     {QStringLiteral("verdict"), QStringLiteral("accepted")}}),
             1);
    m_window->filterBar()->saveFilterAs(QStringLiteral("Bob's accepts"));
    QCOMPARE(listed({}), 5);
    m_window.reset(); // the window closes; a new one starts on the same configuration

    QVERIFY(openWindow());
    SampleFilterBar* bar = m_window->filterBar();
    QVERIFY(SampleFilterBar::savedFilterNames().contains(QStringLiteral("Bob's accepts")));
    auto* saved = bar->findChild<QComboBox*>(QStringLiteral("filterSaved"));
    QVERIFY(saved && saved->findText(QStringLiteral("Bob's accepts")) > 0);
    QSignalSpy loaded(m_window->reviewController(), &ReviewController::listLoaded);
    saved->setCurrentIndex(saved->findText(QStringLiteral("Bob's accepts")));
    emit saved->activated(saved->currentIndex());
    QVERIFY(QTest::qWaitFor([&] { return loaded.count() > 0; }, kDeadlineMs));
    QCOMPARE(loaded.last().at(0).toInt(), 1);
    QVERIFY(QTest::qWaitFor(
        [&] { return m_window->reviewController()->currentSampleId() == m_generated; },
        kDeadlineMs));
    QVERIFY(!bar->applySavedFilter(QStringLiteral("no such filter")));
    loaded.clear();
    bar->clear(); // the full list again
    QVERIFY(QTest::qWaitFor([&] { return loaded.count() > 0; }, kDeadlineMs));
    QCOMPARE(loaded.last().at(0).toInt(), 5);
}

void TestFindProvenance::datasetViewFilters() {
    QVERIFY(openWindow());
    m_window->showView(1);
    DatasetView* view = m_window->datasetView();
    QVERIFY(QTest::qWaitFor([&] { return view->matchCount() == 5; }, kDeadlineMs));
    QSignalSpy refreshed(view, &DatasetView::refreshed);
    view->filterBar()->setState({{QStringLiteral("reviewer"), QStringLiteral("bob")}});
    QVERIFY(QTest::qWaitFor([&] { return refreshed.count() > 0; }, kDeadlineMs));
    QCOMPARE(refreshed.last().at(0).toInt(), 2);
    QVERIFY(view->filter().reviewers == std::vector<std::string>({"bob"}));
    refreshed.clear();
    view->filterBar()->setState({{QStringLiteral("text"), QStringLiteral("wombat")}});
    QVERIFY(QTest::qWaitFor([&] { return refreshed.count() > 0; }, kDeadlineMs));
    QCOMPARE(refreshed.last().at(0).toInt(), 1);
}

void TestFindProvenance::provenanceTab() {
    QVERIFY(openWindow());
    ProvenanceView* tab = m_window->provenanceView();
    // The list of the task settles on its first (newest) sample first (the list of all tasks
    // and then the task's both select it).
    QVERIFY(QTest::qWaitFor(
        [&] { return m_window->reviewController()->currentSampleId() == m_failed; }, kDeadlineMs));
    QTest::qWait(500);
    m_window->showProvenance();
    QSignalSpy shown(tab, &ProvenanceView::provenanceShown);
    m_window->reviewController()->showSample(m_generated);
    QVERIFY2(QTest::qWaitFor([&] { return tab->shownSampleId() == m_generated; }, kDeadlineMs),
             qPrintable(QStringLiteral("current %1, tab %2 (%3)\n")
                            .arg(m_window->reviewController()->currentSampleId())
                            .arg(tab->sampleId())
                            .arg(tab->isVisible()) +
                        tab->plainText()));
    const QString text = tab->plainText();
    const QLocale locale;
    for (const QString& part :
         {QStringLiteral("system"), QStringLiteral("You write CUDA kernels."),
          QStringLiteral("user"), QStringLiteral("Write kwb_sgemm for the spec below."),
          QStringLiteral("Here is the kernel:"), QStringLiteral("gpt-4.1"),
          QStringLiteral("loopback"), locale.toString(qint64(1234)), locale.toString(qint64(567)),
          QStringLiteral("$0.0123"), QStringLiteral("ssh lab-1"),
          QStringLiteral("local kwb-runner"), QStringLiteral("1.50×"), QStringLiteral("1.20×"),
          QStringLiteral("wombat"), QStringLiteral("tail is slow"), QStringLiteral("good")})
        QVERIFY2(text.contains(part), qPrintable(part + QStringLiteral(" missing from:\n") + text));
    // Newest first: the second verification (A100) above the first, bob's verdict above alice's.
    QVERIFY(text.indexOf(QStringLiteral("NVIDIA A100 (lab-2)")) >= 0);
    QVERIFY(text.indexOf(QStringLiteral("NVIDIA A100 (lab-2)")) <
            text.indexOf(QStringLiteral("NVIDIA H200 (lab-1)")));
    QVERIFY(text.indexOf(QStringLiteral("wombat")) < text.indexOf(QStringLiteral("tail is slow")));

    // A person's sample has no transcript; a quick move on drops the answer for the sample
    // before it (both reads are queued on the store lane, the first answer is stale), so the
    // tab ends on the last one asked for and never showed the other.
    shown.clear();
    tab->setSample(m_failed);
    tab->setSample(m_person);
    QVERIFY(QTest::qWaitFor([&] { return tab->shownSampleId() == m_person; }, kDeadlineMs));
    QTest::qWait(200);
    QCOMPARE(tab->shownSampleId(), m_person);
    QCOMPARE(shown.count(), qsizetype(1));
    QVERIFY(tab->plainText().contains(QStringLiteral("No transcript")));
    QVERIFY(tab->plainText().contains(QStringLiteral("dana")));
    QVERIFY(tab->plainText().contains(QStringLiteral("Never verified")));
    QVERIFY(!tab->plainText().contains(QStringLiteral("wombat")));
}

QTEST_MAIN(TestFindProvenance)
#include "tst_find_provenance.moc"
