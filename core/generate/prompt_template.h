#pragma once
// A prompt template: text with {{variable}} placeholders and optional sections
// {{#variable}}...{{/variable}} (kept only when the variable is not empty) and
// {{^variable}}...{{/variable}} (kept only when it is). An unknown variable is an error, so a
// typo in a template never silently drops part of a prompt. Values are inserted verbatim.
#include <map>
#include <string>

#include "core/model/error.h"

namespace kwb {

using PromptVariables = std::map<std::string, std::string>;

Result<std::string> renderPromptTemplate(const std::string& text, const PromptVariables& vars);

} // namespace kwb
