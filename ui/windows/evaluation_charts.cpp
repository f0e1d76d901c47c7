#include "ui/windows/evaluation_charts.h"

namespace kwb::ui {

namespace {

QString qs(const std::string& s) {
    return QString::fromStdString(s);
}

// The whisker of a condition's metric: the interval of its difference from plain, placed around
// the condition's own value; none for plain or where the report has no difference.
PassRateChartData::Interval interval(const EvalReport& report, const EvalReportGroup& g,
                                     const char* metric, double percent) {
    PassRateChartData::Interval out;
    for (const EvalReportDifference& d : report.differences)
        if (d.model == g.model && d.condition == g.condition && d.metric == metric &&
            d.interval.tasks > 0) {
            out.shown = true;
            out.low = percent + 100.0 * (d.interval.low - d.interval.difference);
            out.high = percent + 100.0 * (d.interval.high - d.interval.difference);
        }
    return out;
}

} // namespace

CorrectRateChartData correctRateData(const EvalReport& report) {
    CorrectRateChartData bars;
    for (const EvalReportGroup& g : report.groups) {
        if (g.scope != "overall")
            continue;
        int m = int(bars.models.indexOf(qs(g.model)));
        if (m < 0) {
            m = int(bars.models.size());
            bars.models << qs(g.model);
            bars.correct.append(QVector<int>());
            bars.cells.append(QVector<int>());
        }
        int c = int(bars.conditions.indexOf(qs(g.condition)));
        if (c < 0) {
            c = int(bars.conditions.size());
            bars.conditions << qs(g.condition);
        }
        for (QVector<QVector<int>>* v : {&bars.correct, &bars.cells})
            while ((*v)[m].size() <= c)
                (*v)[m].append(0);
        bars.correct[m][c] = g.stats.correct;
        bars.cells[m][c] = g.stats.cells;
    }
    for (int m = 0; m < bars.models.size(); ++m)
        for (QVector<QVector<int>>* v : {&bars.correct, &bars.cells})
            while ((*v)[m].size() < bars.conditions.size())
                (*v)[m].append(0);
    return bars;
}

PassRateChartData passRateData(const EvalReport& report) {
    PassRateChartData out;
    for (const EvalReportGroup& g : report.groups) {
        if (g.scope != "overall")
            continue;
        const double pass = 100.0 * g.stats.passAt1;
        const auto fastIt = g.stats.fastP.find(1.0);
        const double fast = fastIt == g.stats.fastP.end() ? 0.0 : 100.0 * fastIt->second;
        out.columns << QStringLiteral("%1 · %2").arg(qs(g.model), qs(g.condition));
        out.passAt1 << pass;
        out.fast1 << fast;
        out.passAt1Ci << interval(report, g, "correct", pass);
        out.fast1Ci << interval(report, g, "fast_1.0", fast);
    }
    return out;
}

} // namespace kwb::ui
