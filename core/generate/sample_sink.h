#pragma once
// Where finished samples go: the project database (ProjectSampleSink) or a JSONL file
// (JsonlSampleSink). The generation run calls it on its own thread, one sample at a time, as
// each finishes; store() must have made the sample durable when it returns (a run may be
// interrupted right after).
#include <string>

#include "core/generate/generated_sample.h"
#include "core/model/error.h"

namespace kwb {

class SampleSink {
public:
    virtual ~SampleSink() = default;
    virtual Status store(const GeneratedSample& sample) = 0;
    // First-turn samples (turn 0) already stored for this task from this provider and model:
    // a resumed run generates only the rest.
    virtual Result<int> countExisting(const std::string& taskId, const std::string& provider,
                                      const std::string& model) = 0;
    virtual std::string description() const = 0; // "samples.jsonl", for messages
};

} // namespace kwb
