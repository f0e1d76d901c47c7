#include "ui/widgets/review_bar.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QKeySequence>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

namespace kwb::ui {

ReviewBar::ReviewBar(QWidget* parent)
    : QWidget(parent), m_accept(new QPushButton(this)), m_reject(new QPushButton(this)),
      m_needsWork(new QPushButton(this)), m_noteCaption(new QLabel(this)),
      m_note(new QLineEdit(this)) {
    setObjectName(QStringLiteral("reviewBar"));
    m_accept->setObjectName(QStringLiteral("acceptButton"));
    m_reject->setObjectName(QStringLiteral("rejectButton"));
    m_needsWork->setObjectName(QStringLiteral("needsWorkButton"));
    m_note->setObjectName(QStringLiteral("reviewNote"));
    m_noteCaption->setBuddy(m_note);

    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_accept);
    layout->addWidget(m_reject);
    layout->addWidget(m_needsWork);
    layout->addSpacing(12);
    layout->addWidget(m_noteCaption);
    layout->addWidget(m_note, 1);

    connect(m_accept, &QPushButton::clicked, this, [this] { choose(Verdict::Accept); });
    connect(m_reject, &QPushButton::clicked, this, [this] { choose(Verdict::Reject); });
    connect(m_needsWork, &QPushButton::clicked, this, [this] { choose(Verdict::NeedsWork); });

    retranslateUi();
    setSampleSelected(false);
}

void ReviewBar::setSampleSelected(bool selected) {
    m_sampleSelected = selected;
    m_note->clear();
    setEnabled(selected);
}

QString ReviewBar::note() const {
    return m_note->text();
}

void ReviewBar::choose(Verdict verdict) {
    if (!m_sampleSelected)
        return;
    emit verdictChosen(verdict, m_note->text().trimmed());
}

void ReviewBar::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}

void ReviewBar::retranslateUi() {
    m_accept->setText(tr("Accept"));
    m_accept->setToolTip(tr("Accept this sample into the training set (A)"));
    m_reject->setText(tr("Reject"));
    m_reject->setToolTip(tr("Reject this sample (R)"));
    m_needsWork->setText(tr("Needs work"));
    m_needsWork->setToolTip(tr("Mark this sample for another pass (N)"));
    m_noteCaption->setText(tr("N&ote:"));
    m_note->setPlaceholderText(tr("Optional; saved with the verdict"));

    // Single keys, as in other review tools. They are window shortcuts: a focused text field
    // (the note, the editor) takes plain letters first, so typing never casts a verdict.
    // Set after the texts: QAbstractButton::setText() replaces the shortcut with the mnemonic.
    m_accept->setShortcut(QKeySequence(Qt::Key_A));
    m_reject->setShortcut(QKeySequence(Qt::Key_R));
    m_needsWork->setShortcut(QKeySequence(Qt::Key_N));
}

} // namespace kwb::ui
