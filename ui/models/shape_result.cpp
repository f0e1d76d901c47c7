#include "ui/models/shape_result.h"

#include <algorithm>

#include "core/verify/verification_record.h"

namespace kwb::ui {

namespace {
QString str(const nlohmann::json& j, const char* key) {
    const auto it = j.find(key);
    return it != j.end() && it->is_string() ? QString::fromStdString(it->get<std::string>())
                                            : QString();
}

double num(const nlohmann::json& j, const char* key, double fallback = 0.0) {
    const auto it = j.find(key);
    return it != j.end() && it->is_number() ? it->get<double>() : fallback;
}

QVector<double> samples(const nlohmann::json& timing) {
    QVector<double> out;
    const auto it = timing.find("samples_ms");
    if (it != timing.end() && it->is_array())
        for (const auto& v : *it)
            if (v.is_number())
                out.append(v.get<double>());
    return out;
}
} // namespace

QVector<ShapeResult> shapeResultsFromRecord(const VerificationRecord& record) {
    QVector<ShapeResult> out;
    const auto shapes = record.json().find("shapes");
    if (shapes == record.json().end() || !shapes->is_array())
        return out;
    for (const auto& s : *shapes) {
        if (!s.is_object())
            continue;
        ShapeResult r;
        r.name = str(s, "name");
        r.verdict = str(s, "verdict");
        r.detail = str(s, "detail");
        if (const auto dims = s.find("dims"); dims != s.end() && dims->is_object()) {
            QStringList parts;
            for (const auto& [k, v] : dims->items())
                if (v.is_number())
                    parts.append(QStringLiteral("%1=%2").arg(QString::fromStdString(k),
                                                             QString::number(v.get<long long>())));
            r.dims = parts.join(QLatin1Char(' '));
        }
        if (const auto outputs = s.find("outputs"); outputs != s.end() && outputs->is_object()) {
            for (const auto& [name, o] : outputs->items()) {
                r.maxAbsError = std::max(r.maxAbsError, num(o, "max_abs_err"));
                r.maxRelError = std::max(r.maxRelError, num(o, "max_rel_err"));
                r.mismatches += static_cast<qint64>(num(o, "mismatches"));
            }
        }
        if (const auto timing = s.find("timing"); timing != s.end() && timing->is_object()) {
            const auto base = timing->value("baseline", nlohmann::json::object());
            const auto cand = timing->value("candidate", nlohmann::json::object());
            r.timed = true;
            r.baselineMs = num(base, "median_ms");
            r.candidateMs = num(cand, "median_ms");
            r.speedup = num(s, "speedup", r.candidateMs > 0 ? r.baselineMs / r.candidateMs : 0.0);
            r.baselineSamplesMs = samples(base);
            r.candidateSamplesMs = samples(cand);
        }
        if (const auto sol = s.find("speed_of_light"); sol != s.end() && sol->is_object()) {
            r.solFraction = num(*sol, "fraction", -1.0);
            r.flops = num(*sol, "flops");
            r.bytes = num(*sol, "bytes");
        }
        if (const auto flags = s.find("flags"); flags != s.end() && flags->is_array())
            for (const auto& f : *flags)
                if (f.is_string())
                    r.flags.append(QString::fromStdString(f.get<std::string>()));
        out.append(std::move(r));
    }
    return out;
}

} // namespace kwb::ui
