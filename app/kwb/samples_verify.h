#pragma once
// kwb samples verify: stored samples through the verification queue
// (core/verify/verification_queue.h), each record kept in the project as it arrives.
#include <cstdint>
#include <string>
#include <vector>

#include "core/store/project_store.h"
#include "core/store/sample_query.h"

namespace kwb::cli {

struct SamplesVerifyOpts {
    std::vector<std::int64_t> ids;
    bool all = false, unverified = false, again = false, noBench = false, json = false;
    bool ownBaselines =
        false;             // no baseline reuse across jobs (QueueSettings::reuseBaselineSeconds)
    bool filtered = false; // a filter of `samples list` was given
    int jobs = 0;          // 0: the host's cores
    int builtAhead = -1;   // built samples waiting for a lane (QueueSettings); -1: its default
    std::vector<int> gpus; // empty: every device found, else one lane per entry
    std::uint64_t seed = 0;
    int timeout = 300;
    int buildTimeout = 180;
};

// Exit code: 0 every sample passed (or was already verified), 1 one failed, 2 an error,
// 3 none could run (no CUDA device), 130 interrupted.
int runSamplesVerify(ProjectStore& store, const SampleFilter& filter, const SamplesVerifyOpts& o);

} // namespace kwb::cli
