#include "core/model/profile.h"

#include <algorithm>
#include <cmath>

#include "core/model/verification_json_io.h"

namespace kwb::verification {
namespace {

using detail::FieldReader;
using detail::withExtra;
using nlohmann::json;

void put(json& j, const char* key, const std::optional<double>& v) {
    if (v)
        j[key] = *v;
}

std::optional<double> sum(const std::vector<ProfiledKernel>& kernels,
                          std::optional<double> ProfiledKernel::*field) {
    if (kernels.empty())
        return std::nullopt;
    double total = 0;
    for (const auto& k : kernels) {
        if (!(k.*field))
            return std::nullopt;
        total += *(k.*field);
    }
    return total;
}

HotLine hotLineFromJson(const json& j) {
    HotLine h;
    FieldReader r(j);
    r.read("file", h.file);
    r.read("line", h.line);
    r.read("samples", h.samples);
    r.read("source", h.source);
    return h;
}

json toJson(const HotLine& h) {
    return {{"file", h.file}, {"line", h.line}, {"samples", h.samples}, {"source", h.source}};
}

ProfileSide sideFromJson(const json& j) {
    ProfileSide s;
    FieldReader r(j);
    r.read("target", s.target);
    r.read("label", s.label);
    r.readObjects("kernels", s.kernels, profiledKernelFromJson);
    r.readObjects("hot_lines", s.hotLines, hotLineFromJson);
    r.read("seconds", s.seconds);
    r.read("report_path", s.reportPath);
    r.read("raw_csv", s.rawCsv);
    r.read("error", s.error);
    s.extra = r.rest();
    return s;
}

json toJson(const ProfileSide& s) {
    json kernels = json::array(), lines = json::array();
    for (const auto& k : s.kernels)
        kernels.push_back(toJson(k));
    for (const auto& h : s.hotLines)
        lines.push_back(toJson(h));
    json j = {{"target", s.target}, {"label", s.label},     {"kernels", kernels},
              {"hot_lines", lines}, {"seconds", s.seconds}, {"report_path", s.reportPath},
              {"raw_csv", s.rawCsv}};
    if (!s.error.empty())
        j["error"] = s.error;
    return withExtra(std::move(j), s.extra);
}

} // namespace

std::optional<double> ProfileSide::durationNs() const {
    return sum(kernels, &ProfiledKernel::durationNs);
}

std::optional<double> ProfileSide::dramBytes() const {
    return sum(kernels, &ProfiledKernel::dramBytes);
}

const ProfileSide* ProfileReport::side(const std::string& target) const {
    for (const auto& s : sides)
        if (s.target == target)
            return &s;
    return nullptr;
}

std::optional<RooflinePoint> rooflinePoint(const ProfileReport& report, const ProfileSide& side) {
    const auto ns = side.durationNs();
    const auto bytes = side.dramBytes();
    if (!report.flops || !ns || !bytes || *ns <= 0 || *bytes <= 0)
        return std::nullopt;
    return RooflinePoint{*report.flops / *bytes, *report.flops / (*ns * 1e-9)};
}

const ProfiledKernel* longestKernel(const ProfileSide& side) {
    const ProfiledKernel* best = nullptr;
    for (const auto& k : side.kernels)
        if (!best || k.durationNs.value_or(0) > best->durationNs.value_or(0))
            best = &k;
    return best;
}

std::vector<ProfileRow> profileRows(const ProfileReport& report) {
    const ProfileSide* sides[2] = {report.side("candidate"), report.side("baseline")};
    std::vector<ProfileRow> rows;
    auto add = [&](const char* figure, const char* unit, double scale, bool percent, auto value) {
        ProfileRow row{figure, unit, std::nullopt, std::nullopt, false};
        std::optional<double>* out[2] = {&row.candidate, &row.baseline};
        for (int i = 0; i < 2; ++i)
            if (sides[i])
                if (std::optional<double> v = value(*sides[i]))
                    *out[i] = *v * scale;
        if (row.candidate && row.baseline) {
            const double a = *row.candidate, b = *row.baseline;
            row.differs = percent ? std::abs(a - b) > 10
                                  : std::abs(a - b) > 0.25 * std::max(std::abs(a), std::abs(b));
        }
        rows.push_back(std::move(row));
    };
    auto ofLongest = [](std::optional<double> ProfiledKernel::*field) {
        return [field](const ProfileSide& s) -> std::optional<double> {
            const ProfiledKernel* k = longestKernel(s);
            return k ? k->*field : std::nullopt;
        };
    };
    add("Duration", "us", 1e-3, false, [](const ProfileSide& s) { return s.durationNs(); });
    add("Kernels", "", 1, false,
        [](const ProfileSide& s) { return std::optional<double>(double(s.kernels.size())); });
    add("SM throughput", "%", 1, true, ofLongest(&ProfiledKernel::smThroughputPct));
    add("Memory throughput", "%", 1, true, ofLongest(&ProfiledKernel::memoryThroughputPct));
    add("Achieved occupancy", "%", 1, true, ofLongest(&ProfiledKernel::achievedOccupancyPct));
    add("Theoretical occupancy", "%", 1, true, ofLongest(&ProfiledKernel::theoreticalOccupancyPct));
    add("Registers per thread", "", 1, false, ofLongest(&ProfiledKernel::registersPerThread));
    add("Shared memory per block", "KiB", 1.0 / 1024, false,
        ofLongest(&ProfiledKernel::sharedBytesPerBlock));
    add("L1 hit rate", "%", 1, true, ofLongest(&ProfiledKernel::l1HitPct));
    add("L2 hit rate", "%", 1, true, ofLongest(&ProfiledKernel::l2HitPct));
    add("DRAM traffic", "MB", 1e-6, false, [](const ProfileSide& s) { return s.dramBytes(); });
    add("Arithmetic intensity", "FLOP/B", 1, false,
        [&](const ProfileSide& s) -> std::optional<double> {
            auto p = rooflinePoint(report, s);
            return p ? std::optional<double>(p->intensity) : std::nullopt;
        });
    add("Achieved rate", "TFLOP/s", 1e-12, false,
        [&](const ProfileSide& s) -> std::optional<double> {
            auto p = rooflinePoint(report, s);
            return p ? std::optional<double>(p->flopsPerSecond) : std::nullopt;
        });
    return rows;
}

ProfiledKernel profiledKernelFromJson(const json& j) {
    ProfiledKernel k;
    FieldReader r(j);
    r.read("kernel", k.name);
    r.read("duration_ns", k.durationNs);
    r.read("sm_throughput_pct", k.smThroughputPct);
    r.read("memory_throughput_pct", k.memoryThroughputPct);
    r.read("achieved_occupancy_pct", k.achievedOccupancyPct);
    r.read("theoretical_occupancy_pct", k.theoreticalOccupancyPct);
    r.read("occupancy_limiter", k.occupancyLimiter);
    r.read("registers_per_thread", k.registersPerThread);
    r.read("shared_bytes_per_block", k.sharedBytesPerBlock);
    r.read("l1_hit_pct", k.l1HitPct);
    r.read("l2_hit_pct", k.l2HitPct);
    r.read("dram_bytes", k.dramBytes);
    if (auto it = j.find("top_stalls"); it != j.end() && it->is_array())
        for (const auto& s : *it)
            if (s.is_object() && s.value("reason", json()).is_string() &&
                s.value("cycles_per_issue", json()).is_number())
                k.topStalls.emplace_back(s["reason"].get<std::string>(),
                                         s["cycles_per_issue"].get<double>());
    return k;
}

json toJson(const ProfiledKernel& k) {
    json j = {{"kernel", k.name}};
    put(j, "duration_ns", k.durationNs);
    put(j, "sm_throughput_pct", k.smThroughputPct);
    put(j, "memory_throughput_pct", k.memoryThroughputPct);
    put(j, "achieved_occupancy_pct", k.achievedOccupancyPct);
    put(j, "theoretical_occupancy_pct", k.theoreticalOccupancyPct);
    if (!k.occupancyLimiter.empty())
        j["occupancy_limiter"] = k.occupancyLimiter;
    put(j, "registers_per_thread", k.registersPerThread);
    put(j, "shared_bytes_per_block", k.sharedBytesPerBlock);
    put(j, "l1_hit_pct", k.l1HitPct);
    put(j, "l2_hit_pct", k.l2HitPct);
    put(j, "dram_bytes", k.dramBytes);
    json stalls = json::array();
    for (const auto& [reason, cycles] : k.topStalls)
        stalls.push_back({{"reason", reason}, {"cycles_per_issue", cycles}});
    j["top_stalls"] = stalls;
    return j;
}

ProfileReport profileFromJson(const json& j) {
    ProfileReport p;
    FieldReader r(j);
    r.read("version", p.version);
    r.read("sections", p.sections);
    r.read("shape", p.shape);
    r.read("flops", p.flops);
    r.read("bytes", p.bytes);
    r.read("peak_flops_per_second", p.peakFlopsPerSecond);
    r.read("peak_bytes_per_second", p.peakBytesPerSecond);
    r.readObjects("sides", p.sides, sideFromJson);
    p.extra = r.rest();
    return p;
}

json toJson(const ProfileReport& p) {
    json sides = json::array();
    for (const auto& s : p.sides)
        sides.push_back(toJson(s));
    json j = {
        {"version", p.version}, {"sections", p.sections}, {"shape", p.shape}, {"sides", sides}};
    put(j, "flops", p.flops);
    put(j, "bytes", p.bytes);
    put(j, "peak_flops_per_second", p.peakFlopsPerSecond);
    put(j, "peak_bytes_per_second", p.peakBytesPerSecond);
    return withExtra(std::move(j), p.extra);
}

} // namespace kwb::verification
