#include "ui/widgets/notice_bar.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>

namespace kwb::ui {

NoticeBar::NoticeBar(QWidget* parent)
    : QFrame(parent), m_text(new QLabel(this)), m_dismiss(new QToolButton(this)) {
    setObjectName(QStringLiteral("noticeBar"));
    m_text->setObjectName(QStringLiteral("noticeText"));
    m_dismiss->setObjectName(QStringLiteral("dismissNotice"));
    setFrameShape(QFrame::StyledPanel);
    setStyleSheet(QStringLiteral("#noticeBar{background:#fdecea;border:1px solid #d9a19b;}"
                                 "#noticeText{color:#8c1d14;}"));
    m_text->setWordWrap(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 4, 4, 4);
    layout->addWidget(m_text, 1);
    layout->addWidget(m_dismiss);
    connect(m_dismiss, &QToolButton::clicked, this, &NoticeBar::dismiss);
    retranslateUi();
    hide();
}

void NoticeBar::showNotice(const QString& text) {
    if (isVisible() && !m_notice.isEmpty() && m_notice != text)
        ++m_earlier;
    m_notice = text;
    retranslateUi();
    show();
}

void NoticeBar::dismiss() {
    m_notice.clear();
    m_earlier = 0;
    hide();
}

QString NoticeBar::text() const {
    return m_text->text();
}

void NoticeBar::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QFrame::changeEvent(event);
}

void NoticeBar::retranslateUi() {
    m_dismiss->setText(tr("Dismiss"));
    m_text->setText(m_earlier > 0
                        ? tr("%1 (and %n earlier problem(s))", nullptr, m_earlier).arg(m_notice)
                        : m_notice);
}

} // namespace kwb::ui
