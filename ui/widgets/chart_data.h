#pragma once
// What the ChartWidget draws, as plain values: a view fills one of these from a verification
// record or from dataset statistics and hands it over. Nothing here knows Qt Charts, so the
// charting library can be swapped without touching the views.
#include <QString>
#include <QStringList>
#include <QVector>

namespace kwb::ui {

// Speedup (baseline median / candidate median) per shape, drawn against the 1.0 line.
struct SpeedupChartData {
    QStringList shapes;
    QVector<double> speedups; // one per shape
};

// Raw timing samples of baseline and candidate per shape, drawn as box plots (µs).
struct TimingChartData {
    struct Shape {
        QString name;
        QVector<double> baselineUs;
        QVector<double> candidateUs;
    };
    QVector<Shape> shapes;
};

// Achieved rate against the device's ceilings: x = arithmetic intensity (FLOP per byte),
// y = TFLOP/s, both logarithmic. The roof is min(peak, bandwidth × intensity).
struct RooflineChartData {
    QString device;
    double peakTflops = 0.0;
    double bandwidthGBps = 0.0;
    struct Point {
        QString label;
        double intensity = 0.0; // FLOP / byte
        double tflops = 0.0;    // achieved
    };
    QVector<Point> points;
};

// The Compare view's speedups: one bar group per shape, one bar per sample. speedups[s][i] is
// sample s's speedup at shape i; NaN (or a missing entry) where it has none, drawn as no bar.
struct GroupedSpeedupChartData {
    QStringList shapes;
    QStringList samples;
    QVector<QVector<double>> speedups;
};

// The Compare view's timing at one shape: a box per sample (its candidate's raw samples) and
// the baseline's, in milliseconds; the axis picks µs or ms from the values.
struct SampleTimingChartData {
    QString shape;
    struct Box {
        QString label;
        QVector<double> samplesMs;
    };
    QVector<Box> boxes;
};

// Warp-stall reasons, grouped per reason with one bar per side (a profile's candidate and
// baseline): warp cycles per issued instruction. A reason that is not among a side's top ones
// has 0 there.
struct StallChartData {
    QStringList reasons;
    struct Side {
        QString label;
        QVector<double> cycles; // one per reason
    };
    QVector<Side> sides;
};

// Accepted out of reviewed, per model.
struct AcceptRateChartData {
    QStringList models;
    QVector<int> accepted;
    QVector<int> reviewed;
};

// Correct answers out of all answers of an evaluation run, per condition (the categories) and
// model (one bar each): correct[m][c] of cells[m][c].
struct CorrectRateChartData {
    QStringList conditions;
    QStringList models;
    QVector<QVector<int>> correct;
    QVector<QVector<int>> cells;
    // The share as the chart draws it, in percent (0 without answers).
    double percent(int model, int condition) const {
        const int n = cells.value(model).value(condition);
        return n > 0 ? 100.0 * correct.value(model).value(condition) / n : 0.0;
    }
};

// pass@1 and fast_p at 1.0 of an evaluation run, one column per model and condition, as shares
// in percent. A condition other than plain carries the 95 % bootstrap interval of its difference
// from plain (the report's), drawn as a whisker around its bar: from value + (low - difference)
// to value + (high - difference), so the whisker shows how far the measured difference could
// move the bar.
struct PassRateChartData {
    struct Interval {
        bool shown = false;
        double low = 0.0, high = 0.0; // in percent, where the whisker ends
    };
    QStringList columns;         // "model · condition"
    QVector<double> passAt1;     // percent
    QVector<double> fast1;       // percent
    QVector<Interval> passAt1Ci; // one per column
    QVector<Interval> fast1Ci;
};

// Equal-width bins over [min, max] of values: counts[i] holds values in
// [edges[i], edges[i+1]) (the last bin includes max). Empty values give empty bins.
struct Histogram {
    QVector<double> edges;
    QVector<int> counts;
};
Histogram makeHistogram(const QVector<double>& values, int bins);

// A distribution over samples, e.g. the dataset's speedups: raw values binned into `bins`
// equal bins, or counts already binned (the store's statistics; the last edge may be
// infinity), used when `values` is empty.
struct HistogramChartData {
    QVector<double> values;
    int bins = 12;
    Histogram binned{};
};

// Five-number summary for a box: lower whisker, Q1, median, Q3, upper whisker (Tukey:
// whiskers at the furthest samples within 1.5 IQR of the box).
struct BoxSummary {
    double lower = 0.0, q1 = 0.0, median = 0.0, q3 = 0.0, upper = 0.0;
};
BoxSummary summarize(QVector<double> values);

// A time in milliseconds as people read it: "3.41 µs" under a millisecond, else "12.9 ms"
// (in the locale's digits).
QString formatDuration(double ms);

} // namespace kwb::ui
