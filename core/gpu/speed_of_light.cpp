#include "core/gpu/speed_of_light.h"

#include <cstdio>

namespace kwb::gpu {
namespace {

constexpr double kImpossibleBelowBytes = 0.7;
constexpr double kImpossibleBelowFlops = 0.25;
constexpr double kFlagBelow = 0.9;

std::string ms(double v) {
    char b[32];
    std::snprintf(b, sizeof b, "%.4g ms", v);
    return b;
}

} // namespace

SpeedOfLightJudgement judgeSpeedOfLight(double medianMs, const SpeedOfLightFloor& f) {
    if (!(medianMs > 0))
        return {};
    if (f.bytesMs > 0 && medianMs < kImpossibleBelowBytes * f.bytesMs)
        return {
            SpeedOfLightVerdict::Impossible,
            "the median " + ms(medianMs) + " is below " + ms(kImpossibleBelowBytes * f.bytesMs) +
                ", 0.7x the time the device needs to move the task's bytes once at its measured "
                "bandwidth (" +
                ms(f.bytesMs) + "): no kernel can do that; the timing does not measure the work"};
    if (f.flopsAreFloor && f.flopsMs > 0 && medianMs < kImpossibleBelowFlops * f.flopsMs)
        return {
            SpeedOfLightVerdict::Impossible,
            "the median " + ms(medianMs) + " is below " + ms(kImpossibleBelowFlops * f.flopsMs) +
                ", a quarter of the time the task's FLOPs take at the library's measured rate (" +
                ms(f.flopsMs) +
                "): beyond the device's peak; the timing does not measure the work"};
    if (f.floorMs() > 0 && medianMs < kFlagBelow * f.floorMs())
        return {SpeedOfLightVerdict::Flag,
                "faster than the device's measured speed of light (" + ms(medianMs) + " < floor " +
                    ms(f.floorMs()) + ") but within what peak rates" +
                    std::string(f.flopsAreFloor ? "" : " or a fast algorithm") +
                    " allow: confirm by hand"};
    return {};
}

} // namespace kwb::gpu
