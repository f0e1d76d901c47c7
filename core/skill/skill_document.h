#pragma once
// A skill as an Agent Skills file: YAML front matter (name, description) and a markdown body with
// the entry-point contract, what worked, the mistakes to avoid and one short verified example,
// cut to a token budget. Tokens are estimated (estimateTokens), not counted by a model's
// tokenizer: runs of letters and digits count one token per four characters, every other
// character that is not a space one token.
#include <string>
#include <string_view>
#include <vector>

#include "core/model/error.h"
#include "core/skill/skill_material.h"

namespace kwb {

int estimateTokens(std::string_view text);

struct SkillDocument {
    std::string text; // the whole file, front matter included
    int tokens = 0;   // estimateTokens(text)
    int budget = 0;
    std::vector<std::string> leftOut; // what was cut to fit, in the order it was cut
};

// "kwb-" + the task id, or "kwb-family-" + the family when the material spans several tasks.
std::string skillName(const SkillMaterial& m);
// The front matter, then `body`.
std::string skillFile(const SkillMaterial& m, const std::string& body);

// The deterministic skill: every section, then items cut from the least useful end until the
// file fits `budget` (the example first, then extra reasons, then the longest lists' last
// items, then requirements). "skill-over-budget" when even the contract does not fit.
Result<SkillDocument> renderSkill(const SkillMaterial& m, int budget);

} // namespace kwb
