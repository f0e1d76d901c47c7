#include "ui/widgets/heat_scale.h"

#include <QFontMetrics>
#include <QLinearGradient>
#include <QLocale>
#include <QPainter>
#include <algorithm>

namespace kwb::ui {

namespace {

const QColor kLow(0xf7, 0xfb, 0xff);
const QColor kMid(0x6b, 0xae, 0xd6);
const QColor kHigh(0x08, 0x30, 0x6b);

QColor mix(const QColor& a, const QColor& b, double t) {
    return QColor::fromRgbF(float(a.redF() + (b.redF() - a.redF()) * t),
                            float(a.greenF() + (b.greenF() - a.greenF()) * t),
                            float(a.blueF() + (b.blueF() - a.blueF()) * t));
}

constexpr int kBarHeight = 12;
constexpr int kBarWidth = 180;

} // namespace

HeatScale::HeatScale(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("heatScale"));
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
}

QColor HeatScale::colour(double share) {
    const double t = std::clamp(share, 0.0, 1.0);
    return t < 0.5 ? mix(kLow, kMid, t * 2) : mix(kMid, kHigh, (t - 0.5) * 2);
}

QColor HeatScale::textColour(double share) {
    return std::clamp(share, 0.0, 1.0) > 0.55 ? QColor(Qt::white) : QColor(Qt::black);
}

void HeatScale::setCaption(const QString& caption) {
    m_caption = caption;
    updateGeometry();
    update();
}

QSize HeatScale::sizeHint() const {
    const QFontMetrics fm(font());
    const int text = fm.horizontalAdvance(m_caption) + 12;
    return {text + kBarWidth + fm.horizontalAdvance(QStringLiteral("100 %")) + 12,
            std::max(kBarHeight, fm.height()) * 2 + 4};
}

QSize HeatScale::minimumSizeHint() const {
    return sizeHint();
}

void HeatScale::paintEvent(QPaintEvent*) {
    QPainter p(this);
    const QFontMetrics fm(font());
    const int captionWidth = fm.horizontalAdvance(m_caption);
    p.setPen(palette().color(QPalette::WindowText));
    p.drawText(QRect(0, 0, captionWidth, kBarHeight + 2), Qt::AlignLeft | Qt::AlignVCenter,
               m_caption);
    const int left = captionWidth + 12;
    const QRect bar(left, 1, kBarWidth, kBarHeight);
    QLinearGradient g(bar.topLeft(), bar.topRight());
    for (double t : {0.0, 0.25, 0.5, 0.75, 1.0})
        g.setColorAt(t, colour(t));
    p.fillRect(bar, g);
    p.drawRect(bar.adjusted(0, 0, -1, -1));
    const QLocale locale;
    for (int pct : {0, 50, 100}) {
        const QString label = locale.toString(pct) + QStringLiteral(" %");
        const int x = bar.left() + bar.width() * pct / 100;
        const int w = fm.horizontalAdvance(label);
        p.drawText(
            QRect(std::clamp(x - w / 2, bar.left(), width() - w), bar.bottom() + 3, w, fm.height()),
            Qt::AlignCenter, label);
    }
}

} // namespace kwb::ui
