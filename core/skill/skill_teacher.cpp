#include "core/skill/skill_teacher.h"

#include <climits>

namespace kwb {
namespace {

std::string trimmed(const std::string& s) {
    const auto a = s.find_first_not_of(" \t\r\n");
    if (a == std::string::npos)
        return {};
    const auto b = s.find_last_not_of(" \t\r\n");
    return s.substr(a, b - a + 1);
}

} // namespace

std::string teacherSystemPrompt(int budget) {
    return "You write the body of an Agent Skills file (SKILL.md) that teaches a smaller model to "
           "write one kind of CUDA kernel. Write markdown only, without front matter, at most " +
           std::to_string(budget - 80) +
           " tokens (about four characters per token). Sections: the entry-point contract "
           "(signature and rules, exactly as given), the techniques of the faster samples with "
           "their measured speedups, the mistakes of the failing and rejected samples with their "
           "verdicts, and one short verified example taken verbatim from the material (leave it "
           "out if it does not fit). Use only facts from the material; invent no numbers.";
}

std::string teacherMaterial(const SkillMaterial& m) {
    auto full = renderSkill(m, INT_MAX);
    return "The material, as measured by the workbench (verified on the GPU):\n\n" +
           (full ? full->text : std::string());
}

std::string teacherBody(std::string answer) {
    answer = trimmed(answer);
    if (answer.rfind("```", 0) == 0 && answer.size() > 6 &&
        answer.compare(answer.size() - 3, 3, "```") == 0) {
        const auto nl = answer.find('\n');
        answer = trimmed(answer.substr(nl == std::string::npos ? 3 : nl + 1,
                                       answer.size() - 3 - (nl == std::string::npos ? 3 : nl + 1)));
    }
    if (answer.rfind("---", 0) == 0) {
        const auto end = answer.find("\n---", 3);
        if (end != std::string::npos)
            answer = trimmed(answer.substr(end + 4));
    }
    return answer + "\n";
}

Result<SkillDocument> teacherSkill(const SkillMaterial& m, int budget, const TeacherAsk& ask,
                                   int* turns) {
    const std::string system = teacherSystemPrompt(budget);
    std::vector<ChatMessage> messages = {{"user", teacherMaterial(m)}};
    SkillDocument doc;
    doc.budget = budget;
    for (int turn = 1; turn <= 2; ++turn) {
        if (turns)
            *turns = turn;
        auto answer = ask(system, messages);
        if (!answer)
            return answer.error();
        const std::string bodyText = teacherBody(*answer);
        if (trimmed(bodyText).empty())
            return Error::make("skill-teacher-empty", "the teacher's answer has no text");
        doc.text = skillFile(m, bodyText);
        doc.tokens = estimateTokens(doc.text);
        if (doc.tokens <= budget)
            return doc;
        messages.push_back({"assistant", *answer});
        messages.push_back({"user", "That file is about " + std::to_string(doc.tokens) +
                                        " tokens with its front matter, over the budget of " +
                                        std::to_string(budget) +
                                        ". Write the body again, shorter; cut the example first."});
    }
    return Error::make("skill-over-budget",
                       "the teacher's skill is about " + std::to_string(doc.tokens) +
                           " tokens after two turns, over the budget of " + std::to_string(budget));
}

} // namespace kwb
