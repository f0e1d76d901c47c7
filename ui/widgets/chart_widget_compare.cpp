// ChartWidget's charts for the Compare view: speedups of several samples grouped per shape, and
// one shape's timing with a box per sample. Part of the one class that owns Qt Charts.
#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QBoxPlotSeries>
#include <QBoxSet>
#include <QChart>
#include <QChartView>
#include <QLineSeries>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

#include "ui/widgets/chart_widget.h"

namespace kwb::ui {

namespace {

// One colour per sample, told apart in print too (Okabe-Ito).
const QColor kSamplePalette[] = {QColor(0x00, 0x72, 0xb2), QColor(0xe6, 0x9f, 0x00),
                                 QColor(0x00, 0x9e, 0x73), QColor(0xcc, 0x79, 0xa7),
                                 QColor(0x56, 0xb4, 0xe9), QColor(0xd5, 0x5e, 0x00),
                                 QColor(0xf0, 0xe4, 0x42), QColor(0x33, 0x33, 0x33)};

QColor sampleColor(qsizetype i) {
    return kSamplePalette[i % qsizetype(std::size(kSamplePalette))];
}

} // namespace

void ChartWidget::showGroupedSpeedups(const GroupedSpeedupChartData& chartData) {
    m_redraw = [this, chartData] { showGroupedSpeedups(chartData); };
    if (chartData.shapes.isEmpty() || chartData.samples.isEmpty()) {
        displayMessage(tr("No speedups: none of these samples has been timed."));
        return;
    }
    QChart* chart = newChart(Kind::GroupedSpeedups, tr("Speedup per shape"));
    auto* bars = new QBarSeries;
    double top = 1.0;
    for (qsizetype s = 0; s < chartData.samples.size(); ++s) {
        auto* set = new QBarSet(chartData.samples[s]);
        set->setColor(sampleColor(s));
        const QVector<double> row = chartData.speedups.value(s);
        for (qsizetype i = 0; i < chartData.shapes.size(); ++i) {
            const double v = row.value(i, std::nan(""));
            const double shown = std::isfinite(v) ? std::max(0.0, v) : 0.0;
            *set << shown;
            top = std::max(top, shown);
        }
        bars->append(set);
    }
    chart->addSeries(bars);
    addSpeedupAxes(chart, bars, chartData.shapes, top);
}

void ChartWidget::showSampleTimings(const SampleTimingChartData& chartData) {
    m_redraw = [this, chartData] { showSampleTimings(chartData); };
    double top = 0.0;
    for (const auto& box : chartData.boxes)
        for (double v : box.samplesMs)
            top = std::max(top, v);
    if (chartData.boxes.isEmpty() || top <= 0) {
        displayMessage(tr("No timing at this shape: none of these samples was timed there."));
        return;
    }
    // The unit that keeps the numbers readable: microsecond shapes in µs.
    const bool micro = top < 1.0;
    const double scale = micro ? 1000.0 : 1.0;
    QChart* chart = newChart(Kind::SampleTimings, tr("Timing at %1").arg(chartData.shape));
    auto* series = new QBoxPlotSeries;
    series->setName(tr("Time per call"));
    QStringList labels;
    for (const auto& box : chartData.boxes) {
        QVector<double> scaled;
        for (double v : box.samplesMs)
            scaled.append(v * scale);
        const BoxSummary b = summarize(scaled);
        //: A box's category: the sample, then its median time with the unit
        const QString label = tr("%1\nmedian %2").arg(box.label, formatDuration(b.median / scale));
        labels.append(label);
        series->append(new QBoxSet(b.lower, b.q1, b.median, b.q3, b.upper, label));
    }
    series->setBrush(QColor(0x2f, 0x6f, 0xc9).lighter(150));
    chart->addSeries(series);
    auto* axisX = new QBarCategoryAxis;
    axisX->append(labels);
    auto* axisY = new QValueAxis;
    axisY->setRange(0.0, tidyCeiling(top * scale * 1.1));
    axisY->setTitleText(micro ? tr("Time per call (µs)") : tr("Time per call (ms)"));
    chart->addAxis(axisX, Qt::AlignBottom);
    chart->addAxis(axisY, Qt::AlignLeft);
    series->attachAxis(axisX);
    series->attachAxis(axisY);
    chart->legend()->hide();
}

int ChartWidget::barCount(int category) const {
    if (m_kind == Kind::Empty)
        return 0;
    int count = 0;
    for (QAbstractSeries* series : m_view->chart()->series())
        if (auto* bars = qobject_cast<QAbstractBarSeries*>(series))
            for (QBarSet* set : bars->barSets())
                if (category >= 0 && category < set->count() && set->at(category) > 0)
                    ++count;
    return count;
}

} // namespace kwb::ui
