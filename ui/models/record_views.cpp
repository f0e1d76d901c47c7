#include "ui/models/record_views.h"

#include <cxxabi.h>

#include <cstdlib>
#include <memory>

namespace kwb::ui {

std::vector<Diagnostic> recordDiagnostics(const verification::VerificationRecordData& record) {
    std::vector<Diagnostic> out;
    if (!record.build)
        return out;
    for (const auto& d : record.build->diagnostics)
        out.push_back({d.file, d.line, d.column, d.severity, d.message});
    return out;
}

std::vector<KernelResources> recordResources(const verification::VerificationRecordData& record) {
    std::vector<KernelResources> out;
    if (!record.build)
        return out;
    for (const auto& k : record.build->resources)
        out.push_back({k.function, k.registers, k.sharedBytes, k.stackBytes, k.spillStoreBytes,
                       k.spillLoadBytes});
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

QString kernelShortName(const std::string& mangled) {
    QString name = demangledName(mangled);
    // The parameter list is the last balanced "(...)" (templates may hold parentheses too).
    if (name.endsWith(QLatin1Char(')'))) {
        int depth = 0;
        for (qsizetype i = name.size() - 1; i >= 0; --i) {
            if (name[i] == QLatin1Char(')'))
                ++depth;
            else if (name[i] == QLatin1Char('(') && --depth == 0) {
                name.truncate(i);
                break;
            }
        }
    }
    name.remove(QStringLiteral("(anonymous namespace)::"));
    return name.isEmpty() ? QString::fromStdString(mangled) : name;
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

RooflineChartData rooflineChartData(const verification::VerificationRecordData& record,
                                    const QVector<ShapeResult>& shapes) {
    RooflineChartData out;
    if (record.device)
        out.device = QString::fromStdString(record.device->name);
    if (!record.ceilings.is_object())
        return out;
    // The ceilings are free-form (the worker's measurement); numbers are read where present.
    const auto number = [&](const std::string& key) {
        const auto it = record.ceilings.find(key);
        return it != record.ceilings.end() && it->is_number() ? it->get<double>() : 0.0;
    };
    out.bandwidthGBps = number("copy_bandwidth_gbps");
    // The matrix rate of the task's data type where it was measured, else float32. The record
    // has no typed field for the dtype; older records may carry one.
    const auto dtype = record.extra.find("dtype");
    const std::string key =
        (dtype != record.extra.end() && dtype->is_string() ? dtype->get<std::string>()
                                                           : std::string("f32")) +
        "_tflops";
    out.peakTflops = number(key);
    if (out.peakTflops <= 0)
        out.peakTflops = number("f32_tflops");
    for (const auto& s : shapes) {
        if (!s.timed || s.flops <= 0 || s.bytes <= 0 || s.candidateMs <= 0)
            continue;
        out.points.append({s.name, s.flops / s.bytes, s.flops / (s.candidateMs * 1e-3) / 1e12});
    }
    return out;
}

} // namespace kwb::ui
