// Declarations the screen reads (host_state.h).
#include "core/screening/host_state.h"

#include <algorithm>
#include <string_view>

namespace kwb::screening {
namespace {

using Kind = CudaToken::Kind;
using Tokens = std::vector<CudaToken>;

bool punct(const CudaToken& t, std::string_view p) {
    return t.kind == Kind::Punct && t.text == p;
}
bool ident(const CudaToken& t, std::string_view p) {
    return t.kind == Kind::Identifier && t.text == p;
}
bool oneOf(const CudaToken& t, std::initializer_list<std::string_view> names) {
    return t.kind == Kind::Identifier &&
           std::find(names.begin(), names.end(), t.text) != names.end();
}

// The index of the bracket closing the one at `open` ( "(", "[" or "{", counted together), or
// `to` when it does not close before it.
std::size_t closing(const Tokens& toks, std::size_t open, std::size_t to) {
    int depth = 0;
    for (std::size_t k = open; k < to; ++k) {
        const CudaToken& t = toks[k];
        if (punct(t, "(") || punct(t, "[") || punct(t, "{"))
            ++depth;
        else if ((punct(t, ")") || punct(t, "]") || punct(t, "}")) && --depth == 0)
            return k;
    }
    return to;
}

// The index after template arguments opening at `open` ("<"), or `to`.
std::size_t afterAngles(const Tokens& toks, std::size_t open, std::size_t to) {
    int angle = 0;
    for (std::size_t k = open; k < to; ++k) {
        const CudaToken& t = toks[k];
        angle += punct(t, "<") ? 1 : punct(t, ">") ? -1 : punct(t, ">>") ? -2 : 0;
        if (punct(t, "(") || punct(t, "["))
            k = closing(toks, k, to);
        if (angle <= 0 || punct(t, ";") || punct(t, "{"))
            return k + 1;
    }
    return to;
}

// Where a specifier that takes a parenthesised argument, or a [[...]] attribute, starting at k
// ends (the index after it); k itself when there is none.
std::size_t afterAttribute(const Tokens& toks, std::size_t k, std::size_t to) {
    if (k + 1 < to && punct(toks[k], "[") && punct(toks[k + 1], "["))
        return std::min(closing(toks, k, to) + 1, to);
    if (k + 1 < to && punct(toks[k + 1], "(") &&
        oneOf(toks[k], {"__attribute__", "__declspec", "alignas", "_Alignas", "__align__",
                        "decltype", "__launch_bounds__", "noexcept"}))
        return std::min(closing(toks, k + 1, to) + 1, to);
    return k;
}

// declaresMutableData, with `constBefore`: a const already read before `from` (a type's own).
bool mutableDeclarator(const Tokens& toks, std::size_t from, std::size_t to, bool constBefore) {
    long pos = 0, lastConst = constBefore ? 0 : -1, lastStar = -1;
    bool named = false, device = false, managed = false;
    for (std::size_t k = from; k < to; ++k, ++pos) {
        const CudaToken& t = toks[k];
        if (t.kind == Kind::Directive)
            continue;
        if (std::size_t after = afterAttribute(toks, k, to); after != k) {
            k = after - 1;
            continue;
        }
        // __managed__ data (with __device__ or not) is read and written by host code as any
        // host variable; other device data is left to the device code's rules.
        if (oneOf(t, {"__device__", "__constant__", "__shared__"}))
            device = true;
        else if (ident(t, "__managed__"))
            managed = true;
        else if (oneOf(t, {"constexpr", "consteval", "__global__", "typedef", "using", "struct",
                           "class", "union", "enum", "friend", "namespace", "static_assert",
                           "template", "operator"}))
            return false;
        else if (ident(t, "const"))
            lastConst = pos + 1;
        else if (punct(t, "*"))
            lastStar = pos + 1;
        else if (punct(t, "<"))
            k = afterAngles(toks, k, to) - 1;
        else if (punct(t, "("))
            return false; // a function (or a declarator the screen does not judge)
        else if (punct(t, "=") && k + 2 < to && punct(toks[k + 1], "[") && punct(toks[k + 2], "]"))
            return false; // a lambda that captures nothing: code, not data
        else if (punct(t, "=") || punct(t, "{") || punct(t, "[") || punct(t, ";") || punct(t, ","))
            break;
        else if (t.kind == Kind::Identifier)
            named = true;
    }
    return named && (managed || !device) && !(lastConst >= 0 && lastConst > lastStar);
}

std::size_t firstToken(const Tokens& toks, std::size_t from, std::size_t to) {
    while (from < to && toks[from].kind == Kind::Directive)
        ++from;
    return from;
}

// A namespace's head, or an extern "C" block's.
bool opensNamespace(const Tokens& toks, std::size_t start, std::size_t open) {
    const std::size_t f = firstToken(toks, start, open);
    for (std::size_t k = f; k < open; ++k)
        if (ident(toks[k], "namespace"))
            return true;
    return open == f + 2 && ident(toks[f], "extern") && toks[f + 1].kind == Kind::String;
}

// A function's head: a top-level "(" before any top-level "=".
bool functionHead(const Tokens& toks, std::size_t start, std::size_t open) {
    for (std::size_t k = start; k < open; ++k) {
        if (std::size_t after = afterAttribute(toks, k, open); after != k) {
            k = after - 1;
            continue;
        }
        if (punct(toks[k], "="))
            return false;
        if (punct(toks[k], "("))
            return true;
        if (punct(toks[k], "<") && k > start && ident(toks[k - 1], "template"))
            k = afterAngles(toks, k, open) - 1;
    }
    return false;
}

// A struct, class, union or enum declaration at namespace scope (from `tag`, its keyword):
// whether it also declares mutable variables of the type ("struct Memo {...} memo;").
bool typeDeclaresState(const Tokens& toks, std::size_t first, std::size_t tag, std::size_t end) {
    bool constBefore = false;
    for (std::size_t k = first; k < tag; ++k) {
        if (ident(toks[k], "constexpr"))
            return false;
        constBefore = constBefore || ident(toks[k], "const");
    }
    std::size_t after = tag + 1;
    std::size_t block = after;
    while (block < end && !punct(toks[block], "{"))
        ++block;
    if (block < end) {
        after = closing(toks, block, end) + 1;
    } else { // no body: "struct X;" declares a type, "struct X x;" a variable
        for (;;) {
            if (std::size_t a = afterAttribute(toks, after, end); a != after)
                after = a;
            else if (after < end && oneOf(toks[after], {"class", "struct"})) // enum class
                ++after;
            else
                break;
        }
        if (after < end && toks[after].kind == Kind::Identifier) // the tag's name
            ++after;
        while (after + 1 < end && punct(toks[after], "::") &&
               toks[after + 1].kind == Kind::Identifier)
            after += 2;
    }
    if (after >= end || punct(toks[after], ":"))
        return false;
    return mutableDeclarator(toks, after, end, constBefore);
}

// One statement at namespace scope, toks[start, end) (its ';' at end): what it declares.
void namespaceStatement(const Tokens& toks, const MacroBodies& macros, std::size_t start,
                        std::size_t end, std::vector<std::pair<std::string, int>>* out) {
    std::size_t f = firstToken(toks, start, end);
    for (;;) { // attributes, and a template's head: a variable template is a variable
        if (std::size_t a = afterAttribute(toks, f, end); a != f)
            f = a;
        else if (f < end && ident(toks[f], "template"))
            f = f + 1 < end && punct(toks[f + 1], "<") ? afterAngles(toks, f + 1, end) : f + 1;
        else
            break;
    }
    if (f >= end || oneOf(toks[f], {"using", "typedef", "static_assert", "namespace", "friend",
                                    "extern", "asm", "__asm__", "__asm", "_Pragma"}))
        return;
    const int line = toks[f].line;
    // A function-like macro of the candidate's before the initializer: what the statement
    // declares is not in these tokens.
    for (std::size_t k = f; k + 1 < end && !punct(toks[k], "=") && !punct(toks[k], "{"); ++k)
        if (toks[k].kind == Kind::Identifier && macros.count(toks[k].text) &&
            punct(toks[k + 1], "(")) {
            out->emplace_back("preprocessor-trick", line);
            return;
        }
    for (std::size_t k = f; k < end; ++k) {
        if (oneOf(toks[k], {"struct", "class", "union", "enum"})) {
            if (typeDeclaresState(toks, f, k, end))
                out->emplace_back("host-state", line);
            return;
        }
        if (!oneOf(toks[k], {"const", "static", "inline", "volatile", "constinit"}))
            break;
    }
    if (declaresMutableData(toks, f, end))
        out->emplace_back("host-state", line);
}

} // namespace

bool declaresMutableData(const std::vector<CudaToken>& toks, std::size_t from, std::size_t to) {
    return mutableDeclarator(toks, from, to, false);
}

std::vector<std::pair<std::string, int>> namespaceScopeState(const std::vector<CudaToken>& toks,
                                                             const MacroBodies& macros) {
    std::vector<std::pair<std::string, int>> out;
    // One statement at namespace scope, ended by its ';' at `end`.
    std::size_t start = 0;
    for (std::size_t i = 0; i < toks.size(); ++i) {
        const CudaToken& t = toks[i];
        if (punct(t, "}")) { // a namespace's end: every other block is skipped whole below
            start = i + 1;
        } else if (punct(t, ";")) {
            namespaceStatement(toks, macros, start, i, &out);
            start = i + 1;
        } else if (punct(t, "{")) {
            if (opensNamespace(toks, start, i)) {
                start = i + 1;
                continue;
            }
            const std::size_t close = closing(toks, i, toks.size());
            if (functionHead(toks, start, i))
                start = close + 1;
            i = close; // otherwise the statement goes on to its ';' (a type's, an initializer's)
        }
    }
    return out;
}

std::vector<int> unbalancedConditionals(const std::vector<CudaToken>& toks) {
    struct Branch {
        int net = 0, low = 0;
    };
    std::vector<Branch> open; // one per #if being read: its current branch
    std::vector<int> lines;
    for (const auto& t : toks) {
        if (t.kind == Kind::Directive && !t.inner.empty()) {
            const std::string& d = t.inner[0].text;
            const bool opens = d == "if" || d == "ifdef" || d == "ifndef";
            const bool next = d == "elif" || d == "else" || d == "elifdef" || d == "elifndef";
            if (opens) {
                open.emplace_back();
            } else if ((next || d == "endif") && !open.empty()) {
                if (open.back().net != 0 || open.back().low < 0)
                    lines.push_back(t.line);
                if (next)
                    open.back() = Branch{};
                else
                    open.pop_back();
            }
        } else if (!open.empty() && (punct(t, "{") || punct(t, "}"))) {
            Branch& b = open.back();
            b.net += punct(t, "{") ? 1 : -1;
            b.low = std::min(b.low, b.net);
        }
    }
    return lines;
}

} // namespace kwb::screening
