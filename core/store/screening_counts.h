#pragma once
// How many host-code screening findings each sample's latest verification lists, for lists
// that show "passed, but a person must look" apart from a clean pass without reading every
// record. One small query per sample on the store's connection (the store's thread).
#include <cstdint>
#include <map>
#include <optional>
#include <vector>

#include "core/model/error.h"

namespace kwb {

class ProjectStore;

// Per sample id: the number of findings, or nullopt when the latest record has no screen (a
// record older than the screen). Samples without a verification are left out.
Result<std::map<std::int64_t, std::optional<int>>>
latestScreeningFindings(ProjectStore& store, const std::vector<std::int64_t>& sampleIds);

} // namespace kwb
