#include "ui/widgets/code_editor.h"

#include <QFontDatabase>
#include <QVBoxLayout>
#include <Qsci/qsciglobal.h>
#include <Qsci/qsciscintilla.h>

#include "ui/widgets/cuda_lexer.h"

namespace kwb::ui {

namespace {
constexpr int kLineNumberMargin = 0;
constexpr int kFoldMargin = 2;
} // namespace

CodeEditor::CodeEditor(Language language, QWidget* parent)
    : QWidget(parent), m_language(language), m_scintilla(new QsciScintilla(this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_scintilla);
    setFocusProxy(m_scintilla);

    const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    m_scintilla->setUtf8(true);
    m_scintilla->setFont(mono);
    m_scintilla->setMarginsFont(mono);
    m_scintilla->setMarginLineNumbers(kLineNumberMargin, true);
    m_scintilla->setMarginWidth(kLineNumberMargin, QStringLiteral("00000"));
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

    connect(m_scintilla, &QsciScintilla::textChanged, this, &CodeEditor::textChanged);
}

QString CodeEditor::text() const {
    return m_scintilla->text();
}

void CodeEditor::setText(const QString& text) {
    m_scintilla->setText(text);
    m_scintilla->setModified(false);
}

void CodeEditor::setReadOnly(bool readOnly) {
    m_scintilla->setReadOnly(readOnly);
}

bool CodeEditor::isReadOnly() const {
    return m_scintilla->isReadOnly();
}

bool CodeEditor::isModified() const {
    return m_scintilla->isModified();
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

} // namespace kwb::ui
