#pragma once
// `kwb profile`: one call of the candidate and one of the baseline, each profiled by Nsight
// Compute (`--clock-control none`: the device's clocks are left as they are), side by side in
// the verification record's "profile" section. The figures come from ncu's raw page
// (core/tools/ncu_report.h); a figure the section set did not collect stays empty.
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace kwb::verification {

struct ProfiledKernel {
    std::string name; // demangled, as ncu prints it
    std::optional<double> durationNs, smThroughputPct, memoryThroughputPct;
    std::optional<double> achievedOccupancyPct, theoreticalOccupancyPct;
    std::string occupancyLimiter; // "registers", "shared memory", "warps", "blocks", "barriers"
    std::optional<double> registersPerThread, sharedBytesPerBlock;
    std::optional<double> l1HitPct, l2HitPct, dramBytes;
    std::vector<std::pair<std::string, double>> topStalls; // reason -> cycles per issue, top 3
    bool operator==(const ProfiledKernel&) const = default;
};

// A source line of the profiled code and the warp-stall samples ncu's source counters put on it
// (the full section set only).
struct HotLine {
    std::string file;
    int line = 0;
    double samples = 0;
    std::string source; // the line's text
    bool operator==(const HotLine&) const = default;
};

// One side: the candidate's call or the baseline's.
struct ProfileSide {
    std::string target; // "candidate" or "baseline"
    std::string label;  // the baseline's label; the candidate's file name
    std::vector<ProfiledKernel> kernels;
    std::vector<HotLine> hotLines; // most samples first
    double seconds = 0;            // the job under ncu, and reading its report
    std::string reportPath;        // the .ncu-rep file where the worker keeps it
    std::string rawCsv;            // ncu's raw page of the report, as printed
    std::string error;             // ncu did not profile this side, and why
    nlohmann::json extra = nlohmann::json::object();

    // Sums over the side's kernels (a call may launch several).
    std::optional<double> durationNs() const;
    std::optional<double> dramBytes() const;
    bool operator==(const ProfileSide&) const = default;
};

struct ProfileReport {
    std::string version;  // ncu's, "2025.3.1.0"
    std::string sections; // "basic" or "full"
    std::string shape;
    std::optional<double> flops, bytes; // the task's formulas at this shape
    // The roofline's ceilings: the device's measured peak FLOP/s and DRAM bytes/s.
    std::optional<double> peakFlopsPerSecond, peakBytesPerSecond;
    std::vector<ProfileSide> sides;
    nlohmann::json extra = nlohmann::json::object();

    const ProfileSide* side(const std::string& target) const;
    bool operator==(const ProfileReport&) const = default;
};

// A side's point on the roofline: FLOP per DRAM byte and FLOP/s, from the task's FLOP count,
// ncu's DRAM bytes and the kernels' summed duration; none where a figure is missing.
struct RooflinePoint {
    double intensity = 0;
    double flopsPerSecond = 0;
};
std::optional<RooflinePoint> rooflinePoint(const ProfileReport& report, const ProfileSide& side);

// The side-by-side view (kwb profile's table, the window's Profile tab): one row per figure, each
// side's value summed or averaged over its kernels (durations and DRAM bytes summed; rates and
// percentages of the longest kernel, the one that decides the call's time). `differs`: the two
// sides differ by more than a quarter (or, for percentages, by more than 10 points).
struct ProfileRow {
    std::string figure; // "Duration", "SM throughput", ...
    std::string unit;   // "us", "%", "MB", "", ...
    std::optional<double> candidate, baseline;
    bool differs = false;
};
std::vector<ProfileRow> profileRows(const ProfileReport& report);
// The side's kernel with the longest duration; null when it has none.
const ProfiledKernel* longestKernel(const ProfileSide& side);

ProfiledKernel profiledKernelFromJson(const nlohmann::json& j);
nlohmann::json toJson(const ProfiledKernel& k);
ProfileReport profileFromJson(const nlohmann::json& j);
nlohmann::json toJson(const ProfileReport& p);

} // namespace kwb::verification
