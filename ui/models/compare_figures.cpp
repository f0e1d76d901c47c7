#include "ui/models/compare_figures.h"

#include <QLocale>
#include <algorithm>
#include <cmath>
#include <limits>

#include "ui/models/record_views.h"
#include "ui/models/shape_result.h"

namespace kwb::ui {

namespace v = verification;

namespace {

QString qs(const std::string& s) {
    return QString::fromStdString(s);
}

QString number(double value, int precision = 3) {
    return QLocale().toString(value, 'g', precision);
}

QString bytes(int value) {
    return QLocale().toString(value);
}

// The change from `a` to `b` in percent of `a`: "+12.5 %"; empty where `a` is 0.
QString percentChange(double a, double b) {
    if (a == 0 || !std::isfinite(a) || !std::isfinite(b))
        return {};
    const double pct = 100.0 * (b - a) / a;
    return QStringLiteral("%1%2 %").arg(pct >= 0 ? QStringLiteral("+") : QString(),
                                        QLocale().toString(pct, 'f', 1));
}

const ShapeResult* findShape(const QVector<ShapeResult>& shapes, const QString& name) {
    for (const auto& s : shapes)
        if (s.name == name)
            return &s;
    return nullptr;
}

// How a record timed its shapes, from its first timed shape: "n 40 · batch 1 · L2 flushed".
QString timingSetup(const v::VerificationRecordData& r) {
    for (const v::ShapeResult& s : r.shapes) {
        if (!s.candidate)
            continue;
        const v::TimingSummary& t = *s.candidate;
        QStringList parts = {QStringLiteral("n %1").arg(t.n),
                             QStringLiteral("batch %1").arg(t.batch),
                             QStringLiteral("L2 %1").arg(qs(t.l2.value_or("flushed")))};
        if (t.graph)
            parts.append(QStringLiteral("graph"));
        return parts.join(QStringLiteral(" · "));
    }
    return {};
}

QString shapeNames(const v::VerificationRecordData& r) {
    QStringList names;
    for (const v::ShapeResult& s : r.shapes)
        names.append(qs(s.name));
    return names.join(QStringLiteral(", "));
}

const v::ShapeResult* findRecordShape(const v::VerificationRecordData& r, const std::string& name) {
    for (const v::ShapeResult& s : r.shapes)
        if (s.name == name)
            return &s;
    return nullptr;
}

} // namespace

GroupedSpeedupChartData CompareFigures::speedups(const CompareSet& set, QStringList* missing) {
    GroupedSpeedupChartData out;
    out.shapes = timedShapes(set);
    for (const CompareEntry& e : set) {
        out.samples.append(e.title());
        QVector<double> row;
        const auto shapes =
            e.latest() ? shapeResultsFromRecord(*e.latest()) : QVector<ShapeResult>{};
        for (const QString& name : out.shapes) {
            const ShapeResult* s = findShape(shapes, name);
            const bool has = s && s->timed && s->speedup > 0 && std::isfinite(s->speedup);
            row.append(has ? s->speedup : std::numeric_limits<double>::quiet_NaN());
            if (!has && missing)
                missing->append(tr("%1: no speedup at %2").arg(e.title(), name));
        }
        out.speedups.append(row);
    }
    return out;
}

QStringList CompareFigures::timedShapes(const CompareSet& set) {
    QStringList names;
    for (const CompareEntry& e : set) {
        if (!e.latest())
            continue;
        for (const ShapeResult& s : shapeResultsFromRecord(*e.latest()))
            if (s.timed && !names.contains(s.name))
                names.append(s.name);
    }
    return names;
}

SampleTimingChartData CompareFigures::timingAt(const CompareSet& set, const QString& shape) {
    SampleTimingChartData out;
    out.shape = shape;
    bool baseline = false;
    for (const CompareEntry& e : set) {
        if (!e.latest())
            continue;
        const auto shapes = shapeResultsFromRecord(*e.latest());
        const ShapeResult* s = findShape(shapes, shape);
        if (!s || !s->timed)
            continue;
        if (!baseline) {
            out.boxes.prepend({tr("Baseline"), s->baselineSamplesMs});
            baseline = true;
        }
        out.boxes.append({e.title(), s->candidateSamplesMs});
    }
    return out;
}

RooflineChartData CompareFigures::roofline(const CompareSet& set, QStringList* noPoint) {
    RooflineChartData out;
    for (const CompareEntry& e : set) {
        // A profile's point: ncu's DRAM bytes and the kernels' own time.
        if (e.profile && e.profile->profile) {
            const v::ProfileReport& report = *e.profile->profile;
            const v::ProfileSide* side = report.side("candidate");
            if (out.peakTflops <= 0) {
                out.peakTflops = report.peakFlopsPerSecond.value_or(0) * 1e-12;
                out.bandwidthGBps = report.peakBytesPerSecond.value_or(0) * 1e-9;
                if (e.profile->device)
                    out.device = qs(e.profile->device->name);
            }
            if (side)
                if (auto p = v::rooflinePoint(report, *side)) {
                    out.points.append({e.title(), p->intensity, p->flopsPerSecond * 1e-12});
                    continue;
                }
        }
        // Otherwise the record's largest timed shape: the task's FLOP and bytes over its median.
        const RooflineChartData own =
            e.latest() ? rooflineChartData(*e.latest(), shapeResultsFromRecord(*e.latest()))
                       : RooflineChartData{};
        if (out.peakTflops <= 0 && own.peakTflops > 0) {
            out.peakTflops = own.peakTflops;
            out.bandwidthGBps = own.bandwidthGBps;
            out.device = own.device;
        }
        const RooflineChartData::Point* best = nullptr;
        double bestFlops = 0;
        const auto shapes =
            e.latest() ? shapeResultsFromRecord(*e.latest()) : QVector<ShapeResult>{};
        for (const auto& p : own.points) {
            const ShapeResult* s = findShape(shapes, p.label);
            if (s && s->flops > bestFlops) {
                bestFlops = s->flops;
                best = &p;
            }
        }
        if (best)
            //: A roofline point: the sample, then the shape it was timed at
            out.points.append(
                {tr("%1 at %2").arg(e.title(), best->label), best->intensity, best->tflops});
        else if (noPoint)
            noPoint->append(e.title());
    }
    return out;
}

QVector<MetricsRow> CompareFigures::metrics(const CompareSet& set) {
    QVector<MetricsRow> rows;
    for (const CompareEntry& e : set) {
        MetricsRow head;
        head.sample = e.title();
        if (e.profile && e.profile->profile)
            if (const v::ProfileSide* side = e.profile->profile->side("candidate")) {
                if (auto ns = side->durationNs())
                    head.duration = formatDuration(*ns * 1e-6);
                if (const v::ProfiledKernel* k = v::longestKernel(*side)) {
                    const auto pct = [](const std::optional<double>& x) {
                        return x ? QStringLiteral("%1 %").arg(QLocale().toString(*x, 'f', 1))
                                 : QString();
                    };
                    head.smThroughput = pct(k->smThroughputPct);
                    head.memoryThroughput = pct(k->memoryThroughputPct);
                    head.occupancy = pct(k->achievedOccupancyPct);
                }
            }
        const v::VerificationRecordData* latest = e.latest();
        const bool built = latest && latest->build && !latest->build->resources.empty();
        if (!built) {
            head.kernel = latest ? tr("no ptxas figures recorded") : tr("not verified");
            rows.append(head);
            continue;
        }
        bool first = true;
        for (const v::KernelResourceUse& k : latest->build->resources) {
            MetricsRow row = first ? head : MetricsRow{};
            row.sample = head.sample;
            row.kernel = kernelShortName(k.function);
            row.registers = QLocale().toString(k.registers);
            row.sharedMemory = bytes(k.sharedBytes);
            row.spills = tr("%1 / %2").arg(bytes(k.spillStoreBytes), bytes(k.spillLoadBytes));
            row.stack = bytes(k.stackBytes);
            rows.append(row);
            first = false;
        }
    }
    return rows;
}

QVector<FieldChange> CompareFigures::diff(const v::VerificationRecordData& before,
                                          const v::VerificationRecordData& after) {
    QVector<FieldChange> out;
    const auto add = [&out](const QString& field, const QString& a, const QString& b,
                            const QString& change = {}) {
        out.append({field, a, b, change, a != b});
    };
    const auto device = [](const v::VerificationRecordData& r) {
        return r.device ? QStringLiteral("%1 (%2)").arg(qs(r.device->name), qs(r.device->cc))
                        : QString();
    };
    const auto options = [](const v::VerificationRecordData& r) {
        return r.queue && !r.queue->options.empty() ? qs(r.queue->options.dump()) : QString();
    };
    add(tr("Verdict"), qs(before.verdict.text()), qs(after.verdict.text()));
    add(tr("Detail"), qs(before.detail), qs(after.detail));
    add(tr("Device"), device(before), device(after));
    add(tr("Worker"), qs(before.worker), qs(after.worker));
    add(tr("Seed"), QString::number(before.seed), QString::number(after.seed));
    add(tr("Shapes"), shapeNames(before), shapeNames(after));
    add(tr("Timing"), timingSetup(before), timingSetup(after));
    add(tr("Options"), options(before), options(after));
    if (before.geomeanSpeedup || after.geomeanSpeedup)
        add(tr("Speedup (geometric mean)"),
            before.geomeanSpeedup ? number(*before.geomeanSpeedup) : QString(),
            after.geomeanSpeedup ? number(*after.geomeanSpeedup) : QString(),
            before.geomeanSpeedup && after.geomeanSpeedup
                ? percentChange(*before.geomeanSpeedup, *after.geomeanSpeedup)
                : QString());
    // Every shape of either record, the earlier record's order first.
    std::vector<std::string> names;
    for (const auto* r : {&before, &after})
        for (const v::ShapeResult& s : r->shapes)
            if (std::find(names.begin(), names.end(), s.name) == names.end())
                names.push_back(s.name);
    for (const std::string& name : names) {
        const v::ShapeResult* a = findRecordShape(before, name);
        const v::ShapeResult* b = findRecordShape(after, name);
        const QString shape = qs(name);
        add(tr("%1: result").arg(shape), a ? qs(a->verdict.text()) : QString(),
            b ? qs(b->verdict.text()) : QString());
        const auto median = [](const v::ShapeResult* s, bool candidate) -> std::optional<double> {
            const auto& t = s ? (candidate ? s->candidate : s->baseline) : std::nullopt;
            return t ? std::optional<double>(t->medianMs) : std::nullopt;
        };
        for (bool candidate : {true, false}) {
            const auto ma = median(a, candidate), mb = median(b, candidate);
            add(candidate ? tr("%1: median time").arg(shape) : tr("%1: baseline median").arg(shape),
                ma ? formatDuration(*ma) : QString(), mb ? formatDuration(*mb) : QString(),
                ma && mb ? percentChange(*ma, *mb) : QString());
        }
        const auto sa = a ? a->speedup : std::nullopt, sb = b ? b->speedup : std::nullopt;
        add(tr("%1: speedup").arg(shape), sa ? number(*sa) : QString(),
            sb ? number(*sb) : QString(), sa && sb ? percentChange(*sa, *sb) : QString());
    }
    return out;
}

QString CompareFigures::recordTitle(const v::VerificationRecordData& record) {
    QString when = qs(record.createdAt);
    when.replace(QLatin1Char('T'), QLatin1Char(' '));
    when.remove(QLatin1Char('Z'));
    QStringList parts = {when.left(16), qs(record.verdict.text())};
    if (record.device)
        parts.append(qs(record.device->name));
    return parts.join(QStringLiteral(" · "));
}

} // namespace kwb::ui
