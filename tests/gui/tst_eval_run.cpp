// Evaluation runs started from the window (issue 19) and the skill editor, on real project files:
// a scripted student on a loopback OpenAI-compatible server writes the task's reference kernel
// when the skill's text is in its prompt and a kernel nvcc refuses otherwise; every answer is
// built for real by nvcc through kwb-runner (compile-only where there is no GPU).
//   - The skill editor counts tokens as core does, saves SKILL.md, and "Evaluate this skill"
//     writes a plan with the conditions plain and skill:SKILL.md that parseEvalPlan reads back.
//   - That plan started from the window (1 task x 2 conditions x 2 answers) finishes with 4
//     answered and 2 compiled cells; the status bar showed its progress, and the Evaluation view
//     lists the run with core's report.
//   - Cancel mid-run leaves no process behind; a second start resumes: the finished cells are
//     not asked again and the open ones are.
// Skipped, with the reason, without kwb-runner or nvcc.
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <map>

#include "core/eval/eval_plan.h"
#include "core/eval/eval_report.h"
#include "core/skill/skill_document.h"
#include "core/store/project_store.h"
#include "tests/gui/gui_fixtures.h"
#include "tests/llm/loopback_server.h"
#include "ui/models/eval_run_job.h"
#include "ui/models/provider_keychain.h"
#include "ui/widgets/code_editor.h"
#include "ui/windows/evaluation_actions.h"
#include "ui/windows/evaluation_view.h"
#include "ui/windows/main_window.h"
#include "ui/windows/new_eval_run_dialog.h"
#include "ui/windows/skill_editor.h"

using namespace kwb;
using namespace kwb::ui;

namespace {

const char* const kSkillMarker = "KWB-SKILL-GUI-41c2: declare every pointer __restrict__";

QString reference() {
    QFile f(QStringLiteral(KWB_TASK_DIR "/reference/saxpy-f32.cu"));
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

// An OpenAI-compatible streamed answer holding `code` in a fence.
kwbtest::ScriptedResponse answer(const QString& code, std::chrono::milliseconds delay) {
    auto line = [](const QJsonObject& o) {
        return "data: " + QJsonDocument(o).toJson(QJsonDocument::Compact).toStdString() + "\n\n";
    };
    auto chunk = [](const QJsonObject& delta, const QJsonValue& finish) {
        QJsonObject choice{{QStringLiteral("index"), 0},
                           {QStringLiteral("delta"), delta},
                           {QStringLiteral("finish_reason"), finish}};
        return QJsonObject{{QStringLiteral("id"), QStringLiteral("chatcmpl-eval")},
                           {QStringLiteral("object"), QStringLiteral("chat.completion.chunk")},
                           {QStringLiteral("model"), QStringLiteral("student")},
                           {QStringLiteral("choices"), QJsonArray{choice}}};
    };
    kwbtest::ScriptedResponse r;
    r.headers = {{"content-type", "text/event-stream"}};
    r.headerDelay = delay;
    const QString text = QStringLiteral("Here is the kernel.\n\n```cuda\n%1```\n").arg(code);
    r.body = line(chunk({{QStringLiteral("content"), text}}, QJsonValue::Null));
    r.body += line(chunk({}, QStringLiteral("stop")));
    r.body +=
        line({{QStringLiteral("id"), QStringLiteral("chatcmpl-eval")},
              {QStringLiteral("object"), QStringLiteral("chat.completion.chunk")},
              {QStringLiteral("choices"), QJsonArray{}},
              {QStringLiteral("usage"), QJsonObject{{QStringLiteral("prompt_tokens"), 900},
                                                    {QStringLiteral("completion_tokens"), 300}}}});
    r.body += "data: [DONE]\n\n";
    return r;
}

// Every process below this one (children, their children, ...), as "pid name".
QStringList descendants() {
    std::map<long, std::vector<std::pair<long, QString>>> children;
    for (const QString& entry : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs)) {
        bool isPid = false;
        const long pid = entry.toLong(&isPid);
        QFile stat(QStringLiteral("/proc/%1/stat").arg(entry));
        if (!isPid || !stat.open(QIODevice::ReadOnly))
            continue;
        const QString text = QString::fromLatin1(stat.readAll());
        const int open = int(text.indexOf(QLatin1Char('('))),
                  close = int(text.lastIndexOf(QLatin1Char(')')));
        const QStringList rest = text.mid(close + 2).split(QLatin1Char(' '));
        if (open < 0 || close < open || rest.size() < 2)
            continue;
        children[rest.at(1).toLong()].emplace_back(pid, text.mid(open + 1, close - open - 1));
    }
    QStringList out;
    std::vector<long> todo = {long(QCoreApplication::applicationPid())};
    while (!todo.empty()) {
        const long parent = todo.back();
        todo.pop_back();
        for (const auto& [pid, name] : children[parent]) {
            out.append(QStringLiteral("%1 %2").arg(pid).arg(name));
            todo.push_back(pid);
        }
    }
    return out;
}

bool writeText(const QString& path, const QString& text) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(text.toUtf8()) == text.toUtf8().size();
}

} // namespace

class TestEvalRun : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void skillEditorWritesThePlan();
    void badPlansAreReported();
    void runStartedFromTheWindow();
    void cancelThenResume();
    void cleanupTestCase();

private:
    bool startAndWait(const QString& plan, int concurrency, int timeoutMs);

    QTemporaryDir m_dir;
    QString m_project, m_skill, m_modelsPlan, m_skillPlan;
    kwbtest::LoopbackServer m_server;
    std::atomic<int> m_delayMs{0};
    std::unique_ptr<MainWindow> m_window;
    bool m_canRun = false;
    QString m_whyNot;
};

void TestEvalRun::initTestCase() {
    QVERIFY(m_dir.isValid());
    kwbtest::useScratchFolders(QDir(m_dir.path()));
    qputenv("KWB_CACHE_DIR", QFile::encodeName(m_dir.filePath(QStringLiteral("cache"))));
    qputenv("OPENAI_API_KEY", "sk-eval-gui-test-0123456789");
    const QByteArray runner = qgetenv("KWB_RUNNER");
    if (runner.isEmpty() || !QFile::exists(QString::fromLocal8Bit(runner)))
        m_whyNot = QStringLiteral("kwb-runner is not built (KWB_RUNNER is not set)");
    else if (QStandardPaths::findExecutable(QStringLiteral("nvcc")).isEmpty() &&
             !QFile::exists(QStringLiteral("/usr/local/cuda/bin/nvcc")))
        m_whyNot = QStringLiteral("nvcc is not installed");
    m_canRun = m_whyNot.isEmpty();
    QVERIFY(m_server.start());
    const std::string ref = reference().toStdString();
    QVERIFY(!ref.empty());
    m_server.setResponder([this, ref](const kwbtest::RecordedRequest& req) {
        const bool skill = req.body.find(kSkillMarker) != std::string::npos;
        const QString code = QString::fromStdString(ref) +
                             (skill ? QString() : QStringLiteral("\nint broken = undefined_x;\n"));
        return answer(code, std::chrono::milliseconds(m_delayMs.load()));
    });
    m_project = m_dir.filePath(QStringLiteral("eval.kwbproj"));
    QVERIFY(ProjectStore::create(m_project.toStdString()));
    // The plan whose models the skill editor takes: the loopback student.
    m_modelsPlan = m_dir.filePath(QStringLiteral("students.toml"));
    QVERIFY(writeText(m_modelsPlan,
                      QStringLiteral("name = \"students\"\ntasks = [\"saxpy-f32\"]\n"
                                     "conditions = [\"plain\"]\n[[models]]\nname = \"student\"\n"
                                     "provider = \"openai\"\nbase_url = \"%1/v1\"\n"
                                     "model = \"student-7b\"\n")
                          .arg(QString::fromStdString(m_server.url()))));
    m_window = std::make_unique<MainWindow>();
    QSignalSpy opened(m_window.get(), &MainWindow::projectOpened);
    m_window->openProject(m_project);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QTRY_VERIFY_WITH_TIMEOUT(opened.count() > 0, 15000);
}

void TestEvalRun::skillEditorWritesThePlan() {
    QTest::keyClick(m_window.get(), Qt::Key_K, Qt::ControlModifier | Qt::ShiftModifier);
    SkillEditor* editor = m_window->evaluationActions()->skillEditor();
    QTRY_VERIFY(editor->isVisible());
    const QString text = QStringLiteral("---\nname: saxpy-gui\ndescription: test skill\n---\n") +
                         QLatin1String(kSkillMarker) + QStringLiteral("\n");
    editor->editor()->setText(text);
    QCOMPARE(editor->tokenCount(), estimateTokens(text.toStdString()));
    QVERIFY2(editor->tokenText().startsWith(QString::number(editor->tokenCount())),
             qPrintable(editor->tokenText()));
    editor->editor()->appendText(QStringLiteral("Use float4 loads.\n"));
    QCOMPARE(editor->tokenCount(), estimateTokens(editor->editor()->text().toStdString()));
    m_skill = m_dir.filePath(QStringLiteral("SKILL.md"));
    editor->editor()->setText(text);
    QVERIFY(editor->saveTo(m_skill));
    auto models = loadEvalPlan(m_modelsPlan.toStdString());
    QVERIFY(models);
    m_skillPlan = editor->writeEvaluationPlan(models->models, {QStringLiteral("saxpy-f32")}, 2);
    QCOMPARE(m_skillPlan, m_dir.filePath(QStringLiteral("SKILL-eval.toml")));
    auto plan = loadEvalPlan(m_skillPlan.toStdString());
    QVERIFY2(plan, plan ? "" : describe(plan.error()).c_str());
    QCOMPARE(plan->conditions.size(), std::size_t(2));
    QCOMPARE(plan->conditions[0].label, std::string("plain"));
    QCOMPARE(plan->conditions[1].label, std::string("skill:SKILL.md"));
    QCOMPARE(QString::fromStdString(plan->conditions[1].skillFile.string()), m_skill);
    QCOMPARE(plan->samples, 2);
    QCOMPARE(plan->models.size(), std::size_t(1));
    QCOMPARE(plan->models[0].baseUrl, models->models[0].baseUrl);
    // A plan of that name written by someone else is never replaced.
    const QString other = m_dir.filePath(QStringLiteral("OTHER.md"));
    QVERIFY(editor->saveTo(other));
    QVERIFY(writeText(m_dir.filePath(QStringLiteral("OTHER-eval.toml")), QStringLiteral("x=1\n")));
    QSignalSpy said(editor, &SkillEditor::message);
    QVERIFY(
        editor->writeEvaluationPlan(models->models, {QStringLiteral("saxpy-f32")}, 2).isEmpty());
    QVERIFY(!said.isEmpty());
    editor->hide();
}

// A plan's problems with file, line and reason, as kwb eval run prints them: in the dialog for
// what the plan file says, and from the run for a task the catalog does not have.
void TestEvalRun::badPlansAreReported() {
    const QString bad = m_dir.filePath(QStringLiteral("bad.toml"));
    QVERIFY(writeText(bad, QStringLiteral("name = \"bad\"\nsamplez = 2\n")));
    NewEvalRunDialog dialog(m_window.get());
    dialog.setPlanPath(bad);
    QVERIFY(!dialog.planIsValid());
    QVERIFY2(dialog.checkText().contains(bad + QStringLiteral(":2:")),
             qPrintable(dialog.checkText()));
    QVERIFY2(dialog.checkText().contains(QStringLiteral("samplez")),
             qPrintable(dialog.checkText()));
    const QString unknown = m_dir.filePath(QStringLiteral("unknown.toml"));
    QVERIFY(writeText(unknown,
                      QStringLiteral("name = \"unknown\"\ntasks = [\"no-such-task\"]\n"
                                     "conditions = [\"plain\"]\n[[models]]\nname = \"student\"\n"
                                     "provider = \"openai\"\nbase_url = \"%1/v1\"\n"
                                     "model = \"student-7b\"\n")
                          .arg(QString::fromStdString(m_server.url()))));
    dialog.setPlanPath(unknown);
    QVERIFY2(dialog.planIsValid(), qPrintable(dialog.checkText()));
    EvaluationActions* actions = m_window->evaluationActions();
    QSignalSpy problems(actions, &EvaluationActions::problem);
    QVERIFY(startAndWait(unknown, 0, 60000));
    QCOMPARE(problems.count(), 1);
    const QString text = problems.first().at(0).toString();
    QVERIFY2(text.contains(unknown + QStringLiteral(":2:")) &&
                 text.contains(QStringLiteral("no-such-task")),
             qPrintable(text));
    QVERIFY(m_server.requests().empty());
    QVERIFY(actions->newRunAction()->isEnabled());
}

bool TestEvalRun::startAndWait(const QString& plan, int concurrency, int timeoutMs) {
    EvaluationActions* actions = m_window->evaluationActions();
    QSignalSpy finished(actions->job(), &EvalRunJob::finished);
    if (!actions->startPlan(plan, concurrency))
        return false;
    return finished.wait(timeoutMs) || finished.count() > 0;
}

void TestEvalRun::runStartedFromTheWindow() {
    if (!m_canRun)
        QSKIP(qPrintable(m_whyNot));
    QVERIFY(!m_skillPlan.isEmpty());
    EvaluationActions* actions = m_window->evaluationActions();
    QSignalSpy progressed(actions->job(), &EvalRunJob::progressed);
    QSignalSpy problems(actions, &EvaluationActions::problem);
    QSignalSpy finished(actions->job(), &EvalRunJob::finished);
    QVERIFY(actions->startPlan(m_skillPlan, 2));
    QVERIFY(actions->statusWidget()->isVisible());
    QVERIFY(!actions->newRunAction()->isEnabled());
    QVERIFY(actions->cancelRunAction()->isEnabled());
    QTRY_VERIFY_WITH_TIMEOUT(finished.count() > 0, 600000);
    QVERIFY2(finished.last().at(0).toString().isEmpty(),
             qPrintable(finished.last().at(0).toString()));
    QVERIFY(problems.isEmpty());
    QVERIFY(!progressed.isEmpty());
    QVERIFY(!actions->statusWidget()->isVisible());
    const EvalTotals& t = actions->job()->totals();
    QCOMPARE(t.cells, 4);
    QCOMPARE(t.done, 4);
    QCOMPARE(t.answered, 4);
    QCOMPARE(t.compiled, 2); // with the skill only
    QCOMPARE(m_server.requests().size(), std::size_t(4));
    // The view shows the run as core reports it.
    m_window->showView(2);
    EvaluationView* view = m_window->evaluationView();
    const QString runId = actions->job()->runId();
    QTRY_VERIFY_WITH_TIMEOUT(view->report() && view->report()->run.runId == runId.toStdString() &&
                                 view->report()->cells == 4,
                             15000);
    auto store = ProjectStore::open(m_project.toStdString());
    QVERIFY(store);
    auto core = buildEvalReport(**store, runId.toStdString());
    QVERIFY(core);
    std::map<std::string, int> compiled;
    for (const EvalReportGroup& g : view->report()->groups)
        if (g.scope == "overall")
            compiled[g.condition] = g.stats.compiled;
    QCOMPARE(compiled["plain"], 0);
    QCOMPARE(compiled["skill:SKILL.md"], 2);
    QCOMPARE(view->resultsTable()->rowCount(), 2);
    // The heatmap's one task row: plain is never correct; with the skill, as core counts it
    // (correct only where a GPU ran the answers).
    QCOMPARE(view->taskTable()->rowCount(), 1);
    for (const EvalReportGroup& g : core->groups)
        if (g.scope == "task:saxpy-f32") {
            int column = -1;
            for (int c = 1; c < view->taskTable()->columnCount(); ++c)
                if (view->taskTable()->horizontalHeaderItem(c)->text() ==
                    QStringLiteral("student\n") + QString::fromStdString(g.condition))
                    column = c;
            QVERIFY(view->heatOf(0, column).has_value());
            QCOMPARE(*view->heatOf(0, column), double(g.stats.correct) / g.stats.cells);
        }
}

void TestEvalRun::cancelThenResume() {
    if (!m_canRun)
        QSKIP(qPrintable(m_whyNot));
    // The same skill under another run name, with a student that takes two seconds an answer.
    QString text;
    {
        QFile f(m_skillPlan);
        QVERIFY(f.open(QIODevice::ReadOnly));
        text = QString::fromUtf8(f.readAll());
    }
    text.replace(QStringLiteral("name = \"skill-SKILL\""), QStringLiteral("name = \"cancelled\""));
    const QString plan = m_dir.filePath(QStringLiteral("cancel.toml"));
    QVERIFY(writeText(plan, text));
    m_delayMs = 2000;
    EvaluationActions* actions = m_window->evaluationActions();
    QSignalSpy finished(actions->job(), &EvalRunJob::finished);
    QSignalSpy started(actions->job(), &EvalRunJob::started);
    const std::size_t asked0 = m_server.requests().size();
    // Cancel while the plan's keys are read from the keychain, before the run starts: no run,
    // no request, the menu as it was.
    if (ProviderKeychain::compiledIn()) {
        QVERIFY(actions->startPlan(plan, 1));
        QVERIFY(actions->statusWidget()->isVisible());
        actions->cancelRunAction()->trigger();
        QTest::qWait(500);
        QCOMPARE(started.count(), 0);
        QCOMPARE(m_server.requests().size(), asked0);
        QVERIFY(actions->newRunAction()->isEnabled());
        QVERIFY(!actions->statusWidget()->isVisible());
    } else {
        qInfo("built without QtKeychain: a run starts at once, so no cancel before it starts");
    }
    QVERIFY(actions->startPlan(plan, 1));
    // The run starts once the keys are in; until then the job's totals are the last run's.
    QTRY_VERIFY_WITH_TIMEOUT(started.count() > 0, 30000);
    QTRY_VERIFY_WITH_TIMEOUT(actions->job()->totals().done >= 1 || finished.count() > 0, 300000);
    actions->cancelRunAction()->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(finished.count() > 0, 60000);
    const EvalTotals first = actions->job()->totals();
    QVERIFY2(
        first.interrupted && first.done >= 1 && first.done < 4,
        qPrintable(QStringLiteral("the cancel must land part-way: %1 of 4 done").arg(first.done)));
    QTRY_VERIFY2_WITH_TIMEOUT(descendants().isEmpty(), qPrintable(descendants().join(u',')), 5000);
    const std::size_t asked1 = m_server.requests().size();
    QVERIFY(asked1 > asked0);
    // Started again: only the open cells are asked.
    m_delayMs = 0;
    QVERIFY(startAndWait(plan, 1, 600000));
    const EvalTotals second = actions->job()->totals();
    QCOMPARE(second.already, first.done);
    QCOMPARE(second.done, 4 - first.done);
    QCOMPARE(m_server.requests().size() - asked1, std::size_t(4 - first.done));
    auto store = ProjectStore::open(m_project.toStdString());
    QVERIFY(store);
    auto core = buildEvalReport(**store, "cancelled");
    QVERIFY(core);
    QCOMPARE(core->cells, 4);
    QTRY_VERIFY2_WITH_TIMEOUT(descendants().isEmpty(), qPrintable(descendants().join(u',')), 5000);
}

void TestEvalRun::cleanupTestCase() {
    m_window.reset();
    m_server.stop();
}

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    app.setAttribute(Qt::AA_Use96Dpi, true);
    TestEvalRun test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}
#include "tst_eval_run.moc"
