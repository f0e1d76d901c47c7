#pragma once
// The sample filters of `kwb samples list`, shared by the commands that select samples the same
// way (samples list, stats, next, verify; batch submit --samples).
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "core/store/sample_query.h"

namespace kwb::cli {

struct SampleFilterOptions {
    std::vector<std::string> tasks, verdicts, models;
    std::optional<double> minSpeedup, maxSpeedup;
    std::string text;
    bool verified = false, passed = false, noDuplicates = false;

    bool given() const; // any filter was set
    SampleFilter filter() const;
};

// --task and --model.
void addTaskModelOptions(CLI::App* cmd, SampleFilterOptions& o);
// --verdict, --min-speedup, --max-speedup, --text, --verified, --passed, --no-duplicates.
void addNarrowingOptions(CLI::App* cmd, SampleFilterOptions& o);

} // namespace kwb::cli
