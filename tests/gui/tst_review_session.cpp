// A scripted review session in the real window over a real project file (the demo project,
// created in a temporary folder): key clicks cast verdicts, move through the queue and take a
// verdict back, and the database is read afterwards with a ProjectStore of its own. Also the
// task counts, batch verdicts, "Edit a copy", Compare, Verify (F5, with the real worker), and
// the dataset view with its export dialog.
#include <QAbstractItemModel>
#include <QFile>
#include <QAbstractButton>
#include <QMessageBox>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <optional>

#include "core/store/demo_project.h"
#include "core/store/project_store.h"
#include "core/sys/sha256.h"
#include "core/verify/subprocess_worker.h"
#include "core/verify/verification_record.h"
#include "ui/models/project_session.h"
#include "ui/models/sample_list_model.h"
#include "ui/widgets/code_editor.h"
#include "ui/widgets/diff_view.h"
#include "ui/widgets/review_bar.h"
#include "ui/widgets/sample_list_view.h"
#include "ui/widgets/task_browser.h"
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
               QTest::qWaitFor([&] { return opened.count() > 0 && shown.count() > 0; }, kDeadlineMs);
    }
    ReviewController* review() const { return window->reviewController(); }
    QTableView* table() const { return window->findChild<QTableView*>(QStringLiteral("sampleTable")); }
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
};

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
    void datasetFiltersAndExport();
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
    QVERIFY(s.pressAndWaitForMove(Qt::Key_A)); // accept, on to the next
    const qint64 second = s.current();
    QVERIFY(second != first);
    QVERIFY(s.pressAndWaitForMove(Qt::Key_R)); // reject, on to the next
    const qint64 third = s.current();
    QVERIFY(third != second && third != first);
    QVERIFY(s.pressAndWaitForMove(Qt::Key_J)); // skip without a verdict
    const qint64 fourth = s.current();
    QVERIFY(fourth != third);
    QTRY_COMPARE(bar->progressText(), QStringLiteral("Reviewed 2 of 24"));
    QVERIFY(s.pressAndWaitForMove(Qt::Key_Z, Qt::ControlModifier)); // undo: back to the rejected one
    QCOMPARE(s.current(), second);
    QTRY_COMPARE(bar->progressText(), QStringLiteral("Reviewed 1 of 24"));
    QVERIFY(s.pressAndWaitForMove(Qt::Key_K)); // K: the sample before
    // The list shows the verdicts it knows.
    const int row = s.window->findChild<SampleListView*>(QStringLiteral("sampleList"))->model()->rowOfSample(first);
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
    const QModelIndexList hits = model->match(model->index(0, 0), TaskBrowser::TaskIdRole,
                                              QStringLiteral("sgemm-f32"), 1,
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
    QVERIFY(s.pressAndWaitForMove(Qt::Key_A));
    QTRY_COMPARE(model->match(model->index(0, 0), TaskBrowser::TaskIdRole, QStringLiteral("sgemm-f32"), 1,
                              Qt::MatchExactly | Qt::MatchRecursive)
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
                        ? s.window->findChild<SampleListView*>(QStringLiteral("sampleList"))->model()->rowOfSample(id)
                        : -1;
    QVERIFY(row >= 0);
    QVERIFY(!s.table()->model()->index(row, 0).data(SampleListModel::VerificationRole).toString().isEmpty());
    s.window.reset();
    auto store = s.store();
    auto records = store->verifications(id);
    QVERIFY(records);
    QCOMPARE(records->size(), std::size_t(1));
    QCOMPARE(q(store->sample(id)->status.verificationId), q(records->front().id()));
}

void TestReviewSession::datasetFiltersAndExport() {
    Session s;
    QVERIFY(s.open());
    // Accept two samples so that an SFT export has rows.
    s.table()->setFocus();
    QVERIFY(s.pressAndWaitForMove(Qt::Key_A));
    QVERIFY(s.pressAndWaitForMove(Qt::Key_A));
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
        nlohmann::json j = {{"schema_version", VerificationRecord::kSchemaVersion}, {"task_id", smp->taskId},
                            {"verdict", "pass"}, {"source_hash", sha256Hex(smp->source)},
                            {"created_at", "2026-01-01T00:00:00Z"}, {"seed", row.id},
                            {"device", {{"name", "NVIDIA H200"}, {"cc", "9.0"}}},
                            {"screening", {{"findings", nlohmann::json::array()}}}, {"geomean_speedup", 1.5}};
        auto rec = VerificationRecord::fromJson(j);
        QVERIFY(rec);
        QVERIFY(s.store()->addVerification(row.id, *rec));
    }

    ExportDialog dialog(s.window->projectSession(), SampleFilter{}, s.window.get());
    QSignalSpy preview(&dialog, &ExportDialog::previewReady);
    dialog.show();
    QTRY_VERIFY_WITH_TIMEOUT(preview.count() > 0, kDeadlineMs);
    // As many rows as accepted samples that are not duplicates (what an SFT export holds).
    const qint64 expected = *s.store()->countSamples(acceptedFilter);
    QVERIFY(expected >= 1);
    QCOMPARE(dialog.previewRows(), expected);
    QVERIFY2(dialog.previewText().contains(QLatin1String("\"messages\"")), qPrintable(dialog.previewText()));
    QVERIFY2(dialog.countsText().contains(QStringLiteral("%1 train rows").arg(expected)), qPrintable(dialog.countsText()));
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
    QVERIFY2(failed.last().at(0).toString().contains(QStringLiteral("open project")), qPrintable(failed.last().at(0).toString()));
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
}

QTEST_MAIN(TestReviewSession)
#include "tst_review_session.moc"
