#include "ui/widgets/find_replace_bar.h"

#include <QCheckBox>
#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

namespace kwb::ui {

FindReplaceBar::FindReplaceBar(QWidget* parent)
    : QWidget(parent), m_find(new QLineEdit(this)), m_replace(new QLineEdit(this)),
      m_caseSensitive(new QCheckBox(this)), m_wholeWord(new QCheckBox(this)),
      m_regex(new QCheckBox(this)), m_previous(new QToolButton(this)),
      m_next(new QToolButton(this)), m_replaceOne(new QToolButton(this)),
      m_replaceAll(new QToolButton(this)), m_close(new QToolButton(this)),
      m_status(new QLabel(this)), m_replaceRow(new QWidget(this)) {
    setObjectName(QStringLiteral("findReplaceBar"));
    m_find->setObjectName(QStringLiteral("findField"));
    m_replace->setObjectName(QStringLiteral("replaceField"));
    m_replaceAll->setObjectName(QStringLiteral("replaceAllButton"));
    m_status->setObjectName(QStringLiteral("findStatus"));
    m_find->setClearButtonEnabled(true);
    m_close->setAutoRaise(true);
    m_close->setIcon(style()->standardIcon(QStyle::SP_DialogCloseButton));

    auto* findRow = new QHBoxLayout;
    findRow->setContentsMargins(0, 0, 0, 0);
    findRow->addWidget(m_find, 1);
    findRow->addWidget(m_previous);
    findRow->addWidget(m_next);
    findRow->addWidget(m_caseSensitive);
    findRow->addWidget(m_wholeWord);
    findRow->addWidget(m_regex);
    findRow->addWidget(m_status);
    findRow->addWidget(m_close);

    auto* replaceRow = new QHBoxLayout(m_replaceRow);
    replaceRow->setContentsMargins(0, 0, 0, 0);
    replaceRow->addWidget(m_replace, 1);
    replaceRow->addWidget(m_replaceOne);
    replaceRow->addWidget(m_replaceAll);
    replaceRow->addStretch(0);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 2, 4, 2);
    layout->setSpacing(2);
    layout->addLayout(findRow);
    layout->addWidget(m_replaceRow);

    connect(m_find, &QLineEdit::returnPressed, this, [this] { emit findRequested(true); });
    connect(m_next, &QToolButton::clicked, this, [this] { emit findRequested(true); });
    connect(m_previous, &QToolButton::clicked, this, [this] { emit findRequested(false); });
    connect(m_replace, &QLineEdit::returnPressed, this, &FindReplaceBar::replaceRequested);
    connect(m_replaceOne, &QToolButton::clicked, this, &FindReplaceBar::replaceRequested);
    connect(m_replaceAll, &QToolButton::clicked, this, &FindReplaceBar::replaceAllRequested);
    connect(m_close, &QToolButton::clicked, this, [this] {
        hide();
        emit closed();
    });
    connect(m_find, &QLineEdit::textChanged, m_status, &QLabel::clear);

    retranslateUi();
    hide();
}

void FindReplaceBar::open(bool withReplace, const QString& seed) {
    if (!seed.isEmpty() && !seed.contains(QLatin1Char('\n')))
        m_find->setText(seed);
    m_replaceRow->setVisible(withReplace);
    m_status->clear();
    show();
    m_find->setFocus(Qt::ShortcutFocusReason);
    m_find->selectAll();
}

bool FindReplaceBar::replaceVisible() const {
    return isVisible() && m_replaceRow->isVisible();
}

QString FindReplaceBar::findText() const {
    return m_find->text();
}

QString FindReplaceBar::replaceText() const {
    return m_replace->text();
}

FindReplaceBar::Options FindReplaceBar::options() const {
    return {m_caseSensitive->isChecked(), m_wholeWord->isChecked(), m_regex->isChecked()};
}

void FindReplaceBar::setStatus(const QString& status) {
    m_status->setText(status);
}

void FindReplaceBar::keyPressEvent(QKeyEvent* event) {
    if (event->key() == Qt::Key_Escape) {
        hide();
        emit closed();
        return;
    }
    QWidget::keyPressEvent(event);
}

void FindReplaceBar::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}

void FindReplaceBar::retranslateUi() {
    m_find->setPlaceholderText(tr("Find"));
    m_find->setAccessibleName(tr("Find"));
    m_replace->setPlaceholderText(tr("Replace with"));
    m_replace->setAccessibleName(tr("Replace with"));
    m_previous->setText(tr("Previous"));
    m_previous->setToolTip(tr("Find the previous match (Shift+F3)"));
    m_next->setText(tr("Next"));
    m_next->setToolTip(tr("Find the next match (F3)"));
    m_caseSensitive->setText(tr("Match case"));
    m_wholeWord->setText(tr("Whole words"));
    m_regex->setText(tr("Regular expression"));
    m_replaceOne->setText(tr("Replace"));
    m_replaceAll->setText(tr("Replace all"));
    m_close->setToolTip(tr("Close (Esc)"));
    m_close->setAccessibleName(tr("Close the find bar"));
}

} // namespace kwb::ui
