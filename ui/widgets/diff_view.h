#pragma once
// Two sources side by side, aligned line by line: changed lines tinted on both sides, removed
// ones on the left, added ones on the right, blank filler rows where a side has no line, and
// the original line numbers in the margins; in a changed line, the words that changed (core/diff's
// word diff) are tinted more strongly. The two editors scroll together. The diff itself
// is core/diff (Myers); it runs on the UI thread because kernels are a few hundred lines (a
// 5,000-line pair takes milliseconds).
#include <QList>
#include <QString>
#include <QWidget>

class QLabel;
class QToolButton;

namespace kwb::ui {

class CodeEditor;

class DiffView final : public QWidget {
    Q_OBJECT

public:
    explicit DiffView(QWidget* parent = nullptr);

    void setSources(const QString& leftTitle, const QString& leftText, const QString& rightTitle,
                    const QString& rightText);
    int rowCount() const { return m_rowCount; }
    int addedLines() const { return m_added; }
    int removedLines() const { return m_removed; }
    int changeCount() const { return static_cast<int>(m_changeStarts.size()); }
    CodeEditor* leftEditor() const { return m_left; }
    CodeEditor* rightEditor() const { return m_right; }
    // Scrolls both sides to the next / previous block of changes; wraps.
    void nextChange();
    void previousChange();

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();
    void showChange(int index);

    QLabel* m_leftTitle = nullptr;
    QLabel* m_rightTitle = nullptr;
    QLabel* m_summary = nullptr;
    QToolButton* m_previous = nullptr;
    QToolButton* m_next = nullptr;
    CodeEditor* m_left = nullptr;
    CodeEditor* m_right = nullptr;
    QList<int> m_changeStarts; // 0-based rows where a block of changes begins
    int m_currentChange = -1;
    int m_rowCount = 0;
    int m_added = 0;
    int m_removed = 0;
    bool m_syncing = false; // guards the scroll mirror against feedback
};

} // namespace kwb::ui
