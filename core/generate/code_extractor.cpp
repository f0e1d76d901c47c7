#include "core/generate/code_extractor.h"

#include <cctype>

namespace kwb {

namespace {

struct Fence {
    char ch = 0;
    std::size_t len = 0;
    std::string info;
};

// A fence line: up to 3 spaces, then 3+ of ` or ~; backtick fences' info has no backtick.
std::optional<Fence> fenceOf(const std::string& line) {
    std::size_t i = 0;
    while (i < line.size() && i < 3 && line[i] == ' ')
        ++i;
    if (i >= line.size() || (line[i] != '`' && line[i] != '~'))
        return std::nullopt;
    Fence f;
    f.ch = line[i];
    while (i < line.size() && line[i] == f.ch) {
        ++f.len;
        ++i;
    }
    if (f.len < 3)
        return std::nullopt;
    std::string info = line.substr(i);
    if (f.ch == '`' && info.find('`') != std::string::npos)
        return std::nullopt;
    while (!info.empty() && std::isspace(static_cast<unsigned char>(info.back())))
        info.pop_back();
    std::size_t s = 0;
    while (s < info.size() && std::isspace(static_cast<unsigned char>(info[s])))
        ++s;
    f.info = info.substr(s);
    return f;
}

bool isIdentChar(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

} // namespace

std::vector<CodeBlock> fencedCodeBlocks(const std::string& markdown) {
    std::vector<CodeBlock> blocks;
    std::optional<Fence> open;
    CodeBlock current;
    std::size_t pos = 0;
    while (pos <= markdown.size()) {
        std::size_t nl = markdown.find('\n', pos);
        std::string line =
            markdown.substr(pos, nl == std::string::npos ? std::string::npos : nl - pos);
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        if (!open) {
            if (auto f = fenceOf(line)) {
                open = f;
                current = CodeBlock{f->info, {}};
            }
        } else {
            auto f = fenceOf(line);
            if (f && f->ch == open->ch && f->len >= open->len && f->info.empty()) {
                blocks.push_back(std::move(current));
                open.reset();
            } else {
                current.code += line;
                current.code += '\n';
            }
        }
        if (nl == std::string::npos)
            break;
        pos = nl + 1;
    }
    return blocks; // an unclosed block is dropped: the answer was cut off
}

bool definesFunction(const std::string& code, const std::string& entryName) {
    if (entryName.empty())
        return false;
    for (std::size_t at = code.find(entryName); at != std::string::npos;
         at = code.find(entryName, at + 1)) {
        if (at > 0 && isIdentChar(code[at - 1]))
            continue;
        std::size_t i = at + entryName.size();
        if (i < code.size() && isIdentChar(code[i]))
            continue;
        while (i < code.size() && std::isspace(static_cast<unsigned char>(code[i])))
            ++i;
        if (i >= code.size() || code[i] != '(')
            continue;
        int depth = 0;
        for (; i < code.size(); ++i) {
            if (code[i] == '(')
                ++depth;
            else if (code[i] == ')' && --depth == 0)
                break;
        }
        if (i >= code.size())
            return false;
        ++i;
        while (i < code.size() && std::isspace(static_cast<unsigned char>(code[i])))
            ++i;
        if (i < code.size() && code[i] == '{')
            return true;
    }
    return false;
}

std::optional<std::string> extractEntrySource(const std::string& response,
                                              const std::string& entryName) {
    std::optional<std::string> found;
    for (auto& b : fencedCodeBlocks(response))
        if (definesFunction(b.code, entryName))
            found = std::move(b.code);
    return found;
}

} // namespace kwb
