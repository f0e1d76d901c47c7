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
#include "core/model/profile.h"

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

// The figures of one kernel launch (the record's type); a figure the report's section set did
// not collect stays empty (basic has no stall reasons, for one).
using KernelProfile = verification::ProfiledKernel;

KernelProfile summarizeKernel(const NcuKernel& k);

// The metrics `kwb profile` asks for beyond its section set, comma-separated for --metrics.
std::string profileExtraMetrics();

// ncu's source page with source counters (`--page source --csv --print-source cuda,sass` of a
// report of the full set): the warp-stall samples of each CUDA source line, summed over the
// report's functions; the lines of files other than `fileName` (when not empty) left out. Most
// samples first, at most `limit` lines with samples.
Result<std::vector<verification::HotLine>>
readNcuSourceCsv(std::string_view csv, const std::string& fileName, std::size_t limit);

} // namespace kwb::tools
