#pragma once
// The source editor for kernels and prompts. It owns its QsciScintilla: nothing else in the
// workbench includes or touches Scintilla, so the editor component stays replaceable.
#include <QString>
#include <QWidget>

class QsciScintilla;

namespace kwb::ui {

class CudaLexer;

class CodeEditor final : public QWidget {
    Q_OBJECT

public:
    enum class Language { Cuda, PlainText };

    explicit CodeEditor(Language language, QWidget* parent = nullptr);

    QString text() const;
    void setText(const QString& text);
    void setReadOnly(bool readOnly);
    bool isReadOnly() const;
    bool isModified() const;
    Language language() const { return m_language; }
    // The lexer's name ("CUDA"), or empty for plain text.
    QString lexerLanguage() const;
    // Whether `word` is highlighted as a keyword, built-in or type in this editor's language.
    bool highlights(const QString& word) const;
    // The QScintilla release this build uses, for the About dialog.
    static QString scintillaVersion();

signals:
    void textChanged();

private:
    Language m_language;
    QsciScintilla* m_scintilla = nullptr; // child widget, owned through Qt parenting
    CudaLexer* m_lexer = nullptr;         // owned by m_scintilla; null for plain text
};

} // namespace kwb::ui
