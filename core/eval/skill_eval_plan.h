#pragma once
// The plan that evaluates one skill: every model answers the tasks `samples` times with nothing
// ("plain") and with the skill's text in the system prompt ("skill:FILE"), as TOML that
// parseEvalPlan reads back. Written by the window's skill editor ("Evaluate this skill").
#include <string>
#include <vector>

#include "core/eval/eval_plan.h"

namespace kwb {

struct SkillEvalPlan {
    std::string name;               // the run's name
    std::vector<std::string> tasks; // task ids or selectors ("family:F", "level:N", "all")
    std::string skillFile;          // relative to the plan's folder (or absolute)
    int samples = 2;                // answers per model, condition and task
    std::uint64_t seed = 1;
    std::vector<EvalModel> models; // name, provider, base_url, model, temperature, max_tokens
};

// The first line marks the file as written here, so that writing it again may replace it.
inline constexpr const char* kSkillEvalPlanHeader =
    "# An evaluation of a skill, written by Kernel Workbench's skill editor.";

std::string skillEvalPlanToml(const SkillEvalPlan& plan);

} // namespace kwb
