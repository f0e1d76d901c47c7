#pragma once
// The source editor for kernels and prompts. It owns its QsciScintilla: nothing else in the
// workbench includes or touches Scintilla, so the editor component stays replaceable.
//
// Besides editing it shows compiler diagnostics (margin markers, squiggles under the offending
// token, inline annotations; F8 / Shift+F8 walk them), finds and replaces (Ctrl+F, Ctrl+H, F3),
// and the marks and line labels the side-by-side diff needs. UI thread only.
#include <memory>
#include <vector>

#include <QList>
#include <QString>
#include <QStringList>
#include <QWidget>

#include "core/protocol/diagnostics.h"

class QLabel;
class QPushButton;
class QsciScintilla;
class QsciStyle;

namespace kwb::ui {

class CudaLexer;
class FindReplaceBar;

class CodeEditor final : public QWidget {
    Q_OBJECT

public:
    enum class Language { Cuda, PlainText };
    // Whole-line backgrounds used by the diff view.
    enum class LineMark { None, Added, Removed, Changed, Filler };
    // Bits of markerMask(): what the margin shows at a line.
    enum MarkerBit {
        ErrorMarker = 1 << 0,
        WarningMarker = 1 << 1,
        NoteMarker = 1 << 2,
        HotLineMarker = 1 << 3
    };
    // A span of one line (0-based line, column and length in characters), for the diff view's
    // word-level marks.
    struct TextSpan {
        int line = 0;
        int column = 0;
        int length = 0;
        bool operator==(const TextSpan&) const = default;
    };
    // A source line where a profile found the warp-stall samples (1-based).
    struct HotLine {
        int line = 0;
        double samples = 0;
    };

    explicit CodeEditor(Language language, QWidget* parent = nullptr);
    ~CodeEditor() override;

    QString text() const;
    void setText(const QString& text);
    // Adds text at the end (a streamed answer), read-only or not, and keeps the end in view.
    void appendText(const QString& text);
    // Read-only editors (generated samples) show a strip that offers "Edit a copy".
    void setReadOnly(bool readOnly);
    bool isReadOnly() const;
    // Whether a read-only editor offers "Edit a copy" (the diff view's editors do not).
    void setEditCopyOffered(bool offered);
    bool isModified() const;
    Language language() const { return m_language; }
    int lineCount() const;
    // The lexer's name ("CUDA"), or empty for plain text.
    QString lexerLanguage() const;
    // Whether `word` is highlighted as a keyword, built-in or type in this editor's language.
    bool highlights(const QString& word) const;
    // The QScintilla release this build uses, for the About dialog.
    static QString scintillaVersion();

    // Diagnostics: lines and columns are 1-based, as compilers print them. Those outside the
    // text are kept for navigation but not drawn.
    void setDiagnostics(const std::vector<Diagnostic>& diagnostics);
    void clearDiagnostics();
    int diagnosticCount() const { return static_cast<int>(m_diagnostics.size()); }
    int currentDiagnostic() const { return m_currentDiagnostic; }
    // Moves the caret to diagnostic `index` and shows it; false when there is none.
    bool goToDiagnostic(int index);
    void nextDiagnostic();     // F8, wraps
    void previousDiagnostic(); // Shift+F8, wraps
    // What is drawn at a 1-based line: MarkerBit flags, the annotation, a squiggle at a column.
    int markerMask(int line) const;
    QString annotationAt(int line) const;
    bool hasSquiggle(int line, int column) const;

    // Hot lines: a marker in a margin of their own, the samples as its tooltip. Kept across
    // setText() as diagnostics are; lines outside the text are not drawn.
    void setHotLines(const QList<HotLine>& lines);
    void clearHotLines() { setHotLines({}); }
    int hotLineCount() const { return static_cast<int>(m_hotLines.size()); }
    // The margin's tooltip at a 1-based line; empty where the line is not hot.
    QString hotLineToolTip(int line) const;

    // Caret, 1-based; the view scrolls to it.
    void goToLine(int line, int column = 1);
    int cursorLine() const;
    int cursorColumn() const;

    // Find and replace, also driven by the bar. find() selects the match; replaceAll() is one
    // undo step and returns how many it replaced.
    void showFind();
    void showReplace();
    bool find(const QString& text, bool forward = true, bool caseSensitive = false,
              bool wholeWord = false, bool regex = false);
    int replaceAll(const QString& text, const QString& replacement, bool caseSensitive = false,
                   bool wholeWord = false, bool regex = false);
    QString selectedText() const;

    // Diff support: a background per line (index = 0-based line), labels in place of the line
    // numbers (empty: numbers again), and the scroll position for keeping two views together.
    void setLineMarks(const QList<LineMark>& marks);
    LineMark lineMark(int line) const; // 1-based
    void setLineLabels(const QStringList& labels);
    // The changed part of changed lines: a strong tint over each span (replaces the previous
    // spans; setText() clears them). code_editor_spans.cpp.
    void setChangedSpans(const QList<TextSpan>& spans);
    QList<TextSpan> changedSpans() const { return m_changedSpans; }
    // Whether the tint is drawn at a 1-based line and column (read from the editor itself).
    bool hasChangedText(int line, int column) const;
    int firstVisibleLine() const;
    // How many lines fit on screen at the editor's present height.
    int visibleLineCount() const;
    void setFirstVisibleLine(int line);

signals:
    void textChanged();
    void cursorMoved(int line, int column);
    void verticalScrolled(int firstVisibleLine);
    // The user asked to edit a read-only (generated) sample: the owner makes a child sample.
    void editCopyRequested();
    // The caret moved to a diagnostic (F8, Shift+F8 or goToDiagnostic()).
    void diagnosticShown(int index);

protected:
    void changeEvent(QEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void setUpMargins();
    void setUpMarkers();
    void createShortcuts();
    void drawDiagnostics();
    void drawHotLines();
    void findFromBar(bool forward);
    void replaceFromBar();
    void replaceAllFromBar();
    void retranslateUi();

    Language m_language;
    QsciScintilla* m_scintilla = nullptr; // child widget, owned through Qt parenting
    CudaLexer* m_lexer = nullptr;         // owned by m_scintilla; null for plain text
    FindReplaceBar* m_findBar = nullptr;
    QWidget* m_readOnlyStrip = nullptr;
    QLabel* m_readOnlyLabel = nullptr;
    QPushButton* m_editCopy = nullptr;
    std::vector<Diagnostic> m_diagnostics;
    int m_currentDiagnostic = -1;
    QList<LineMark> m_lineMarks;
    QList<HotLine> m_hotLines;
    QList<TextSpan> m_changedSpans;
    bool m_editCopyOffered = true;
    std::unique_ptr<QsciStyle> m_annotationStyles[3]; // error, warning, note
};

} // namespace kwb::ui
