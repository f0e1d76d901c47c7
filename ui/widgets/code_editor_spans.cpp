// CodeEditor's word-level diff marks: an indicator of its own (a full box, drawn under the text)
// over each changed span. Kept apart from code_editor.cpp, which holds the rest of the editor.
#include <QColor>
#include <Qsci/qsciscintilla.h>
#include <algorithm>

#include "ui/widgets/code_editor.h"

namespace kwb::ui {

namespace {
// Indicators 0-7 belong to lexers; 20-22 are the diagnostics' (code_editor.cpp).
constexpr int kChangedTextIndicator = 23;
const QColor kChangedText(0xf0, 0xc0, 0x40);
} // namespace

void CodeEditor::setChangedSpans(const QList<TextSpan>& spans) {
    m_changedSpans = spans;
    m_scintilla->indicatorDefine(QsciScintilla::FullBoxIndicator, kChangedTextIndicator);
    m_scintilla->setIndicatorForegroundColor(kChangedText, kChangedTextIndicator);
    m_scintilla->SendScintilla(QsciScintillaBase::SCI_INDICSETUNDER, kChangedTextIndicator, 1L);
    m_scintilla->SendScintilla(QsciScintillaBase::SCI_INDICSETALPHA, kChangedTextIndicator, 110L);
    m_scintilla->SendScintilla(QsciScintillaBase::SCI_SETINDICATORCURRENT, kChangedTextIndicator);
    const long length = m_scintilla->SendScintilla(QsciScintillaBase::SCI_GETLENGTH);
    m_scintilla->SendScintilla(QsciScintillaBase::SCI_INDICATORCLEARRANGE, 0, length);
    for (const TextSpan& span : spans) {
        if (span.line < 0 || span.line >= m_scintilla->lines() || span.length <= 0)
            continue;
        const long lineEnd =
            m_scintilla->SendScintilla(QsciScintillaBase::SCI_GETLINEENDPOSITION, span.line);
        const long start =
            std::min<long>(lineEnd, m_scintilla->positionFromLineIndex(span.line, span.column));
        const long end = std::min<long>(
            lineEnd, m_scintilla->positionFromLineIndex(span.line, span.column + span.length));
        if (end > start)
            m_scintilla->SendScintilla(QsciScintillaBase::SCI_INDICATORFILLRANGE, start,
                                       end - start);
    }
}

bool CodeEditor::hasChangedText(int line, int column) const {
    if (line < 1 || line > m_scintilla->lines())
        return false;
    const long pos = m_scintilla->positionFromLineIndex(line - 1, std::max(0, column - 1));
    const long on = m_scintilla->SendScintilla(QsciScintillaBase::SCI_INDICATORALLONFOR,
                                               static_cast<unsigned long>(pos));
    return (on & (1L << kChangedTextIndicator)) != 0;
}

} // namespace kwb::ui
