#pragma once
// The context `kwb generate --examples-from-project K` gives each task: up to k accepted samples
// of that task from the project (the latest verdict is "accepted"; rejected, needs-work and
// unreviewed ones never), newest first, one per distinct source. In kwb_generate_project, so
// that kwb_generate links no SQLite.
#include <string>
#include <vector>

#include "core/generate/prompt_builder.h"
#include "core/model/error.h"

namespace kwb {

class ProjectStore;

// Titled "Sample #<id>"; empty when the task has no accepted sample (or k is 0).
Result<std::vector<PromptExample>> acceptedExamples(ProjectStore& store, const std::string& taskId,
                                                    int k);

} // namespace kwb
