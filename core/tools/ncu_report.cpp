#include "core/tools/ncu_report.h"

#include <algorithm>
#include <cstdlib>
#include <map>

namespace kwb::tools {
namespace {

// One CSV record (RFC 4180: quoted fields, doubled quotes) from `p`; advances past its end.
std::vector<std::string> csvRecord(std::string_view t, std::size_t& p) {
    std::vector<std::string> fields(1);
    bool quoted = false;
    for (; p < t.size(); ++p) {
        const char c = t[p];
        if (quoted) {
            if (c == '"' && p + 1 < t.size() && t[p + 1] == '"') {
                fields.back() += '"';
                ++p;
            } else if (c == '"') {
                quoted = false;
            } else {
                fields.back() += c;
            }
        } else if (c == '"') {
            quoted = true;
        } else if (c == ',') {
            fields.emplace_back();
        } else if (c == '\n') {
            ++p;
            break;
        } else if (c != '\r') {
            fields.back() += c;
        }
    }
    return fields;
}

// The next CSV line: every field of ncu's CSV is quoted, so a line that does not start with a
// quote is one of ncu's own messages ("==PROF==", "==WARNING==") or the profiled program's
// output.
bool skipMessages(std::string_view t, std::size_t& p) {
    while (p < t.size()) {
        const auto end = t.find('\n', p);
        const std::string_view line =
            t.substr(p, end == std::string_view::npos ? std::string_view::npos : end - p);
        if (line.starts_with("\""))
            return true;
        p = end == std::string_view::npos ? t.size() : end + 1;
    }
    return false;
}

std::string limiterName(const std::string& metric) {
    static const std::pair<const char*, const char*> names[] = {
        {"launch__occupancy_limit_registers", "registers"},
        {"launch__occupancy_limit_shared_mem", "shared memory"},
        {"launch__occupancy_limit_warps", "warps"},
        {"launch__occupancy_limit_blocks", "blocks"},
        {"launch__occupancy_limit_barriers", "barriers"}};
    for (const auto& [m, n] : names)
        if (metric == m)
            return n;
    return metric;
}

} // namespace

std::optional<double> NcuKernel::number(const std::string& metric) const {
    auto it = values.find(metric);
    if (it == values.end())
        return std::nullopt;
    std::string s = it->second;
    std::erase(s, ',');
    if (s.empty())
        return std::nullopt;
    char* end = nullptr;
    const double v = std::strtod(s.c_str(), &end);
    if (!end || *end != '\0')
        return std::nullopt;
    return v;
}

Result<std::vector<NcuKernel>> readNcuRawCsv(std::string_view csv) {
    std::size_t p = 0;
    if (!skipMessages(csv, p))
        return Error::make("bad-ncu-report", "the ncu output has no CSV (no kernel was profiled?)");
    const auto header = csvRecord(csv, p);
    if (header.size() < 5 || header[0] != "ID" || header[4] != "Kernel Name")
        return Error::make("bad-ncu-report",
                           "the ncu output is not the raw page as CSV (its header starts \"" +
                               header[0] + "\"; run ncu with --csv --page raw)");
    std::vector<std::string> units;
    std::vector<NcuKernel> kernels;
    while (skipMessages(csv, p)) {
        auto row = csvRecord(csv, p);
        if (row.size() != header.size())
            return Error::make("bad-ncu-report", "a row of the ncu CSV has " +
                                                     std::to_string(row.size()) + " fields, not " +
                                                     std::to_string(header.size()));
        if (units.empty() && row[0].empty()) { // the units row (--print-units base) has no ID
            units = std::move(row);
            continue;
        }
        NcuKernel k;
        k.id = row[0];
        k.name = row[4];
        for (std::size_t i = 0; i < header.size(); ++i) {
            k.values[header[i]] = row[i];
            if (i < units.size() && !units[i].empty())
                k.units[header[i]] = units[i];
        }
        kernels.push_back(std::move(k));
    }
    return kernels;
}

KernelProfile summarizeKernel(const NcuKernel& k) {
    KernelProfile p;
    p.name = k.name;
    p.durationNs = k.number("gpu__time_duration.sum");
    p.smThroughputPct = k.number("sm__throughput.avg.pct_of_peak_sustained_elapsed");
    p.memoryThroughputPct =
        k.number("gpu__compute_memory_throughput.avg.pct_of_peak_sustained_elapsed");
    p.achievedOccupancyPct = k.number("sm__warps_active.avg.pct_of_peak_sustained_active");
    p.theoreticalOccupancyPct = k.number("sm__maximum_warps_per_active_cycle_pct");
    std::optional<double> fewest;
    for (const auto& [metric, value] : k.values)
        if (metric.starts_with("launch__occupancy_limit_"))
            if (auto v = k.number(metric); v && (!fewest || *v < *fewest)) {
                fewest = v;
                p.occupancyLimiter = limiterName(metric);
            }
    p.registersPerThread = k.number("launch__registers_per_thread");
    p.sharedBytesPerBlock = k.number("launch__shared_mem_per_block");
    p.l1HitPct = k.number("l1tex__t_sector_hit_rate.pct");
    p.l2HitPct = k.number("lts__t_sector_hit_rate.pct");
    p.dramBytes = k.number("dram__bytes.sum");
    if (!p.dramBytes) {
        auto r = k.number("dram__bytes_read.sum"), w = k.number("dram__bytes_write.sum");
        if (r && w)
            p.dramBytes = *r + *w;
    }
    const std::string stall = "smsp__average_warps_issue_stalled_";
    const std::string per = "_per_issue_active.ratio";
    for (const auto& [metric, value] : k.values)
        if (metric.starts_with(stall) && metric.ends_with(per))
            if (auto v = k.number(metric); v && *v > 0)
                p.topStalls.emplace_back(
                    metric.substr(stall.size(), metric.size() - stall.size() - per.size()), *v);
    std::sort(p.topStalls.begin(), p.topStalls.end(),
              [](const auto& a, const auto& b) { return a.second > b.second; });
    if (p.topStalls.size() > 3)
        p.topStalls.resize(3);
    return p;
}

std::string profileExtraMetrics() {
    return "gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,"
           "lts__t_sector_hit_rate.pct,l1tex__t_sector_hit_rate.pct";
}

} // namespace kwb::tools

namespace kwb::tools {

Result<std::vector<verification::HotLine>>
readNcuSourceCsv(std::string_view csv, const std::string& fileName, std::size_t limit) {
    std::map<std::pair<std::string, int>, verification::HotLine> lines;
    std::string file;
    int samplesColumn = -1;
    bool sawHeader = false;
    std::size_t p = 0;
    while (skipMessages(csv, p)) {
        const auto row = csvRecord(csv, p);
        if (row.size() == 2 && (row[0] == "File Path" || row[0] == "File Name")) {
            file = row[1].substr(row[1].find_last_of('/') + 1);
            continue;
        }
        if (row.size() >= 2 && row[0] == "Line No") {
            sawHeader = true;
            samplesColumn = -1;
            for (std::size_t i = 0; i < row.size(); ++i)
                if (row[i] == "Warp Stall Sampling (All Samples)") {
                    samplesColumn = int(i);
                    break;
                }
            continue;
        }
        // A CUDA line's row has its number; the SASS rows under it have none.
        if (samplesColumn < 0 || row.size() <= std::size_t(samplesColumn) || row[0].empty() ||
            (!fileName.empty() && file != fileName))
            continue;
        char* end = nullptr;
        const long line = std::strtol(row[0].c_str(), &end, 10);
        const double samples = std::strtod(row[std::size_t(samplesColumn)].c_str(), nullptr);
        if (!end || *end != '\0' || line <= 0 || samples <= 0)
            continue;
        auto& h = lines[{file, int(line)}];
        h.file = file;
        h.line = int(line);
        h.samples += samples;
        h.source = row[1];
    }
    if (!sawHeader)
        return Error::make("bad-ncu-report",
                           "the ncu output is not the source page as CSV (run ncu with --csv "
                           "--page source --print-source cuda,sass)");
    std::vector<verification::HotLine> out;
    for (auto& [key, h] : lines)
        out.push_back(std::move(h));
    std::stable_sort(out.begin(), out.end(),
                     [](const auto& a, const auto& b) { return a.samples > b.samples; });
    if (out.size() > limit)
        out.resize(limit);
    return out;
}

} // namespace kwb::tools
