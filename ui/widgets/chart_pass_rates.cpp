// ChartWidget's pass-rate chart: two bar sets (pass@1 and fast_p at 1.0) over one category per
// model and condition, and each interval as a whisker (a vertical line with caps) on a hidden
// value axis that shares the bar axis's coordinates: category i spans [i - 0.5, i + 0.5] and
// its two bars are centred at i -/+ kBarWidth / 4.
#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QLegendMarker>
#include <QLineSeries>
#include <QValueAxis>
#include <algorithm>

#include "ui/widgets/chart_widget.h"

namespace kwb::ui {

namespace {

constexpr double kBarWidth = 0.6;
constexpr double kCap = 0.05;
const char* const kWhiskerProperty = "kwbWhisker";

// One whisker at x from low to high, capped at both ends.
QLineSeries* whisker(double x, const PassRateChartData::Interval& ci, const QColor& colour) {
    auto* line = new QLineSeries;
    line->setProperty(kWhiskerProperty, true);
    const double low = std::clamp(ci.low, 0.0, 100.0), high = std::clamp(ci.high, 0.0, 100.0);
    *line << QPointF(x - kCap, low) << QPointF(x + kCap, low) << QPointF(x, low) << QPointF(x, high)
          << QPointF(x - kCap, high) << QPointF(x + kCap, high);
    QPen pen(colour);
    pen.setWidthF(1.5);
    line->setPen(pen);
    return line;
}

} // namespace

void ChartWidget::showPassRates(const PassRateChartData& chartData) {
    m_redraw = [this, chartData] { showPassRates(chartData); };
    QChart* chart = newChart(Kind::PassRates, tr("pass@1 and fast_1.0 per model and condition"));
    auto* bars = new QBarSeries;
    bars->setBarWidth(kBarWidth);
    auto* pass = new QBarSet(tr("pass@1"));
    auto* fast = new QBarSet(tr("fast_1.0 (correct and faster than the baseline)"));
    pass->setColor(QColor(0x2f, 0x6f, 0xc9));
    fast->setColor(QColor(0x2e, 0x9e, 0x5b));
    const qsizetype n = chartData.columns.size();
    for (qsizetype i = 0; i < n; ++i) {
        *pass << chartData.passAt1.value(i);
        *fast << chartData.fast1.value(i);
    }
    bars->append(pass);
    bars->append(fast);
    bars->setLabelsVisible(true);
    bars->setLabelsFormat(QStringLiteral("@value %"));
    bars->setLabelsPrecision(3);
    chart->addSeries(bars);
    auto* axisX = new QBarCategoryAxis;
    axisX->append(chartData.columns);
    auto* axisY = new QValueAxis;
    axisY->setRange(0, 100);
    axisY->setLabelFormat(QStringLiteral("%d"));
    axisY->setTitleText(tr("% of answers"));
    setToolTip(tr("Whiskers: the 95 % bootstrap interval of each condition's difference from "
                  "plain, drawn around the condition's bar."));
    chart->addAxis(axisX, Qt::AlignBottom);
    chart->addAxis(axisY, Qt::AlignLeft);
    bars->attachAxis(axisX);
    bars->attachAxis(axisY);
    auto* axisW = new QValueAxis; // the whiskers' x: the categories' own coordinates
    axisW->setRange(-0.5, std::max<double>(0.5, double(n) - 0.5));
    axisW->setVisible(false);
    chart->addAxis(axisW, Qt::AlignTop);
    const double offset = kBarWidth / 4;
    for (qsizetype i = 0; i < n; ++i) {
        const std::pair<const QVector<PassRateChartData::Interval>*, double> sides[] = {
            {&chartData.passAt1Ci, double(i) - offset}, {&chartData.fast1Ci, double(i) + offset}};
        for (const auto& [intervals, x] : sides) {
            const PassRateChartData::Interval ci = intervals->value(i);
            if (!ci.shown)
                continue;
            QLineSeries* line = whisker(x, ci, Qt::black);
            chart->addSeries(line);
            line->attachAxis(axisW);
            line->attachAxis(axisY);
            for (QLegendMarker* marker : chart->legend()->markers(line))
                marker->setVisible(false);
        }
    }
}

int ChartWidget::whiskerCount() const {
    if (m_kind != Kind::PassRates)
        return 0;
    int count = 0;
    for (QAbstractSeries* series : m_view->chart()->series())
        count += series->property(kWhiskerProperty).toBool();
    return count;
}

} // namespace kwb::ui
