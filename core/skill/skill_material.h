#pragma once
// What a skill is written from: the project's samples of some tasks, sorted into the accepted
// ones that beat the library baseline on a GPU (with the techniques their sources use), the
// rejected and failing ones (with their verdicts and reasons), and one short verified example.
// Deterministic: the same project gives the same material.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/model/error.h"
#include "core/model/task.h"

namespace kwb {

class ProjectStore;

// A technique seen in the sources of faster accepted samples.
struct SkillTechnique {
    std::string name; // "warp shuffles (__shfl_*_sync)"
    int samples = 0;  // faster accepted samples that use it
    double minSpeedup = 0, maxSpeedup = 0;
};

// A way samples failed: a verification verdict, or a reviewer's rejection.
struct SkillMistake {
    std::string kind; // "wrong-result", "compile-error", "rejected by a reviewer"
    int samples = 0;
    std::vector<std::string> reasons; // distinct first lines, at most three, in sample id order
};

struct SkillExample {
    std::int64_t sampleId = 0;
    std::string taskId;
    std::string source;
    double speedup = 0;
    std::string gpu;
};

struct SkillMaterial {
    std::vector<Task> tasks;
    std::vector<std::string> requirements; // the prompts' requirement lines, each once
    int samplesRead = 0;
    int faster = 0;  // accepted, passed on a GPU, geometric-mean speedup above 1
    int failing = 0; // rejected, or the latest verification failed or is a suspected hack
    std::string gpu; // the device of the faster samples (the first seen)
    std::vector<SkillTechnique> techniques; // most used first
    std::vector<SkillMistake> mistakes;     // most frequent first
    std::optional<SkillExample> example;    // the shortest faster sample (else accepted, passed)
};

// The techniques looked for: a name and what in a source shows it. Listed by `kwb skill build
// --help` and the README.
struct TechniquePattern {
    const char* name;
    const char* regex;
};
const std::vector<TechniquePattern>& techniquePatterns();

// Reads every sample of `tasks` from the project. "skill-no-material" when none of them is a
// faster accepted sample or a failing one: a skill would only repeat the prompt.
Result<SkillMaterial> gatherSkillMaterial(ProjectStore& store, const std::vector<Task>& tasks);

} // namespace kwb
