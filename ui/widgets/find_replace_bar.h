#pragma once
// The editor's find / replace strip (Ctrl+F, Ctrl+H): a search field, an optional replacement
// field, match options and the buttons. It holds no text of its own: CodeEditor owns it and
// answers its requests against the document.
#include <QString>
#include <QWidget>

class QCheckBox;
class QLabel;
class QLineEdit;
class QToolButton;

namespace kwb::ui {

class FindReplaceBar final : public QWidget {
    Q_OBJECT

public:
    struct Options {
        bool caseSensitive = false;
        bool wholeWord = false;
        bool regularExpression = false;
    };

    explicit FindReplaceBar(QWidget* parent = nullptr);

    // Shows the bar with the replacement row or without it, and focuses the search field.
    void open(bool withReplace, const QString& seed = {});
    bool replaceVisible() const;
    QString findText() const;
    QString replaceText() const;
    Options options() const;
    // "3 replaced", "Not found", or empty.
    void setStatus(const QString& status);

signals:
    void findRequested(bool forward);
    void replaceRequested();
    void replaceAllRequested();
    void closed();

protected:
    void changeEvent(QEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

private:
    void retranslateUi();

    QLineEdit* m_find = nullptr;
    QLineEdit* m_replace = nullptr;
    QCheckBox* m_caseSensitive = nullptr;
    QCheckBox* m_wholeWord = nullptr;
    QCheckBox* m_regex = nullptr;
    QToolButton* m_previous = nullptr;
    QToolButton* m_next = nullptr;
    QToolButton* m_replaceOne = nullptr;
    QToolButton* m_replaceAll = nullptr;
    QToolButton* m_close = nullptr;
    QLabel* m_status = nullptr;
    QWidget* m_replaceRow = nullptr;
};

} // namespace kwb::ui
