#pragma once
// Finds the candidate source in a model's answer: the fenced code block (``` or ~~~, any info
// string) that defines the entry function (its name, a parameter list, then a body '{', not a
// ';'). When several blocks define it, the last wins (answers often revise). An unclosed fence
// (an answer cut off at max_tokens) is not a block. No block: no code.
#include <optional>
#include <string>
#include <vector>

namespace kwb {

struct CodeBlock {
    std::string info; // "cuda", "cpp", ... (may be empty)
    std::string code;
};

// Every closed fenced block, in order (CommonMark fences: up to 3 spaces of indent, 3+ backticks
// or tildes, closed by the same character at least as many times).
std::vector<CodeBlock> fencedCodeBlocks(const std::string& markdown);
// Whether code defines (not only declares) a function named entryName.
bool definesFunction(const std::string& code, const std::string& entryName);
std::optional<std::string> extractEntrySource(const std::string& response,
                                              const std::string& entryName);

} // namespace kwb
