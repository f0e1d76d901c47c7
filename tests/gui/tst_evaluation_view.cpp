// The Evaluation view (issue 19) on a real project file holding a real evaluation run, stored
// through core's own path (a plan parsed from TOML, openEvalRun, addEvalAnswer with generation
// and sealed verification records, as `kwb eval run` stores them): the view lists the run, and
// every number it shows (answers, answered, compiled, correct, faster, pass@k, speedups, the
// per-task heatmap's rates and colours, the chart's bars, and pass@1 and fast_1.0 with the
// intervals of each condition's difference from plain) equals core's report (buildEvalReport, what
// `kwb eval report` prints); Enter on a task cell lists exactly that cell's answers in the review
// list; Ctrl+3 reaches the view.
#include <QApplication>
#include <QHeaderView>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <cmath>
#include <set>
#include <tuple>

#include "core/eval/eval_plan.h"
#include "core/eval/eval_report.h"
#include "core/model/verification.h"
#include "core/record/record_identity.h"
#include "core/store/project_store.h"
#include "core/sys/sha256.h"
#include "core/tasks/task_loader.h"
#include "tests/gui/gui_fixtures.h"
#include "ui/models/sample_list_model.h"
#include "ui/widgets/chart_widget.h"
#include "ui/widgets/heat_scale.h"
#include "ui/widgets/sample_list_view.h"
#include "ui/windows/evaluation_view.h"
#include "ui/windows/main_window.h"
#include "ui/windows/review_controller.h"

using namespace kwb;
using namespace kwb::ui;
namespace v = kwb::verification;

namespace {

// A normal literal: moc does not read raw strings holding quotes.
const char* const kPlan = "name = \"window-ab\"\n"
                          "tasks = [\"saxpy-f32\", \"reduce-sum-f32\", \"gelu-f32\"]\n"
                          "conditions = [\"plain\", \"examples:2\"]\n"
                          "samples = 4\n"
                          "seed = 5\n"
                          "[[models]]\n"
                          "name = \"student\"\n"
                          "provider = \"openai\"\n"
                          "base_url = \"http://127.0.0.1:9/v1\"\n"
                          "model = \"student-7b\"\n"
                          "[[models]]\n"
                          "name = \"teacher\"\n"
                          "provider = \"openai\"\n"
                          "base_url = \"http://127.0.0.1:9/v1\"\n"
                          "model = \"teacher-70b\"\n";

v::VerificationRecordData record(const std::string& task, const std::string& source,
                                 const std::string& verdict, bool onGpu,
                                 std::optional<double> speedup) {
    nlohmann::json j = {{"schema_version", v::VerificationRecordData::kSchemaVersion},
                        {"task_id", task},
                        {"verdict", verdict},
                        {"source_hash", kwb::sha256Hex(source)},
                        {"created_at", "2026-01-01T00:00:00Z"},
                        {"build", {{"ok", verdict != "compile-error"}}}};
    if (onGpu)
        j["device"] = {{"name", "NVIDIA H200"}, {"cc", "9.0"}};
    if (speedup)
        j["geomean_speedup"] = *speedup;
    return v::sealed(*v::fromJson(j));
}

} // namespace

class TestEvaluationView : public QObject {
    Q_OBJECT

private slots:
    void showsTheCoreReport();
};

void TestEvaluationView::showsTheCoreReport() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    kwbtest::useScratchFolders(QDir(dir.path()));
    const QString project = dir.filePath(QStringLiteral("eval.kwbproj"));
    QString runId;
    {
        auto store = ProjectStore::create(project.toStdString());
        QVERIFY(store);
        auto read = parseEvalPlan(kPlan, "plan.toml", dir.path().toStdString());
        QVERIFY(read.plan);
        auto catalog = loadTaskFolder(KWB_TASK_DIR);
        auto tasks = selectEvalTasks(*read.plan, catalog.tasks);
        QVERIFY(tasks && tasks->size() == 3);
        nlohmann::json plan = read.plan->toJson();
        plan["task_ids"] = nlohmann::json::array();
        for (const Task& t : *tasks)
            plan["task_ids"].push_back(t.id);
        auto run = (*store)->openEvalRun("window-ab", plan);
        QVERIFY(run);
        runId = QString::fromStdString(run->runId);
        // Every kind of answer: no code, a compile error, a wrong result, passes at several
        // speedups, one built but not run; the mix differs per model, condition and task.
        int n = 0;
        for (const auto& m : read.plan->models)
            for (const auto& c : read.plan->conditions)
                for (std::size_t t = 0; t < tasks->size(); ++t)
                    for (int i = 0; i < 4; ++i, ++n) {
                        const Task& task = (*tasks)[t];
                        GenerationRecord g;
                        g.generationId = "gen" + std::to_string(n);
                        g.runId = run->runId;
                        g.taskId = task.id;
                        g.provider = "openai";
                        g.model = m.model;
                        g.rawResponse = "answer " + std::to_string(n);
                        const int kind = (n * 7 + int(t) + i) % 6;
                        if (kind != 0)
                            g.code = "// answer " + std::to_string(n) + "\n" + task.entrySignature;
                        g.promptTokens = 900;
                        g.completionTokens = 300 + n;
                        g.costUsd = 0.0004;
                        std::optional<v::VerificationRecordData> rec;
                        if (g.code) {
                            const char* verdict = kind == 1   ? "compile-error"
                                                  : kind == 2 ? "wrong-result"
                                                  : kind == 3 ? "not-run"
                                                              : "pass";
                            rec = record(task.id, *g.code, verdict, kind != 3 && kind != 1,
                                         kind >= 4 ? std::optional<double>(0.6 + 0.3 * (n % 5))
                                                   : std::nullopt);
                        }
                        EvalCellRecord cell{{m.name, c.label, task.id, i},
                                            g.generationId,
                                            1,
                                            g.code && kind != 1,
                                            g.promptTokens,
                                            g.completionTokens,
                                            g.costUsd,
                                            700.0 + n};
                        auto added = (*store)->addEvalAnswer(run->id, task, g, rec, cell);
                        QVERIFY2(added, added ? "" : added.error().message.c_str());
                    }
        QCOMPARE(n, 48);
    }
    // The report as `kwb eval report` builds it, and the sample of each cell.
    auto store = ProjectStore::open(project.toStdString());
    QVERIFY(store);
    auto core = buildEvalReport(**store, runId.toStdString());
    QVERIFY(core);
    QCOMPARE(core->cells, 48);
    std::map<std::int64_t, std::int64_t> sampleOf;
    QVERIFY((*store)->forEachEvalCell(core->run.id, [&](const EvalCellRow& r) {
        if (r.sampleId)
            sampleOf[r.id] = *r.sampleId;
    }));

    MainWindow window;
    QSignalSpy opened(&window, &MainWindow::projectOpened);
    window.openProject(project);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_VERIFY_WITH_TIMEOUT(opened.count() > 0, 15000);
    EvaluationView* view = window.evaluationView();
    QSignalSpy shown(view, &EvaluationView::reportShown);
    QTest::keyClick(&window, Qt::Key_3, Qt::ControlModifier);
    QVERIFY(view->isVisible());
    QTRY_VERIFY_WITH_TIMEOUT(shown.count() > 0, 15000);
    QCOMPARE(shown.last().at(0).toString(), runId);
    QCOMPARE(view->runsTable()->rowCount(), 1);
    QCOMPARE(view->runsTable()->item(0, 1)->text(), QStringLiteral("48"));

    // Results: one row per model and condition, the core's numbers.
    QTableWidget* results = view->resultsTable();
    QCOMPARE(results->rowCount(), 4);
    QStringList headers;
    for (int c = 0; c < results->columnCount(); ++c)
        headers << results->horizontalHeaderItem(c)->text();
    QVERIFY2(headers.contains(QLatin1String("pass@4")), qPrintable(headers.join(u',')));
    int row = 0, correctSeen = 0;
    for (const EvalReportGroup& g : core->groups) {
        if (g.scope != "overall")
            continue;
        const EvalStats& s = g.stats;
        auto text = [&](const QString& header) {
            return results->item(row, int(headers.indexOf(header)))->text();
        };
        QCOMPARE(text(QStringLiteral("Model")), QString::fromStdString(g.model));
        QCOMPARE(text(QStringLiteral("Condition")), QString::fromStdString(g.condition));
        QCOMPARE(text(QStringLiteral("Answers")).toInt(), s.cells);
        QCOMPARE(text(QStringLiteral("Answered")).toInt(), s.answered);
        QCOMPARE(text(QStringLiteral("Compiled")).toInt(), s.compiled);
        QCOMPARE(text(QStringLiteral("Correct")).toInt(), s.correct);
        QCOMPARE(text(QStringLiteral("Faster")).toInt(),
                 int(std::lround(s.fastP.at(1.0) * s.cells)));
        for (const auto& [k, x] : s.passAtK)
            QCOMPARE(text(QStringLiteral("pass@%1").arg(k)), QString::number(x, 'f', 3));
        QCOMPARE(text(QStringLiteral("Mean speedup")),
                 s.meanSpeedup ? QStringLiteral("%1×").arg(*s.meanSpeedup, 0, 'f', 2)
                               : QStringLiteral("—"));
        QCOMPARE(text(QStringLiteral("Geo-mean speedup")),
                 s.geomeanSpeedup ? QStringLiteral("%1×").arg(*s.geomeanSpeedup, 0, 'f', 2)
                                  : QStringLiteral("—"));
        // The chart's bar for this model and condition.
        const CorrectRateChartData& chart = view->chartData();
        const int m = int(chart.models.indexOf(QString::fromStdString(g.model)));
        const int c = int(chart.conditions.indexOf(QString::fromStdString(g.condition)));
        QVERIFY(m >= 0 && c >= 0);
        QCOMPARE(chart.correct[m][c], s.correct);
        QCOMPARE(chart.cells[m][c], s.cells);
        correctSeen += s.correct;
        ++row;
    }
    QVERIFY2(correctSeen > 0, "the run has correct answers to count");
    QCOMPARE(view->chartWidget()->kind(), ChartWidget::Kind::CorrectRate);
    QCOMPARE(view->chartWidget()->seriesCount(), 1);

    // pass@1 and fast_1.0 per model and condition, with the report's intervals as whiskers
    // around the bars of the conditions other than plain.
    const PassRateChartData& bars = view->passRateData();
    QCOMPARE(view->passRateChart()->kind(), ChartWidget::Kind::PassRates);
    QCOMPARE(bars.columns.size(), 4);
    int whiskers = 0;
    row = 0;
    for (const EvalReportGroup& g : core->groups) {
        if (g.scope != "overall")
            continue;
        QCOMPARE(bars.columns[row],
                 QStringLiteral("%1 · %2").arg(QString::fromStdString(g.model),
                                               QString::fromStdString(g.condition)));
        QCOMPARE(bars.passAt1[row], 100.0 * g.stats.passAt1);
        QCOMPARE(bars.fast1[row], 100.0 * g.stats.fastP.at(1.0));
        for (const auto& [metric, ci, value] :
             {std::tuple{std::string("correct"), bars.passAt1Ci[row], bars.passAt1[row]},
              std::tuple{std::string("fast_1.0"), bars.fast1Ci[row], bars.fast1[row]}}) {
            const auto d = std::find_if(core->differences.begin(), core->differences.end(),
                                        [&](const EvalReportDifference& x) {
                                            return x.model == g.model &&
                                                   x.condition == g.condition && x.metric == metric;
                                        });
            QCOMPARE(ci.shown, g.condition != "plain");
            if (g.condition == "plain")
                continue;
            QVERIFY(d != core->differences.end());
            // The interval's ends, relative to the bar, are the report's.
            QVERIFY(std::abs((ci.low - value) -
                             100.0 * (d->interval.low - d->interval.difference)) < 1e-9);
            QVERIFY(std::abs((ci.high - value) -
                             100.0 * (d->interval.high - d->interval.difference)) < 1e-9);
            QVERIFY(ci.low <= value + 1e-9 && value <= ci.high + 1e-9);
            ++whiskers;
        }
        ++row;
    }
    QCOMPARE(whiskers, 4);
    QCOMPARE(view->passRateChart()->whiskerCount(), 4);
    QCOMPARE(view->passRateChart()->seriesNames().size(), 2); // the whiskers have no legend entry

    // The per-task table: "correct of answers" per task and model/condition column.
    QTableWidget* tasks = view->taskTable();
    QCOMPARE(tasks->rowCount(), 3);
    QCOMPARE(tasks->columnCount(), 5);
    int checked = 0;
    for (int r = 0; r < tasks->rowCount(); ++r)
        for (int c = 1; c < tasks->columnCount(); ++c) {
            const std::string task = tasks->item(r, 0)->text().toStdString();
            const QStringList head = tasks->horizontalHeaderItem(c)->text().split(u'\n');
            const auto g = std::find_if(core->groups.begin(), core->groups.end(), [&](auto& x) {
                return x.scope == "task:" + task && x.model == head.at(0).toStdString() &&
                       x.condition == head.at(1).toStdString();
            });
            QVERIFY(g != core->groups.end());
            // The heatmap: the cell's correct rate, its colour on the scale, and the count.
            const double rate = double(g->stats.correct) / g->stats.cells;
            QVERIFY(view->heatOf(r, c).has_value());
            QCOMPARE(*view->heatOf(r, c), rate);
            QCOMPARE(tasks->item(r, c)->background().color(), HeatScale::colour(rate));
            QVERIFY2(tasks->item(r, c)->text().contains(
                         QStringLiteral("%1 of %2").arg(g->stats.correct).arg(g->stats.cells)),
                     qPrintable(tasks->item(r, c)->text()));
            QVERIFY(tasks->item(r, c)->text().startsWith(
                QStringLiteral("%1 %").arg(std::lround(rate * 100))));
            ++checked;
        }
    QCOMPARE(checked, 12);

    // Enter on a cell: its answers with code, and only they, in the review list.
    const auto g = std::find_if(core->groups.begin(), core->groups.end(), [](auto& x) {
        return x.scope == "task:reduce-sum-f32" && x.model == "teacher" &&
               x.condition == "examples:2";
    });
    QVERIFY(g != core->groups.end());
    std::set<qint64> want;
    for (std::int64_t cell : g->stats.cellIds)
        if (sampleOf.count(cell))
            want.insert(sampleOf[cell]);
    QVERIFY(!want.empty());
    int cellRow = -1, cellColumn = -1;
    for (int r = 0; r < tasks->rowCount(); ++r)
        for (int c = 1; c < tasks->columnCount(); ++c)
            if (tasks->item(r, 0)->text() == QLatin1String("reduce-sum-f32") &&
                tasks->horizontalHeaderItem(c)->text() == QLatin1String("teacher\nexamples:2"))
                cellRow = r, cellColumn = c;
    QVERIFY(cellRow >= 0);
    QSignalSpy listed(window.reviewController(), &ReviewController::listLoaded);
    tasks->setFocus();
    tasks->setCurrentCell(cellRow, cellColumn);
    QTest::keyClick(tasks, Qt::Key_Return);
    QTRY_VERIFY_WITH_TIMEOUT(listed.count() > 0, 10000);
    QCOMPARE(listed.last().at(0).toLongLong(), qint64(want.size()));
    auto* list = window.findChild<SampleListView*>(QStringLiteral("sampleList"));
    QVERIFY(list->isVisible()); // the review view is in front
    std::set<qint64> got;
    for (int r = 0; r < list->model()->rowCount(); ++r)
        if (auto summary = list->model()->summaryAt(r))
            got.insert(summary->id);
    QCOMPARE(got, want);
}

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    app.setAttribute(Qt::AA_Use96Dpi, true);
    TestEvaluationView test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}
#include "tst_evaluation_view.moc"
