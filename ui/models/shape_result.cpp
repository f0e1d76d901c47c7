#include "ui/models/shape_result.h"

#include <algorithm>

namespace kwb::ui {

namespace {
QString qs(const std::string& s) {
    return QString::fromStdString(s);
}

QVector<double> samples(const verification::TimingSummary& timing) {
    return QVector<double>(timing.samplesMs.begin(), timing.samplesMs.end());
}

ShapeResult shapeResult(const verification::ShapeResult& s) {
    ShapeResult r;
    r.name = qs(s.name);
    r.verdict = s.verdict;
    r.detail = qs(s.detail);
    QStringList dims;
    for (const auto& [k, v] : s.dims)
        dims.append(QStringLiteral("%1=%2").arg(qs(k)).arg(v));
    r.dims = dims.join(QLatin1Char(' '));
    for (const auto& [name, o] : s.outputs) {
        r.maxAbsError = std::max(r.maxAbsError, o.maxAbsErr);
        r.maxRelError = std::max(r.maxRelError, o.maxRelErr);
        r.mismatches += o.mismatches;
    }
    if (s.candidate && s.baseline) {
        r.timed = true;
        r.baselineMs = s.baseline->medianMs;
        r.candidateMs = s.candidate->medianMs;
        r.speedup = s.speedup.value_or(r.candidateMs > 0 ? r.baselineMs / r.candidateMs : 0.0);
        r.baselineSamplesMs = samples(*s.baseline);
        r.candidateSamplesMs = samples(*s.candidate);
    }
    if (s.speedOfLight) {
        r.solFraction = s.speedOfLight->fraction;
        r.flops = s.speedOfLight->flops;
        r.bytes = s.speedOfLight->bytes;
    }
    for (const std::string& flag : s.flags)
        r.flags.append(qs(flag));
    return r;
}
} // namespace

QVector<ShapeResult> shapeResultsFromRecord(const verification::VerificationRecordData& record) {
    QVector<ShapeResult> out;
    out.reserve(static_cast<qsizetype>(record.shapes.size()));
    for (const auto& s : record.shapes)
        out.append(shapeResult(s));
    return out;
}

} // namespace kwb::ui
