// Host-code screening (see host_code_screen.h): which tokens are host code, and what in them a
// launcher never needs. The tables are in screening_rules.cpp.
#include "core/screening/host_code_screen.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include "core/screening/cuda_lexer.h"
#include "core/screening/host_state.h"
#include "core/screening/screening_rules.h"

namespace kwb {
namespace {

using Kind = CudaToken::Kind;

bool isPunct(const CudaToken& t, std::string_view p) {
    return t.kind == Kind::Punct && t.text == p;
}
bool isIdent(const CudaToken& t, std::string_view p) {
    return t.kind == Kind::Identifier && t.text == p;
}

bool isConditional(const CudaToken& t) {
    if (t.kind != Kind::Directive || t.inner.empty())
        return false;
    const std::string& d = t.inner[0].text;
    return d == "if" || d == "ifdef" || d == "ifndef" || d == "elif" || d == "else" ||
           d == "endif" || d == "elifdef" || d == "elifndef";
}

bool isExecutionSpace(const std::string& s) {
    return s == "__global__" || s == "__device__" || s == "__host__" || s == "__constant__" ||
           s == "__shared__" || s == "__managed__" || s == "__grid_constant__";
}

std::string trimmedLine(std::string_view source, int line) {
    std::size_t at = 0;
    for (int l = 1; l < line && at != std::string_view::npos; ++l) {
        at = source.find('\n', at);
        if (at != std::string_view::npos)
            ++at;
    }
    if (at == std::string_view::npos || at >= source.size())
        return {};
    std::size_t end = source.find('\n', at);
    std::string_view l =
        source.substr(at, end == std::string_view::npos ? std::string_view::npos : end - at);
    while (!l.empty() && std::isspace(static_cast<unsigned char>(l.front())))
        l.remove_prefix(1);
    while (!l.empty() && std::isspace(static_cast<unsigned char>(l.back())))
        l.remove_suffix(1);
    std::string out(l.substr(0, 160));
    for (auto& c : out)
        if (static_cast<unsigned char>(c) < 0x20 && c != '\t')
            c = ' ';
    return out;
}

class Screen {
public:
    Screen(std::string_view source, const ScreeningOptions& options)
        : m_source(source), m_options(options), m_tokens(lexCuda(source)) {}

    ScreeningResult run() {
        readDirectives();
        const std::vector<bool> device = deviceMask();
        for (std::size_t i = 0; i < m_tokens.size(); ++i)
            if (!device[i] && m_tokens[i].kind != Kind::Directive)
                screenToken(m_tokens, i, m_tokens[i].line, 0);
        for (const auto& [kind, line] : screening::namespaceScopeState(m_tokens, m_macros))
            add(kind, line);
        for (int line : screening::unbalancedConditionals(m_tokens))
            add("preprocessor-trick", line);
        ScreeningResult r;
        r.findings.assign(m_findings.begin(), m_findings.end());
        std::sort(r.findings.begin(), r.findings.end(),
                  [](const ScreeningFinding& a, const ScreeningFinding& b) {
                      return a.line != b.line ? a.line < b.line : a.kind < b.kind;
                  });
        return r;
    }

private:
    struct Key {
        std::string kind;
        int line;
        bool operator<(const Key& o) const {
            return line != o.line ? line < o.line : kind < o.kind;
        }
    };

    void add(const std::string& kind, int line) {
        if (kind.empty() || !m_seen.insert(Key{kind, line}).second)
            return;
        m_findings.push_back(ScreeningFinding{kind, line, trimmedLine(m_source, line)});
    }

    // #define / #undef / #include / #pragma: macros remembered (their bodies are screened where
    // host code uses them), tricks and headers reported.
    void readDirectives() {
        for (const auto& t : m_tokens) {
            if (t.kind != Kind::Directive || t.inner.empty())
                continue;
            const std::string& d = t.inner[0].text;
            if ((d == "define" || d == "undef") && t.inner.size() > 1) {
                const std::string& name = t.inner[1].text;
                if (name.rfind("__", 0) == 0 ||
                    (name.size() > 1 && name[0] == '_' &&
                     std::isupper(static_cast<unsigned char>(name[1]))) ||
                    name == "asm" || name == "new")
                    add("preprocessor-trick", t.line);
                if (d == "define") {
                    std::vector<CudaToken> body(t.inner.begin() + 2, t.inner.end());
                    for (const auto& b : body)
                        if (isPunct(b, "{") || isPunct(b, "}") ||
                            (b.kind == Kind::Identifier && isExecutionSpace(b.text)))
                            m_structuralMacros.insert(name);
                    m_macros[name] = std::move(body);
                }
            } else if (d == "include" || d == "include_next" || d == "import") {
                includeFinding(t);
            } else if (d == "pragma") {
                for (const auto& p : t.inner)
                    if (isIdent(p, "omp") || isIdent(p, "GCC") || isIdent(p, "push_macro") ||
                        isIdent(p, "pop_macro"))
                        add(isIdent(p, "omp") ? "thread" : "preprocessor-trick", t.line);
            } else if (d == "line") {
                add("preprocessor-trick", t.line);
            }
        }
    }

    void includeFinding(const CudaToken& t) {
        if (t.inner.size() < 2) {
            add("preprocessor-trick", t.line);
            return;
        }
        const CudaToken& first = t.inner[1];
        if (first.kind == Kind::String) {
            add(screening::headerKind(first.text, true), t.line);
            return;
        }
        if (!isPunct(first,
                     "<")) { // #include MACRO or __FILE__: the screen cannot see what it names
            add("preprocessor-trick", t.line);
            return;
        }
        std::string header;
        for (std::size_t k = 2; k < t.inner.size() && !isPunct(t.inner[k], ">"); ++k)
            header += t.inner[k].text;
        add(screening::headerKind(header, false), t.line);
    }

    // True for tokens inside the bodies of device functions (and device variables' initialisers),
    // where the screen cannot be fooled about the block's extent.
    std::vector<bool> deviceMask() {
        std::vector<bool> mask(m_tokens.size(), false);
        bool structuralMacroUsed = false;
        for (const auto& t : m_tokens)
            structuralMacroUsed = structuralMacroUsed ||
                                  (t.kind == Kind::Identifier && m_structuralMacros.count(t.text));
        if (structuralMacroUsed) {
            for (const auto& t : m_tokens)
                if (t.kind == Kind::Identifier && m_structuralMacros.count(t.text))
                    add("preprocessor-trick", t.line);
            return mask; // every token is screened as host code
        }
        std::size_t headStart = 0;
        for (std::size_t i = 0; i < m_tokens.size(); ++i) {
            const CudaToken& t = m_tokens[i];
            if (isPunct(t, ";") || isPunct(t, "}")) {
                headStart = i + 1;
            } else if (isPunct(t, "{")) {
                const std::size_t close = deviceBlockEnd(headStart, i);
                if (close != 0) {
                    std::fill(mask.begin() + static_cast<std::ptrdiff_t>(i),
                              mask.begin() + static_cast<std::ptrdiff_t>(close) + 1, true);
                    i = close;
                }
                headStart = i + 1;
            }
        }
        return mask;
    }

    // For the '{' at open whose head starts at headStart: the index of its matching '}' when it
    // opens device code that no conditional directive reaches into, else 0.
    std::size_t deviceBlockEnd(std::size_t headStart, std::size_t open) const {
        bool device = false, host = false, aggregate = false;
        for (std::size_t k = headStart; k < open; ++k) {
            const CudaToken& h = m_tokens[k];
            if (isConditional(h))
                return 0;
            device = device || isIdent(h, "__global__") || isIdent(h, "__device__") ||
                     isIdent(h, "__constant__");
            host = host || isIdent(h, "__host__");
            aggregate = aggregate || isIdent(h, "namespace") || isIdent(h, "struct") ||
                        isIdent(h, "class") || isIdent(h, "union") || isIdent(h, "extern");
        }
        if (!device || host || aggregate)
            return 0;
        int depth = 0;
        for (std::size_t k = open; k < m_tokens.size(); ++k) {
            const CudaToken& b = m_tokens[k];
            if (isConditional(b))
                return 0;
            if (isPunct(b, "{"))
                ++depth;
            else if (isPunct(b, "}") && --depth == 0)
                return k;
        }
        return 0; // unbalanced: screened as host code
    }

    // One host-code token (from the file, or from a macro body expanded where host code uses it).
    void screenToken(const std::vector<CudaToken>& toks, std::size_t i, int line, int depth) {
        const CudaToken& t = toks[i];
        const CudaToken* prev = i > 0 ? &toks[i - 1] : nullptr;
        if (t.kind == Kind::Identifier) {
            const bool member = prev && (isPunct(*prev, ".") || isPunct(*prev, "->"));
            const bool stdQualified =
                prev && isPunct(*prev, "::") && i >= 2 && isIdent(toks[i - 2], "std");
            add(screening::identifierKind(t.text, member, stdQualified, m_options.allowedLibraries),
                line);
            if (!member && (t.text == "static" || t.text == "thread_local"))
                staticState(toks, i, line);
            if (!member)
                if (const int n = screening::streamParameters(t.text); n > 0)
                    streamArgument(toks, i, line, n);
            auto macro = m_macros.find(t.text);
            if (macro != m_macros.end() && depth < 8 && m_expanding.insert(t.text).second) {
                for (std::size_t k = 0; k < macro->second.size(); ++k) {
                    if (isPunct(macro->second[k], "##"))
                        add("preprocessor-trick", line);
                    screenToken(macro->second, k, line, depth + 1);
                }
                m_expanding.erase(t.text);
            }
        } else if (t.kind == Kind::String) {
            if (prev && prev->kind == Kind::String)
                return; // screened with the literal it continues
            std::string joined = t.text;
            for (std::size_t k = i + 1; k < toks.size() && toks[k].kind == Kind::String; ++k)
                joined += toks[k].text;
            add(screening::stringKind(joined), line);
        } else if (isPunct(t, "<<<")) {
            launch(toks, i, line);
        }
    }

    // The arguments of a call (or a launch's configuration) from the token after `open`, split
    // at top-level commas, each joined without spaces.
    static std::vector<std::string> arguments(const std::vector<CudaToken>& toks, std::size_t open,
                                              std::string_view closer) {
        std::vector<std::string> args(1);
        int depth = 0;
        for (std::size_t k = open + 1; k < toks.size(); ++k) {
            const CudaToken& a = toks[k];
            if (depth == 0 && (isPunct(a, closer) || (closer == ")" && isPunct(a, ";"))))
                return args;
            if (isPunct(a, "(") || isPunct(a, "[") || isPunct(a, "{"))
                ++depth;
            else if (isPunct(a, ")") || isPunct(a, "]") || isPunct(a, "}"))
                --depth;
            if (depth == 0 && isPunct(a, ","))
                args.emplace_back();
            else
                args.back() += a.text;
        }
        return args;
    }

    void launch(const std::vector<CudaToken>& toks, std::size_t i, int line) {
        const auto config = arguments(toks, i, ">>>");
        if (config.size() < 4 || screening::isDefaultStreamExpression(config[3]))
            add("default-stream", line);
    }

    // A call of a CUDA function whose last of `parameters` is its stream: the stream left out
    // (it defaults to 0), or given as a default stream.
    void streamArgument(const std::vector<CudaToken>& toks, std::size_t i, int line,
                        int parameters) {
        if (i + 1 >= toks.size() || !isPunct(toks[i + 1], "("))
            return;
        const auto args = arguments(toks, i + 1, ")");
        if (static_cast<int>(args.size()) < parameters ||
            screening::isDefaultStreamExpression(args.back()))
            add("default-stream", line);
    }

    // `static` or `thread_local` host state that outlives a call: a mutable variable (not a
    // function, not constexpr data, not const data; a pointer to const is mutable) kept between
    // calls is a cache the contract forbids.
    void staticState(const std::vector<CudaToken>& toks, std::size_t i, int line) {
        if (screening::declaresMutableData(toks, i + 1, toks.size()))
            add("host-state", line);
    }

    std::string_view m_source;
    const ScreeningOptions& m_options;
    std::vector<CudaToken> m_tokens;
    std::map<std::string, std::vector<CudaToken>> m_macros;
    std::set<std::string> m_structuralMacros;
    std::set<std::string> m_expanding;
    std::set<Key> m_seen;
    std::vector<ScreeningFinding> m_findings;
};

} // namespace

ScreeningResult screenHostCode(std::string_view source, const ScreeningOptions& options) {
    return Screen(source, options).run();
}

const std::vector<std::pair<std::string, std::string>>& screeningKinds() {
    static const std::vector<std::pair<std::string, std::string>> kinds = {
        {"syscall", "makes a system call directly"},
        {"proc-access", "names a path under /proc"},
        {"filesystem-path", "names an absolute path"},
        {"file-io", "reads or writes files"},
        {"console-io", "prints or reads the console"},
        {"socket", "uses sockets"},
        {"pipe", "creates pipes, FIFOs or socket pairs"},
        {"descriptor", "works on raw file descriptors"},
        {"dynamic-loading", "loads code or looks up symbols at run time"},
        {"thread", "starts threads"},
        {"process", "starts, signals or ends processes"},
        {"environment", "reads or changes the environment or the user's identity"},
        {"signal-handler", "installs signal or exit handlers, or jumps across calls"},
        {"host-asm", "has assembly in host code"},
        {"host-callback", "runs host code from a stream or graph"},
        {"stream-creation", "creates or records streams or events of its own"},
        {"graph-creation", "captures or launches CUDA graphs of its own"},
        {"allocation", "allocates or frees memory"},
        {"device-reset", "resets, reconfigures or synchronises the device"},
        {"default-stream", "launches or copies on the legacy or per-thread default stream"},
        {"library-call", "calls a library the task does not allow"},
        {"driver-api", "calls the CUDA driver API"},
        {"system-header", "includes a system header a launcher does not need"},
        {"include-path", "includes a file by an absolute or parent path"},
        {"host-state",
         "keeps host state between calls (static, thread_local or namespace-scope data)"},
        {"load-time-code", "runs code when the library loads or unloads"},
        {"preprocessor-trick", "uses the preprocessor in a way the screen cannot follow"},
    };
    return kinds;
}

std::string describeScreeningKind(std::string_view kind) {
    for (const auto& [k, text] : screeningKinds())
        if (k == kind)
            return text;
    return std::string(kind);
}

nlohmann::json toJson(const ScreeningResult& result) {
    nlohmann::json findings = nlohmann::json::array();
    for (const auto& f : result.findings)
        findings.push_back({{"kind", f.kind}, {"line", f.line}, {"text", f.text}});
    return {{"version", ScreeningResult::kVersion}, {"findings", findings}};
}

} // namespace kwb
