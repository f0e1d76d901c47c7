#include "ui/widgets/chart_widget.h"

#include <QAreaSeries>
#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QBoxPlotSeries>
#include <QBoxSet>
#include <QChart>
#include <QChartView>
#include <QContextMenuEvent>
#include <QEvent>
#include <QFileDialog>
#include <QHorizontalBarSeries>
#include <QLabel>
#include <QLineSeries>
#include <QLocale>
#include <QLogValueAxis>
#include <QMenu>
#include <QMessageBox>
#include <QPainter>
#include <QScatterSeries>
#include <QStackedBarSeries>
#include <QStackedLayout>
#include <QSvgGenerator>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

namespace kwb::ui {

namespace {
const QColor kFaster(0x2e, 0x9e, 0x5b);
const QColor kSlower(0xd0, 0x4a, 0x3a);
const QColor kBaseline(0x7a, 0x86, 0x99);
const QColor kCandidate(0x2f, 0x6f, 0xc9);
constexpr QSize kDefaultExportSize(960, 600);

// Log-axis bounds: whole decades around [lo, hi].
std::pair<double, double> decades(double lo, double hi) {
    return {std::pow(10.0, std::floor(std::log10(lo))), std::pow(10.0, std::ceil(std::log10(hi)))};
}
} // namespace

ChartWidget::ChartWidget(QWidget* parent)
    : QWidget(parent), m_stack(new QStackedLayout(this)), m_view(new QChartView(this)),
      m_message(new QLabel(this)) {
    setObjectName(QStringLiteral("chartWidget"));
    m_view->setRenderHint(QPainter::Antialiasing);
    m_message->setAlignment(Qt::AlignCenter);
    m_message->setWordWrap(true);
    m_message->setObjectName(QStringLiteral("chartMessage"));
    m_stack->addWidget(m_view);
    m_stack->addWidget(m_message);
    showMessage(QString());
}

ChartWidget::~ChartWidget() = default;

QChart* ChartWidget::newChart(Kind kind, const QString& title) {
    QChart* old = m_view->chart();
    auto* chart = new QChart;
    chart->setTitle(title);
    chart->setAnimationOptions(QChart::NoAnimation); // exports and tests see the final frame
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setBackgroundRoundness(0);
    m_view->setChart(chart); // the view does not delete the chart it had
    delete old;
    m_kind = kind;
    m_stack->setCurrentWidget(m_view);
    return chart;
}

void ChartWidget::showSpeedupPerShape(const SpeedupChartData& chartData) {
    m_redraw = [this, chartData] { showSpeedupPerShape(chartData); };
    QChart* chart = newChart(Kind::SpeedupPerShape, tr("Speedup per shape"));
    // Two stacked sets so faster and slower shapes get their own colour; each shape has its
    // value in one set and 0 in the other.
    auto* faster = new QBarSet(tr("Faster than the baseline"));
    auto* slower = new QBarSet(tr("Slower than the baseline"));
    faster->setColor(kFaster);
    slower->setColor(kSlower);
    double top = 1.0;
    const qsizetype n = std::min(chartData.shapes.size(), chartData.speedups.size());
    for (qsizetype i = 0; i < n; ++i) {
        const double s =
            std::isfinite(chartData.speedups[i]) ? std::max(0.0, chartData.speedups[i]) : 0.0;
        *faster << (s >= 1.0 ? s : 0.0);
        *slower << (s < 1.0 ? s : 0.0);
        top = std::max(top, s);
    }
    auto* bars = new QStackedBarSeries;
    bars->append(faster);
    bars->append(slower);
    chart->addSeries(bars);
    addSpeedupAxes(chart, bars, chartData.shapes.mid(0, n), top);
}

void ChartWidget::addSpeedupAxes(QChart* chart, QAbstractBarSeries* bars, const QStringList& shapes,
                                 double top) {
    auto* axisX = new QBarCategoryAxis;
    axisX->append(shapes);
    axisX->setTitleText(tr("Shape"));
    auto* axisY = new QValueAxis;
    axisY->setRange(0.0, tidyCeiling(top * 1.1));
    axisY->setLabelFormat(QStringLiteral("%.2f"));
    axisY->setTitleText(tr("Speedup (×)"));
    chart->addAxis(axisX, Qt::AlignBottom);
    chart->addAxis(axisY, Qt::AlignLeft);
    bars->attachAxis(axisX);
    bars->attachAxis(axisY);

    // The 1.0 line: as fast as the baseline. Category positions are 0..n-1, so it runs
    // from -0.5 to n-0.5 across the whole plot.
    auto* parity = new QLineSeries;
    parity->setName(tr("Baseline (1.0×)"));
    parity->append(-0.5, 1.0);
    parity->append(static_cast<double>(shapes.size()) - 0.5, 1.0);
    QPen pen(QColor(0x33, 0x33, 0x33));
    pen.setStyle(Qt::DashLine);
    pen.setWidthF(1.5);
    parity->setPen(pen);
    chart->addSeries(parity);
    parity->attachAxis(axisX);
    parity->attachAxis(axisY);
}

double ChartWidget::tidyCeiling(double value) {
    if (value <= 0)
        return 1.0;
    const double power = std::pow(10.0, std::floor(std::log10(value)));
    for (double step : {1.0, 2.0, 5.0, 10.0})
        if (step * power >= value)
            return step * power;
    return 10.0 * power;
}

void ChartWidget::showTimingDistribution(const TimingChartData& chartData) {
    m_redraw = [this, chartData] { showTimingDistribution(chartData); };
    QChart* chart = newChart(Kind::TimingDistribution, tr("Timing distribution"));
    auto* baseline = new QBoxPlotSeries;
    baseline->setName(tr("Baseline"));
    baseline->setBrush(kBaseline.lighter(140));
    auto* candidate = new QBoxPlotSeries;
    candidate->setName(tr("Candidate"));
    candidate->setBrush(kCandidate.lighter(150));
    QStringList names;
    double top = 0.0;
    for (const auto& shape : chartData.shapes) {
        names.append(shape.name);
        for (const auto& [series, values] :
             {std::pair{baseline, shape.baselineUs}, std::pair{candidate, shape.candidateUs}}) {
            const BoxSummary b = summarize(values);
            series->append(new QBoxSet(b.lower, b.q1, b.median, b.q3, b.upper, shape.name));
            top = std::max(top, b.upper);
        }
    }
    chart->addSeries(baseline);
    chart->addSeries(candidate);
    auto* axisX = new QBarCategoryAxis;
    axisX->append(names);
    axisX->setTitleText(tr("Shape"));
    auto* axisY = new QValueAxis;
    axisY->setRange(0.0, tidyCeiling(top * 1.1));
    axisY->setTitleText(tr("Time per call (µs)"));
    chart->addAxis(axisX, Qt::AlignBottom);
    chart->addAxis(axisY, Qt::AlignLeft);
    for (auto* series : {baseline, candidate}) {
        series->attachAxis(axisX);
        series->attachAxis(axisY);
    }
}

void ChartWidget::showRoofline(const RooflineChartData& chartData) {
    m_redraw = [this, chartData] { showRoofline(chartData); };
    if (chartData.peakTflops <= 0 || chartData.bandwidthGBps <= 0) {
        displayMessage(tr("No roofline: the device's ceilings have not been measured."));
        return;
    }
    QChart* chart = newChart(Kind::Roofline, chartData.device.isEmpty()
                                                 ? tr("Roofline")
                                                 : tr("Roofline on %1").arg(chartData.device));
    const double ridge = chartData.peakTflops * 1000.0 / chartData.bandwidthGBps; // FLOP per byte
    double xLo = ridge / 100.0, xHi = ridge * 100.0;
    double yLo = chartData.peakTflops / 1000.0, yHi = chartData.peakTflops * 2.0;
    for (const auto& p : chartData.points) {
        if (p.intensity <= 0 || p.tflops <= 0)
            continue;
        xLo = std::min(xLo, p.intensity / 2);
        xHi = std::max(xHi, p.intensity * 2);
        yLo = std::min(yLo, p.tflops / 2);
        yHi = std::max(yHi, p.tflops * 2);
    }
    const auto [x0, x1] = decades(xLo, xHi);
    const auto [y0, y1] = decades(yLo, yHi);

    auto* axisX = new QLogValueAxis;
    axisX->setBase(10.0);
    axisX->setRange(x0, x1);
    axisX->setLabelFormat(QStringLiteral("%g"));
    axisX->setTitleText(tr("Arithmetic intensity (FLOP/byte)"));
    auto* axisY = new QLogValueAxis;
    axisY->setBase(10.0);
    axisY->setRange(y0, y1);
    axisY->setLabelFormat(QStringLiteral("%g"));
    axisY->setTitleText(tr("Achieved (TFLOP/s)"));
    chart->addAxis(axisX, Qt::AlignBottom);
    chart->addAxis(axisY, Qt::AlignLeft);

    // Two roofs that meet at the ridge point: bandwidth times intensity below it, the peak
    // rate above it.
    auto* memoryRoof = new QLineSeries;
    memoryRoof->setName(
        tr("Memory roof (%1 GB/s)").arg(QLocale().toString(chartData.bandwidthGBps, 'f', 0)));
    const double memoryStart = std::max(x0, y0 * 1000.0 / chartData.bandwidthGBps);
    memoryRoof->append(memoryStart, chartData.bandwidthGBps * memoryStart / 1000.0);
    memoryRoof->append(ridge, chartData.peakTflops);
    auto* computeRoof = new QLineSeries;
    computeRoof->setName(
        tr("Compute roof (%1 TFLOP/s)").arg(QLocale().toString(chartData.peakTflops, 'f', 1)));
    computeRoof->append(ridge, chartData.peakTflops);
    computeRoof->append(x1, chartData.peakTflops);
    for (auto [roof, color] : {std::pair{memoryRoof, QColor(0x33, 0x33, 0x33)},
                               std::pair{computeRoof, QColor(0x8a, 0x4b, 0x08)}}) {
        QPen pen(color);
        pen.setWidthF(2.0);
        roof->setPen(pen);
        chart->addSeries(roof);
        roof->attachAxis(axisX);
        roof->attachAxis(axisY);
    }

    for (const auto& p : chartData.points) {
        if (p.intensity <= 0 || p.tflops <= 0)
            continue; // a log axis cannot show it
        auto* point = new QScatterSeries;
        point->setName(p.label);
        point->setMarkerSize(11.0);
        point->append(p.intensity, p.tflops);
        chart->addSeries(point);
        point->attachAxis(axisX);
        point->attachAxis(axisY);
    }
}

void ChartWidget::showSpeedupHistogram(const HistogramChartData& chartData) {
    m_redraw = [this, chartData] { showSpeedupHistogram(chartData); };
    const Histogram h = chartData.values.isEmpty() && !chartData.binned.counts.isEmpty()
                            ? chartData.binned
                            : makeHistogram(chartData.values, chartData.bins);
    if (h.counts.isEmpty() ||
        std::all_of(h.counts.begin(), h.counts.end(), [](int c) { return c == 0; })) {
        displayMessage(tr("No speedups yet: no sample has been timed."));
        return;
    }
    QChart* chart = newChart(Kind::SpeedupHistogram, tr("Speedup distribution"));
    auto* faster = new QBarSet(tr("At least as fast as the baseline"));
    auto* slower = new QBarSet(tr("Slower than the baseline"));
    faster->setColor(kFaster);
    slower->setColor(kSlower);
    QStringList labels;
    int top = 1;
    const QLocale locale;
    for (qsizetype i = 0; i < h.counts.size(); ++i) {
        // A bin counts as "faster" when it lies at or above 1.0 for the most part.
        const bool fast = (h.edges[i] + h.edges[i + 1]) / 2.0 >= 1.0;
        *faster << (fast ? h.counts[i] : 0);
        *slower << (fast ? 0 : h.counts[i]);
        top = std::max(top, h.counts[i]);
        if (std::isinf(h.edges[i + 1])) {
            //: The last histogram bin, open-ended, e.g. "≥ 4.00"
            labels.append(tr("≥ %1").arg(locale.toString(h.edges[i], 'f', 2)));
            continue;
        }
        //: A histogram bin's range, e.g. "0.80–1.00"
        labels.append(tr("%1–%2").arg(locale.toString(h.edges[i], 'f', 2),
                                      locale.toString(h.edges[i + 1], 'f', 2)));
    }
    auto* bars = new QStackedBarSeries;
    bars->setBarWidth(0.95);
    bars->append(faster);
    bars->append(slower);
    chart->addSeries(bars);
    auto* axisX = new QBarCategoryAxis;
    axisX->append(labels);
    axisX->setTitleText(tr("Speedup (×)"));
    axisX->setLabelsAngle(-45);
    auto* axisY = new QValueAxis;
    axisY->setRange(0, tidyCeiling(top * 1.1));
    axisY->setLabelFormat(QStringLiteral("%d"));
    axisY->setTitleText(tr("Samples"));
    chart->addAxis(axisX, Qt::AlignBottom);
    chart->addAxis(axisY, Qt::AlignLeft);
    bars->attachAxis(axisX);
    bars->attachAxis(axisY);
}

void ChartWidget::showAcceptRate(const AcceptRateChartData& chartData) {
    m_redraw = [this, chartData] { showAcceptRate(chartData); };
    QChart* chart = newChart(Kind::AcceptRate, tr("Accept rate per model"));
    auto* rate = new QBarSet(tr("Accepted (% of reviewed)"));
    rate->setColor(kCandidate);
    const qsizetype n =
        std::min({chartData.models.size(), chartData.accepted.size(), chartData.reviewed.size()});
    QStringList labels;
    for (qsizetype i = 0; i < n; ++i) {
        const int reviewed = chartData.reviewed[i];
        *rate << (reviewed > 0 ? 100.0 * chartData.accepted[i] / reviewed : 0.0);
        //: A model and its accepted/reviewed counts, e.g. "claude-opus (12/19)"
        labels.append(
            tr("%1 (%2/%3)").arg(chartData.models[i]).arg(chartData.accepted[i]).arg(reviewed));
    }
    auto* bars = new QStackedBarSeries;
    bars->append(rate);
    bars->setLabelsVisible(true);
    bars->setLabelsFormat(QStringLiteral("@value %"));
    bars->setLabelsPrecision(3);
    chart->addSeries(bars);
    auto* axisX = new QBarCategoryAxis;
    axisX->append(labels);
    axisX->setTitleText(tr("Model"));
    auto* axisY = new QValueAxis;
    axisY->setRange(0, 100);
    axisY->setLabelFormat(QStringLiteral("%d"));
    axisY->setTitleText(tr("Accepted (%)"));
    chart->addAxis(axisX, Qt::AlignBottom);
    chart->addAxis(axisY, Qt::AlignLeft);
    bars->attachAxis(axisX);
    bars->attachAxis(axisY);
    chart->legend()->hide();
}

void ChartWidget::showCorrectRate(const CorrectRateChartData& chartData) {
    m_redraw = [this, chartData] { showCorrectRate(chartData); };
    QChart* chart = newChart(Kind::CorrectRate, tr("Correct answers per condition"));
    auto* bars = new QBarSeries;
    for (int m = 0; m < chartData.models.size(); ++m) {
        auto* set = new QBarSet(chartData.models[m]);
        for (int c = 0; c < chartData.conditions.size(); ++c)
            *set << chartData.percent(m, c);
        bars->append(set);
    }
    bars->setLabelsVisible(true);
    bars->setLabelsFormat(QStringLiteral("@value %"));
    bars->setLabelsPrecision(3);
    chart->addSeries(bars);
    auto* axisX = new QBarCategoryAxis;
    axisX->append(chartData.conditions);
    axisX->setTitleText(tr("Condition"));
    auto* axisY = new QValueAxis;
    axisY->setRange(0, 100);
    axisY->setLabelFormat(QStringLiteral("%d"));
    axisY->setTitleText(tr("Correct (% of answers)"));
    chart->addAxis(axisX, Qt::AlignBottom);
    chart->addAxis(axisY, Qt::AlignLeft);
    bars->attachAxis(axisX);
    bars->attachAxis(axisY);
    chart->legend()->setVisible(chartData.models.size() > 1);
}

void ChartWidget::showStallReasons(const StallChartData& chartData) {
    m_redraw = [this, chartData] { showStallReasons(chartData); };
    if (chartData.reasons.isEmpty()) {
        displayMessage(tr("No stall reasons: the basic section set does not collect them."));
        return;
    }
    QChart* chart = newChart(Kind::StallReasons, tr("Warp-stall reasons of the longest kernel"));
    auto* bars = new QHorizontalBarSeries;
    double top = 0.0;
    const QColor colors[] = {kCandidate, kBaseline};
    for (qsizetype i = 0; i < chartData.sides.size(); ++i) {
        const auto& side = chartData.sides[i];
        auto* set = new QBarSet(side.label);
        set->setColor(colors[std::min<qsizetype>(i, 1)]);
        for (qsizetype r = 0; r < chartData.reasons.size(); ++r) {
            const double v = r < side.cycles.size() ? side.cycles[r] : 0.0;
            *set << v;
            top = std::max(top, v);
        }
        bars->append(set);
    }
    chart->addSeries(bars);
    auto* axisY = new QBarCategoryAxis;
    axisY->append(chartData.reasons);
    auto* axisX = new QValueAxis;
    axisX->setRange(0.0, tidyCeiling(top * 1.1));
    axisX->setTitleText(tr("Warp cycles per issued instruction"));
    chart->addAxis(axisY, Qt::AlignLeft);
    chart->addAxis(axisX, Qt::AlignBottom);
    bars->attachAxis(axisY);
    bars->attachAxis(axisX);
}

void ChartWidget::showMessage(const QString& message) {
    m_redraw = {}; // the caller's text: the caller translates it again
    displayMessage(message);
}

void ChartWidget::displayMessage(const QString& message) {
    // An empty chart stays: a new QChart costs a scene and a relayout of the view (tens of ms
    // on a slow machine), and a panel that clears itself at every run start asks for this often.
    if (m_kind != Kind::Empty) {
        QChart* old = m_view->chart();
        m_view->setChart(new QChart);
        delete old;
    }
    m_kind = Kind::Empty;
    m_message->setText(message);
    m_stack->setCurrentWidget(m_message);
}

int ChartWidget::seriesCount() const {
    return m_kind == Kind::Empty ? 0 : static_cast<int>(m_view->chart()->series().size());
}

QString ChartWidget::title() const {
    return m_kind == Kind::Empty ? QString() : m_view->chart()->title();
}

QString ChartWidget::message() const {
    return m_kind == Kind::Empty ? m_message->text() : QString();
}

QStringList ChartWidget::seriesNames() const {
    QStringList names;
    if (m_kind == Kind::Empty)
        return names;
    for (QAbstractSeries* series : m_view->chart()->series()) {
        if (auto* bars = qobject_cast<QAbstractBarSeries*>(series)) {
            for (QBarSet* set : bars->barSets())
                names.append(set->label());
            continue;
        }
        if (!series->property("kwbWhisker").toBool()) // a pass-rate whisker has no legend entry
            names.append(series->name());
    }
    return names;
}

QStringList ChartWidget::categories() const {
    if (m_kind == Kind::Empty)
        return {};
    for (QAbstractAxis* axis : m_view->chart()->axes())
        if (auto* bar = qobject_cast<QBarCategoryAxis*>(axis))
            return bar->categories();
    return {};
}

void ChartWidget::render(QPainter& painter, QSize size) const {
    // The chart is laid out at the export size for the length of the export, then put back:
    // a resize lays a QGraphicsWidget out synchronously, so no event loop turn is needed.
    QChart* chart = m_view->chart();
    const QRectF old = chart->geometry();
    chart->setGeometry(QRectF(QPointF(0, 0), QSizeF(size)));
    painter.setRenderHint(QPainter::Antialiasing);
    chart->scene()->render(&painter, QRectF(QPointF(0, 0), QSizeF(size)),
                           QRectF(QPointF(0, 0), QSizeF(size)));
    chart->setGeometry(old);
}

QImage ChartWidget::toImage(QSize size) const {
    if (size.isEmpty())
        size = m_view->size().isEmpty() || !isVisible() ? kDefaultExportSize : m_view->size();
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    if (m_kind == Kind::Empty) {
        QPainter painter(&image);
        painter.drawText(image.rect(), Qt::AlignCenter | Qt::TextWordWrap, m_message->text());
        return image;
    }
    QPainter painter(&image);
    render(painter, size);
    return image;
}

bool ChartWidget::savePng(const QString& path, QSize size) const {
    return toImage(size).save(path, "PNG");
}

bool ChartWidget::saveSvg(const QString& path, QSize size) const {
    if (size.isEmpty())
        size = kDefaultExportSize;
    QSvgGenerator generator;
    generator.setFileName(path);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setTitle(title());
    //: Description embedded in exported SVG charts
    generator.setDescription(tr("Chart exported from Kernel Workbench"));
    QPainter painter;
    if (!painter.begin(&generator))
        return false;
    painter.fillRect(QRect(QPoint(0, 0), size), Qt::white);
    if (m_kind == Kind::Empty)
        painter.drawText(QRect(QPoint(0, 0), size), Qt::AlignCenter, m_message->text());
    else
        render(painter, size);
    return painter.end();
}

void ChartWidget::saveAsDialog() {
    auto* dialog = new QFileDialog(this, tr("Save chart"), QString(),
                                   tr("PNG image (*.png);;SVG drawing (*.svg)"));
    dialog->setAcceptMode(QFileDialog::AcceptSave);
    dialog->setDefaultSuffix(QStringLiteral("png"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QFileDialog::fileSelected, this, [this](const QString& file) {
        const bool svg = file.endsWith(QLatin1String(".svg"), Qt::CaseInsensitive);
        const bool ok = svg ? saveSvg(file, m_view->size()) : savePng(file, m_view->size());
        if (ok)
            return;
        auto* box = new QMessageBox(QMessageBox::Warning, tr("Save chart"),
                                    tr("The chart could not be written to %1.").arg(file),
                                    QMessageBox::Ok, this);
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
    });
    dialog->open();
}

void ChartWidget::contextMenuEvent(QContextMenuEvent* event) {
    if (m_kind == Kind::Empty)
        return;
    QMenu* menu = new QMenu(this);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->addAction(tr("Save chart as…"), this, &ChartWidget::saveAsDialog);
    menu->popup(event->globalPos());
}

void ChartWidget::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange && m_redraw)
        m_redraw(); // titles and axis names are drawn text: draw again
    QWidget::changeEvent(event);
}

} // namespace kwb::ui
