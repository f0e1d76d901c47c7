#include "ui/widgets/code_editor.h"

#include <QEvent>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHelpEvent>
#include <QKeySequence>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QShortcut>
#include <QToolTip>
#include <QVBoxLayout>
#include <Qsci/qsciglobal.h>
#include <Qsci/qsciscintilla.h>
#include <Qsci/qscistyle.h>
#include <algorithm>
#include <map>

#include "ui/widgets/cuda_lexer.h"
#include "ui/widgets/find_replace_bar.h"

namespace kwb::ui {

namespace {
constexpr int kLineNumberMargin = 0;
constexpr int kSymbolMargin = 1;
constexpr int kFoldMargin = 2;
constexpr int kHotLineMargin = 3; // zero wide until a profile's hot lines are shown
constexpr int kHotLineMarginWidth = 12;

// Marker numbers: three severities in the symbol margin, a tint for error lines, and the
// diff backgrounds. 25-31 belong to folding.
constexpr int kErrorMarker = 0;
constexpr int kWarningMarker = 1;
constexpr int kNoteMarker = 2;
constexpr int kErrorLineMarker = 3;
constexpr int kAddedMarker = 4;
constexpr int kRemovedMarker = 5;
constexpr int kChangedMarker = 6;
constexpr int kFillerMarker = 7;
constexpr int kHotLineMarker = 8;

// Indicators 0-7 belong to lexers.
constexpr int kErrorIndicator = 20;
constexpr int kWarningIndicator = 21;
constexpr int kNoteIndicator = 22;

// 0 error, 1 warning, 2 note.
int severityRank(const std::string& severity) {
    if (severity == "error")
        return 0;
    if (severity == "warning")
        return 1;
    return 2;
}

const QColor kSeverityColors[3] = {QColor(0xd0, 0x21, 0x21), QColor(0xd9, 0x8a, 0x00),
                                   QColor(0x2f, 0x6f, 0xc9)};
const QColor kAnnotationPapers[3] = {QColor(0xfd, 0xec, 0xec), QColor(0xfd, 0xf5, 0xe3),
                                     QColor(0xea, 0xf1, 0xfb)};
} // namespace

CodeEditor::CodeEditor(Language language, QWidget* parent)
    : QWidget(parent), m_language(language), m_scintilla(new QsciScintilla(this)),
      m_findBar(new FindReplaceBar(this)), m_readOnlyStrip(new QWidget(this)),
      m_readOnlyLabel(new QLabel(m_readOnlyStrip)), m_editCopy(new QPushButton(m_readOnlyStrip)) {
    m_scintilla->setObjectName(QStringLiteral("scintilla"));
    m_editCopy->setObjectName(QStringLiteral("editCopyButton"));
    m_readOnlyStrip->setObjectName(QStringLiteral("readOnlyStrip"));
    auto* stripLayout = new QHBoxLayout(m_readOnlyStrip);
    stripLayout->setContentsMargins(6, 2, 6, 2);
    stripLayout->addWidget(m_readOnlyLabel, 1);
    stripLayout->addWidget(m_editCopy);
    m_readOnlyStrip->setAutoFillBackground(true);
    QPalette stripPalette = m_readOnlyStrip->palette();
    stripPalette.setColor(QPalette::Window, QColor(0xee, 0xf2, 0xf7));
    m_readOnlyStrip->setPalette(stripPalette);
    m_readOnlyStrip->hide();

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_readOnlyStrip);
    layout->addWidget(m_scintilla, 1);
    layout->addWidget(m_findBar);
    setFocusProxy(m_scintilla);

    const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    m_scintilla->setUtf8(true);
    m_scintilla->setFont(mono);
    m_scintilla->setMarginsFont(mono);
    m_scintilla->setTabWidth(4);
    m_scintilla->setIndentationsUseTabs(false);
    m_scintilla->setAutoIndent(true);
    m_scintilla->setBraceMatching(QsciScintilla::SloppyBraceMatch);
    // The horizontal scroll bar follows the longest line instead of a fixed 2000 px.
    m_scintilla->SendScintilla(QsciScintillaBase::SCI_SETSCROLLWIDTH, 1);
    m_scintilla->SendScintilla(QsciScintillaBase::SCI_SETSCROLLWIDTHTRACKING, 1);
    m_scintilla->setCaretLineVisible(true);
    m_scintilla->setCaretLineBackgroundColor(QColor(0xf2, 0xf5, 0xf9));
    // Tab indents here; keyboard users leave the editor with View › Tasks / Verification
    // (Alt+1 / Alt+3), which the main window provides.

    if (language == Language::Cuda) {
        m_lexer = new CudaLexer(m_scintilla);
        m_scintilla->setLexer(m_lexer);
        m_scintilla->setFolding(QsciScintilla::BoxedTreeFoldStyle, kFoldMargin);
    } else {
        m_scintilla->setWrapMode(QsciScintilla::WrapWord);
    }
    setUpMargins();
    setUpMarkers();
    createShortcuts();

    connect(m_scintilla, &QsciScintilla::textChanged, this, &CodeEditor::textChanged);
    connect(m_scintilla, &QsciScintilla::cursorPositionChanged, this,
            [this](int line, int index) { emit cursorMoved(line + 1, index + 1); });
    // Scintilla reports scrolling with its update notification; the scroll bar's range is
    // set lazily, so its valueChanged would miss programmatic scrolls.
    connect(m_scintilla, &QsciScintillaBase::SCN_UPDATEUI, this, [this](int updated) {
        if (updated & QsciScintillaBase::SC_UPDATE_V_SCROLL)
            emit verticalScrolled(m_scintilla->firstVisibleLine());
    });
    connect(m_editCopy, &QPushButton::clicked, this, &CodeEditor::editCopyRequested);
    connect(m_findBar, &FindReplaceBar::findRequested, this, &CodeEditor::findFromBar);
    connect(m_findBar, &FindReplaceBar::replaceRequested, this, &CodeEditor::replaceFromBar);
    connect(m_findBar, &FindReplaceBar::replaceAllRequested, this, &CodeEditor::replaceAllFromBar);
    connect(m_findBar, &FindReplaceBar::closed, this,
            [this] { m_scintilla->setFocus(Qt::OtherFocusReason); });

    retranslateUi();
}

CodeEditor::~CodeEditor() = default;

void CodeEditor::setUpMargins() {
    m_scintilla->setMarginType(kLineNumberMargin, QsciScintilla::NumberMargin);
    m_scintilla->setMarginLineNumbers(kLineNumberMargin, true);
    m_scintilla->setMarginWidth(kLineNumberMargin, QStringLiteral("00000"));
    m_scintilla->setMarginMarkerMask(kLineNumberMargin, 0);
    m_scintilla->setMarginType(kSymbolMargin, QsciScintilla::SymbolMargin);
    m_scintilla->setMarginWidth(kSymbolMargin, 14);
    m_scintilla->setMarginMarkerMask(kSymbolMargin, (1 << kErrorMarker) | (1 << kWarningMarker) |
                                                        (1 << kNoteMarker));
    m_scintilla->setMarginType(kHotLineMargin, QsciScintilla::SymbolMargin);
    m_scintilla->setMarginWidth(kHotLineMargin, 0);
    m_scintilla->setMarginMarkerMask(kHotLineMargin, 1 << kHotLineMarker);
    // The margin's tooltips (a hot line's samples) come from the viewport's tooltip events.
    m_scintilla->viewport()->installEventFilter(this);
}

void CodeEditor::setUpMarkers() {
    const int symbols[3] = {kErrorMarker, kWarningMarker, kNoteMarker};
    for (int i = 0; i < 3; ++i) {
        m_scintilla->markerDefine(i == 2 ? QsciScintilla::RightArrow : QsciScintilla::Circle,
                                  symbols[i]);
        m_scintilla->setMarkerBackgroundColor(kSeverityColors[i], symbols[i]);
        m_scintilla->setMarkerForegroundColor(kSeverityColors[i].darker(130), symbols[i]);
    }
    m_scintilla->markerDefine(QsciScintilla::RightTriangle, kHotLineMarker);
    m_scintilla->setMarkerBackgroundColor(QColor(0xe0, 0x6c, 0x00), kHotLineMarker);
    m_scintilla->setMarkerForegroundColor(QColor(0x9a, 0x47, 0x00), kHotLineMarker);
    const std::pair<int, QColor> backgrounds[] = {{kErrorLineMarker, QColor(0xfd, 0xf1, 0xf1)},
                                                  {kAddedMarker, QColor(0xe4, 0xf7, 0xe4)},
                                                  {kRemovedMarker, QColor(0xfb, 0xe5, 0xe5)},
                                                  {kChangedMarker, QColor(0xfb, 0xf4, 0xd9)},
                                                  {kFillerMarker, QColor(0xee, 0xee, 0xee)}};
    for (const auto& [marker, color] : backgrounds) {
        m_scintilla->markerDefine(QsciScintilla::Background, marker);
        m_scintilla->setMarkerBackgroundColor(color, marker);
    }
    const int indicators[3] = {kErrorIndicator, kWarningIndicator, kNoteIndicator};
    for (int i = 0; i < 3; ++i) {
        m_scintilla->indicatorDefine(i == 2 ? QsciScintilla::DotsIndicator
                                            : QsciScintilla::SquiggleIndicator,
                                     indicators[i]);
        m_scintilla->setIndicatorForegroundColor(kSeverityColors[i], indicators[i]);
    }
    m_scintilla->setAnnotationDisplay(QsciScintilla::AnnotationBoxed);
    QFont font = QFontDatabase::systemFont(QFontDatabase::GeneralFont);
    font.setItalic(true);
    for (int i = 0; i < 3; ++i)
        m_annotationStyles[i] = std::make_unique<QsciStyle>(
            -1, QString(), kSeverityColors[i].darker(150), kAnnotationPapers[i], font);
}

void CodeEditor::createShortcuts() {
    // Scoped to this editor, so two editors in one window never make a shortcut ambiguous.
    auto add = [this](const QKeySequence& keys, auto slot) {
        auto* shortcut = new QShortcut(keys, this);
        shortcut->setContext(Qt::WidgetWithChildrenShortcut);
        connect(shortcut, &QShortcut::activated, this, slot);
    };
    add(QKeySequence(Qt::CTRL | Qt::Key_F), [this] { showFind(); });
    add(QKeySequence(Qt::CTRL | Qt::Key_H), [this] { showReplace(); });
    add(QKeySequence(Qt::Key_F3), [this] { findFromBar(true); });
    add(QKeySequence(Qt::SHIFT | Qt::Key_F3), [this] { findFromBar(false); });
    add(QKeySequence(Qt::Key_F8), [this] { nextDiagnostic(); });
    add(QKeySequence(Qt::SHIFT | Qt::Key_F8), [this] { previousDiagnostic(); });
}

QString CodeEditor::text() const {
    return m_scintilla->text();
}

void CodeEditor::setText(const QString& text) {
    m_scintilla->setText(text);
    m_scintilla->setModified(false);
    m_changedSpans.clear(); // the text they marked is gone
    drawDiagnostics();
    drawHotLines();
}

void CodeEditor::appendText(const QString& text) {
    const bool readOnly = m_scintilla->isReadOnly();
    m_scintilla->setReadOnly(false); // Scintilla refuses every change to a read-only text
    m_scintilla->append(text);
    m_scintilla->setReadOnly(readOnly);
    const int last = m_scintilla->lines() - 1;
    m_scintilla->ensureLineVisible(last);
}

void CodeEditor::setReadOnly(bool readOnly) {
    m_scintilla->setReadOnly(readOnly);
    m_readOnlyStrip->setVisible(readOnly && m_editCopyOffered);
}

void CodeEditor::setEditCopyOffered(bool offered) {
    m_editCopyOffered = offered;
    m_readOnlyStrip->setVisible(isReadOnly() && offered);
}

bool CodeEditor::isReadOnly() const {
    return m_scintilla->isReadOnly();
}

bool CodeEditor::isModified() const {
    return m_scintilla->isModified();
}

int CodeEditor::lineCount() const {
    return m_scintilla->lines();
}

QString CodeEditor::lexerLanguage() const {
    return m_lexer ? QString::fromLatin1(m_lexer->language()) : QString();
}

bool CodeEditor::highlights(const QString& word) const {
    if (!m_lexer)
        return false;
    for (int set : {1, 2, 4}) {
        const char* list = m_lexer->keywords(set);
        if (list &&
            QString::fromLatin1(list).split(QLatin1Char(' '), Qt::SkipEmptyParts).contains(word))
            return true;
    }
    return false;
}

QString CodeEditor::scintillaVersion() {
    return QStringLiteral(QSCINTILLA_VERSION_STR);
}

// --- diagnostics -------------------------------------------------------------------------

void CodeEditor::setDiagnostics(const std::vector<Diagnostic>& diagnostics) {
    m_diagnostics = diagnostics;
    // Errors first within a line is the compiler's order already; navigation follows lines.
    std::stable_sort(m_diagnostics.begin(), m_diagnostics.end(),
                     [](const Diagnostic& a, const Diagnostic& b) { return a.line < b.line; });
    m_currentDiagnostic = -1;
    drawDiagnostics();
}

void CodeEditor::clearDiagnostics() {
    setDiagnostics({});
}

void CodeEditor::drawDiagnostics() {
    for (int marker : {kErrorMarker, kWarningMarker, kNoteMarker, kErrorLineMarker})
        m_scintilla->markerDeleteAll(marker);
    const long length = m_scintilla->SendScintilla(QsciScintillaBase::SCI_GETLENGTH);
    for (int indicator : {kErrorIndicator, kWarningIndicator, kNoteIndicator}) {
        m_scintilla->SendScintilla(QsciScintillaBase::SCI_SETINDICATORCURRENT, indicator);
        m_scintilla->SendScintilla(QsciScintillaBase::SCI_INDICATORCLEARRANGE, 0, length);
    }
    m_scintilla->clearAnnotations();

    const int markers[3] = {kErrorMarker, kWarningMarker, kNoteMarker};
    const int indicators[3] = {kErrorIndicator, kWarningIndicator, kNoteIndicator};
    std::map<int, std::pair<int, QStringList>> notes; // line -> (worst rank, texts)
    for (const Diagnostic& d : m_diagnostics) {
        const int line = d.line - 1;
        if (line < 0 || line >= m_scintilla->lines())
            continue;
        const int rank = severityRank(d.severity);
        m_scintilla->markerAdd(line, markers[rank]);
        if (rank == 0)
            m_scintilla->markerAdd(line, kErrorLineMarker);

        // The squiggle: the token at the column, or the line's text when there is no column.
        const long lineStart = m_scintilla->positionFromLineIndex(line, 0);
        const long lineEnd =
            m_scintilla->SendScintilla(QsciScintillaBase::SCI_GETLINEENDPOSITION, line);
        long start = lineStart;
        long end = lineEnd;
        if (d.column > 0) {
            start = std::min<long>(lineEnd, m_scintilla->positionFromLineIndex(line, d.column - 1));
            end = m_scintilla->SendScintilla(QsciScintillaBase::SCI_WORDENDPOSITION,
                                             static_cast<unsigned long>(start), 1L);
            if (end <= start)
                end = std::min<long>(lineEnd, start + 1);
        } else {
            while (start < lineEnd &&
                   QChar::fromLatin1(static_cast<char>(m_scintilla->SendScintilla(
                                         QsciScintillaBase::SCI_GETCHARAT, start)))
                       .isSpace())
                ++start;
        }
        if (end > start) {
            m_scintilla->SendScintilla(QsciScintillaBase::SCI_SETINDICATORCURRENT,
                                       indicators[rank]);
            m_scintilla->SendScintilla(QsciScintillaBase::SCI_INDICATORFILLRANGE, start,
                                       end - start);
        }

        auto& entry = notes[line];
        if (entry.second.isEmpty())
            entry.first = rank;
        entry.first = std::min(entry.first, rank);
        const QString message = QString::fromStdString(d.message);
        if (rank == 0)
            entry.second.append(tr("error: %1").arg(message));
        else if (rank == 1)
            entry.second.append(tr("warning: %1").arg(message));
        else
            entry.second.append(tr("note: %1").arg(message));
    }
    for (const auto& [line, entry] : notes)
        m_scintilla->annotate(line, entry.second.join(QLatin1Char('\n')),
                              *m_annotationStyles[entry.first]);
}

bool CodeEditor::goToDiagnostic(int index) {
    if (index < 0 || index >= diagnosticCount())
        return false;
    m_currentDiagnostic = index;
    const Diagnostic& d = m_diagnostics[static_cast<size_t>(index)];
    goToLine(d.line, std::max(1, d.column));
    emit diagnosticShown(index);
    return true;
}

void CodeEditor::nextDiagnostic() {
    if (m_diagnostics.empty())
        return;
    // From the caret: the first diagnostic below it (or the next one when on one already).
    const int line = cursorLine();
    int next = -1;
    for (int i = 0; i < diagnosticCount(); ++i) {
        const int l = m_diagnostics[static_cast<size_t>(i)].line;
        if (l > line || (l == line && i > m_currentDiagnostic && m_currentDiagnostic >= 0 &&
                         m_diagnostics[static_cast<size_t>(m_currentDiagnostic)].line == line)) {
            next = i;
            break;
        }
    }
    goToDiagnostic(next >= 0 ? next : 0);
}

void CodeEditor::previousDiagnostic() {
    if (m_diagnostics.empty())
        return;
    const int line = cursorLine();
    int previous = -1;
    for (int i = diagnosticCount() - 1; i >= 0; --i) {
        const int l = m_diagnostics[static_cast<size_t>(i)].line;
        if (l < line || (l == line && m_currentDiagnostic >= 0 && i < m_currentDiagnostic &&
                         m_diagnostics[static_cast<size_t>(m_currentDiagnostic)].line == line)) {
            previous = i;
            break;
        }
    }
    goToDiagnostic(previous >= 0 ? previous : diagnosticCount() - 1);
}

int CodeEditor::markerMask(int line) const {
    const unsigned mask = m_scintilla->markersAtLine(line - 1);
    int out = 0;
    if (mask & (1u << kErrorMarker))
        out |= ErrorMarker;
    if (mask & (1u << kWarningMarker))
        out |= WarningMarker;
    if (mask & (1u << kNoteMarker))
        out |= NoteMarker;
    if (mask & (1u << kHotLineMarker))
        out |= HotLineMarker;
    return out;
}

void CodeEditor::setHotLines(const QList<HotLine>& lines) {
    m_hotLines = lines;
    drawHotLines();
}

void CodeEditor::drawHotLines() {
    m_scintilla->markerDeleteAll(kHotLineMarker);
    for (const HotLine& h : m_hotLines)
        if (h.line >= 1 && h.line <= m_scintilla->lines())
            m_scintilla->markerAdd(h.line - 1, kHotLineMarker);
    m_scintilla->setMarginWidth(kHotLineMargin, m_hotLines.isEmpty() ? 0 : kHotLineMarginWidth);
}

QString CodeEditor::hotLineToolTip(int line) const {
    for (const HotLine& h : m_hotLines)
        if (h.line == line)
            //: The kernel editor's margin at a hot line of a profile
            return tr("Hot line: %1 warp-stall samples (Nsight Compute)")
                .arg(QLocale().toString(h.samples, 'f', 0));
    return {};
}

bool CodeEditor::eventFilter(QObject* watched, QEvent* event) {
    if (watched != m_scintilla->viewport() || event->type() != QEvent::ToolTip ||
        m_hotLines.isEmpty())
        return QWidget::eventFilter(watched, event);
    const QPoint at = static_cast<QHelpEvent*>(event)->pos();
    int margins = 0;
    for (int m = kLineNumberMargin; m <= kHotLineMargin; ++m)
        margins += m_scintilla->marginWidth(m);
    if (at.x() >= margins)
        return QWidget::eventFilter(watched, event);
    // The line under the pointer: the position nearest to the text's left edge at that height.
    const long pos = m_scintilla->SendScintilla(QsciScintillaBase::SCI_POSITIONFROMPOINT,
                                                static_cast<unsigned long>(margins + 1),
                                                static_cast<long>(at.y()));
    const long line = m_scintilla->SendScintilla(QsciScintillaBase::SCI_LINEFROMPOSITION,
                                                 static_cast<unsigned long>(std::max(0L, pos))) +
                      1;
    const QString tip = hotLineToolTip(static_cast<int>(line));
    if (tip.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(static_cast<QHelpEvent*>(event)->globalPos(), tip, this);
    return true;
}

QString CodeEditor::annotationAt(int line) const {
    return m_scintilla->annotation(line - 1);
}

bool CodeEditor::hasSquiggle(int line, int column) const {
    if (line < 1 || line > m_scintilla->lines())
        return false;
    const long pos = m_scintilla->positionFromLineIndex(line - 1, std::max(0, column - 1));
    const long on = m_scintilla->SendScintilla(QsciScintillaBase::SCI_INDICATORALLONFOR,
                                               static_cast<unsigned long>(pos));
    return (on & ((1L << kErrorIndicator) | (1L << kWarningIndicator) | (1L << kNoteIndicator))) !=
           0;
}

// --- caret and find ----------------------------------------------------------------------

void CodeEditor::goToLine(int line, int column) {
    const int l = std::clamp(line, 1, std::max(1, m_scintilla->lines())) - 1;
    m_scintilla->setCursorPosition(l, std::max(0, column - 1));
    m_scintilla->ensureLineVisible(l);
    m_scintilla->SendScintilla(QsciScintillaBase::SCI_SCROLLCARET);
}

int CodeEditor::cursorLine() const {
    int line = 0, index = 0;
    m_scintilla->getCursorPosition(&line, &index);
    return line + 1;
}

int CodeEditor::cursorColumn() const {
    int line = 0, index = 0;
    m_scintilla->getCursorPosition(&line, &index);
    return index + 1;
}

void CodeEditor::setLineMarks(const QList<LineMark>& marks) {
    m_lineMarks = marks;
    for (int marker : {kAddedMarker, kRemovedMarker, kChangedMarker, kFillerMarker})
        m_scintilla->markerDeleteAll(marker);
    for (int line = 0; line < marks.size(); ++line) {
        switch (marks[line]) {
        case LineMark::Added:
            m_scintilla->markerAdd(line, kAddedMarker);
            break;
        case LineMark::Removed:
            m_scintilla->markerAdd(line, kRemovedMarker);
            break;
        case LineMark::Changed:
            m_scintilla->markerAdd(line, kChangedMarker);
            break;
        case LineMark::Filler:
            m_scintilla->markerAdd(line, kFillerMarker);
            break;
        case LineMark::None:
            break;
        }
    }
}

CodeEditor::LineMark CodeEditor::lineMark(int line) const {
    const unsigned mask = m_scintilla->markersAtLine(line - 1);
    if (mask & (1u << kAddedMarker))
        return LineMark::Added;
    if (mask & (1u << kRemovedMarker))
        return LineMark::Removed;
    if (mask & (1u << kChangedMarker))
        return LineMark::Changed;
    if (mask & (1u << kFillerMarker))
        return LineMark::Filler;
    return LineMark::None;
}

void CodeEditor::setLineLabels(const QStringList& labels) {
    m_scintilla->clearMarginText();
    if (labels.isEmpty()) {
        m_scintilla->setMarginType(kLineNumberMargin, QsciScintilla::NumberMargin);
        m_scintilla->setMarginLineNumbers(kLineNumberMargin, true);
        return;
    }
    m_scintilla->setMarginType(kLineNumberMargin, QsciScintilla::TextMarginRightJustified);
    for (int line = 0; line < labels.size(); ++line)
        m_scintilla->setMarginText(line, labels[line], QsciScintillaBase::STYLE_LINENUMBER);
}

int CodeEditor::firstVisibleLine() const {
    return m_scintilla->firstVisibleLine();
}

int CodeEditor::visibleLineCount() const {
    return static_cast<int>(m_scintilla->SendScintilla(QsciScintillaBase::SCI_LINESONSCREEN));
}

void CodeEditor::setFirstVisibleLine(int line) {
    m_scintilla->setFirstVisibleLine(line);
}

void CodeEditor::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) {
        retranslateUi();
        drawDiagnostics(); // annotations carry translated severities
    }
    QWidget::changeEvent(event);
}

void CodeEditor::retranslateUi() {
    m_readOnlyLabel->setText(tr("Generated sample: read-only."));
    m_editCopy->setText(tr("&Edit a copy"));
    m_editCopy->setToolTip(tr("Make an editable copy of this sample; the original stays as the "
                              "model wrote it"));
    m_scintilla->setAccessibleName(m_language == Language::Cuda ? tr("Kernel source")
                                                                : tr("Prompt"));
}

} // namespace kwb::ui
