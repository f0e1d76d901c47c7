#pragma once
// The worker's main process side of a job: starts a fresh `kwb-runner --job` child in its own
// process group and private folder, feeds it the spec, relays its events, enforces the total
// and the idle deadline, and names how it ended. One job at a time; the caller's thread.
#include <chrono>
#include <functional>
#include <string>

#include <nlohmann/json.hpp>

namespace kwb::gpu {

struct JobLimits {
    std::chrono::seconds total{300};
    std::chrono::seconds idle{20}; // no event for this long: a hung kernel
};

// Returns the job's result, or a result naming the failure: timeout, crash, protocol-error.
nlohmann::json runJobInChild(const std::string& runnerPath, const nlohmann::json& spec,
                             const JobLimits& limits,
                             const std::function<void(const nlohmann::json&)>& onEvent);

} // namespace kwb::gpu
