#pragma once
// The workbench's one chart widget, and the only code that uses Qt Charts (deprecated from Qt
// 6.10: keeping it here keeps it swappable). It draws one chart at a time from the plain
// structs of chart_data.h and saves it as PNG or SVG. UI thread only; drawing is cheap (tens
// of points), so it happens in the show* calls.
#include <functional>

#include <QImage>
#include <QSize>
#include <QString>
#include <QStringList>
#include <QWidget>

#include "ui/widgets/chart_data.h"

class QAbstractBarSeries;
class QChart;
class QChartView;
class QLabel;
class QStackedLayout;

namespace kwb::ui {

class ChartWidget final : public QWidget {
    Q_OBJECT

public:
    enum class Kind {
        Empty,
        SpeedupPerShape,
        TimingDistribution,
        Roofline,
        SpeedupHistogram,
        AcceptRate,
        CorrectRate,
        PassRates,
        StallReasons,
        GroupedSpeedups,
        SampleTimings
    };
    Q_ENUM(Kind)

    explicit ChartWidget(QWidget* parent = nullptr);
    ~ChartWidget() override;

    void showSpeedupPerShape(const SpeedupChartData& chartData);
    void showTimingDistribution(const TimingChartData& chartData);
    void showRoofline(const RooflineChartData& chartData);
    void showSpeedupHistogram(const HistogramChartData& chartData);
    void showAcceptRate(const AcceptRateChartData& chartData);
    // An evaluation run's correct rate per condition, a bar per model.
    void showCorrectRate(const CorrectRateChartData& chartData);
    // pass@1 and fast_p at 1.0 per model and condition, with the intervals as whiskers
    // (chart_pass_rates.cpp). whiskerCount() counts the whiskers drawn.
    void showPassRates(const PassRateChartData& chartData);
    int whiskerCount() const;
    // Horizontal bars, one group per reason; a message where no side has stall reasons.
    void showStallReasons(const StallChartData& chartData);
    // Compare: speedup per shape, a bar per sample (chart_widget_compare.cpp).
    void showGroupedSpeedups(const GroupedSpeedupChartData& chartData);
    // Compare: one shape's timing, a box per sample, in µs or ms as the values need.
    void showSampleTimings(const SampleTimingChartData& chartData);
    // No chart: a sentence in its place ("Not timed: the sample did not run").
    void showMessage(const QString& message);

    Kind kind() const { return m_kind; }
    int seriesCount() const;
    QString title() const;
    QString message() const;
    // What the legend names: each series' name, a bar series' sets one by one.
    QStringList seriesNames() const;
    // The categories of the chart's bar axis (shapes, stall reasons, ...); empty when none.
    QStringList categories() const;
    // How many bars the bar series draws at a category (a bar of height 0 is none).
    int barCount(int category) const;

    // The chart alone, at `size` (the widget's size when empty), white background.
    QImage toImage(QSize size = {}) const;
    bool savePng(const QString& path, QSize size = {}) const;
    bool saveSvg(const QString& path, QSize size = {}) const;
    // Opens a window-modal "Save chart" dialog (PNG or SVG); never blocks the event loop.
    void saveAsDialog();

protected:
    void changeEvent(QEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;

private:
    QChart* newChart(Kind kind, const QString& title);
    // The speedup charts' axes (the shapes below, the speedup at the left up to a tidy bound
    // over `top`) and their dashed 1.0 line, attached to `bars`.
    void addSpeedupAxes(QChart* chart, QAbstractBarSeries* bars, const QStringList& shapes,
                        double top);
    // A tidy upper bound for a linear axis: 1, 2 or 5 times a power of ten, at least `value`.
    static double tidyCeiling(double value);
    void displayMessage(const QString& message);
    void render(QPainter& painter, QSize size) const;

    Kind m_kind = Kind::Empty;
    QStackedLayout* m_stack = nullptr;
    QChartView* m_view = nullptr; // owns the current chart
    QLabel* m_message = nullptr;
    std::function<void()> m_redraw; // draws the current chart again (language change)
};

} // namespace kwb::ui
