#pragma once
// The prompt a sample answers: the messages sent before its reply. Exports use it as the
// prompt and pair samples only when their prompts agree (same hash).
#include <string>

#include <nlohmann/json.hpp>

#include "core/model/sample.h"
#include "core/model/task.h"

namespace kwb {

// The sample's own messages up to the first assistant reply; for a sample that came without
// messages (a file import, a person's kernel) the task's prompt as one user message.
nlohmann::json promptMessages(const Sample& sample, const Task& task);
// A short stable hash of prompt messages (32 hex digits).
std::string promptHash(const nlohmann::json& messages);

} // namespace kwb
