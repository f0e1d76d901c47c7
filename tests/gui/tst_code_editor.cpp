// The CodeEditor offscreen: CUDA highlighting, diagnostics of a real nvcc run drawn as markers,
// squiggles and annotations, F8 navigation, find and replace, read-only samples, and the
// side-by-side DiffView.
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include "core/protocol/diagnostics.h"
#include "ui/models/record_views.h"
#include "ui/widgets/code_editor.h"
#include "ui/widgets/diff_view.h"
#include "ui/widgets/find_replace_bar.h"

using kwb::ui::CodeEditor;
using kwb::ui::DiffView;

namespace {

// A kernel with two errors and one warning; the lines are named in the comments, which the
// test reads back, so editing the text cannot silently move the expectations.
const char* const kBadKernel = R"(#include <cuda_runtime.h>

__global__ void scale(const float* x, float* y, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    int unused = 3; // expect-warning
    if (i < n)
        y[i] = x[i] * missingFactor; // expect-error
    y[0] = notAFunction(i); // expect-error
}

extern "C" void kwb_scale(const float* x, float* y, int n, cudaStream_t stream) {
    scale<<<(n + 255) / 256, 256, 0, stream>>>(x, y, n);
}
)";

QList<int> linesMarked(const QString& source, const QString& tag) {
    QList<int> out;
    const QStringList lines = source.split(QLatin1Char('\n'));
    for (int i = 0; i < lines.size(); ++i)
        if (lines[i].contains(tag))
            out.append(i + 1);
    return out;
}

QString nvccPath() {
    const QString fromEnv = qEnvironmentVariable("KWB_TEST_NVCC");
    if (!fromEnv.isEmpty())
        return fromEnv;
    return QStringLiteral(KWB_TEST_NVCC);
}

} // namespace

class TestCodeEditor : public QObject {
    Q_OBJECT

private slots:
    void highlightsCuda_data();
    void highlightsCuda();
    void showsRealNvccDiagnostics();
    void diagnosticsOutsideTheTextAreIgnored();
    void findAndReplace();
    void findBarShortcuts();
    void readOnlyOffersEditCopy();
    void diffViewAlignsSources();
    void diffViewScrollsTogether();
};

void TestCodeEditor::highlightsCuda_data() {
    QTest::addColumn<QString>("word");
    QTest::addColumn<bool>("highlighted");
    for (const char* w :
         {"__global__", "__device__", "__shared__", "__launch_bounds__", "threadIdx", "blockIdx",
          "__syncthreads", "__shfl_xor_sync", "__ldg", "atomicAdd", "__hfma2", "wmma", "mma_sync",
          "load_matrix_sync", "fragment", "dim3", "__nv_bfloat16", "float4"})
        QTest::newRow(w) << QString::fromLatin1(w) << true;
    QTest::newRow("identifier") << QStringLiteral("scale") << false;
}

void TestCodeEditor::highlightsCuda() {
    QFETCH(QString, word);
    QFETCH(bool, highlighted);
    CodeEditor editor(CodeEditor::Language::Cuda);
    QCOMPARE(editor.highlights(word), highlighted);
}

void TestCodeEditor::showsRealNvccDiagnostics() {
    const QString nvcc = nvccPath();
    if (nvcc.isEmpty() || !QFile::exists(nvcc))
        QSKIP("nvcc is not installed (no CUDA toolkit): no real compiler output to show");
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString source = QString::fromLatin1(kBadKernel);
    const QString file = dir.filePath(QStringLiteral("bad_scale.cu"));
    {
        QFile out(file);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(source.toUtf8());
    }
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(nvcc, {QStringLiteral("-c"), QStringLiteral("-arch=sm_90"), QStringLiteral("-o"),
                         dir.filePath(QStringLiteral("bad.o")), file});
    QVERIFY2(process.waitForFinished(180000), "nvcc did not finish in 3 minutes");
    QVERIFY2(process.exitCode() != 0, "the bad kernel compiled");
    const std::string output = process.readAll().toStdString();
    const auto all = kwb::parseDiagnostics(output);
    const auto diagnostics = kwb::ui::diagnosticsInFile(all, QStringLiteral("bad_scale.cu"));
    QVERIFY2(!diagnostics.empty(), output.c_str());

    const QList<int> errorLines = linesMarked(source, QStringLiteral("expect-error"));
    const QList<int> warningLines = linesMarked(source, QStringLiteral("expect-warning"));
    QList<int> reportedErrors;
    for (const auto& d : diagnostics)
        if (d.severity == "error")
            reportedErrors.append(d.line);
    QCOMPARE(reportedErrors, errorLines);

    CodeEditor editor(CodeEditor::Language::Cuda);
    editor.resize(900, 500);
    editor.show();
    editor.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&editor));
    editor.setText(source);
    editor.setDiagnostics(diagnostics);
    QCOMPARE(editor.diagnosticCount(), static_cast<int>(diagnostics.size()));

    for (const auto& d : diagnostics) {
        if (d.severity != "error")
            continue;
        QVERIFY2(editor.markerMask(d.line) & CodeEditor::ErrorMarker,
                 qPrintable(QString::number(d.line)));
        const QString annotation = editor.annotationAt(d.line);
        QVERIFY2(annotation.contains(QString::fromStdString(d.message)), qPrintable(annotation));
        QVERIFY(annotation.startsWith(QLatin1String("error: ")));
        // nvcc's caret column: the squiggle starts under it.
        QVERIFY(d.column > 0);
        QVERIFY2(editor.hasSquiggle(d.line, d.column),
                 qPrintable(QStringLiteral("line %1 column %2").arg(d.line).arg(d.column)));
    }
    // The identifiers the errors name are underlined, the lines without problems are clean.
    const int missing = errorLines[0];
    const QString missingLine = source.split(QLatin1Char('\n'))[missing - 1];
    QVERIFY(
        editor.hasSquiggle(missing, int(missingLine.indexOf(QLatin1String("missingFactor"))) + 3));
    QVERIFY(!editor.hasSquiggle(missing, 3));
    for (int line : {1, 3, 4}) {
        QCOMPARE(editor.markerMask(line), 0);
        QVERIFY(editor.annotationAt(line).isEmpty());
    }
    bool sawWarning = false;
    for (const auto& d : diagnostics) {
        if (d.severity == "warning") {
            sawWarning = true;
            QCOMPARE(d.line, warningLines.value(0));
            QVERIFY(editor.markerMask(d.line) & CodeEditor::WarningMarker);
            QVERIFY(editor.annotationAt(d.line).startsWith(QLatin1String("warning: ")));
        }
    }
    if (!sawWarning)
        qInfo("this nvcc reported no unused-variable warning; only errors were checked");

    // F8 walks the problems from the caret down, wrapping; Shift+F8 walks back.
    QWidget* sci = editor.focusProxy();
    sci->setFocus();
    QTRY_VERIFY(sci->hasFocus());
    editor.goToLine(1);
    QList<int> visited;
    for (size_t i = 0; i < diagnostics.size() + 1; ++i) {
        QTest::keyClick(sci, Qt::Key_F8);
        visited.append(editor.cursorLine());
    }
    QCOMPARE(visited.first(), diagnostics.front().line);
    QCOMPARE(visited.last(), diagnostics.front().line); // wrapped around
    QCOMPARE(editor.cursorColumn(), std::max(1, diagnostics.front().column));
    QTest::keyClick(sci, Qt::Key_F8, Qt::ShiftModifier);
    QCOMPARE(editor.cursorLine(), diagnostics.back().line);

    // goToDiagnostic() is the list's jump: it lands on the line and column.
    QSignalSpy shown(&editor, &CodeEditor::diagnosticShown);
    QVERIFY(editor.goToDiagnostic(int(diagnostics.size()) - 1));
    QCOMPARE(shown.count(), 1);
    QCOMPARE(editor.cursorLine(), diagnostics.back().line);
    QVERIFY(!editor.goToDiagnostic(int(diagnostics.size())));

    editor.clearDiagnostics();
    for (int line : errorLines) {
        QCOMPARE(editor.markerMask(line), 0);
        QVERIFY(editor.annotationAt(line).isEmpty());
    }
}

void TestCodeEditor::diagnosticsOutsideTheTextAreIgnored() {
    CodeEditor editor(CodeEditor::Language::Cuda);
    editor.setText(QStringLiteral("int a;\nint b;\n"));
    editor.setDiagnostics({{"x.cu", 0, 0, "error", "line zero"},
                           {"x.cu", 99, 4, "error", "past the end"},
                           {"x.cu", 2, 0, "note", "no column"}});
    QCOMPARE(editor.diagnosticCount(), 3);
    QCOMPARE(editor.markerMask(2), int(CodeEditor::NoteMarker));
    QVERIFY(editor.hasSquiggle(2, 1)); // no column: the line's text
    QVERIFY(editor.annotationAt(2).startsWith(QLatin1String("note: ")));
    // Text replaced: the markers follow the new text's lines.
    editor.setText(QStringLiteral("one line only"));
    QCOMPARE(editor.markerMask(2), 0);
}

void TestCodeEditor::findAndReplace() {
    CodeEditor editor(CodeEditor::Language::Cuda);
    editor.setText(QStringLiteral("float acc = 0;\nacc += x;\nACC = acc;\n"));
    QVERIFY(editor.find(QStringLiteral("acc")));
    QCOMPARE(editor.selectedText(), QStringLiteral("acc"));
    QCOMPARE(editor.cursorLine(), 1);
    QVERIFY(editor.find(QStringLiteral("acc")));
    QCOMPARE(editor.cursorLine(), 2);
    QVERIFY(!editor.find(QStringLiteral("nothing like this")));

    QCOMPARE(editor.replaceAll(QStringLiteral("acc"), QStringLiteral("sum"), true), 3);
    QCOMPARE(editor.text(), QStringLiteral("float sum = 0;\nsum += x;\nACC = sum;\n"));
    QCOMPARE(editor.replaceAll(QStringLiteral("acc"), QStringLiteral("total")), 1); // ACC
    QCOMPARE(editor.replaceAll(QStringLiteral("s[a-z]+"), QStringLiteral("v"), true, false, true),
             3);
    QCOMPARE(editor.text(), QStringLiteral("float v = 0;\nv += x;\ntotal = v;\n"));
    // A pattern that matches nothing but the empty string must not loop.
    QCOMPARE(editor.replaceAll(QStringLiteral("q*"), QStringLiteral("!"), true, false, true), 0);

    editor.setReadOnly(true);
    QCOMPARE(editor.replaceAll(QStringLiteral("v"), QStringLiteral("w")), 0);
}

void TestCodeEditor::findBarShortcuts() {
    CodeEditor editor(CodeEditor::Language::Cuda);
    editor.resize(700, 400);
    editor.setText(QStringLiteral("__syncthreads();\nint x = 1;\n__syncthreads();\n"));
    editor.show();
    editor.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&editor));
    auto* bar = editor.findChild<kwb::ui::FindReplaceBar*>(QStringLiteral("findReplaceBar"));
    auto* field = editor.findChild<QLineEdit*>(QStringLiteral("findField"));
    auto* replace = editor.findChild<QLineEdit*>(QStringLiteral("replaceField"));
    QVERIFY(bar && field && replace);
    QVERIFY(!bar->isVisible());

    QWidget* sci = editor.focusProxy();
    sci->setFocus();
    QTRY_VERIFY(sci->hasFocus());
    QTest::keyClick(sci, Qt::Key_F, Qt::ControlModifier);
    QTRY_VERIFY(bar->isVisible());
    QVERIFY(field->hasFocus());
    QVERIFY(!replace->isVisible());
    QTest::keyClicks(field, QStringLiteral("__syncthreads"));
    QTest::keyClick(field, Qt::Key_Return);
    QCOMPARE(editor.cursorLine(), 1);
    QTest::keyClick(field, Qt::Key_F3);
    QCOMPARE(editor.cursorLine(), 3);
    QTest::keyClick(field, Qt::Key_Escape);
    QVERIFY(!bar->isVisible());

    sci->setFocus();
    QTRY_VERIFY(sci->hasFocus());
    QTest::keyClick(sci, Qt::Key_H, Qt::ControlModifier);
    QTRY_VERIFY(replace->isVisible());
    field->setText(QStringLiteral("int x"));
    replace->setText(QStringLiteral("int y"));
    auto* all = editor.findChild<QAbstractButton*>(QStringLiteral("replaceAllButton"));
    QVERIFY(all);
    all->click();
    QVERIFY(editor.text().contains(QLatin1String("int y = 1;")));
}

void TestCodeEditor::readOnlyOffersEditCopy() {
    CodeEditor editor(CodeEditor::Language::Cuda);
    editor.show();
    QVERIFY(QTest::qWaitForWindowExposed(&editor));
    editor.setText(QStringLiteral("__global__ void k() {}\n"));
    auto* strip = editor.findChild<QWidget*>(QStringLiteral("readOnlyStrip"));
    auto* button = editor.findChild<QPushButton*>(QStringLiteral("editCopyButton"));
    QVERIFY(strip && button);
    QVERIFY(!strip->isVisible());
    editor.setReadOnly(true);
    QVERIFY(strip->isVisible());
    QTest::keyClicks(editor.focusProxy(), QStringLiteral("zz"));
    QCOMPARE(editor.text(), QStringLiteral("__global__ void k() {}\n"));
    QSignalSpy spy(&editor, &CodeEditor::editCopyRequested);
    QTest::mouseClick(button, Qt::LeftButton);
    QCOMPARE(spy.count(), 1);
    editor.setEditCopyOffered(false);
    QVERIFY(!strip->isVisible());
    editor.setReadOnly(false);
    QVERIFY(!editor.isReadOnly());
}

void TestCodeEditor::diffViewAlignsSources() {
    DiffView view;
    const QString left = QStringLiteral("int a;\nfoo();\nbar();\nbaz();\nreturn;\n");
    const QString right = QStringLiteral("int a;\nFOO();\nbaz();\nqux();\nreturn;\n");
    view.setSources(QStringLiteral("sample 1"), left, QStringLiteral("sample 2"), right);
    QCOMPARE(view.removedLines(), 2);
    QCOMPARE(view.addedLines(), 2);
    QCOMPARE(view.rowCount(), 6);
    QCOMPARE(view.changeCount(), 2);
    using Mark = CodeEditor::LineMark;
    const QList<Mark> leftMarks{Mark::None, Mark::Changed, Mark::Removed,
                                Mark::None, Mark::Filler,  Mark::None};
    const QList<Mark> rightMarks{Mark::None, Mark::Changed, Mark::Filler,
                                 Mark::None, Mark::Added,   Mark::None};
    for (int row = 0; row < 6; ++row) {
        QCOMPARE(view.leftEditor()->lineMark(row + 1), leftMarks[row]);
        QCOMPARE(view.rightEditor()->lineMark(row + 1), rightMarks[row]);
    }
    // Filler rows are blank; the real lines keep their text.
    const QStringList leftRows = view.leftEditor()->text().split(QLatin1Char('\n'));
    const QStringList rightRows = view.rightEditor()->text().split(QLatin1Char('\n'));
    QCOMPARE(leftRows.value(4), QString());
    QCOMPARE(rightRows.value(2), QString());
    QCOMPARE(rightRows.value(4), QStringLiteral("qux();"));
    QVERIFY(view.leftEditor()->isReadOnly() && view.rightEditor()->isReadOnly());
    auto* summary = view.findChild<QLabel*>(QStringLiteral("diffSummary"));
    QVERIFY(summary && summary->text().contains(QLatin1String("2")));

    view.nextChange();
    QCOMPARE(view.leftEditor()->cursorLine(), 2);
    view.nextChange();
    QCOMPARE(view.rightEditor()->cursorLine(), 5);
    view.nextChange(); // wraps
    QCOMPARE(view.leftEditor()->cursorLine(), 2);

    view.setSources(QStringLiteral("a"), left, QStringLiteral("b"), left);
    QCOMPARE(view.changeCount(), 0);
    QCOMPARE(view.leftEditor()->lineMark(2), Mark::None);
}

void TestCodeEditor::diffViewScrollsTogether() {
    DiffView view;
    view.resize(900, 300);
    QString left, right;
    for (int i = 0; i < 400; ++i) {
        left += QStringLiteral("line %1;\n").arg(i);
        right += QStringLiteral("line %1;%2\n")
                     .arg(i)
                     .arg(i % 50 == 0 ? QStringLiteral(" // changed") : QString());
    }
    view.setSources(QStringLiteral("a"), left, QStringLiteral("b"), right);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.leftEditor()->setFirstVisibleLine(120);
    QTRY_COMPARE(view.rightEditor()->firstVisibleLine(), 120);
    view.rightEditor()->setFirstVisibleLine(300);
    QTRY_COMPARE(view.leftEditor()->firstVisibleLine(), 300);
}

QTEST_MAIN(TestCodeEditor)
#include "tst_code_editor.moc"
