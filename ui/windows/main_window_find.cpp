// MainWindow, continued: find and filter over the review list (the filter bar above it,
// Ctrl+F from the list or the task browser) and the Provenance tab beside the kernel.
#include <QShortcut>
#include <QTabWidget>
#include <QVBoxLayout>

#include "ui/models/batch_verification.h"
#include "ui/widgets/provenance_view.h"
#include "ui/widgets/sample_filter_bar.h"
#include "ui/widgets/sample_list_view.h"
#include "ui/widgets/task_browser.h"
#include "ui/windows/main_window.h"
#include "ui/windows/review_controller.h"

namespace kwb::ui {

QWidget* MainWindow::createSamplePane() {
    auto* pane = new QWidget(this);
    pane->setObjectName(QStringLiteral("samplePane"));
    auto* layout = new QVBoxLayout(pane);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(m_filterBar);
    layout->addWidget(m_sampleList, 1);
    // Ctrl+F finds in the list where the list or the browser has the focus; the editors keep
    // their own Ctrl+F (find in the editor), scoped to them as these are.
    for (QWidget* scope : {pane, static_cast<QWidget*>(m_taskBrowser)}) {
        auto* find = new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_F), scope);
        find->setContext(Qt::WidgetWithChildrenShortcut);
        connect(find, &QShortcut::activated, m_filterBar, &SampleFilterBar::focusText);
    }
    return pane;
}

void MainWindow::showProvenance() {
    m_editorArea->setCurrentWidget(m_provenanceView);
}

void MainWindow::connectFindAndProvenance() {
    m_filterBar->attach(m_session);
    m_provenanceView->attach(m_session);
    connect(m_review, &ReviewController::sampleShown, m_provenanceView, &ProvenanceView::setSample);
    connect(m_review, &ReviewController::verificationStored, this, [this](qint64 id) {
        if (id == m_provenanceView->sampleId())
            m_provenanceView->reload();
    });
    connect(m_batch, &BatchVerification::recordsStored, this,
            [this](const QList<BatchRecord>& records) {
                for (const BatchRecord& r : records)
                    if (r.sampleId == m_provenanceView->sampleId()) {
                        m_provenanceView->reload();
                        return;
                    }
            });
    // A verdict changes the review history, and may bring a new tag or reviewer to filter by.
    connect(m_review, &ReviewController::reviewsStored, this, [this](const QList<qint64>& ids) {
        m_filterBar->refreshChoices();
        if (ids.contains(m_provenanceView->sampleId()))
            m_provenanceView->reload();
    });
}

} // namespace kwb::ui
