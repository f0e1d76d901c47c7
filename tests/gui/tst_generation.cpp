// Repair turns from the generation panel, through core's GenerationRun as `kwb generate
// --repair` runs it: a real HTTP server on loopback answers first with a kernel that does not
// compile (checked by the real kwb-runner and nvcc; without a worker, with an answer that has
// no code), and the repair turn with a correct one. The failure must have gone back to the
// model in the second request, both turns must be in the project file, linked, and the sample
// list must show the repair turn as a child of the sample it repairs.
#include <QAction>
#include <QApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <nlohmann/json.hpp>

#include "core/store/demo_project.h"
#include "core/store/project_store.h"
#include "core/verify/subprocess_worker.h"
#include "tests/gui/gui_fixtures.h"
#include "tests/llm/loopback_server.h"
#include "ui/models/generation_job.h"
#include "ui/models/sample_list_model.h"
#include "ui/widgets/code_editor.h"
#include "ui/widgets/generation_panel.h"
#include "ui/widgets/task_browser.h"
#include "ui/windows/main_window.h"
#include "ui/windows/review_controller.h"

using namespace kwb;
using namespace kwb::ui;

namespace {

// An OpenAI-compatible streamed answer with this text, in small deltas.
kwbtest::ScriptedResponse openAiAnswer(const QString& text) {
    auto line = [](const QJsonObject& o) {
        return "data: " + QJsonDocument(o).toJson(QJsonDocument::Compact).toStdString() + "\n\n";
    };
    auto chunk = [](const QJsonObject& delta, const QJsonValue& finish) {
        QJsonObject choice{{QStringLiteral("index"), 0},
                           {QStringLiteral("delta"), delta},
                           {QStringLiteral("finish_reason"), finish}};
        return QJsonObject{{QStringLiteral("id"), QStringLiteral("chatcmpl-repair")},
                           {QStringLiteral("object"), QStringLiteral("chat.completion.chunk")},
                           {QStringLiteral("model"), QStringLiteral("gpt-4.1")},
                           {QStringLiteral("choices"), QJsonArray{choice}}};
    };
    kwbtest::ScriptedResponse r;
    r.headers = {{"content-type", "text/event-stream"}};
    r.body = line(chunk({{QStringLiteral("role"), QStringLiteral("assistant")}}, QJsonValue::Null));
    for (qsizetype i = 0; i < text.size(); i += 48)
        r.body += line(chunk({{QStringLiteral("content"), text.mid(i, 48)}}, QJsonValue::Null));
    r.body += line(chunk({}, QStringLiteral("stop")));
    r.body +=
        line({{QStringLiteral("id"), QStringLiteral("chatcmpl-repair")},
              {QStringLiteral("object"), QStringLiteral("chat.completion.chunk")},
              {QStringLiteral("choices"), QJsonArray{}},
              {QStringLiteral("usage"), QJsonObject{{QStringLiteral("prompt_tokens"), 900},
                                                    {QStringLiteral("completion_tokens"), 300}}}});
    r.body += "data: [DONE]\n\n";
    r.pieceBytes = 512;
    return r;
}

QString goodKernel() {
    QFile file(QString::fromStdString(kwbtest::transcriptPath("expected_reduce_sum.cu")));
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

QString fenced(const QString& code) {
    return QStringLiteral("Here is the kernel.\n\n```cuda\n%1```\n").arg(code);
}

// The panel asks the loopback provider's gpt-4.1 for one answer, with this many repair turns.
void askLoopback(GenerationPanel* panel, int repairTurns) {
    panel->reloadProviders();
    panel->setProvider(QStringLiteral("loopback"));
    panel->setModel(QStringLiteral("gpt-4.1"));
    panel->setSampleCount(1);
    panel->setRepairTurns(repairTurns);
}

} // namespace

class TestGeneration : public QObject {
    Q_OBJECT

private slots:
    void repairTurnsFromThePanel_data();
    void repairTurnsFromThePanel();
    void regenerateWithNoteAndEditedPrompt();
    void cancelBeforeTheRunStarts();
};

void TestGeneration::repairTurnsFromThePanel_data() {
    QTest::addColumn<bool>("compileError");
    QTest::newRow("no code") << false;
    QTest::newRow("compile error") << true;
}

void TestGeneration::repairTurnsFromThePanel() {
    QFETCH(bool, compileError);
    const bool haveWorker = !locateRunner().empty();
    if (compileError && !haveWorker)
        QSKIP("no kwb-runner here (KWB_RUNNER): answers cannot be checked, so no compile error to "
              "repair");
    const QString good = goodKernel();
    QVERIFY(good.contains(QLatin1String("s[threadIdx.x] = v;")));

    QTemporaryDir dir;
    kwbtest::LoopbackServer server;
    QVERIFY(kwbtest::useLoopbackProvider(dir, server));
    QString broken = good;
    broken.replace(QLatin1String("s[threadIdx.x] = v;"), QLatin1String("s[threadIdx.x] = w;"));
    server.enqueue(openAiAnswer(
        compileError ? fenced(broken) : QStringLiteral("I would use a tree reduction per block.")));
    server.enqueue(openAiAnswer(fenced(good)));

    const QString project = dir.filePath(QStringLiteral("repair.kwbproj"));
    MainWindow window;
    QVERIFY(kwbtest::openDemoProjectOnTask(window, project, QStringLiteral("reduce-sum-f32")));

    GenerationPanel* panel = window.generationPanel();
    askLoopback(panel, 1);
    QCOMPARE(panel->repairTurns(), 1);
    QSignalSpy ended(panel, &GenerationPanel::generationEnded);
    QSignalSpy stored(panel->job(), &GenerationJob::answerStored);
    QVERIFY(panel->generate());
    QVERIFY(QTest::qWaitFor([&] { return ended.count() > 0; }, 600000));
    QCOMPARE(ended.first().at(0).toBool(), false);

    // Two answers: the first, then its repair turn, linked to it.
    QCOMPARE(stored.count(), 2);
    QCOMPARE(stored.at(0).at(1).toInt(), 0);
    QCOMPARE(stored.at(1).at(1).toInt(), 1);
    QCOMPARE(stored.at(1).at(0).toInt(), stored.at(0).at(0).toInt());
    const qint64 firstSample = stored.at(0).at(2).toLongLong();
    const qint64 repairSample = stored.at(1).at(2).toLongLong();
    QCOMPARE(firstSample != 0, compileError); // an answer without code is kept, not as a sample
    QVERIFY(repairSample != 0);
    QVERIFY2(panel->statusText().contains(QLatin1String("1 repair turn")),
             qPrintable(panel->statusText()));

    // The failure went back to the model with the repair request.
    const auto requests = server.requests();
    QCOMPARE(requests.size(), std::size_t(2));
    const std::string& followUp = requests[1].body;
    if (compileError)
        QVERIFY2(followUp.find("\\\"w\\\" is undefined") != std::string::npos ||
                     followUp.find("identifier") != std::string::npos,
                 followUp.c_str());
    else
        QVERIFY2(followUp.find("no complete") != std::string::npos, followUp.c_str());
    QVERIFY(followUp.find("I would use a tree reduction") != std::string::npos ||
            followUp.find("s[threadIdx.x] = w;") != std::string::npos);

    // The repair turn streamed into the editor after the first answer.
    auto* editor = window.findChild<CodeEditor*>(QStringLiteral("kernelEditor"));
    QVERIFY(editor->text().contains(QLatin1String("s[threadIdx.x] = v;")));

    // In the project file: the repair turn's record points at the answer it repairs.
    {
        auto store = ProjectStore::open(project.toStdString());
        QVERIFY(store);
        auto record = (*store)->generationOfSample(repairSample);
        QVERIFY(record && record->has_value());
        QCOMPARE((*record)->turn, 1);
        QVERIFY((*record)->repairOf.has_value());
        auto links = (*store)->repairLinks({repairSample, firstSample});
        QVERIFY(links);
        QCOMPARE(int(links->size()), 1);
        QCOMPARE(links->at(repairSample).parentSampleId.value_or(0), firstSample);
        if (compileError) {
            auto first = (*store)->generationOfSample(firstSample);
            QVERIFY(first && first->has_value());
            QCOMPARE(QString::fromStdString((*first)->check.value("verdict", std::string())),
                     QStringLiteral("compile-error"));
        }
    }

    // The list shows the repair turn as a child of its parent.
    auto* table = window.findChild<QTableView*>(QStringLiteral("sampleTable"));
    QAbstractItemModel* model = table->model();
    int row = -1;
    QVERIFY(QTest::qWaitFor(
        [&] {
            for (int r = 0; r < model->rowCount(); ++r) {
                if (model->index(r, 0).data(SampleListModel::SampleIdRole).toLongLong() ==
                    repairSample)
                    row = r;
            }
            return row >= 0 && model->index(row, 0).data(SampleListModel::LoadedRole).toBool();
        },
        15000));
    const QModelIndex cell = model->index(row, SampleListModel::SampleColumn);
    QCOMPARE(cell.data(SampleListModel::RepairTurnRole).toInt(), 1);
    QCOMPARE(cell.data(SampleListModel::RepairOfRole).toLongLong(), firstSample);
    const QString shown = cell.data().toString();
    QVERIFY2(shown.startsWith(QStringLiteral("↳")) && shown.contains(QLatin1String("turn 1")),
             qPrintable(shown));
    if (compileError)
        QVERIFY2(shown.contains(QStringLiteral("#%1").arg(firstSample)), qPrintable(shown));
}

// "Regenerate with my note" sends the sample's conversation, its reply and the review bar's
// note as a repair turn linked to it; "Generate from this prompt" sends the Prompt tab's edited
// copy as a new first answer; an empty note sends nothing.
void TestGeneration::regenerateWithNoteAndEditedPrompt() {
    QTemporaryDir dir;
    kwbtest::LoopbackServer server;
    QVERIFY(kwbtest::useLoopbackProvider(dir, server));
    const QString good = goodKernel();
    QVERIFY(!good.isEmpty());
    for (int i = 0; i < 3; ++i)
        server.enqueue(openAiAnswer(fenced(good)));
    const QString project = dir.filePath(QStringLiteral("note.kwbproj"));
    MainWindow window;
    QVERIFY(kwbtest::openDemoProjectOnTask(window, project, QStringLiteral("reduce-sum-f32")));
    GenerationPanel* panel = window.generationPanel();
    askLoopback(panel, 0);
    QSignalSpy ended(panel, &GenerationPanel::generationEnded);
    QSignalSpy stored(panel->job(), &GenerationJob::answerStored);
    QVERIFY(panel->generate());
    QVERIFY(QTest::qWaitFor([&] { return ended.count() == 1; }, 60000));
    QCOMPARE(stored.count(), 1);
    const qint64 first = stored.at(0).at(2).toLongLong();
    QVERIFY(first != 0);

    ReviewController* review = window.reviewController();
    review->showSample(first);
    QVERIFY(QTest::qWaitFor([&] { return review->currentSampleId() == first; }, 15000));
    auto* withNote = window.findChild<QAction*>(QStringLiteral("regenerateWithNoteAction"));
    auto* fromPrompt = window.findChild<QAction*>(QStringLiteral("generateFromPromptAction"));
    QVERIFY(withNote && fromPrompt);
    QCOMPARE(withNote->shortcut(), QKeySequence(QStringLiteral("Ctrl+Shift+O")));
    QCOMPARE(fromPrompt->shortcut(), QKeySequence(QStringLiteral("Ctrl+Shift+G")));

    // No note: nothing is sent.
    auto* note = window.findChild<QLineEdit*>(QStringLiteral("reviewNote"));
    QVERIFY(note);
    note->clear();
    withNote->trigger();
    QTest::qWait(300);
    QCOMPARE(ended.count(), 1);
    QCOMPARE(server.requests().size(), std::size_t(1));

    note->setText(QStringLiteral("Use warp shuffles for the last 32 partial sums"));
    withNote->trigger();
    QVERIFY(QTest::qWaitFor([&] { return ended.count() == 2; }, 60000));
    QCOMPARE(stored.count(), 2);
    QCOMPARE(stored.at(1).at(1).toInt(), 1); // a repair turn
    const qint64 repaired = stored.at(1).at(2).toLongLong();
    {
        const auto requests = server.requests();
        QCOMPARE(requests.size(), std::size_t(2));
        // The first request's messages, the first answer as the assistant's, then the note.
        const auto asked = nlohmann::json::parse(requests[0].body)["messages"];
        const auto sent = nlohmann::json::parse(requests[1].body)["messages"];
        QCOMPARE(sent.size(), asked.size() + 2);
        for (std::size_t i = 0; i < asked.size(); ++i)
            QVERIFY(sent[i] == asked[i]);
        QVERIFY(sent[asked.size()]["role"] == "assistant");
        QVERIFY(sent[asked.size()]["content"].get<std::string>().find("Here is the kernel.") == 0);
        const std::string repair = sent.back()["content"].get<std::string>();
        QVERIFY(sent.back()["role"] == "user");
        QVERIFY2(repair.find("A reviewer's note on your kernel:\n\nUse warp shuffles for the last "
                             "32 partial sums") != std::string::npos,
                 repair.c_str());
    }
    {
        auto store = ProjectStore::open(project.toStdString());
        QVERIFY(store);
        auto parent = (*store)->generationOfSample(first);
        auto record = (*store)->generationOfSample(repaired);
        QVERIFY(parent && parent->has_value() && record && record->has_value());
        QCOMPARE((*record)->turn, 1);
        QVERIFY((*record)->repairOfGenerationId == (*parent)->generationId);
        QCOMPARE((*record)->repairOf.value_or(0), (*parent)->id);
    }

    // The prompt edited as a copy, then sent as a new first answer.
    review->showSample(first);
    QVERIFY(QTest::qWaitFor([&] { return review->currentSampleId() == first; }, 15000));
    auto* prompt = window.findChild<CodeEditor*>(QStringLiteral("promptEditor"));
    QVERIFY(prompt);
    QVERIFY(prompt->text().startsWith(QLatin1String("## system")));
    emit prompt->editCopyRequested();
    QVERIFY(!prompt->isReadOnly());
    prompt->setText(QStringLiteral("## system\n\nYou write CUDA for a reviewer.\n\n## user\n\n"
                                   "## Task\nSum the floats with float4 loads only.\n"));
    fromPrompt->trigger();
    QVERIFY(QTest::qWaitFor([&] { return ended.count() == 3; }, 60000));
    QCOMPARE(stored.count(), 3);
    QCOMPARE(stored.at(2).at(1).toInt(), 0);
    {
        const auto requests = server.requests();
        QCOMPARE(requests.size(), std::size_t(3));
        const auto sent = nlohmann::json::parse(requests[2].body)["messages"];
        QCOMPARE(sent.size(), std::size_t(2)); // system, user: nothing of the earlier turns
        QVERIFY(sent[0]["role"] == "system");
        QVERIFY(sent[0]["content"] == "You write CUDA for a reviewer.");
        // A markdown heading in the prompt stays in the user message.
        QVERIFY(sent[1]["content"] == "## Task\nSum the floats with float4 loads only.");
    }
    auto store = ProjectStore::open(project.toStdString());
    QVERIFY(store);
    auto fresh = (*store)->generationOfSample(stored.at(2).at(2).toLongLong());
    QVERIFY(fresh && fresh->has_value());
    QCOMPARE((*fresh)->turn, 0);
    QVERIFY(!(*fresh)->repairOf.has_value());
}

QTEST_MAIN(TestGeneration)
// Cancel while the prompt and the provider's key are still on their way (the store thread, the
// keychain): the start is dropped, nothing is asked of the provider, and Generate works again.
void TestGeneration::cancelBeforeTheRunStarts() {
    QTemporaryDir dir;
    kwbtest::LoopbackServer server;
    QVERIFY(kwbtest::useLoopbackProvider(dir, server));
    server.enqueue(openAiAnswer(QStringLiteral("No code this time.")));
    MainWindow window;
    QVERIFY(kwbtest::openDemoProjectOnTask(window, dir.filePath(QStringLiteral("cancel.kwbproj")),
                                           QStringLiteral("reduce-sum-f32")));
    GenerationPanel* panel = window.generationPanel();
    askLoopback(panel, 0);
    auto* generateButton = panel->findChild<QPushButton*>(QStringLiteral("generateButton"));
    auto* cancelButton = panel->findChild<QPushButton*>(QStringLiteral("cancelGenerationButton"));
    QVERIFY(generateButton && cancelButton);
    QSignalSpy ended(panel, &GenerationPanel::generationEnded);

    QVERIFY(panel->generate());
    QVERIFY(!generateButton->isEnabled());
    QVERIFY(cancelButton->isEnabled());
    QVERIFY(!panel->generate()); // one start at a time
    cancelButton->click();
    QVERIFY(generateButton->isEnabled());
    QVERIFY(!cancelButton->isEnabled());
    QTest::qWait(1000); // what the store thread and the keychain send back meanwhile is dropped
    QVERIFY(server.requests().empty());
    QVERIFY(!panel->job()->running());
    QCOMPARE(ended.count(), 0);

    QVERIFY(panel->generate());
    QVERIFY(QTest::qWaitFor([&] { return ended.count() > 0; }, 60000));
    QCOMPARE(server.requests().size(), std::size_t(1));
}

#include "tst_generation.moc"
