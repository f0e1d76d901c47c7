#include "core/generate/prompt_template.h"

namespace kwb {

namespace {

std::string trimName(std::string s) {
    while (!s.empty() && s.front() == ' ')
        s.erase(s.begin());
    while (!s.empty() && s.back() == ' ')
        s.pop_back();
    return s;
}

Result<std::string> render(const std::string& text, std::size_t begin, std::size_t end,
                           const PromptVariables& vars, int depth) {
    if (depth > 8)
        return Error::make("bad-template", "prompt template sections nest deeper than 8");
    std::string out;
    std::size_t pos = begin;
    while (pos < end) {
        std::size_t open = text.find("{{", pos);
        if (open == std::string::npos || open >= end) {
            out.append(text, pos, end - pos);
            break;
        }
        out.append(text, pos, open - pos);
        std::size_t close = text.find("}}", open + 2);
        if (close == std::string::npos || close + 2 > end)
            return Error::make("bad-template",
                               "unclosed {{ in prompt template at offset " + std::to_string(open));
        std::string tag = text.substr(open + 2, close - open - 2);
        pos = close + 2;
        if (tag.empty())
            return Error::make("bad-template", "empty {{}} in prompt template");
        char kind = tag.front();
        if (kind == '/')
            return Error::make("bad-template",
                               "{{" + tag + "}} closes a section that was not opened");
        std::string name = trimName(kind == '#' || kind == '^' ? tag.substr(1) : tag);
        auto it = vars.find(name);
        if (it == vars.end())
            return Error::make("bad-template", "unknown prompt variable {{" + name + "}}");
        if (kind != '#' && kind != '^') {
            out += it->second;
            continue;
        }
        std::string closing = "{{/" + name + "}}";
        std::size_t sectionEnd = text.find(closing, pos);
        if (sectionEnd == std::string::npos || sectionEnd > end)
            return Error::make("bad-template", "section {{" + tag + "}} has no " + closing);
        bool show = (kind == '#') != it->second.empty();
        if (show) {
            auto inner = render(text, pos, sectionEnd, vars, depth + 1);
            if (!inner)
                return inner;
            out += *inner;
        }
        pos = sectionEnd + closing.size();
    }
    return out;
}

} // namespace

Result<std::string> renderPromptTemplate(const std::string& text, const PromptVariables& vars) {
    return render(text, 0, text.size(), vars, 0);
}

} // namespace kwb
