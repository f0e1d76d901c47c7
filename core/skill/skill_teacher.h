#pragma once
// A skill whose body a teacher model writes from the same material as the deterministic one.
// The front matter stays ours (name and description); the body must fit the token budget: a body
// over it is sent back once with its count, and refused if the second answer is over too.
#include <functional>
#include <string>
#include <vector>

#include "core/llm/chat_types.h"
#include "core/model/error.h"
#include "core/skill/skill_document.h"

namespace kwb {

// Sends one conversation to the teacher and returns its answer's text (the caller owns the
// client, the provider and cancellation).
using TeacherAsk =
    std::function<Result<std::string>(const std::string& system, const std::vector<ChatMessage>&)>;

// What the teacher is asked: the material as the deterministic skill writes it with nothing cut.
std::string teacherSystemPrompt(int budget);
std::string teacherMaterial(const SkillMaterial& m);

Result<SkillDocument> teacherSkill(const SkillMaterial& m, int budget, const TeacherAsk& ask,
                                   int* turns = nullptr);

// The markdown body of a teacher's answer: front matter it wrote and a fence around the whole
// answer removed.
std::string teacherBody(std::string answer);

} // namespace kwb
