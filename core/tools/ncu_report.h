#pragma once
// Nsight Compute's raw page as CSV (`ncu --csv --page raw --print-units base`, of a run or of
// `--import report.ncu-rep`) read into one row of metrics per profiled kernel, and the figures
// `kwb profile` puts side by side. ncu's own messages ("==PROF== ...") may share the stream.
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/model/error.h"

namespace kwb::tools {

struct NcuKernel {
    std::string id;
    std::string name;                          // demangled, as ncu prints it
    std::map<std::string, std::string> values; // metric -> value as printed
    std::map<std::string, std::string> units;  // metric -> unit ("ns", "%", "byte", ...)

    // The metric as a number (thousands separators removed); none when absent or not a number.
    std::optional<double> number(const std::string& metric) const;
};

Result<std::vector<NcuKernel>> readNcuRawCsv(std::string_view csv);

// The figures of one kernel launch; a figure the report's section set did not collect stays
// empty (basic has no stall reasons, for one).
struct KernelProfile {
    std::string name;
    std::optional<double> durationNs, smThroughputPct, memoryThroughputPct;
    std::optional<double> achievedOccupancyPct, theoreticalOccupancyPct;
    std::string occupancyLimiter; // "registers", "shared memory", "warps", "blocks", "barriers"
    std::optional<double> registersPerThread, sharedBytesPerBlock;
    std::optional<double> l1HitPct, l2HitPct, dramBytes;
    std::vector<std::pair<std::string, double>> topStalls; // reason -> cycles per issue, top 3
    nlohmann::json toJson() const;
};

KernelProfile summarizeKernel(const NcuKernel& k);

// The metrics `kwb profile` asks for beyond its section set, comma-separated for --metrics.
std::string profileExtraMetrics();

} // namespace kwb::tools
