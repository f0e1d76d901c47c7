// ProjectStore: statistics per task and per model.
#include <cmath>
#include <map>

#include "core/store/project_store.h"
#include "core/store/sample_filter_sql.h"
#include "core/store/sqlite_connection.h"

namespace kwb {
namespace {

double quantile(const std::vector<double>& sorted, double q) {
    if (sorted.empty())
        return 0.0;
    double pos = q * double(sorted.size() - 1);
    auto lo = std::size_t(std::floor(pos));
    auto hi = std::min(sorted.size() - 1, lo + 1);
    double f = pos - double(lo);
    return sorted[lo] * (1.0 - f) + sorted[hi] * f;
}

SpeedupStats describeSpeedups(const std::vector<double>& sorted) {
    SpeedupStats s;
    const auto& edges = SpeedupStats::histogramEdges();
    s.histogram.assign(edges.size(), 0);
    s.count = std::int64_t(sorted.size());
    if (sorted.empty())
        return s;
    s.min = sorted.front();
    s.max = sorted.back();
    s.p25 = quantile(sorted, 0.25);
    s.median = quantile(sorted, 0.5);
    s.p75 = quantile(sorted, 0.75);
    double logSum = 0;
    for (double v : sorted) {
        logSum += std::log(std::max(v, 1e-12));
        std::size_t b = 0;
        while (b + 1 < edges.size() && v >= edges[b + 1])
            ++b;
        ++s.histogram[b];
    }
    s.geomean = std::exp(logSum / double(sorted.size()));
    return s;
}

} // namespace

const std::vector<double>& SpeedupStats::histogramEdges() {
    static const std::vector<double> e = {0.0, 0.5, 1.0, 1.5, 2.0, 4.0};
    return e;
}

Result<std::vector<GroupStats>> ProjectStore::statsByTask(const SampleFilter& filter) {
    return stats("task_id", filter);
}
Result<std::vector<GroupStats>> ProjectStore::statsByModel(const SampleFilter& filter) {
    return stats("model", filter);
}

Result<std::vector<GroupStats>> ProjectStore::stats(const char* groupColumn,
                                                    const SampleFilter& filter) {
    auto cond = filterCondition(filter);
    const std::string g = std::string("s.") + groupColumn;
    auto st = m_db->prepare(
        "SELECT " + g +
        ", count(*), sum(s.duplicate_of IS NOT NULL), sum(s.verification_verdict <> ''), "
        "sum(s.verification_verdict = " +
        sqlVerdict(verification::Verdict::Pass) +
        "), sum(s.verdict = 'accepted'), sum(s.verdict = 'rejected'), "
        "sum(s.verdict = 'needs-work'), sum(s.verdict = 'unreviewed') FROM samples s WHERE " +
        cond.where + " GROUP BY " + g + " ORDER BY " + g);
    if (!st)
        return st.error();
    bindCondition(*st, cond);
    std::vector<GroupStats> out;
    std::map<std::string, std::size_t> index;
    for (;;) {
        auto r = st->step();
        if (!r)
            return r.error();
        if (!*r)
            break;
        GroupStats gs;
        gs.key = st->textAt(0);
        gs.samples = st->int64At(1);
        gs.duplicates = st->int64At(2);
        gs.verified = st->int64At(3);
        gs.passed = st->int64At(4);
        gs.accepted = st->int64At(5);
        gs.rejected = st->int64At(6);
        gs.needsWork = st->int64At(7);
        gs.unreviewed = st->int64At(8);
        gs.speedup = describeSpeedups({});
        index[gs.key] = out.size();
        out.push_back(std::move(gs));
    }
    auto sp =
        m_db->prepare("SELECT " + g + ", s.speedup FROM samples s WHERE " + cond.where +
                      " AND s.verification_verdict = " + sqlVerdict(verification::Verdict::Pass) +
                      " AND s.speedup IS NOT NULL ORDER BY " + g + ", s.speedup");
    if (!sp)
        return sp.error();
    bindCondition(*sp, cond);
    std::string current;
    std::vector<double> values;
    auto flush = [&] {
        if (!values.empty() && index.count(current))
            out[index[current]].speedup = describeSpeedups(values);
        values.clear();
    };
    for (;;) {
        auto r = sp->step();
        if (!r)
            return r.error();
        if (!*r)
            break;
        std::string key = sp->textAt(0);
        if (key != current) {
            flush();
            current = key;
        }
        values.push_back(sp->doubleAt(1));
    }
    flush();
    return out;
}

} // namespace kwb
