// A scripted review session in the real window over a real project file (the demo project,
// created in a temporary folder): key clicks cast verdicts, move through the queue and take a
// verdict back, and the database is read afterwards with a ProjectStore of its own. Also the
// task counts, batch verdicts, "Edit a copy", Compare, Verify (F5, with the real worker; the same
// diagnostics as `kwb samples verify` of the sample), and the dataset view with its export
// dialog. Verification records stored in the project (of the older schema too) show in the
// list, the panel and the review bar, suspected hacks and screening findings apart from
// failures; accepting a failed, flagged or unverified sample asks first, and both answers are
// followed.
#include <QAbstractButton>
#include <QAbstractItemModel>
#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <functional>
#include <optional>

#include "core/export/dataset_exporter.h"
#include "core/record/record_identity.h"
#include "core/store/demo_project.h"
#include "core/store/project_store.h"
#include "core/sys/sha256.h"
#include "core/tasks/task_loader.h"
#include "core/verify/subprocess_worker.h"
#include "ui/models/project_session.h"
#include "ui/models/sample_list_model.h"
#include "ui/models/shape_results_model.h"
#include "ui/widgets/code_editor.h"
#include "ui/widgets/diff_view.h"
#include "ui/widgets/generation_panel.h"
#include "ui/widgets/review_bar.h"
#include "ui/widgets/sample_list_view.h"
#include "ui/widgets/screening_list.h"
#include "ui/widgets/task_browser.h"
#include "ui/widgets/task_pane.h"
#include "ui/widgets/verification_panel.h"
#include "ui/windows/dataset_view.h"
#include "ui/windows/export_dialog.h"
#include "ui/windows/main_window.h"
#include "ui/windows/review_controller.h"
#include "ui/windows/sample_actions.h"

using namespace kwb;
using namespace kwb::ui;

namespace {

constexpr int kDeadlineMs = 15000;
const char* const kReviewer = "tst-reviewer";

// A fresh demo project and a window on it, with the data and settings folders redirected.
struct Session {
    QTemporaryDir dir;
    QString project;
    std::unique_ptr<MainWindow> window;

    bool open() {
        if (!dir.isValid())
            return false;
        qputenv("KWB_DATA_DIR", QFile::encodeName(dir.filePath(QStringLiteral("data"))));
        qputenv("KWB_CONFIG_DIR", QFile::encodeName(dir.filePath(QStringLiteral("config"))));
        qputenv("KWB_REVIEWER", kReviewer);
        project = dir.filePath(QStringLiteral("review.kwbproj"));
        auto created = createDemoProject(project.toStdString());
        if (!created) {
            qWarning("%s", created.error().message.c_str());
            return false;
        }
        created->reset(); // the window opens its own
        window = std::make_unique<MainWindow>();
        QSignalSpy opened(window.get(), &MainWindow::projectOpened);
        QSignalSpy shown(window->reviewController(), &ReviewController::sampleShown);
        window->openProject(project);
        window->show();
        window->activateWindow();
        return QTest::qWaitForWindowActive(window.get()) &&
               QTest::qWaitFor([&] { return opened.count() > 0 && shown.count() > 0; },
                               kDeadlineMs);
    }
    ReviewController* review() const { return window->reviewController(); }
    QTableView* table() const {
        return window->findChild<QTableView*>(QStringLiteral("sampleTable"));
    }
    qint64 current() const { return review()->currentSampleId(); }
    std::unique_ptr<ProjectStore> store() const {
        auto s = ProjectStore::open(project.toStdString());
        return s ? std::move(*s) : nullptr;
    }
    // Presses a key on the sample table and waits until the window shows a sample other than
    // `from` (or for `until`).
    bool pressAndWaitForMove(int key, Qt::KeyboardModifiers mods = Qt::NoModifier) {
        const qint64 from = current();
        QSignalSpy shown(review(), &ReviewController::sampleShown);
        QTest::keyClick(table(), Qt::Key(key), mods);
        return QTest::qWaitFor([&] { return shown.count() > 0 && current() != from; }, kDeadlineMs);
    }
    QMessageBox* acceptQuestion() const {
        return qobject_cast<QMessageBox*>(review()->acceptQuestion());
    }
    // A presses Accept; the question it asks (the demo samples are unverified) is waited for.
    bool pressAcceptAndWaitForQuestion() {
        QTest::keyClick(table(), Qt::Key_A);
        return QTest::qWaitFor([&] { return acceptQuestion() && acceptQuestion()->isVisible(); },
                               kDeadlineMs);
    }
    // Accepts the current (unverified) sample: A, then Y in the question; on to the next.
    bool acceptAnywayAndWaitForMove() {
        const qint64 from = current();
        QSignalSpy shown(review(), &ReviewController::sampleShown);
        if (!pressAcceptAndWaitForQuestion())
            return false;
        QTest::keyClick(acceptQuestion(), Qt::Key_Y);
        return QTest::qWaitFor([&] { return shown.count() > 0 && current() != from; },
                               kDeadlineMs) &&
               reactivate();
    }
    // The offscreen platform leaves no window active once a window-modal question closes (a
    // window manager gives the activation back); the review keys are window shortcuts.
    bool reactivate() {
        window->activateWindow();
        return QTest::qWaitForWindowActive(window.get());
    }
    // The sample id on a row of the list.
    qint64 idAt(int row) const {
        return table()->model()->index(row, 0).data(SampleListModel::SampleIdRole).toLongLong();
    }
    // Reloads the list and the current sample after records were stored behind the window.
    bool reload() {
        QSignalSpy loaded(review(), &ReviewController::listLoaded);
        QSignalSpy shown(review(), &ReviewController::sampleShown);
        review()->reloadList();
        review()->showSample(current());
        return QTest::qWaitFor([&] { return loaded.count() > 0 && shown.count() > 0; },
                               kDeadlineMs);
    }
};

// tests/gui/fixtures/synthetic_record.json (schema 1, as older projects keep records), made a
// record of sample `id`'s source with the given changes; stored in the project.
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
    j["seed"] = id; // one record per sample
    if (change)
        change(j);
    auto record = kwb::verification::fromJson(j);
    if (!record) {
        qWarning("%s", record.error().message.c_str());
        return false;
    }
    auto stored = store.addVerification(id, kwb::verification::sealed(*record));
    if (!stored)
        qWarning("%s", stored.error().message.c_str());
    return bool(stored);
}

void failAtLarge(nlohmann::json& j) {
    j["verdict"] = "wrong-result";
    j["detail"] = "1 of 16777216 elements out of tolerance in C at shape large";
    j["shapes"][0]["verdict"] = "wrong-result";
}

void tamper(nlohmann::json& j) {
    j["verdict"] = "tampering";
    j["detail"] = "the result line was not the harness's";
    j["shapes"][1]["verdict"] = "tampering";
}

void screenWithFindings(nlohmann::json& j) {
    j["screening"] = {
        {"version", 1},
        {"findings", {{{"kind", "syscall"}, {"line", 7}, {"text", "syscall(SYS_getpid)"}}}}};
}

// The sample's verdict as stored ("accepted", ...), or "missing".
QString verdictOf(ProjectStore& store, qint64 id) {
    auto s = store.sample(id);
    return QString::fromStdString(s ? toString(s->status.verdict) : std::string("missing"));
}

QString q(const std::string& s) {
    return QString::fromStdString(s);
}

} // namespace

class TestReviewSession : public QObject {
    Q_OBJECT

private slots:
    void acceptRejectNextUndo();
    void taskBrowserShowsCounts();
    void batchVerdictOnSelection();
    void editACopyMakesAChildSample();
    void editedCopyIsNeverDroppedSilently();
    void compareTwoSamples();
    void verifyStoresTheRecord();
    void cliAndWindowVerifyASampleAlike();
    void datasetFiltersAndExport();
    void olderRecordsDisplay();
    void flaggedSamplesShowApart();
    void acceptAsksFirstAndFollowsTheAnswer();
    void batchAcceptCountsEachKind();
    void compileOnlyAndFailedBuildsReadAsTheyAre();
    void progressCountsWhatTheListHolds();
    void previousGoesToThePreviousUnreviewed();
    void windowOpensTheCurrentProject();
    void tabLeavesTheSampleList();
    void escapeLeavesNoteAndTags();
    void saveWorksAfterKeepEditing();
    void mouseSelectionSurvivesLoads();
    void taskPaneAndPromptCopy();
};

void TestReviewSession::acceptRejectNextUndo() {
    Session s;
    QVERIFY(s.open());
    auto* bar = s.window->findChild<ReviewBar*>(QStringLiteral("reviewBar"));
    auto* editor = s.window->findChild<CodeEditor*>(QStringLiteral("kernelEditor"));
    QVERIFY(bar && editor);
    QVERIFY(bar->sampleSelected());
    QVERIFY(editor->isReadOnly()); // generated and imported samples are not edited in place
    QVERIFY(!editor->text().isEmpty());
    QTRY_COMPARE(bar->progressText(), QStringLiteral("Reviewed 0 of 24"));
    s.table()->setFocus();
    QTRY_VERIFY(s.table()->hasFocus());

    const qint64 first = s.current();
    QVERIFY(s.acceptAnywayAndWaitForMove()); // accept, on to the next
    const qint64 second = s.current();
    QVERIFY(second != first);
    QVERIFY(s.pressAndWaitForMove(Qt::Key_R)); // reject, on to the next
    const qint64 third = s.current();
    QVERIFY(third != second && third != first);
    QVERIFY(s.pressAndWaitForMove(Qt::Key_J)); // skip without a verdict
    const qint64 fourth = s.current();
    QVERIFY(fourth != third);
    QTRY_COMPARE(bar->progressText(), QStringLiteral("Reviewed 2 of 24"));
    QVERIFY(
        s.pressAndWaitForMove(Qt::Key_Z, Qt::ControlModifier)); // undo: back to the rejected one
    QCOMPARE(s.current(), second);
    QTRY_COMPARE(bar->progressText(), QStringLiteral("Reviewed 1 of 24"));
    QVERIFY(s.pressAndWaitForMove(Qt::Key_K)); // K: the sample before
    // The list shows the verdicts it knows.
    const int row = s.window->findChild<SampleListView*>(QStringLiteral("sampleList"))
                        ->model()
                        ->rowOfSample(first);
    QVERIFY(row >= 0);
    QCOMPARE(s.table()->model()->index(row, 0).data(SampleListModel::VerdictRole).toString(),
             QStringLiteral("accepted"));
    s.window.reset(); // closes the project

    auto store = s.store();
    QVERIFY(store);
    QCOMPARE(verdictOf(*store, first), QStringLiteral("accepted"));
    QCOMPARE(verdictOf(*store, second), QStringLiteral("unreviewed"));
    QCOMPARE(verdictOf(*store, third), QStringLiteral("unreviewed"));
    QCOMPARE(verdictOf(*store, fourth), QStringLiteral("unreviewed"));
    auto history = store->reviewHistory(second);
    QVERIFY(history);
    QCOMPARE(history->size(), std::size_t(2)); // the reject and its undo: nothing deleted
    QCOMPARE(q(toString(history->at(0).verdict)), QStringLiteral("rejected"));
    QVERIFY(history->at(1).isUndo());
    QCOMPARE(q(history->at(0).reviewer), QLatin1String(kReviewer));
    auto accepted = store->reviewHistory(first);
    QVERIFY(accepted && accepted->size() == 1);
    QCOMPARE(q(accepted->front().reviewer), QLatin1String(kReviewer));
}

void TestReviewSession::taskBrowserShowsCounts() {
    Session s;
    QVERIFY(s.open());
    auto* browser = s.window->findChild<TaskBrowser*>(QStringLiteral("taskBrowser"));
    QAbstractItemModel* model = browser->taskModel();
    QTRY_VERIFY(browser->taskCount() >= 6);
    const QModelIndexList hits =
        model->match(model->index(0, 0), TaskBrowser::TaskIdRole, QStringLiteral("sgemm-f32"), 1,
                     Qt::MatchExactly | Qt::MatchRecursive);
    QCOMPARE(hits.size(), 1);
    QCOMPARE(hits.first().data(TaskBrowser::SamplesRole).toLongLong(), 4);
    QCOMPARE(hits.first().data(TaskBrowser::AcceptedRole).toLongLong(), 0);
    QCOMPARE(hits.first().data(TaskBrowser::LevelRole).toInt(), 1); // from the task suite
    QVERIFY(!hits.first().data(TaskBrowser::FamilyRole).toString().isEmpty());

    // Choosing the task narrows the list to its samples.
    QSignalSpy loaded(s.review(), &ReviewController::listLoaded);
    QVERIFY(browser->selectTask(QStringLiteral("sgemm-f32")));
    QTRY_VERIFY(loaded.count() > 0);
    QCOMPARE(loaded.last().at(0).toLongLong(), 4);
    QTRY_VERIFY(s.review()->currentSample() && s.review()->currentSample()->taskId == "sgemm-f32");

    // A verdict updates the counts.
    s.table()->setFocus();
    QVERIFY(s.acceptAnywayAndWaitForMove());
    QTRY_COMPARE(model
                     ->match(model->index(0, 0), TaskBrowser::TaskIdRole,
                             QStringLiteral("sgemm-f32"), 1, Qt::MatchExactly | Qt::MatchRecursive)
                     .first()
                     .data(TaskBrowser::AcceptedRole)
                     .toLongLong(),
                 1);
}

void TestReviewSession::batchVerdictOnSelection() {
    Session s;
    QVERIFY(s.open());
    QTableView* table = s.table();
    table->setFocus();
    QTRY_VERIFY(table->hasFocus());
    QTest::keyClick(table, Qt::Key_Down, Qt::ShiftModifier);
    QTest::keyClick(table, Qt::Key_Down, Qt::ShiftModifier);
    auto* list = s.window->findChild<SampleListView*>(QStringLiteral("sampleList"));
    const QList<qint64> ids = list->selectedSampleIds();
    QCOMPARE(ids.size(), 3);
    QSignalSpy stored(s.review(), &ReviewController::reviewsStored);
    QTest::keyClick(table, Qt::Key_N);
    QTRY_COMPARE(stored.count(), 1);
    QCOMPARE(stored.first().at(0).value<QList<qint64>>().size(), 3);
    s.window.reset();
    auto store = s.store();
    for (qint64 id : ids)
        QCOMPARE(verdictOf(*store, id), QStringLiteral("needs-work"));
}

void TestReviewSession::editACopyMakesAChildSample() {
    Session s;
    QVERIFY(s.open());
    const qint64 parent = s.current();
    auto* editor = s.window->findChild<CodeEditor*>(QStringLiteral("kernelEditor"));
    QVERIFY(editor->isReadOnly());
    emit editor->editCopyRequested(); // the strip's "Edit a copy" button
    QVERIFY(!editor->isReadOnly());
    QVERIFY(s.window->sampleActions()->isEditingCopy());
    editor->setText(editor->text() + QStringLiteral("\n// reviewed by hand\n"));
    QSignalSpy saved(s.window->sampleActions(), &SampleActions::copySaved);
    QTest::keyClick(s.window.get(), Qt::Key_S, Qt::ControlModifier);
    QTRY_COMPARE(saved.count(), 1);
    const qint64 child = saved.first().at(0).toLongLong();
    QTRY_COMPARE(s.current(), child);
    QVERIFY(editor->isReadOnly()); // stored samples are read-only, the copy too
    s.window.reset();
    auto store = s.store();
    auto sample = store->sample(child);
    QVERIFY(sample);
    QCOMPARE(q(toString(sample->origin)), QStringLiteral("person"));
    QCOMPARE(sample->parentId.value_or(0), parent);
    QCOMPARE(q(sample->author), QLatin1String(kReviewer));
    QVERIFY(sample->source.find("// reviewed by hand") != std::string::npos);
}

// An edited draft survives switching samples (Cancel keeps it), is stored by Save before the
// switch goes ahead, is dropped only by an explicit Discard, and holds the window open.
void TestReviewSession::editedCopyIsNeverDroppedSilently() {
    Session s;
    QVERIFY(s.open());
    const qint64 parent = s.current();
    auto* editor = s.window->findChild<CodeEditor*>(QStringLiteral("kernelEditor"));
    SampleActions* actions = s.window->sampleActions();
    const auto question = [&] { return qobject_cast<QMessageBox*>(actions->draftQuestion()); };

    // An untouched copy asks nothing.
    emit editor->editCopyRequested();
    QVERIFY(actions->isEditingCopy() && !actions->hasUnsavedDraft());
    QVERIFY(s.pressAndWaitForMove(Qt::Key_Down));
    QVERIFY(!question());
    QVERIFY(!actions->isEditingCopy());
    QVERIFY(s.pressAndWaitForMove(Qt::Key_Up));
    QCOMPARE(s.current(), parent);

    // Edited: moving down the list asks, and Escape keeps the draft and the sample.
    emit editor->editCopyRequested();
    const QString draft = editor->text() + QStringLiteral("\n// hand-tuned, not saved yet\n");
    editor->setText(draft);
    QVERIFY(actions->hasUnsavedDraft());
    QTest::keyClick(s.table(), Qt::Key_Down);
    QTRY_VERIFY(question() && question()->isVisible());
    QCOMPARE(s.current(), parent);
    QCOMPARE(editor->text(), draft);
    QTest::keyClick(question(), Qt::Key_Escape);
    QTRY_VERIFY(!question());
    QTest::qWait(200); // nothing loads behind the reviewer's back
    QCOMPARE(s.current(), parent);
    QCOMPARE(editor->text(), draft);
    QVERIFY(actions->hasUnsavedDraft());
    QCOMPARE(s.window->findChild<SampleListView*>()->currentSampleId(), parent);

    // Closing the window asks too, and Cancel keeps it open.
    QVERIFY(!s.window->close());
    QTRY_VERIFY(question() && question()->isVisible());
    QVERIFY(s.window->isVisible());
    question()->button(QMessageBox::Cancel)->click();
    QTRY_VERIFY(!question());
    QCOMPARE(editor->text(), draft);

    // Enter answers Save: the draft becomes a child sample, then the move goes ahead.
    QSignalSpy saved(actions, &SampleActions::copySaved);
    QTest::keyClick(s.table(), Qt::Key_Down);
    QTRY_VERIFY(question() && question()->isVisible());
    const qint64 target = s.window->findChild<SampleListView*>()->currentSampleId();
    QVERIFY(target != parent);
    QTest::keyClick(question(), Qt::Key_Return);
    QTRY_COMPARE(saved.count(), 1);
    const qint64 child = saved.first().at(0).toLongLong();
    QTRY_COMPARE(s.current(), target);
    QVERIFY(!actions->isEditingCopy());
    {
        auto store = s.store();
        auto sample = store->sample(child);
        QVERIFY(sample);
        QCOMPARE(sample->parentId.value_or(0), parent);
        QCOMPARE(q(sample->source), draft);
    }

    // Discard (its mnemonic, D) drops it on purpose, and only then.
    emit editor->editCopyRequested();
    editor->setText(editor->text() + QStringLiteral("\n// thrown away\n"));
    const qint64 second = s.current();
    QTest::keyClick(s.table(), Qt::Key_Up);
    QTRY_VERIFY(question() && question()->isVisible());
    QTest::keyClick(question(), Qt::Key_D);
    QTRY_VERIFY(s.current() != second);
    QVERIFY(!actions->isEditingCopy());
    QVERIFY(!editor->text().contains(QLatin1String("thrown away")));
    QCOMPARE(saved.count(), 1);
}

void TestReviewSession::compareTwoSamples() {
    Session s;
    QVERIFY(s.open());
    s.table()->setFocus();
    QTest::keyClick(s.table(), Qt::Key_Down, Qt::ShiftModifier);
    QSignalSpy shown(s.window->sampleActions(), &SampleActions::compareShown);
    QTest::keyClick(s.table(), Qt::Key_D, Qt::ControlModifier);
    QTRY_COMPARE(shown.count(), 1);
    auto* diff = s.window->findChild<DiffView*>();
    QVERIFY(diff && diff->isVisible());
    QVERIFY(diff->rowCount() > 0);
    QVERIFY(diff->changeCount() > 0); // two different kernels
}

void TestReviewSession::verifyStoresTheRecord() {
    if (locateRunner().empty())
        QSKIP("kwb-runner is not built here: Verify needs the worker");
    Session s;
    QVERIFY(s.open());
    const qint64 id = s.current();
    QSignalSpy stored(s.window->sampleActions(), &SampleActions::verificationStored);
    QTest::keyClick(s.table(), Qt::Key_F5);
    QVERIFY(QTest::qWaitFor([&] { return stored.count() > 0; }, 600000));
    QCOMPARE(stored.first().at(0).toLongLong(), id);
    // The row shows the verification.
    const int row = s.table()->model()->rowCount() > 0
                        ? s.window->findChild<SampleListView*>(QStringLiteral("sampleList"))
                              ->model()
                              ->rowOfSample(id)
                        : -1;
    QVERIFY(row >= 0);
    QVERIFY(!s.table()
                 ->model()
                 ->index(row, 0)
                 .data(SampleListModel::VerificationRole)
                 .toString()
                 .isEmpty());
    s.window.reset();
    auto store = s.store();
    auto records = store->verifications(id);
    QVERIFY(records);
    QCOMPARE(records->size(), std::size_t(1));
    QCOMPARE(q(store->sample(id)->status.verificationId), q(records->front().id));
}

namespace {

// Each build diagnostic as "file:line: severity".
QStringList diagnosticPlaces(const kwb::verification::VerificationRecordData& record) {
    QStringList places;
    if (record.build)
        for (const auto& d : record.build->diagnostics)
            places << QStringLiteral("%1:%2: %3").arg(q(d.file)).arg(d.line).arg(q(d.severity));
    return places;
}

} // namespace

// "Verify a stored sample" is one use case of core: the window's Verify (F5) and `kwb samples
// verify` build a sample that does not compile under the same candidate file name, so their
// records carry the same diagnostics. The sample's label is a file name of its own on purpose:
// neither front end uses it. Compile-only: nvcc and the worker, no GPU needed.
void TestReviewSession::cliAndWindowVerifyASampleAlike() {
    if (locateRunner().empty())
        QSKIP("kwb-runner is not built here: Verify needs the worker");
    Session s;
    QVERIFY(s.open());
    auto task = loadTaskFile(KWB_TASK_DIR "/saxpy-f32.toml");
    QVERIFY(task);
    QFile reference(QStringLiteral(KWB_TASK_DIR "/reference/saxpy-f32.cu"));
    QVERIFY(reference.open(QIODevice::ReadOnly));
    Sample broken;
    broken.taskId = task->id;
    broken.label = "broken.cu";
    broken.origin = SampleOrigin::Person;
    broken.source =
        reference.readAll().toStdString() + "\nstatic int oops = undeclared_identifier_42;\n";
    const qint64 id = s.store()->addSample(*task, broken).value();

    s.review()->reloadList();
    s.review()->showSample(id);
    QVERIFY(QTest::qWaitFor([&] { return s.current() == id; }, kDeadlineMs));
    QSignalSpy stored(s.window->sampleActions(), &SampleActions::verificationStored);
    QTest::keyClick(s.table(), Qt::Key_F5);
    QVERIFY(QTest::qWaitFor([&] { return stored.count() > 0; }, 600000));
    auto windowRecords = s.store()->verifications(id);
    QVERIFY(windowRecords && windowRecords->size() == 1);
    const QStringList fromWindow = diagnosticPlaces(windowRecords->front());

    QProcess kwb;
    kwb.start(QStringLiteral(KWB_CLI_PATH),
              {QStringLiteral("samples"), QStringLiteral("verify"), QString::number(id),
               QStringLiteral("--no-bench"), QStringLiteral("--json"), QStringLiteral("--project"),
               s.project});
    QVERIFY(kwb.waitForFinished(600000));
    QCOMPARE(kwb.exitCode(), 1); // a compile error fails
    auto cliRecords = s.store()->verifications(id);
    QVERIFY(cliRecords && cliRecords->size() == 2);
    const auto& cliRecord = cliRecords->front().id == windowRecords->front().id
                                ? cliRecords->back()
                                : cliRecords->front();
    const QStringList fromCli = diagnosticPlaces(cliRecord);

    QVERIFY2(!fromWindow.isEmpty() && fromWindow.first().startsWith(QLatin1String("candidate.cu:")),
             qPrintable(fromWindow.join(QLatin1Char('\n'))));
    QCOMPARE(fromCli, fromWindow);
    QCOMPARE(q(cliRecord.verdict.text()), QStringLiteral("compile-error"));
}

void TestReviewSession::datasetFiltersAndExport() {
    Session s;
    QVERIFY(s.open());
    // Accept two samples so that an SFT export has rows.
    s.table()->setFocus();
    QVERIFY(s.acceptAnywayAndWaitForMove());
    QVERIFY(s.acceptAnywayAndWaitForMove());
    DatasetView* view = s.window->datasetView();
    QSignalSpy refreshed(view, &DatasetView::refreshed);
    s.window->showView(1);
    QTRY_VERIFY(refreshed.count() > 0);
    QCOMPARE(view->matchCount(), 24);
    view->setTaskFilter(QStringLiteral("sgemm-f32"));
    QTRY_VERIFY(refreshed.count() > 1 && view->matchCount() == 4);

    // The dataset gate: the dialog exports only samples whose latest verification passed on a
    // GPU with no screening findings. Give the accepted samples such a record, as the store
    // keeps one of a GPU verification.
    SampleFilter acceptedFilter;
    acceptedFilter.verdicts = {Verdict::Accepted};
    acceptedFilter.includeDuplicates = false;
    PageRequest all;
    all.limit = 1000;
    auto accepted = s.store()->listSamples(acceptedFilter, all);
    QVERIFY(accepted && !accepted->rows.empty());
    for (const auto& row : accepted->rows) {
        auto smp = s.store()->sample(row.id);
        QVERIFY(smp);
        nlohmann::json j = {
            {"schema_version", kwb::verification::VerificationRecordData::kSchemaVersion},
            {"task_id", smp->taskId},
            {"verdict", "pass"},
            {"source_hash", sha256Hex(smp->source)},
            {"created_at", "2026-01-01T00:00:00Z"},
            {"seed", row.id},
            {"device", {{"name", "NVIDIA H200"}, {"cc", "9.0"}}},
            {"screening", {{"findings", nlohmann::json::array()}}},
            {"geomean_speedup", 1.5}};
        auto rec = kwb::verification::fromJson(j);
        QVERIFY(rec);
        QVERIFY(s.store()->addVerification(row.id, kwb::verification::sealed(*rec)));
    }

    ExportDialog dialog(s.window->projectSession(), SampleFilter{}, s.window.get());
    QSignalSpy preview(&dialog, &ExportDialog::previewReady);
    dialog.show();
    QTRY_VERIFY_WITH_TIMEOUT(preview.count() > 0, kDeadlineMs);
    // As many rows as accepted samples that are not duplicates (what an SFT export holds).
    const qint64 expected = *s.store()->countSamples(acceptedFilter);
    QVERIFY(expected >= 1);
    QCOMPARE(dialog.previewRows(), expected);
    QVERIFY2(dialog.previewText().contains(QLatin1String("\"messages\"")),
             qPrintable(dialog.previewText()));
    QVERIFY2(dialog.countsText().contains(QStringLiteral("%1 train rows").arg(expected)),
             qPrintable(dialog.countsText()));
    const QString out = s.dir.filePath(QStringLiteral("sft.jsonl"));
    dialog.setOutputPath(out);
    QSignalSpy exported(&dialog, &ExportDialog::exported);
    dialog.startExport();
    QTRY_VERIFY_WITH_TIMEOUT(exported.count() > 0, kDeadlineMs);
    QFile file(out);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll().count('\n'), expected);
    file.close();
    // The dialog uses the core's destination check: the open project is refused and stays a
    // project; an earlier export is replaced (the file chooser asked); a file not ours is not.
    QSignalSpy failed(&dialog, &ExportDialog::exportFailed);
    dialog.setOutputPath(s.project);
    dialog.startExport();
    QTRY_VERIFY_WITH_TIMEOUT(failed.count() == 1, kDeadlineMs);
    QVERIFY2(failed.last().at(0).toString().contains(QStringLiteral("open project")),
             qPrintable(failed.last().at(0).toString()));
    QCOMPARE(s.store()->info()->samples, std::int64_t(24));
    dialog.setOutputPath(out);
    dialog.startExport();
    QTRY_VERIFY_WITH_TIMEOUT(exported.count() == 2, kDeadlineMs);
    const QString notes = s.dir.filePath(QStringLiteral("notes.jsonl"));
    QFile mine(notes);
    QVERIFY(mine.open(QIODevice::WriteOnly));
    mine.write("my notes\n");
    mine.close();
    dialog.setOutputPath(notes);
    dialog.startExport();
    QTRY_VERIFY_WITH_TIMEOUT(failed.count() == 2, kDeadlineMs);
    QVERIFY(mine.open(QIODevice::ReadOnly));
    QCOMPARE(mine.readAll(), QByteArray("my notes\n"));
    mine.close();

    // A Hugging Face dataset folder from the dialog: data/train.jsonl with the same rows, the
    // dataset card with the license typed, and the marker; a folder not ours is refused whole.
    dialog.setHuggingFaceFolder(true);
    QLineEdit* license = dialog.findChild<QLineEdit*>(QStringLiteral("exportLicense"));
    QVERIFY(license && license->isEnabled());
    license->setText(QStringLiteral("apache-2.0"));
    const QString folder = s.dir.filePath(QStringLiteral("hf-dataset"));
    dialog.setOutputPath(folder);
    dialog.startExport();
    QTRY_VERIFY_WITH_TIMEOUT(exported.count() == 3, kDeadlineMs);
    QFile train(QDir(folder).filePath(QStringLiteral("data/train.jsonl")));
    QVERIFY(train.open(QIODevice::ReadOnly));
    QCOMPARE(train.readAll().count('\n'), expected);
    QFile card(QDir(folder).filePath(QStringLiteral("README.md")));
    QVERIFY(card.open(QIODevice::ReadOnly));
    const QByteArray cardText = card.readAll();
    QVERIFY2(cardText.contains("license: apache-2.0"), cardText.constData());
    QVERIFY(QFile::exists(QDir(folder).filePath(QStringLiteral(".kwb-dataset"))));
    const QString others = s.dir.filePath(QStringLiteral("photos"));
    QVERIFY(QDir().mkpath(others));
    QFile photo(QDir(others).filePath(QStringLiteral("cat.jpg")));
    QVERIFY(photo.open(QIODevice::WriteOnly));
    photo.write("jpeg");
    photo.close();
    dialog.setOutputPath(others);
    dialog.startExport();
    QTRY_VERIFY_WITH_TIMEOUT(failed.count() == 3, kDeadlineMs);
    QVERIFY(QFile::exists(QDir(others).filePath(QStringLiteral("cat.jpg"))));
    QVERIFY(!QFile::exists(QDir(others).filePath(QStringLiteral("README.md"))));
    // Back to one file: the license is for folders only.
    dialog.setHuggingFaceFolder(false);
    QVERIFY(!license->isEnabled());
}

// A record of schema version 1 in the project (no host-code screen) reads and displays: the
// list, the panel with its shapes and charts' data, the review bar.
void TestReviewSession::olderRecordsDisplay() {
    Session s;
    QVERIFY(s.open());
    const qint64 id = s.current();
    QVERIFY(storeRecord(*s.store(), id));
    QVERIFY(s.reload());
    const int row = s.window->findChild<SampleListView*>(QStringLiteral("sampleList"))
                        ->model()
                        ->rowOfSample(id);
    QVERIFY(row >= 0);
    QCOMPARE(s.table()->model()->index(row, 0).data().toString(), QStringLiteral("Passed"));
    QCOMPARE(s.table()
                 ->model()
                 ->index(row, 0)
                 .data(SampleListModel::StateRole)
                 .value<SampleListModel::State>(),
             SampleListModel::State::Passed);
    QVERIFY(!s.table()
                 ->model()
                 ->index(row, 0)
                 .data(SampleListModel::FindingsRole)
                 .isValid()); // not screened
    auto* panel = s.window->findChild<VerificationPanel*>(QStringLiteral("verificationPanel"));
    QTRY_COMPARE(panel->outcome(), VerificationPanel::Outcome::Passed);
    QVERIFY2(panel->bannerText().contains(
                 QStringLiteral("1.13× the baseline (cuBLAS SGEMM (TF32 off))")),
             qPrintable(panel->bannerText()));
    QCOMPARE(panel->shapeModel()->rowCount(), 3);
    QCOMPARE(panel->shapeModel()->index(1, 0).data(ShapeResultsModel::ShapeNameRole).toString(),
             QStringLiteral("odd"));
    QVERIFY(panel->screeningList()->item(0)->text().startsWith(QLatin1String("Not screened")));
    auto* bar = s.window->findChild<ReviewBar*>(QStringLiteral("reviewBar"));
    QCOMPARE(bar->standingText(), QStringLiteral("Passed"));
}

// A suspected hack, a pass with screening findings and a wrong result: each with its own words
// in the list, the panel and the review bar.
void TestReviewSession::flaggedSamplesShowApart() {
    Session s;
    QVERIFY(s.open());
    const qint64 failed = s.idAt(0), hack = s.idAt(1), flagged = s.idAt(2);
    {
        auto store = s.store();
        QVERIFY(storeRecord(*store, failed, failAtLarge));
        QVERIFY(storeRecord(*store, hack, tamper));
        QVERIFY(storeRecord(*store, flagged, screenWithFindings));
    }
    QVERIFY(s.reload());
    QAbstractItemModel* model = s.table()->model();
    using State = SampleListModel::State;
    QTRY_COMPARE(model->index(0, 0).data(SampleListModel::StateRole).value<State>(), State::Failed);
    QCOMPARE(model->index(1, 0).data(SampleListModel::StateRole).value<State>(),
             State::SuspectedHack);
    QCOMPARE(model->index(2, 0).data(SampleListModel::StateRole).value<State>(),
             State::PassedNeedsHuman);
    QCOMPARE(model->index(1, 0).data().toString(),
             QStringLiteral("Suspected hack: tampering with the harness"));
    QCOMPARE(model->index(2, 0).data().toString(),
             QStringLiteral("Passed, needs a human: 1 screening finding(s)"));

    auto* panel = s.window->findChild<VerificationPanel*>(QStringLiteral("verificationPanel"));
    auto* bar = s.window->findChild<ReviewBar*>(QStringLiteral("reviewBar"));
    QCOMPARE(panel->outcome(), VerificationPanel::Outcome::Failed);
    s.table()->setFocus();
    QTRY_VERIFY(s.table()->hasFocus());
    QCOMPARE(bar->standingText(), QStringLiteral("Failed: wrong result at shape large"));
    QVERIFY(s.pressAndWaitForMove(Qt::Key_Down));
    QCOMPARE(s.current(), hack);
    QTRY_COMPARE(panel->outcome(), VerificationPanel::Outcome::SuspectedHack);
    QCOMPARE(bar->standingText(),
             QStringLiteral("Suspected hack: tampering with the harness at shape odd"));
    QVERIFY(s.pressAndWaitForMove(Qt::Key_Down));
    QCOMPARE(s.current(), flagged);
    QTRY_COMPARE(panel->outcome(), VerificationPanel::Outcome::NeedsHuman);
    QCOMPARE(bar->standingText(),
             QStringLiteral("Passed, needs a human: 1 host-code screening finding(s)"));
    // The finding moves the kernel editor to its line.
    auto* editor = s.window->findChild<CodeEditor*>(QStringLiteral("kernelEditor"));
    QCOMPARE(panel->screeningList()->count(), 1);
    emit panel->screeningList()->itemActivated(panel->screeningList()->item(0));
    QTRY_COMPARE(editor->cursorLine(), 7);
}

// Accepting a sample whose latest verification failed asks first, naming why; Cancel (the
// default: Enter) and Escape leave it unreviewed, Y accepts it, signed by the reviewer.
void TestReviewSession::acceptAsksFirstAndFollowsTheAnswer() {
    Session s;
    QVERIFY(s.open());
    const qint64 id = s.current();
    QVERIFY(storeRecord(*s.store(), id, failAtLarge));
    QVERIFY(s.reload());
    s.table()->setFocus();
    QTRY_VERIFY(s.table()->hasFocus());
    QSignalSpy declined(s.review(), &ReviewController::acceptDeclined);
    QSignalSpy stored(s.review(), &ReviewController::reviewsStored);

    QVERIFY(s.pressAcceptAndWaitForQuestion());
    QMessageBox* box = s.acceptQuestion();
    QCOMPARE(
        box->text(),
        QStringLiteral("This sample's latest verification failed: wrong result at shape large. "
                       "Accept anyway?"));
    QVERIFY(box->informativeText().contains(QLatin1String("out of tolerance in C at shape large")));
    QCOMPARE(static_cast<QAbstractButton*>(box->defaultButton()), box->button(QMessageBox::Cancel));
    QCOMPARE(box->escapeButton(), box->button(QMessageBox::Cancel));
    QCOMPARE(box->button(QMessageBox::Yes)->text(), QStringLiteral("Accept an&yway"));
    QTest::keyClick(box, Qt::Key_A); // Accept's own key again: not an answer
    QVERIFY(box->isVisible());
    QTest::keyClick(box, Qt::Key_Return); // the default: Cancel
    QTRY_VERIFY(!s.acceptQuestion());
    QVERIFY(s.reactivate());
    QCOMPARE(declined.count(), 1);
    QCOMPARE(s.current(), id); // still here
    QCOMPARE(verdictOf(*s.store(), id), QStringLiteral("unreviewed"));

    QVERIFY(s.pressAcceptAndWaitForQuestion());
    QTest::keyClick(s.acceptQuestion(), Qt::Key_Escape);
    QTRY_VERIFY(!s.acceptQuestion());
    QVERIFY(s.reactivate());
    QCOMPARE(declined.count(), 2);
    QTest::qWait(200);
    QCOMPARE(stored.count(), 0);
    QCOMPARE(verdictOf(*s.store(), id), QStringLiteral("unreviewed"));

    QVERIFY(s.pressAcceptAndWaitForQuestion());
    QTest::keyClick(s.acceptQuestion(), Qt::Key_Y);
    QTRY_COMPARE(stored.count(), 1);
    QCOMPARE(stored.first().at(0).value<QList<qint64>>(), QList<qint64>{id});
    s.window.reset();
    auto store = s.store();
    QCOMPARE(verdictOf(*store, id), QStringLiteral("accepted"));
    auto history = store->reviewHistory(id);
    QVERIFY(history && history->size() == 1);
    QCOMPARE(q(history->front().reviewer), QLatin1String(kReviewer));
}

// Accepting several samples counts each kind of concern and lists every sample; Cancel stores
// nothing, Accept anyway stores all in one transaction.
void TestReviewSession::batchAcceptCountsEachKind() {
    Session s;
    QVERIFY(s.open());
    const QList<qint64> ids = {s.idAt(0), s.idAt(1), s.idAt(2), s.idAt(3), s.idAt(4)};
    {
        auto store = s.store();
        QVERIFY(storeRecord(*store, ids[0], failAtLarge));
        QVERIFY(storeRecord(*store, ids[1], tamper));
        QVERIFY(storeRecord(*store, ids[2], screenWithFindings));
        QVERIFY(storeRecord(*store, ids[3], [](nlohmann::json& j) {
            j["screening"] = {{"version", 1}, {"findings", nlohmann::json::array()}};
        }));
        // ids[4]: unverified
    }
    QVERIFY(s.reload());
    s.table()->setFocus();
    QTRY_VERIFY(s.table()->hasFocus());
    for (int i = 0; i < 4; ++i)
        QTest::keyClick(s.table(), Qt::Key_Down, Qt::ShiftModifier);
    auto* list = s.window->findChild<SampleListView*>(QStringLiteral("sampleList"));
    QCOMPARE(list->selectedSampleIds().size(), 5);
    QTRY_COMPARE(s.current(), ids[4]); // the editors caught up; the selection stays
    QCOMPARE(list->selectedSampleIds().size(), 5);

    QVERIFY(s.pressAcceptAndWaitForQuestion());
    QMessageBox* box = s.acceptQuestion();
    const QString text = box->text();
    for (const char* line :
         {"Of the 5 selected samples:", "• failed their latest verification: 1",
          "• flagged as suspected hacks: 1", "• passed with host-code screening findings: 1",
          "• not verified on a GPU: 1", "• passed on a GPU: 1", "Accept all 5 anyway?"})
        QVERIFY2(text.contains(QString::fromUtf8(line)), qPrintable(text));
    const QString details = box->detailedText();
    QVERIFY2(
        details.contains(QStringLiteral("#%1: failed: wrong result at shape large").arg(ids[0])),
        qPrintable(details));
    QVERIFY2(details.contains(
                 QStringLiteral("#%1: suspected hack: tampering with the harness at shape odd")
                     .arg(ids[1])),
             qPrintable(details));
    QVERIFY2(
        details.contains(QStringLiteral("#%1: passed with 1 screening finding(s)").arg(ids[2])),
        qPrintable(details));
    QVERIFY2(details.contains(QStringLiteral("#%1: not verified on a GPU").arg(ids[4])),
             qPrintable(details));
    QVERIFY2(!details.contains(QStringLiteral("#%1:").arg(ids[3])),
             qPrintable(details)); // clean: not listed
    QSignalSpy stored(s.review(), &ReviewController::reviewsStored);
    box->button(QMessageBox::Cancel)->click();
    QTRY_VERIFY(!s.acceptQuestion());
    QVERIFY(s.reactivate());
    QTest::qWait(200);
    QCOMPARE(stored.count(), 0);
    for (qint64 id : ids)
        QCOMPARE(verdictOf(*s.store(), id), QStringLiteral("unreviewed"));

    QCOMPARE(list->selectedSampleIds().size(), 5); // the selection stays for another try
    QVERIFY(s.pressAcceptAndWaitForQuestion());
    QVERIFY(s.acceptQuestion()->text().contains(QLatin1String("Of the 5 selected samples:")));
    s.acceptQuestion()->button(QMessageBox::Yes)->click();
    QTRY_COMPARE(stored.count(), 1);
    QCOMPARE(stored.first().at(0).value<QList<qint64>>().size(), 5);
    s.window.reset();
    auto store = s.store();
    for (qint64 id : ids) {
        QCOMPARE(verdictOf(*store, id), QStringLiteral("accepted"));
        QCOMPARE(q(store->reviewHistory(id)->back().reviewer), QLatin1String(kReviewer));
    }
}

namespace {

// A clean compile with no device to run on: not-run, no device, no shapes; its kernel lives in
// an anonymous namespace (as nvcc 13 mangles it).
void compileOnlyInAnonymousNamespace(nlohmann::json& j) {
    j["verdict"] = "not-run";
    j["detail"] = "compile-only: no CUDA device";
    j.erase("device");
    j.erase("geomean_speedup");
    j["shapes"] = nlohmann::json::array();
    j["build"]["resources"][0]["function"] = "_ZN34_GLOBAL__N__f42caf11_4_k_cu_launch5scaleEPfi";
}

void failedBuild(nlohmann::json& j) {
    j["verdict"] = "compile-error";
    j["detail"] = "1 compile error";
    j.erase("device");
    j.erase("geomean_speedup");
    j["shapes"] = nlohmann::json::array();
    j["build"]["ok"] = false;
    j["build"]["seconds"] = 0.91;
    j["build"]["failure"] = "1 compile error";
    j["build"]["resources"] = nlohmann::json::array();
}

} // namespace

// A clean compile-only record is "Compiles", never a failure; a failed build says it failed
// (not "Built … in 0.91 s"); a kernel in an anonymous namespace keeps its name in the ptxas
// table and the summary.
void TestReviewSession::compileOnlyAndFailedBuildsReadAsTheyAre() {
    Session s;
    QVERIFY(s.open());
    const qint64 clean = s.idAt(0), broken = s.idAt(1);
    {
        auto store = s.store();
        QVERIFY(storeRecord(*store, clean, compileOnlyInAnonymousNamespace));
        QVERIFY(storeRecord(*store, broken, failedBuild));
    }
    QVERIFY(s.reload());
    QAbstractItemModel* model = s.table()->model();
    using State = SampleListModel::State;
    QTRY_COMPARE(model->index(0, 0).data(SampleListModel::StateRole).value<State>(),
                 State::CompileOnly);
    QCOMPARE(model->index(0, 0).data().toString(), QStringLiteral("Compiles"));
    QCOMPARE(model->index(1, 0).data(SampleListModel::StateRole).value<State>(), State::Failed);
    QCOMPARE(model->index(1, 0).data().toString(), QStringLiteral("Failed: compile error"));

    auto* panel = s.window->findChild<VerificationPanel*>(QStringLiteral("verificationPanel"));
    auto* summary = panel->findChild<QLabel*>(QStringLiteral("buildSummary"));
    auto* resources = panel->findChild<QTableWidget*>(QStringLiteral("resourceTable"));
    QVERIFY(summary && resources);
    s.review()->showSample(clean);
    QTRY_COMPARE(panel->outcome(), VerificationPanel::Outcome::CompileOnly);
    QTRY_COMPARE(resources->rowCount(), 1);
    QCOMPARE(resources->item(0, 0)->text(), QStringLiteral("scale"));
    QVERIFY2(summary->text().startsWith(QLatin1String("Built for sm_90")),
             qPrintable(summary->text()));
    QVERIFY2(panel->bannerText().contains(QLatin1String("scale: 96 registers")),
             qPrintable(panel->bannerText()));

    QSignalSpy shown(s.review(), &ReviewController::sampleShown);
    s.review()->showSample(broken);
    QTRY_COMPARE(s.current(), broken);
    QTRY_COMPARE(panel->outcome(), VerificationPanel::Outcome::Failed);
    QVERIFY2(summary->text().startsWith(QLatin1String("Build failed for sm_90")) &&
                 summary->text().contains(QLatin1String("1 compile error")),
             qPrintable(summary->text()));
    QCOMPARE(resources->rowCount(), 0);
}

// Samples stored behind the list (a generation, an import) count in "Reviewed n of m" as soon
// as the list holds them.
void TestReviewSession::progressCountsWhatTheListHolds() {
    Session s;
    QVERIFY(s.open());
    auto* browser = s.window->findChild<TaskBrowser*>(QStringLiteral("taskBrowser"));
    auto* bar = s.window->findChild<ReviewBar*>(QStringLiteral("reviewBar"));
    QVERIFY(QTest::qWaitFor([&] { return browser->selectTask(QStringLiteral("sgemm-f32")); },
                            kDeadlineMs));
    QTRY_COMPARE(bar->progressText(), QStringLiteral("Reviewed 0 of 4"));
    {
        auto store = s.store();
        auto task = loadTaskFile(KWB_TASK_DIR "/sgemm-f32.toml");
        QVERIFY(task);
        for (int i = 0; i < 3; ++i) {
            Sample added;
            added.taskId = task->id;
            added.label = "added-" + std::to_string(i) + ".cu";
            added.origin = SampleOrigin::Person;
            added.source = "// added " + std::to_string(i) + "\n__global__ void k() {}\n";
            QVERIFY(store->addSample(*task, added));
        }
    }
    emit s.window->generationPanel()->samplesStored(3); // as a generation reports them
    QTRY_COMPARE(s.table()->model()->rowCount(), 7);
    QTRY_COMPARE(bar->progressText(), QStringLiteral("Reviewed 0 of 7"));
}

// K is the previous unreviewed sample in the queue, not the sample seen last.
void TestReviewSession::previousGoesToThePreviousUnreviewed() {
    Session s;
    QVERIFY(s.open());
    s.table()->setFocus();
    QTRY_VERIFY(s.table()->hasFocus());
    const qint64 first = s.current();
    QVERIFY(s.pressAndWaitForMove(Qt::Key_J));
    const qint64 second = s.current();
    QVERIFY(s.pressAndWaitForMove(Qt::Key_R)); // reject: it leaves the queue
    QVERIFY(s.current() != second && s.current() != first);
    QVERIFY(s.pressAndWaitForMove(Qt::Key_K));
    QCOMPARE(s.current(), first); // not the rejected one seen just before
}

// The window opens the project `kwb project new|open` made current, not the starter project.
void TestReviewSession::windowOpensTheCurrentProject() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    qputenv("KWB_DATA_DIR", QFile::encodeName(dir.filePath(QStringLiteral("data"))));
    qputenv("KWB_CONFIG_DIR", QFile::encodeName(dir.filePath(QStringLiteral("config"))));
    qunsetenv("KWB_PROJECT");
    const QString chosen = dir.filePath(QStringLiteral("chosen.kwbproj"));
    QProcess kwb;
    kwb.start(QStringLiteral(KWB_CLI_PATH),
              {QStringLiteral("project"), QStringLiteral("new"), chosen});
    QVERIFY(kwb.waitForFinished(60000));
    QVERIFY2(kwb.exitCode() == 0, kwb.readAllStandardError().constData());
    MainWindow window;
    QSignalSpy opened(&window, &MainWindow::projectOpened);
    window.openProject(); // no file named: the current one
    QVERIFY(QTest::qWaitFor([&] { return opened.count() > 0; }, kDeadlineMs));
    QCOMPARE(QFileInfo(opened.first().at(0).toString()).canonicalFilePath(),
             QFileInfo(chosen).canonicalFilePath());
    QVERIFY(!QFile::exists(QString::fromStdString(defaultProjectPath().string())));
}

// Tab moves the focus out of the sample list; it never walks its cells loading samples.
void TestReviewSession::tabLeavesTheSampleList() {
    Session s;
    QVERIFY(s.open());
    s.table()->setFocus();
    QTRY_VERIFY(s.table()->hasFocus());
    const qint64 before = s.current();
    QSignalSpy shown(s.review(), &ReviewController::sampleShown);
    QTest::keyClick(s.table(), Qt::Key_Tab);
    QTRY_VERIFY(!s.table()->hasFocus());
    QTest::qWait(300);
    QCOMPARE(shown.count(), 0);
    QCOMPARE(s.current(), before);
}

// Escape in the note or the tags gives the keys back to the review: R then rejects, and the
// tags hold what was typed, without an "r".
void TestReviewSession::escapeLeavesNoteAndTags() {
    Session s;
    QVERIFY(s.open());
    auto* note = s.window->findChild<QLineEdit*>(QStringLiteral("reviewNote"));
    auto* tags = s.window->findChild<QLineEdit*>(QStringLiteral("reviewTags"));
    QVERIFY(note && tags);
    note->setFocus();
    QTRY_VERIFY(note->hasFocus());
    QTest::keyClicks(note, QStringLiteral("slow"));
    QTest::keyClick(note, Qt::Key_Escape);
    QTRY_VERIFY(s.table()->hasFocus());
    tags->setFocus();
    QTRY_VERIFY(tags->hasFocus());
    QTest::keyClicks(tags, QStringLiteral("clean"));
    QTest::keyClick(tags, Qt::Key_Escape);
    QTRY_VERIFY(s.table()->hasFocus());
    const qint64 judged = s.current();
    QVERIFY(s.pressAndWaitForMove(Qt::Key_R));
    auto history = s.store()->reviewHistory(judged);
    QVERIFY(history && history->size() == 1);
    QCOMPARE(q(toString(history->back().verdict)), QStringLiteral("rejected"));
    QCOMPARE(q(history->back().note), QStringLiteral("slow"));
    QCOMPARE(history->back().tags, std::vector<std::string>{"clean"});
}

// "Keep editing" in the question about an unsaved copy leaves Ctrl+S working.
void TestReviewSession::saveWorksAfterKeepEditing() {
    Session s;
    QVERIFY(s.open());
    auto* editor = s.window->findChild<CodeEditor*>(QStringLiteral("kernelEditor"));
    SampleActions* actions = s.window->sampleActions();
    const auto question = [&] { return qobject_cast<QMessageBox*>(actions->draftQuestion()); };
    s.table()->setFocus();
    QTRY_VERIFY(s.table()->hasFocus());
    const qint64 parent = s.current();
    emit editor->editCopyRequested();
    const QString draft = editor->text() + QStringLiteral("\n// kept, then saved\n");
    editor->setText(draft);
    QTest::keyClick(s.table(), Qt::Key_Down);
    QTRY_VERIFY(question() && question()->isVisible());
    question()->button(QMessageBox::Cancel)->click(); // Keep editing
    QTRY_VERIFY(!question());
    QVERIFY(s.reactivate());
    QTRY_VERIFY(editor->hasFocus() || editor->isAncestorOf(QApplication::focusWidget()));
    QSignalSpy saved(actions, &SampleActions::copySaved);
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_S, Qt::ControlModifier);
    QTRY_COMPARE(saved.count(), 1);
    auto child = s.store()->sample(saved.first().at(0).toLongLong());
    QVERIFY(child);
    QCOMPARE(child->parentId.value_or(0), parent);
    QCOMPARE(q(child->source), draft);
}

// Ctrl+click and Shift+click keep the rows selected while the editors load each clicked
// sample; a verdict goes on all of them, and "Export the selected samples" takes them alone.
void TestReviewSession::mouseSelectionSurvivesLoads() {
    Session s;
    QVERIFY(s.open());
    QTableView* table = s.table();
    auto* list = s.window->findChild<SampleListView*>(QStringLiteral("sampleList"));
    const auto click = [&](int row, Qt::KeyboardModifiers mods) {
        QSignalSpy shown(s.review(), &ReviewController::sampleShown);
        const QRect cell = table->visualRect(table->model()->index(row, 2));
        QTest::mouseClick(table->viewport(), Qt::LeftButton, mods, cell.center());
        return QTest::qWaitFor([&] { return s.current() == s.idAt(row); }, kDeadlineMs) &&
               (shown.count() > 0 || s.current() == s.idAt(row));
    };
    QVERIFY(click(0, Qt::NoModifier));
    QVERIFY(click(2, Qt::ControlModifier));
    QTest::qWait(200); // the load's answer has come: nothing re-selects one row
    QCOMPARE(list->selectedSampleIds().size(), 2);
    QVERIFY(click(4, Qt::ShiftModifier)); // rows 2..4 join row 0
    QTest::qWait(200);
    QList<qint64> ids = list->selectedSampleIds();
    std::sort(ids.begin(), ids.end());
    QList<qint64> expected = {s.idAt(0), s.idAt(2), s.idAt(3), s.idAt(4)};
    std::sort(expected.begin(), expected.end());
    QCOMPARE(ids, expected);

    auto* exportSelection = s.window->findChild<QAction*>(QStringLiteral("exportSelectionAction"));
    QVERIFY(exportSelection);
    exportSelection->trigger();
    ExportDialog* dialog = nullptr;
    QTRY_VERIFY((dialog = s.window->findChild<ExportDialog*>()) && dialog->isVisible());
    std::vector<std::int64_t> exported = dialog->options().sampleIds;
    std::sort(exported.begin(), exported.end());
    QCOMPARE(exported, std::vector<std::int64_t>(expected.begin(), expected.end()));
    dialog->reject();
    QTRY_VERIFY(!s.window->findChild<ExportDialog*>());
    QVERIFY(s.reactivate());

    table->setFocus();
    QSignalSpy stored(s.review(), &ReviewController::reviewsStored);
    QTest::keyClick(table, Qt::Key_N);
    QTRY_COMPARE(stored.count(), 1);
    QCOMPARE(stored.first().at(0).value<QList<qint64>>().size(), 4);
    auto store = s.store();
    for (qint64 id : expected)
        QCOMPARE(verdictOf(*store, id), QStringLiteral("needs-work"));
}

// The Task tab shows the sample's task from the spec stored with it: the entry point, every
// shape with its sizes and the bytes its buffers take, tolerances, baseline, formulas and the
// prompt. The Prompt tab is never blank (a demo sample shows the task's prompt) and is edited
// as a copy: the stored sample keeps its messages.
void TestReviewSession::taskPaneAndPromptCopy() {
    Session s;
    QVERIFY(s.open());
    auto* browser = s.window->findChild<TaskBrowser*>(QStringLiteral("taskBrowser"));
    QVERIFY(QTest::qWaitFor([&] { return browser->selectTask(QStringLiteral("sgemm-f32")); },
                            kDeadlineMs));
    QTRY_VERIFY(s.review()->currentSample() && s.review()->currentSample()->taskId == "sgemm-f32");
    auto* pane = s.window->findChild<TaskPane*>(QStringLiteral("taskPane"));
    QVERIFY(pane);
    QTRY_VERIFY(pane->task() && pane->task()->id == "sgemm-f32");
    const QString text = pane->plainText();
    // large: A, B and C are 4096 × 4096 float32 each.
    const QString large = TaskPane::byteText(3.0 * 4096 * 4096 * 4);
    QVERIFY2(large.contains(QLatin1String("192")), qPrintable(large));
    for (const QString& expected :
         {QStringLiteral("extern \"C\" void kwb_sgemm(const float* A"), QStringLiteral("large"),
          QStringLiteral("M=4096"), QStringLiteral("K=1019"), large, QStringLiteral("2*M*N*K"),
          QStringLiteral("rtol 0.0001"), QStringLiteral("cuBLAS"),
          QStringLiteral("Write a fast CUDA kernel")})
        QVERIFY2(text.contains(expected),
                 qPrintable(expected + QStringLiteral(" not in:\n") + text));

    auto* prompt = s.window->findChild<CodeEditor*>(QStringLiteral("promptEditor"));
    QVERIFY(prompt);
    QVERIFY(prompt->text().contains(QLatin1String("single-precision matrix multiplication")));
    QVERIFY(prompt->isReadOnly());
    const qint64 id = s.current();
    const auto before = s.store()->sample(id)->messages;
    emit prompt->editCopyRequested();
    QVERIFY(!prompt->isReadOnly());
    prompt->setText(prompt->text() + QStringLiteral("\nUse tensor cores.\n"));
    QVERIFY(s.store()->sample(id)->messages == before);
}

QTEST_MAIN(TestReviewSession)
#include "tst_review_session.moc"
