#include "ui/widgets/chart_data.h"

#include <QLocale>
#include <algorithm>
#include <cmath>

namespace kwb::ui {

Histogram makeHistogram(const QVector<double>& values, int bins) {
    Histogram h;
    QVector<double> finite;
    for (double v : values)
        if (std::isfinite(v))
            finite.append(v);
    if (finite.isEmpty() || bins < 1)
        return h;
    const auto [lo, hi] = std::minmax_element(finite.begin(), finite.end());
    double min = *lo, max = *hi;
    if (max <= min) { // one value: a single bin around it
        min -= 0.5;
        max += 0.5;
    }
    const double width = (max - min) / bins;
    for (int i = 0; i <= bins; ++i)
        h.edges.append(min + width * i);
    h.counts.fill(0, bins);
    for (double v : finite) {
        const int bin = std::clamp(static_cast<int>((v - min) / width), 0, bins - 1);
        ++h.counts[bin];
    }
    return h;
}

namespace {
// Linear interpolation between closest ranks, as numpy's default percentile.
double quantile(const QVector<double>& sorted, double q) {
    const double pos = q * (sorted.size() - 1);
    const auto below = static_cast<qsizetype>(std::floor(pos));
    const auto above = std::min(below + 1, sorted.size() - 1);
    return sorted[below] + (sorted[above] - sorted[below]) * (pos - static_cast<double>(below));
}
} // namespace

BoxSummary summarize(QVector<double> values) {
    BoxSummary s;
    values.erase(
        std::remove_if(values.begin(), values.end(), [](double v) { return !std::isfinite(v); }),
        values.end());
    if (values.isEmpty())
        return s;
    std::sort(values.begin(), values.end());
    s.q1 = quantile(values, 0.25);
    s.median = quantile(values, 0.5);
    s.q3 = quantile(values, 0.75);
    const double reach = 1.5 * (s.q3 - s.q1);
    s.lower = s.q1;
    s.upper = s.q3;
    for (double v : values) {
        if (v >= s.q1 - reach) {
            s.lower = std::min(v, s.q1);
            break;
        }
    }
    for (auto it = values.rbegin(); it != values.rend(); ++it) {
        if (*it <= s.q3 + reach) {
            s.upper = std::max(*it, s.q3);
            break;
        }
    }
    return s;
}

QString formatDuration(double ms) {
    if (std::abs(ms) < 1.0)
        return QStringLiteral("%1 µs").arg(QLocale().toString(ms * 1000.0, 'g', 3));
    return QStringLiteral("%1 ms").arg(QLocale().toString(ms, 'g', 3));
}

} // namespace kwb::ui
