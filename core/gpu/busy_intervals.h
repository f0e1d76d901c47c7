#pragma once
// The arithmetic of the device trace (device_trace.h), apart so that it is tested without a
// device: activity intervals [start, end) in ns merged into the time the device was busy, the
// part of a stretch they cover, and the idle gaps between them.
#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

namespace kwb::gpu::trace {

using Interval = std::pair<std::uint64_t, std::uint64_t>;

// Sorted, disjoint; empty and inverted intervals dropped; touching ones joined.
inline std::vector<Interval> mergeIntervals(std::vector<Interval> v) {
    v.erase(
        std::remove_if(v.begin(), v.end(), [](const Interval& i) { return i.second <= i.first; }),
        v.end());
    std::sort(v.begin(), v.end());
    std::vector<Interval> out;
    for (const Interval& i : v) {
        if (!out.empty() && i.first <= out.back().second)
            out.back().second = std::max(out.back().second, i.second);
        else
            out.push_back(i);
    }
    return out;
}

// How much of [a, b) the merged intervals cover.
inline std::uint64_t coveredNs(const std::vector<Interval>& merged, std::uint64_t a,
                               std::uint64_t b) {
    auto it = std::lower_bound(merged.begin(), merged.end(), a,
                               [](const Interval& i, std::uint64_t t) { return i.second <= t; });
    std::uint64_t sum = 0;
    for (; it != merged.end() && it->first < b; ++it)
        sum += std::min(b, it->second) - std::max(a, it->first);
    return sum;
}

// The parts of [a, b) the merged intervals leave uncovered, longest first.
inline std::vector<Interval> idleGaps(const std::vector<Interval>& merged, std::uint64_t a,
                                      std::uint64_t b) {
    std::vector<Interval> gaps;
    std::uint64_t at = a;
    for (const Interval& i : merged) {
        if (i.second <= a)
            continue;
        if (i.first >= b)
            break;
        if (i.first > at)
            gaps.emplace_back(at, i.first);
        at = std::max(at, i.second);
    }
    if (at < b)
        gaps.emplace_back(at, b);
    std::stable_sort(gaps.begin(), gaps.end(), [](const Interval& x, const Interval& y) {
        return x.second - x.first > y.second - y.first;
    });
    return gaps;
}

} // namespace kwb::gpu::trace
