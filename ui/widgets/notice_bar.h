#pragma once
// A bar above the views for problems the user has to act on (a worker that does not answer, a
// provider without a key, a failed generation): unlike a status-bar message it stays until it
// is dismissed. The newest problem shows; how many came before it is counted. UI thread only.
#include <QFrame>

class QLabel;
class QToolButton;

namespace kwb::ui {

class NoticeBar final : public QFrame {
    Q_OBJECT

public:
    explicit NoticeBar(QWidget* parent = nullptr);

    void showNotice(const QString& text);
    void dismiss();
    QString text() const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();

    QLabel* m_text = nullptr;
    QToolButton* m_dismiss = nullptr;
    QString m_notice;
    int m_earlier = 0; // notices shown before the present one, since the last dismissal
};

} // namespace kwb::ui
