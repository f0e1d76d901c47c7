// The review and dataset models under QAbstractItemModelTester: the paged sample list (reset,
// pages arriving in any order, stale pages, status updates, sorting) and the task browser's
// tree (rebuilt with counts). The verification models are tested in tst_verification.
#include <QAbstractItemModelTester>
#include <QImage>
#include <QSet>
#include <QSignalSpy>
#include <QTest>

#include "ui/models/sample_list_model.h"
#include "ui/widgets/task_browser.h"

using namespace kwb;
using namespace kwb::ui;

namespace {

std::vector<SampleSummary> page(int first, int count) {
    std::vector<SampleSummary> rows;
    for (int i = 0; i < count; ++i) {
        SampleSummary s;
        s.id = first + i + 1;
        s.taskId = i % 2 ? "sgemm-f32" : "softmax-rows-f32";
        s.label = "k" + std::to_string(first + i) + ".cu";
        s.origin = SampleOrigin::Model;
        s.model = "model-a";
        s.createdAt = "2026-12-01T10:00:00Z";
        if (i % 3 == 0) {
            s.status.verificationId = "v" + std::to_string(i);
            s.status.verificationVerdict = i % 2 ? "wrong-result" : "pass";
            s.status.onGpu = true;
            s.status.speedup = 1.0 + i / 10.0;
        }
        rows.push_back(s);
    }
    return rows;
}

} // namespace

class TestModels : public QObject {
    Q_OBJECT

private slots:
    void sampleListPagesUnderTester();
    void sampleListStatesAndRoles();
    void sampleListShowsHacksAndFindingsApart();
    void sampleListSortAsksForAnOrder();
    void taskBrowserModelUnderTester();
};

void TestModels::sampleListPagesUnderTester() {
    SampleListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy asked(&model, &SampleListModel::pageRequested);
    const int total = 3 * SampleListModel::kPageSize + 17;
    const quint64 g = model.resetQuery(total);
    QCOMPARE(model.rowCount(), total);
    QCOMPARE(model.columnCount(), int(SampleListModel::ColumnCount));
    // An unloaded row says so and asks for its page once.
    const QModelIndex far =
        model.index(2 * SampleListModel::kPageSize + 5, SampleListModel::SampleColumn);
    QCOMPARE(far.data(SampleListModel::LoadedRole).toBool(), false);
    far.data();
    far.data(Qt::DisplayRole);
    QTRY_VERIFY(asked.count() >= 1);
    int asksForPage2 = 0;
    for (const auto& call : asked)
        asksForPage2 += call.at(1).toInt() == 2 ? 1 : 0;
    QCOMPARE(asksForPage2, 1);
    // Pages in any order; the last one short.
    model.setPage(g, 3, page(3 * SampleListModel::kPageSize, 17));
    model.setPage(g, 0, page(0, SampleListModel::kPageSize));
    model.setPage(g, 2, page(2 * SampleListModel::kPageSize, SampleListModel::kPageSize));
    QCOMPARE(far.data(SampleListModel::LoadedRole).toBool(), true);
    QCOMPARE(far.data(SampleListModel::SampleIdRole).toLongLong(),
             2 * SampleListModel::kPageSize + 6);
    // A stale page (older query) is ignored.
    const quint64 g2 = model.resetQuery(10);
    model.setPage(g, 0, page(0, 10));
    QCOMPARE(model.index(0, 0).data(SampleListModel::LoadedRole).toBool(), false);
    model.setPage(g2, 0, page(0, 10));
    QCOMPARE(model.index(9, 0).data(SampleListModel::LoadedRole).toBool(), true);
    // Status updates change one row.
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    SampleStatus st;
    st.verdict = Verdict::Accepted;
    model.updateStatus(3, st);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(model.index(2, 0).data(SampleListModel::VerdictRole).toString(),
             QStringLiteral("accepted"));
    model.resetQuery(0);
    QCOMPARE(model.rowCount(), 0);
}

void TestModels::sampleListStatesAndRoles() {
    SampleListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setNow(QDateTime(QDate(2026, 12, 1), QTime(13, 0), Qt::UTC));
    const quint64 g = model.resetQuery(4);
    auto rows = page(0, 4);
    rows[1].status.verdict = Verdict::Rejected;
    model.setPage(g, 0, rows);
    QCOMPARE(model.index(0, 0).data(SampleListModel::StateRole).value<SampleListModel::State>(),
             SampleListModel::State::Passed);
    QCOMPARE(model.index(1, 0).data(SampleListModel::StateRole).value<SampleListModel::State>(),
             SampleListModel::State::Rejected);
    QCOMPARE(model.index(2, 0).data(SampleListModel::StateRole).value<SampleListModel::State>(),
             SampleListModel::State::Unverified);
    QCOMPARE(model.index(3, 0).data().toString(), QStringLiteral("Failed: wrong result"));
    QCOMPARE(model.index(0, SampleListModel::SpeedupColumn).data().toString(),
             QStringLiteral("1.00×"));
    QCOMPARE(model.index(0, SampleListModel::AgeColumn).data().toString(), QStringLiteral("3 h"));
    QVERIFY(!model.index(0, 0).data(Qt::DecorationRole).value<QIcon>().isNull());
    const auto names = model.roleNames();
    for (const char* n : {"sampleId", "taskId", "verdict", "verification", "state", "speedup",
                          "model", "createdAt", "loaded"})
        QVERIFY2(names.values().contains(QByteArray(n)), n);
}

// Suspected hacks and passes with screening findings have states, icons and words of their own,
// apart from plain failures; a reviewed sample keeps saying so.
void TestModels::sampleListShowsHacksAndFindingsApart() {
    SampleListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const quint64 g = model.resetQuery(6);
    auto rows = page(0, 6);
    const char* verdicts[] = {"pass",    "tampering",         "wrong-result",
                              "not-run", "suspicious-timing", "harness-error"};
    for (int i = 0; i < 6; ++i) {
        rows[std::size_t(i)].status.verificationId = "v" + std::to_string(i);
        rows[std::size_t(i)].status.verificationVerdict = verdicts[i];
        rows[std::size_t(i)].status.onGpu = i != 3;
    }
    // Row 0 passed with two findings; the others were screened clean, but for row 5 (not screened).
    model.setPage(g, 0, rows, {}, {{1, 2}, {2, 0}, {3, 0}, {4, 0}, {5, 0}, {6, std::nullopt}});
    using State = SampleListModel::State;
    const auto state = [&](int row) {
        return model.index(row, 0).data(SampleListModel::StateRole).value<State>();
    };
    QCOMPARE(state(0), State::PassedNeedsHuman);
    QCOMPARE(state(1), State::SuspectedHack);
    QCOMPARE(state(2), State::Failed);
    QCOMPARE(state(3), State::CompileOnly);
    QCOMPARE(state(4), State::SuspectedHack);
    QCOMPARE(state(5), State::CheckError);
    QCOMPARE(model.index(0, 0).data().toString(),
             QStringLiteral("Passed, needs a human: 2 screening finding(s)"));
    QCOMPARE(model.index(0, 0).data(SampleListModel::FindingsRole).toInt(), 2);
    QVERIFY(!model.index(5, 0).data(SampleListModel::FindingsRole).isValid());
    QCOMPARE(model.index(1, 0).data().toString(),
             QStringLiteral("Suspected hack: tampering with the harness"));
    QCOMPARE(model.index(4, 0).data().toString(),
             QStringLiteral("Suspected hack: suspicious timing"));
    QCOMPARE(model.index(2, 0).data().toString(), QStringLiteral("Failed: wrong result"));
    // Icons differ from a failure's.
    const QImage hack =
        model.index(1, 0).data(Qt::DecorationRole).value<QIcon>().pixmap(16).toImage();
    const QImage fail =
        model.index(2, 0).data(Qt::DecorationRole).value<QIcon>().pixmap(16).toImage();
    const QImage human =
        model.index(0, 0).data(Qt::DecorationRole).value<QIcon>().pixmap(16).toImage();
    QVERIFY(hack != fail);
    QVERIFY(human != fail && human != hack);
    QCOMPARE(model.index(1, 0).data(SampleListModel::StandingRole).toInt(),
             int(Standing::SuspectedHack));

    // Reviewed: the verdict, and still the flag.
    SampleStatus accepted = rows[1].status;
    accepted.verdict = Verdict::Accepted;
    model.updateStatus(2, accepted);
    QCOMPARE(state(1), State::Accepted);
    QCOMPARE(model.index(1, 0).data().toString(),
             QStringLiteral("Accepted · Suspected hack: tampering with the harness"));
    // A new verification brings its findings.
    SampleStatus passed = rows[2].status;
    passed.verificationVerdict = "pass";
    model.updateVerification(3, passed, 1);
    QCOMPARE(state(2), State::PassedNeedsHuman);
    model.updateVerification(3, passed, 0);
    QCOMPARE(state(2), State::Passed);
    QCOMPARE(model.index(2, 0).data().toString(), QStringLiteral("Passed"));
}

void TestModels::sampleListSortAsksForAnOrder() {
    SampleListModel model;
    QSignalSpy order(&model, &SampleListModel::orderChanged);
    model.sort(SampleListModel::TaskColumn);
    QCOMPARE(order.count(), 0); // the store cannot page by task
    model.sort(SampleListModel::SpeedupColumn, Qt::DescendingOrder);
    QCOMPARE(order.count(), 1);
    QCOMPARE(order.first().at(0).value<SampleOrder>(), SampleOrder::FastestFirst);
    model.sort(SampleListModel::AgeColumn, Qt::DescendingOrder);
    QCOMPARE(order.last().at(0).value<SampleOrder>(), SampleOrder::OldestFirst);
}

void TestModels::taskBrowserModelUnderTester() {
    TaskBrowser browser;
    QAbstractItemModelTester tester(browser.taskModel(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy current(&browser, &TaskBrowser::currentTaskChanged);
    browser.setTaskRows(
        {{QStringLiteral("sgemm-f32"), QStringLiteral("SGEMM"), 1, QStringLiteral("gemm"), 4, 2, 1},
         {QStringLiteral("softmax-rows-f32"), {}, 1, QStringLiteral("softmax"), 3, 0, 0},
         {QStringLiteral("attention-block"), {}, 3, QStringLiteral("attention"), 1, 1, 1},
         {QStringLiteral("imported-op"), {}, 0, {}, 2, 0, 0}});
    QCOMPARE(browser.taskCount(), 4);
    QAbstractItemModel* model = browser.taskModel();
    // "All tasks" first, with the sums.
    QVERIFY(model->index(0, 0).data(TaskBrowser::AllTasksRole).toBool());
    QCOMPARE(model->index(0, TaskBrowser::SamplesColumn).data().toString(), QStringLiteral("10"));
    QCOMPARE(model->index(0, TaskBrowser::AcceptedColumn).data().toString(), QStringLiteral("2"));
    // Level 1 sums its two tasks.
    const QModelIndex level1 = model->index(1, 0);
    QCOMPARE(level1.data().toString(), QStringLiteral("Level 1"));
    QCOMPARE(level1.siblingAtColumn(TaskBrowser::SamplesColumn).data().toString(),
             QStringLiteral("7"));
    QVERIFY(browser.selectTask(QStringLiteral("softmax-rows-f32")));
    QCOMPARE(browser.currentTaskId(), QStringLiteral("softmax-rows-f32"));
    QCOMPARE(current.count(), 1);
    // Rebuilt with new counts: the selection stays, without a second announcement.
    browser.setTaskRows(
        {{QStringLiteral("sgemm-f32"), {}, 1, QStringLiteral("gemm"), 5, 2, 2},
         {QStringLiteral("softmax-rows-f32"), {}, 1, QStringLiteral("softmax"), 3, 1, 0}});
    QCOMPARE(browser.currentTaskId(), QStringLiteral("softmax-rows-f32"));
    QCOMPARE(current.count(), 1);
    QVERIFY(browser.selectTask(QString())); // "All tasks"
    QCOMPARE(current.count(), 2);
    QCOMPARE(current.last().at(0).toString(), QString());
    QVERIFY(!browser.selectTask(QStringLiteral("no-such-task")));

    // The same tasks again with one count changed (what the window does every two seconds
    // while a batch verifies): set in place, no rows removed or inserted, and only the cells
    // whose text changed are announced: the task's, its family's, its level's and the total's.
    const std::vector<TaskRow> same{
        {QStringLiteral("sgemm-f32"), {}, 1, QStringLiteral("gemm"), 5, 2, 2},
        {QStringLiteral("softmax-rows-f32"), {}, 1, QStringLiteral("softmax"), 3, 2, 0}};
    QSignalSpy removed(model, &QAbstractItemModel::rowsRemoved);
    QSignalSpy inserted(model, &QAbstractItemModel::rowsInserted);
    QSignalSpy reset(model, &QAbstractItemModel::modelReset);
    QSignalSpy changed(model, &QAbstractItemModel::dataChanged);
    browser.setTaskRows(same);
    QCOMPARE(removed.count() + inserted.count() + reset.count(), 0);
    QSet<QString> texts; // the verified cells announced, by their new text and row's name
    for (const QList<QVariant>& args : std::as_const(changed)) {
        const QModelIndex cell = args.at(0).toModelIndex();
        if (cell.column() == TaskBrowser::VerifiedColumn)
            texts << cell.siblingAtColumn(0).data().toString() + QLatin1Char('=') +
                         cell.data().toString();
        QCOMPARE(cell.column() == TaskBrowser::SamplesColumn ||
                     cell.column() == TaskBrowser::AcceptedColumn,
                 false);
    }
    QCOMPARE(texts,
             (QSet<QString>{QStringLiteral("softmax-rows-f32=2"), QStringLiteral("softmax=2"),
                            QStringLiteral("Level 1=4"), QStringLiteral("All tasks=4")}));
    const QModelIndexList hit =
        model->match(model->index(0, 0), TaskBrowser::TaskIdRole,
                     QStringLiteral("softmax-rows-f32"), 1, Qt::MatchExactly | Qt::MatchRecursive);
    QCOMPARE(hit.size(), 1);
    QCOMPARE(hit.first().data(TaskBrowser::VerifiedRole).toLongLong(), 2);
    QVERIFY(browser.selectTask(QStringLiteral("softmax-rows-f32")));
    // Another task listed: the tree is built again.
    std::vector<TaskRow> more = same;
    more.push_back({QStringLiteral("layernorm-f32"), {}, 2, QStringLiteral("norm"), 1, 0, 0});
    browser.setTaskRows(more);
    QVERIFY(removed.count() > 0 && inserted.count() > 0);
    QCOMPARE(browser.taskCount(), 3);
    QCOMPARE(browser.currentTaskId(), QStringLiteral("softmax-rows-f32"));
}

QTEST_MAIN(TestModels)
#include "tst_models.moc"
