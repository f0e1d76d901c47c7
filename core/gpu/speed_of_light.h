#pragma once
// The speed-of-light judgement of one timed shape: its median against the floor the task's FLOP
// and byte formulas give over the device's measured ceilings (calibration.h). Host-only; the
// worker applies it to what the job reports.
#include <string>

namespace kwb::gpu {

struct SpeedOfLightFloor {
    double bytesMs = 0; // bytes / measured copy bandwidth
    double flopsMs = 0; // FLOPs / the library's measured matrix rate for the task's type
    // False where the FLOP formula is no floor: a convolution computed by Winograd or FFT does up
    // to several times fewer multiplications than its direct form counts (cuDNN's f32 3x3
    // convolution on the H200 runs at 1.9x the direct form's floor).
    bool flopsAreFloor = true;
    double floorMs() const { return bytesMs > flopsMs ? bytesMs : flopsMs; }
};

enum class SpeedOfLightVerdict { Plausible, Flag, Impossible };

struct SpeedOfLightJudgement {
    SpeedOfLightVerdict verdict = SpeedOfLightVerdict::Plausible;
    std::string detail; // why, in words, for Flag and Impossible
};

// Impossible (a failing verdict) when the median beats a floor by more than the measurement can
// explain: below 0.7 x the byte floor (the HBM peak is about 1.2x the measured copy bandwidth,
// and the L2 may still hold at most a few percent of a sample's writes when it ends; honest
// reference kernels reach 1.06x), or below 0.25 x the FLOP floor where that is one (the FP32 peak
// is about 1.3x what the library reaches; Strassen-like savings add at most another 1.3x).
// Flag (a human should look, not a failure) below 0.9 x the larger floor.
SpeedOfLightJudgement judgeSpeedOfLight(double medianMs, const SpeedOfLightFloor& floor);

} // namespace kwb::gpu
