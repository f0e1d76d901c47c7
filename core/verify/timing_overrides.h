#pragma once
// `--timing KEY=VALUE,...` of kwb verify and kwb suite: overrides of the worker's timing policy
// (core/gpu/timing.h, TimingPolicy), checked here, on the host, before anything is sent: each
// key's type and range, and the relations between keys (min_samples <= max_samples, ...), taking
// the policy's defaults for keys not given. A bad value is an error naming the key, never a
// value that wraps (a huge integer to INT64_MIN) or that the worker silently clamps.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/model/error.h"

namespace kwb {

// "min_sample_ms=1" -> {"min_sample_ms": 1.0}; true/false for the switches; stop_on mean|median.
Result<nlohmann::json> parseTimingOverrides(const std::vector<std::string>& items);

// Each key's default as the checks above take it (stop_on aside; switches as 0 or 1). They
// repeat TimingPolicy's, which this library cannot include (core/gpu needs CUDA):
// verify.timing-units checks that the two agree.
nlohmann::json timingOverrideDefaults();

} // namespace kwb
