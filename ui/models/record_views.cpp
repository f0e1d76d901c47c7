#include "ui/models/record_views.h"

#include <cxxabi.h>

#include <cstdlib>
#include <memory>

#include "core/verify/verification_record.h"

namespace kwb::ui {

namespace {
const nlohmann::json& buildOf(const VerificationRecord& record) {
    static const nlohmann::json empty = nlohmann::json::object();
    const auto it = record.json().find("build");
    return it != record.json().end() && it->is_object() ? *it : empty;
}
} // namespace

std::vector<Diagnostic> recordDiagnostics(const VerificationRecord& record) {
    std::vector<Diagnostic> out;
    const auto& build = buildOf(record);
    const auto it = build.find("diagnostics");
    if (it == build.end() || !it->is_array())
        return out;
    for (const auto& d : *it) {
        try {
            out.push_back(d.get<Diagnostic>());
        } catch (const nlohmann::json::exception&) {
            // A malformed entry is skipped; the raw output still shows it.
        }
    }
    return out;
}

std::vector<KernelResources> recordResources(const VerificationRecord& record) {
    std::vector<KernelResources> out;
    const auto& build = buildOf(record);
    const auto it = build.find("resources");
    if (it == build.end() || !it->is_array())
        return out;
    for (const auto& r : *it) {
        try {
            out.push_back(r.get<KernelResources>());
        } catch (const nlohmann::json::exception&) {
        }
    }
    return out;
}

std::vector<Diagnostic> diagnosticsInFile(const std::vector<Diagnostic>& all,
                                          const QString& fileName) {
    std::vector<Diagnostic> out;
    const std::string name = fileName.toStdString();
    for (const auto& d : all) {
        const auto slash = d.file.find_last_of('/');
        const std::string base = slash == std::string::npos ? d.file : d.file.substr(slash + 1);
        if (name.empty() || d.file == name || base == name)
            out.push_back(d);
    }
    return out;
}

QString demangledName(const std::string& mangled) {
    int status = 0;
    std::unique_ptr<char, void (*)(void*)> text(
        abi::__cxa_demangle(mangled.c_str(), nullptr, nullptr, &status), std::free);
    return status == 0 && text ? QString::fromUtf8(text.get()) : QString::fromStdString(mangled);
}

SpeedupChartData speedupChartData(const QVector<ShapeResult>& shapes) {
    SpeedupChartData out;
    for (const auto& s : shapes) {
        if (!s.timed)
            continue;
        out.shapes.append(s.name);
        out.speedups.append(s.speedup);
    }
    return out;
}

TimingChartData timingChartData(const QVector<ShapeResult>& shapes) {
    TimingChartData out;
    auto toUs = [](const QVector<double>& ms, double median) {
        QVector<double> us;
        for (double v : ms)
            us.append(v * 1000.0);
        if (us.isEmpty() && median > 0)
            us.append(median * 1000.0); // no raw samples kept: the median alone
        return us;
    };
    for (const auto& s : shapes) {
        if (!s.timed)
            continue;
        out.shapes.append({s.name, toUs(s.baselineSamplesMs, s.baselineMs),
                           toUs(s.candidateSamplesMs, s.candidateMs)});
    }
    return out;
}

RooflineChartData rooflineChartData(const VerificationRecord& record,
                                    const QVector<ShapeResult>& shapes) {
    RooflineChartData out;
    const auto& j = record.json();
    if (const auto device = j.find("device"); device != j.end() && device->is_object())
        out.device = QString::fromStdString(device->value("name", ""));
    const auto ceilings = j.find("ceilings");
    if (ceilings == j.end() || !ceilings->is_object())
        return out;
    out.bandwidthGBps = ceilings->value("copy_bandwidth_gbps", 0.0);
    // The matrix rate of the task's data type where it was measured, else float32.
    const std::string dtype = j.value("dtype", "f32");
    const std::string key = dtype + "_tflops";
    out.peakTflops = ceilings->value(key, 0.0);
    if (out.peakTflops <= 0)
        out.peakTflops = ceilings->value("f32_tflops", 0.0);
    for (const auto& s : shapes) {
        if (!s.timed || s.flops <= 0 || s.bytes <= 0 || s.candidateMs <= 0)
            continue;
        out.points.append({s.name, s.flops / s.bytes, s.flops / (s.candidateMs * 1e-3) / 1e12});
    }
    return out;
}

} // namespace kwb::ui
