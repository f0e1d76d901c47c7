// CodeEditor, continued: find and replace (its bar and the calls the tests and the window make).
#include <Qsci/qsciscintilla.h>

#include "ui/widgets/code_editor.h"
#include "ui/widgets/find_replace_bar.h"

namespace kwb::ui {

void CodeEditor::showFind() {
    m_findBar->open(false, m_scintilla->selectedText());
}

void CodeEditor::showReplace() {
    m_findBar->open(!isReadOnly(), m_scintilla->selectedText());
}

bool CodeEditor::find(const QString& text, bool forward, bool caseSensitive, bool wholeWord,
                      bool regex) {
    if (text.isEmpty())
        return false;
    // Backwards from the start of the current match, forwards from its end.
    int lineFrom = 0, indexFrom = 0, lineTo = 0, indexTo = 0;
    m_scintilla->getSelection(&lineFrom, &indexFrom, &lineTo, &indexTo);
    if (lineFrom < 0)
        m_scintilla->getCursorPosition(&lineFrom, &indexFrom);
    const int line = forward ? (lineTo >= 0 ? lineTo : lineFrom) : lineFrom;
    const int index = forward ? (lineTo >= 0 ? indexTo : indexFrom) : indexFrom;
    return m_scintilla->findFirst(text, regex, caseSensitive, wholeWord, true, forward, line, index,
                                  true, false, regex);
}

int CodeEditor::replaceAll(const QString& text, const QString& replacement, bool caseSensitive,
                           bool wholeWord, bool regex) {
    if (text.isEmpty() || isReadOnly())
        return 0;
    int count = 0;
    m_scintilla->beginUndoAction();
    bool found = m_scintilla->findFirst(text, regex, caseSensitive, wholeWord, false, true, 0, 0,
                                        false, false, regex);
    // An empty match (a regular expression like "x*") would never advance: stop there.
    while (found && !m_scintilla->selectedText().isEmpty() && count < 1000000) {
        m_scintilla->replace(replacement);
        ++count;
        found = m_scintilla->findNext();
    }
    m_scintilla->endUndoAction();
    return count;
}

QString CodeEditor::selectedText() const {
    return m_scintilla->selectedText();
}

void CodeEditor::findFromBar(bool forward) {
    const QString text = m_findBar->findText();
    if (text.isEmpty()) {
        showFind();
        return;
    }
    const auto o = m_findBar->options();
    const bool found = find(text, forward, o.caseSensitive, o.wholeWord, o.regularExpression);
    m_findBar->setStatus(found ? QString() : tr("Not found"));
}

void CodeEditor::replaceFromBar() {
    if (isReadOnly())
        return;
    const QString text = m_findBar->findText();
    const auto o = m_findBar->options();
    // Replace the current match if the selection is one, then move to the next.
    if (!m_scintilla->selectedText().isEmpty() &&
        (o.regularExpression ||
         m_scintilla->selectedText().compare(text, o.caseSensitive ? Qt::CaseSensitive
                                                                   : Qt::CaseInsensitive) == 0))
        m_scintilla->replaceSelectedText(m_findBar->replaceText());
    findFromBar(true);
}

void CodeEditor::replaceAllFromBar() {
    const auto o = m_findBar->options();
    const int n = replaceAll(m_findBar->findText(), m_findBar->replaceText(), o.caseSensitive,
                             o.wholeWord, o.regularExpression);
    m_findBar->setStatus(tr("%n replaced", nullptr, n));
}

// --- diff support ------------------------------------------------------------------------

} // namespace kwb::ui
