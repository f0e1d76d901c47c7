// The main window offscreen: its panels, the GPU probe (with the real worker, a missing one
// and a failing one), About, the review shortcuts, CUDA highlighting, the translations, and the
// real kernel-workbench binary as a child process.
#include <QAction>
#include <QDialog>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>
#include <QTreeView>
#include <QXmlStreamReader>
#include <chrono>
#include <optional>

#include "core/verify/subprocess_worker.h"
#include "kwb/version.h"
#include "ui/widgets/code_editor.h"
#include "ui/widgets/review_bar.h"
#include "ui/windows/main_window.h"

using kwb::ui::CodeEditor;
using kwb::ui::MainWindow;
using kwb::ui::ReviewBar;

namespace {

constexpr int kProbeDeadlineMs = 10000;
constexpr int kProcessDeadlineMs = 20000;

const QString kNoDevice = QStringLiteral("No CUDA device: compile-only");
const QString kProbing = QStringLiteral("Looking for a GPU…");

QString tsPath(const char* lang) {
    return QStringLiteral(KWB_TS_DIR "/kernel-workbench_%1.ts").arg(QLatin1String(lang));
}

// One message of a .ts file: its translation (the first numerus form for plurals) and
// whether it is finished.
struct TsMessage {
    QString context;
    QString source;
    QString translation;
    bool finished = false;
};

QList<TsMessage> readTs(const QString& path) {
    QList<TsMessage> out;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return out;
    QXmlStreamReader xml(&file);
    QString context;
    TsMessage current;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        const auto name = xml.name();
        if (name == QLatin1String("name")) {
            context = xml.readElementText();
        } else if (name == QLatin1String("message")) {
            current = TsMessage{context, {}, {}, false};
        } else if (name == QLatin1String("source")) {
            current.source = xml.readElementText();
        } else if (name == QLatin1String("translation")) {
            const QString type = xml.attributes().value(QLatin1String("type")).toString();
            current.finished = type.isEmpty();
            QString text;
            bool numerus = false;
            while (!(xml.isEndElement() && xml.name() == QLatin1String("translation"))) {
                xml.readNext();
                if (xml.isCharacters() && !numerus)
                    text += xml.text();
                if (xml.isStartElement() && xml.name() == QLatin1String("numerusform")) {
                    const QString form = xml.readElementText();
                    if (!numerus)
                        text = form;
                    numerus = true;
                    current.finished = current.finished && !form.isEmpty();
                }
            }
            current.translation = text.trimmed().isEmpty() ? QString() : text;
            current.finished = current.finished && !current.translation.isEmpty();
            out.append(current);
        }
    }
    return xml.hasError() ? QList<TsMessage>{} : out;
}

QString tsTranslation(const char* lang, const QString& context, const QString& source) {
    for (const TsMessage& m : readTs(tsPath(lang))) {
        if (m.context == context && m.source == source)
            return m.translation;
    }
    return {};
}

// Waits for the probe so no probe thread outlives a test that changes the environment.
bool waitForProbe(const MainWindow& window) {
    return QTest::qWaitFor([&window] { return window.isDeviceProbeSettled(); }, kProbeDeadlineMs);
}

QLabel* gpuLabel(const MainWindow& window) {
    return window.findChild<QLabel*>(QStringLiteral("gpuStatusLabel"));
}

// Restores an environment variable when a test that changed it ends.
class EnvGuard {
public:
    explicit EnvGuard(const char* name) : m_name(name), m_had(qEnvironmentVariableIsSet(name)) {
        if (m_had)
            m_value = qgetenv(name);
    }
    ~EnvGuard() {
        if (m_had)
            qputenv(m_name, m_value);
        else
            qunsetenv(m_name);
    }
    EnvGuard(const EnvGuard&) = delete;
    EnvGuard& operator=(const EnvGuard&) = delete;

private:
    const char* m_name;
    bool m_had;
    QByteArray m_value;
};

} // namespace

class TestMainWindow : public QObject {
    Q_OBJECT

private slots:
    void panelsExistAndAreVisible();
    void gpuLabelMatchesTheWorker();
    void missingWorkerMeansCompileOnly();
    void failingWorkerMeansCompileOnly();
    void aboutShowsVersions();
    void reviewBarShortcuts();
    void kernelEditorHighlightsCuda_data();
    void kernelEditorHighlightsCuda();
    void translationsAreComplete_data();
    void translationsAreComplete();
    void spanishRetranslatesTheWindow();
    void binaryPrintsVersion();
    void binaryHelpIsTranslated();
    void binaryRejectsUnknownLanguage();
    void binaryTakesScreenshot();
};

void TestMainWindow::panelsExistAndAreVisible() {
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    for (const char* name :
         {"taskBrowser", "editorArea", "verificationPanel", "reviewBar", "gpuStatusLabel"}) {
        auto* widget = window.findChild<QWidget*>(QLatin1String(name));
        QVERIFY2(widget, name);
        QVERIFY2(widget->isVisible(), name);
    }
    QVERIFY(window.findChild<QTreeView*>(QStringLiteral("taskTree")));
    QVERIFY(window.findChild<QLineEdit*>(QStringLiteral("taskFilter")));
    QVERIFY(!window.windowIcon().isNull());
    QVERIFY(waitForProbe(window));
}

void TestMainWindow::gpuLabelMatchesTheWorker() {
    MainWindow window;
    // The probe answers through the event loop, so the constructor cannot have waited for it.
    QCOMPARE(gpuLabel(window)->text(), kProbing);
    window.show();
    QVERIFY(waitForProbe(window));
    const QString text = gpuLabel(window)->text();
    QVERIFY(!text.isEmpty());

    // Ask the same worker directly, on this thread, and compare.
    kwb::SubprocessWorker worker(kwb::locateRunner(), "tst_main_window");
    auto info = worker.deviceInfo(std::chrono::seconds(5));
    worker.shutdown();
    if (info && info->hasDevice()) {
        QVERIFY2(text.startsWith(QString::fromStdString(info->gpus.front().summary())),
                 qPrintable(text));
        QVERIFY(window.deviceInfo());
    } else {
        QCOMPARE(text, kNoDevice);
        QVERIFY(!gpuLabel(window)->toolTip().isEmpty()); // why there is no device
        if (!info) {
            qInfo("worker: %s", info.error().message.c_str());
            QVERIFY(!window.deviceInfo());
        }
    }
}

void TestMainWindow::missingWorkerMeansCompileOnly() {
    EnvGuard guard("KWB_RUNNER");
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    qputenv("KWB_RUNNER", QFile::encodeName(dir.filePath(QStringLiteral("no-such-runner"))));
    MainWindow window;
    window.show();
    QVERIFY(waitForProbe(window));
    QCOMPARE(gpuLabel(window)->text(), kNoDevice);
    QVERIFY2(gpuLabel(window)->toolTip().contains(QLatin1String("kwb-runner")),
             qPrintable(gpuLabel(window)->toolTip()));
    QVERIFY(!window.deviceInfo());
}

void TestMainWindow::failingWorkerMeansCompileOnly() {
    // A worker that exits at once without a handshake: the probe reports it, never hangs.
    const QString falseProgram = QStringLiteral("/bin/false");
    if (!QFile::exists(falseProgram))
        QSKIP("/bin/false is not present on this system");
    EnvGuard guard("KWB_RUNNER");
    qputenv("KWB_RUNNER", QFile::encodeName(falseProgram));
    MainWindow window;
    window.show();
    QVERIFY(waitForProbe(window));
    QCOMPARE(gpuLabel(window)->text(), kNoDevice);
    QVERIFY2(gpuLabel(window)->toolTip().contains(QLatin1String("worker")),
             qPrintable(gpuLabel(window)->toolTip()));
}

void TestMainWindow::aboutShowsVersions() {
    MainWindow window;
    window.show();
    QVERIFY(waitForProbe(window));
    auto* about = window.findChild<QAction*>(QStringLiteral("aboutAction"));
    QVERIFY(about);
    about->trigger();
    auto* dialog = window.findChild<QDialog*>(QStringLiteral("aboutDialog"));
    QVERIFY(dialog);
    QTRY_VERIFY(dialog->isVisible());

    auto label = [dialog](const char* name) {
        auto* l = dialog->findChild<QLabel*>(QLatin1String(name));
        return l ? l->text() : QStringLiteral("<missing>");
    };
    QCOMPARE(label("qtVersionLabel"), QString::fromLatin1(qVersion()));
    QVERIFY(label("productLabel").contains(QLatin1String(kwb::kVersion)));
    QCOMPARE(label("qscintillaVersionLabel"), CodeEditor::scintillaVersion());
    auto device = window.deviceInfo();
    const auto expected = [&](int version) {
        const std::string s = device ? kwb::formatCudaVersion(version) : std::string();
        return s.empty() ? QStringLiteral("not available") : QString::fromStdString(s);
    };
    QCOMPARE(label("cudaVersionLabel"), expected(device ? device->runtimeVersion : 0));
    QCOMPARE(label("driverVersionLabel"), expected(device ? device->driverVersion : 0));
    dialog->close();
}

void TestMainWindow::reviewBarShortcuts() {
    MainWindow window;
    window.show();
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    auto* bar = window.findChild<ReviewBar*>(QStringLiteral("reviewBar"));
    QVERIFY(bar);
    auto* accept = bar->findChild<QPushButton*>(QStringLiteral("acceptButton"));
    auto* reject = bar->findChild<QPushButton*>(QStringLiteral("rejectButton"));
    auto* needsWork = bar->findChild<QPushButton*>(QStringLiteral("needsWorkButton"));
    QVERIFY(accept && reject && needsWork);
    // The keys are window-wide actions of the bar (acting at once, not after a click animation).
    const auto keyOf = [bar](const char* name) {
        auto* action = bar->findChild<QAction*>(QLatin1String(name));
        return action ? action->shortcut() : QKeySequence();
    };
    QCOMPARE(keyOf("acceptShortcut"), QKeySequence(Qt::Key_A));
    QCOMPARE(keyOf("rejectShortcut"), QKeySequence(Qt::Key_R));
    QCOMPARE(keyOf("needsWorkShortcut"), QKeySequence(Qt::Key_N));
    QCOMPARE(keyOf("nextShortcut"), QKeySequence(Qt::Key_J));
    QCOMPARE(keyOf("previousShortcut"), QKeySequence(Qt::Key_K));

    QSignalSpy spy(bar, &ReviewBar::verdictRequested);
    auto* tree = window.findChild<QTreeView*>(QStringLiteral("taskTree"));
    tree->setFocus();
    QTRY_VERIFY(tree->hasFocus());

    // Presses that must do nothing are judged after a pause.
    constexpr int kClickSettleMs = 300;

    // No sample selected: the verdict buttons are disabled and A does nothing.
    QVERIFY(!accept->isEnabled());
    QTest::keyClick(tree, Qt::Key_A);
    QTest::qWait(kClickSettleMs);
    QCOMPARE(spy.count(), 0);

    bar->setSampleSelected(true);
    QVERIFY(accept->isEnabled());
    QTest::keyClick(tree, Qt::Key_R);
    QTRY_COMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).value<ReviewBar::Verdict>(), ReviewBar::Verdict::Reject);

    // Typing in the note is typing, not a verdict; the note goes with the next verdict.
    auto* note = bar->findChild<QLineEdit*>(QStringLiteral("reviewNote"));
    note->setFocus();
    QTRY_VERIFY(note->hasFocus());
    QTest::keyClicks(note, QStringLiteral("ran"));
    QCOMPARE(note->text(), QStringLiteral("ran"));
    QTest::qWait(kClickSettleMs);
    QCOMPARE(spy.count(), 1);
    QTest::mouseClick(needsWork, Qt::LeftButton);
    QCOMPARE(spy.count(), 2);
    QCOMPARE(spy.at(1).at(0).value<ReviewBar::Verdict>(), ReviewBar::Verdict::NeedsWork);
    QCOMPARE(spy.at(1).at(1).toString(), QStringLiteral("ran"));

    // Nor is typing in the kernel editor.
    auto* editor = window.findChild<CodeEditor*>(QStringLiteral("kernelEditor"));
    editor->setFocus();
    QTRY_VERIFY(editor->hasFocus() || editor->focusProxy()->hasFocus());
    QTest::keyClick(editor->focusProxy(), Qt::Key_A);
    QTest::qWait(kClickSettleMs);
    QCOMPARE(spy.count(), 2);
    QCOMPARE(editor->text(), QStringLiteral("a"));

    tree->setFocus();
    QTRY_VERIFY(tree->hasFocus());
    QTest::keyClick(tree, Qt::Key_A);
    QTRY_COMPARE(spy.count(), 3);
    QCOMPARE(spy.at(2).at(0).value<ReviewBar::Verdict>(), ReviewBar::Verdict::Accept);
    QVERIFY(waitForProbe(window));
}

void TestMainWindow::kernelEditorHighlightsCuda_data() {
    QTest::addColumn<QString>("word");
    QTest::addColumn<bool>("highlighted");
    for (const char* w :
         {"__global__", "__device__", "__shared__", "threadIdx", "blockIdx", "blockDim", "gridDim",
          "__syncthreads", "warpSize", "__shfl_sync", "__shfl_xor_sync", "atomicAdd", "dim3",
          "cudaStream_t", "__half", "float4", "for", "return", "template"})
        QTest::newRow(w) << QString::fromLatin1(w) << true;
    QTest::newRow("identifier") << QStringLiteral("kwb_softmax_rows") << false;
    QTest::newRow("prefix") << QStringLiteral("__glob") << false;
}

void TestMainWindow::kernelEditorHighlightsCuda() {
    QFETCH(QString, word);
    QFETCH(bool, highlighted);
    CodeEditor editor(CodeEditor::Language::Cuda);
    QCOMPARE(editor.lexerLanguage(), QStringLiteral("CUDA"));
    QCOMPARE(editor.highlights(word), highlighted);
    CodeEditor prompt(CodeEditor::Language::PlainText);
    QVERIFY(!prompt.highlights(word));
}

void TestMainWindow::translationsAreComplete_data() {
    QTest::addColumn<QString>("path");
    QTest::newRow("es") << tsPath("es");
    QTest::newRow("pl") << tsPath("pl");
}

void TestMainWindow::translationsAreComplete() {
    QFETCH(QString, path);
    const QList<TsMessage> messages = readTs(path);
    QVERIFY2(messages.size() > 40, qPrintable(path)); // the window has more strings than that
    for (const TsMessage& m : messages) {
        QVERIFY2(m.finished, qPrintable(m.context + QLatin1String(": ") + m.source));
        // Placeholders survive translation.
        for (const QLatin1String arg : {QLatin1String("%1"), QLatin1String("%2")})
            QVERIFY2(m.source.contains(arg) == m.translation.contains(arg), qPrintable(m.source));
    }
}

void TestMainWindow::spanishRetranslatesTheWindow() {
    const QString context = QStringLiteral("kwb::ui::MainWindow");
    const QString fileEs = tsTranslation("es", context, QStringLiteral("&File"));
    const QString noDeviceEs =
        tsTranslation("es", QStringLiteral("kwb::ui::GpuStatusLabel"), kNoDevice);
    QVERIFY(!fileEs.isEmpty());
    QVERIFY(!noDeviceEs.isEmpty());

    MainWindow window;
    window.show();
    QVERIFY(waitForProbe(window));
    auto* fileMenu = window.findChild<QMenu*>(QStringLiteral("fileMenu"));
    QVERIFY(fileMenu);
    QCOMPARE(fileMenu->title(), QStringLiteral("&File"));
    const QString englishStatus = gpuLabel(window)->text();

    QTranslator spanish;
    QVERIFY(spanish.load(QStringLiteral(KWB_QM_DIR "/kernel-workbench_es.qm")));
    QVERIFY(QCoreApplication::installTranslator(&spanish));
    QTRY_COMPARE(fileMenu->title(), fileEs);
    QVERIFY(fileMenu->title() != QStringLiteral("&File"));
    if (englishStatus == kNoDevice) {
        QCOMPARE(gpuLabel(window)->text(), noDeviceEs);
        QVERIFY(noDeviceEs != kNoDevice);
    }

    QVERIFY(QCoreApplication::removeTranslator(&spanish));
    QTRY_COMPARE(fileMenu->title(), QStringLiteral("&File"));
    QCOMPARE(gpuLabel(window)->text(), englishStatus);
}

void TestMainWindow::binaryPrintsVersion() {
    QProcess process;
    process.start(QStringLiteral(KWB_GUI_BINARY), {QStringLiteral("--version")});
    QVERIFY2(process.waitForFinished(kProcessDeadlineMs), "kernel-workbench --version hung");
    QCOMPARE(process.exitStatus(), QProcess::NormalExit);
    QCOMPARE(process.exitCode(), 0);
    QCOMPARE(QString::fromUtf8(process.readAllStandardOutput()).trimmed(),
             QStringLiteral("kernel-workbench %1").arg(QLatin1String(kwb::kVersion)));
}

void TestMainWindow::binaryHelpIsTranslated() {
    // The .qm files are embedded in the binary: --lang es must find them there.
    const QString english =
        QStringLiteral("User interface language: es, pl or en (default: the system's).");
    const QString spanish = tsTranslation("es", QStringLiteral("main"), english);
    QVERIFY(!spanish.isEmpty());
    QProcess process;
    process.start(QStringLiteral(KWB_GUI_BINARY),
                  {QStringLiteral("--lang"), QStringLiteral("es"), QStringLiteral("--help")});
    QVERIFY2(process.waitForFinished(kProcessDeadlineMs), "kernel-workbench --help hung");
    QCOMPARE(process.exitCode(), 0);
    // The help text is wrapped to the terminal: compare with whitespace folded.
    const QString out = QString::fromUtf8(process.readAllStandardOutput()).simplified();
    QVERIFY2(out.contains(spanish.simplified()), qPrintable(out));
    QVERIFY(!out.contains(english));
    QVERIFY2(!out.contains(QLatin1String("screenshot")), "the hidden option is listed");
}

void TestMainWindow::binaryRejectsUnknownLanguage() {
    QProcess process;
    process.start(QStringLiteral(KWB_GUI_BINARY),
                  {QStringLiteral("--lang"), QStringLiteral("xx"), QStringLiteral("--version")});
    QVERIFY2(process.waitForFinished(kProcessDeadlineMs), "kernel-workbench --lang xx hung");
    QVERIFY(process.exitCode() != 0);
    QVERIFY(process.readAllStandardError().contains("xx"));
}

void TestMainWindow::binaryTakesScreenshot() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString png = dir.filePath(QStringLiteral("main-window.png"));
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    // The window opens the default project: a fresh one here, not the user's.
    env.insert(QStringLiteral("KWB_DATA_DIR"), dir.filePath(QStringLiteral("data")));
    env.insert(QStringLiteral("KWB_CONFIG_DIR"), dir.filePath(QStringLiteral("config")));
    process.setProcessEnvironment(env);
    process.start(QStringLiteral(KWB_GUI_BINARY), {QStringLiteral("--lang"), QStringLiteral("en"),
                                                   QStringLiteral("--screenshot"), png});
    QVERIFY2(process.waitForFinished(kProcessDeadlineMs), "kernel-workbench --screenshot hung");
    QVERIFY2(process.exitCode() == 0, process.readAllStandardError().constData());
    QImage image(png);
    QVERIFY(!image.isNull());
    QVERIFY(image.width() >= 640 && image.height() >= 400);
}

QTEST_MAIN(TestMainWindow)
#include "tst_main_window.moc"
