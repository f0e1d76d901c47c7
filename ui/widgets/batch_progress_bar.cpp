#include "ui/widgets/batch_progress_bar.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QStringList>
#include <QToolButton>
#include <algorithm>
#include <cmath>

namespace kwb::ui {

QString etaText(std::optional<double> seconds) {
    if (!seconds || *seconds < 0)
        return {};
    // Steps of 5 s: the text (and the status bar) changes every few seconds, not at every tick.
    const int s = int(std::lround(*seconds / 5.0)) * 5;
    if (s < 90)
        return BatchProgressBar::tr("about %n s left", nullptr, std::max(5, s));
    return BatchProgressBar::tr("about %n min left", nullptr, int(std::lround(s / 60.0)));
}

BatchProgressBar::BatchProgressBar(QWidget* parent)
    : QWidget(parent), m_label(new QLabel(this)), m_bar(new QProgressBar(this)),
      m_cancel(new QToolButton(this)) {
    setObjectName(QStringLiteral("batchProgress"));
    m_label->setObjectName(QStringLiteral("batchProgressText"));
    m_bar->setObjectName(QStringLiteral("batchProgressBar"));
    m_cancel->setObjectName(QStringLiteral("batchCancelButton"));
    m_bar->setFixedSize(120, m_bar->sizeHint().height());
    m_bar->setTextVisible(false);
    // Fixed sizes: a new text repaints the label alone instead of laying the window out again.
    const QFontMetrics metrics = m_label->fontMetrics();
    m_label->setFixedSize(
        metrics.horizontalAdvance(QStringLiteral("999 of 999 verified · 2 building · 1 verifying · "
                                                 "99 already verified alike · about 99 min left")),
        metrics.height() + 4);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_label);
    layout->addWidget(m_bar);
    layout->addWidget(m_cancel);
    connect(m_cancel, &QToolButton::clicked, this, &BatchProgressBar::cancelRequested);
    retranslateUi();
    hide();
}

void BatchProgressBar::showProgress(const BatchProgress& p) {
    m_progress = p;
    if (p.finished)
        m_cancelling = false;
    m_bar->setRange(0, p.selecting ? 0 : std::max(1, p.queued));
    m_bar->setValue(p.selecting ? 0 : p.done);
    QStringList parts;
    if (p.selecting) {
        parts << tr("Choosing samples…");
    } else {
        parts << tr("%1 of %2 verified").arg(p.done).arg(p.queued);
        if (p.building)
            parts << tr("%n building", nullptr, p.building);
        if (p.verifying)
            parts << tr("%n verifying", nullptr, p.verifying);
        if (p.skipped)
            parts << tr("%n already verified alike", nullptr, p.skipped);
        if (p.errors)
            parts << tr("%n error(s)", nullptr, p.errors);
        if (const QString eta = etaText(p.etaSeconds); !eta.isEmpty())
            parts << eta;
    }
    if (m_cancelling)
        parts << tr("cancelling…");
    const QString text = parts.join(QStringLiteral(" · "));
    m_label->setToolTip(text);
    m_label->setText(m_label->fontMetrics().elidedText(text, Qt::ElideRight, m_label->width()));
}

void BatchProgressBar::showCancelling() {
    m_cancelling = true;
    showProgress(m_progress);
}

QString BatchProgressBar::text() const {
    return m_label->toolTip();
}

void BatchProgressBar::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}

void BatchProgressBar::retranslateUi() {
    m_cancel->setText(tr("Cancel"));
    m_cancel->setToolTip(tr("Stop the batch (Escape): the samples not verified yet stay so"));
    showProgress(m_progress);
}

} // namespace kwb::ui
