#pragma once
// The algorithms library baselines chose by searching (cuDNN convolutions), kept per device
// beyond one process. cudnnFind's ranking differs from process to process (its single timed
// runs see lazy module loading and the clock ramping up), and a baseline that picks another
// algorithm in each verification cannot be repeated: on the H200 the same shape's baseline
// spread over 5x. So a shape is searched once per device and library version, and every later
// job uses that choice: the worker keeps the choices in its cache folder, hands them to each job
// child, and saves the ones the child found.
#include <functional>
#include <optional>
#include <string>

#include <cuda_runtime_api.h>
#include <nlohmann/json.hpp>

#include "core/model/error.h"

namespace kwb::gpu {

// The choice made for `key` (its library, version, operation and shape), imported or found in
// this process.
std::optional<int> knownAlgorithm(const std::string& key);
// A search in this process found `algo` for `key`.
void rememberAlgorithm(const std::string& key, int algo);
// Choices handed to this process: {"key": algo, ...}; entries of another form are ignored.
void importAlgorithms(const nlohmann::json& choices);
// The choices found (not imported) in this process, for the worker to keep.
nlohmann::json foundAlgorithms();
// Forgets everything imported and found (tests).
void forgetAlgorithms();

// Of `count` candidates, the fastest as this process times it: `use(i)` selects candidate i and
// enqueues one call on `stream` (a library error there rules the candidate out; its status is
// returned as is otherwise). Candidates are taken in order until four have run once untimed;
// then three rounds time each of those once with events, taking turns so a clock still rising
// favours none, and the lowest median wins. Returns the index, or the last error when none ran.
Result<std::size_t> fastestCandidate(std::size_t count,
                                     const std::function<Status(std::size_t)>& use,
                                     cudaStream_t stream);

} // namespace kwb::gpu
