#include "app/kwb/sample_filter_options.h"

namespace kwb::cli {

bool SampleFilterOptions::given() const {
    return !tasks.empty() || !models.empty() || !verdicts.empty() || minSpeedup || maxSpeedup ||
           !text.empty() || verified || passed || noDuplicates;
}

SampleFilter SampleFilterOptions::filter() const {
    SampleFilter f;
    f.tasks = tasks;
    f.models = models;
    for (const auto& v : verdicts)
        f.verdicts.push_back(*parseVerdict(v));
    f.minSpeedup = minSpeedup;
    f.maxSpeedup = maxSpeedup;
    f.text = text;
    f.verifiedOnGpu = verified;
    f.passedOnly = passed;
    f.includeDuplicates = !noDuplicates;
    return f;
}

void addTaskModelOptions(CLI::App* cmd, SampleFilterOptions& o) {
    cmd->add_option("--task", o.tasks, "Only these tasks")->delimiter(',');
    cmd->add_option("--model", o.models, "Only these models")->delimiter(',');
}

void addNarrowingOptions(CLI::App* cmd, SampleFilterOptions& o) {
    cmd->add_option("--verdict", o.verdicts,
                    "Only these verdicts: unreviewed, accepted, rejected, needs-work")
        ->delimiter(',')
        ->check(CLI::IsMember({"unreviewed", "accepted", "rejected", "needs-work"}));
    cmd->add_option("--min-speedup", o.minSpeedup,
                    "Only samples at least this much faster than the baseline");
    cmd->add_option("--max-speedup", o.maxSpeedup,
                    "Only samples at most this much faster than the baseline");
    cmd->add_option("--text", o.text,
                    "Only samples whose label, model or source contains these words (prefixes)");
    cmd->add_flag("--verified", o.verified, "Only samples verified on a GPU");
    cmd->add_flag("--passed", o.passed, "Only samples whose latest verification passed");
    cmd->add_flag("--no-duplicates", o.noDuplicates, "Leave out duplicates");
}

} // namespace kwb::cli
