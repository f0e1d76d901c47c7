#pragma once
// The status bar's part for a batch verification (BatchVerification): what it is doing in words
// ("12 of 100 verified · 2 building · about 1 min left"), a progress bar and a Cancel button.
// Hidden while no batch runs. UI thread only.
#include <QWidget>

#include "ui/models/batch_verification.h"

class QLabel;
class QProgressBar;
class QToolButton;

namespace kwb::ui {

class BatchProgressBar final : public QWidget {
    Q_OBJECT

public:
    explicit BatchProgressBar(QWidget* parent = nullptr);

    void showProgress(const BatchProgress& progress);
    // Cancel was asked for: says so until the batch has ended.
    void showCancelling();
    QString text() const;
    QProgressBar* bar() const { return m_bar; }
    QToolButton* cancelButton() const { return m_cancel; }

signals:
    void cancelRequested();

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();

    QLabel* m_label = nullptr;
    QProgressBar* m_bar = nullptr;
    QToolButton* m_cancel = nullptr;
    BatchProgress m_progress;
    bool m_cancelling = false;
};

// "about 2 min left", "about 40 s left"; empty when unknown. UI thread (translations).
QString etaText(std::optional<double> seconds);

} // namespace kwb::ui
