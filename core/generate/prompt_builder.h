#pragma once
// The messages sent to a teacher model for a task: per-task variables (description, entry
// signature, shapes, dtypes, the contract's rules, target GPU and compute capability) rendered
// into a system and a user template, with optional context (accepted samples as examples, or a
// SKILL.md). Also the follow-up message of a repair turn. Pure functions of their inputs.
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/generate/prompt_template.h"
#include "core/llm/chat_types.h"
#include "core/model/task.h"

namespace kwb {

struct PromptExample {
    std::string taskId;
    std::string title;
    std::string code; // an accepted candidate's source
};

struct PromptContext {
    std::string gpuName;                 // "NVIDIA H200"; empty: not stated
    std::string computeCapability;       // "9.0"; empty: not stated
    std::vector<PromptExample> examples; // a task's own examples are left out of its prompt
    // Accepted samples of one task (by task id), shown to that task only, as earlier answers to
    // improve on (`kwb generate --examples-from-project K`): the variable task_examples.
    std::map<std::string, std::vector<PromptExample>> taskExamples;
    std::string skill; // a SKILL.md's text; empty: none
};

struct PromptTemplates {
    std::string system;
    std::string user;

    static PromptTemplates defaults();
    // Either path may be empty: that template stays the default.
    static Result<PromptTemplates> load(const std::filesystem::path& systemFile,
                                        const std::filesystem::path& userFile);
};

// Every variable a template may use, with its value for this task and context.
PromptVariables promptVariables(const Task& task, const PromptContext& context);
// The candidate contract's rules for this task, one "- " line each.
std::string contractRules(const Task& task);

struct PromptMessages {
    std::string system;
    std::vector<ChatMessage> messages; // one user message
};

Result<PromptMessages> buildPrompt(const Task& task, const PromptContext& context,
                                   const PromptTemplates& templates);

// The user message of a repair turn: feedback (a sentence or more on what went wrong: compile
// errors, the failing shape, no code block) and the request for a corrected, complete file.
std::string repairMessage(const Task& task, const std::string& feedback);

// A conversation a run continues instead of asking the task's prompt (one task): a prompt a
// person edited ("Generate from this prompt"), or a stored answer sent back with a reviewer's
// note as a repair turn ("Regenerate with my note").
struct SeedConversation {
    std::string system;
    std::vector<ChatMessage> messages; // ends with the user's message
    std::string parentId;              // the answer it repairs (its generation id); else empty
    int turn = 0;                      // the turn its answers get (a repair: the parent's + 1)
};

// The conversation in a stored message list ([{role, content}], the system message first, as
// the project keeps it). An Error where no user message ends it.
Result<SeedConversation> conversationFromMessages(const nlohmann::json& messages);

// The messages as the window's Prompt tab shows them: a "## role" line, a blank line and the
// content, for each; and back. A text without such a first line is one user message (system
// empty). Only "## system", "## user" and "## assistant" lines start a message, so a
// prompt's own markdown headings stay in it.
std::string promptTranscript(const nlohmann::json& messages);
Result<SeedConversation> parsePromptTranscript(const std::string& text);

// An answer sent back with a reviewer's note: the messages it answered, its reply (the raw
// response; where none is stored, its source in a code block) and the note as a repair turn.
// Messages that are empty (an imported sample) are the task's prompt. An Error for an empty
// note.
Result<SeedConversation> noteRepairConversation(const Task& task, const PromptContext& context,
                                                const PromptTemplates& templates,
                                                const nlohmann::json& messages,
                                                const std::string& reply, const std::string& note);

} // namespace kwb
