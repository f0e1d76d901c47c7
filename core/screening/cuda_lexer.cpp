// CUDA C++ lexer for the host-code screen (see cuda_lexer.h).
#include "core/screening/cuda_lexer.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>

namespace kwb {
namespace {

// Phase 2 of translation: backslash-newline pairs removed (GCC also accepts spaces between the
// backslash and the newline), each remaining character remembering its original line.
struct Spliced {
    std::string text;
    std::vector<int> line;
};

Spliced splice(std::string_view src) {
    Spliced s;
    s.text.reserve(src.size());
    s.line.reserve(src.size());
    int line = 1;
    for (std::size_t i = 0; i < src.size(); ++i) {
        if (src[i] == '\\') {
            std::size_t j = i + 1;
            while (j < src.size() && (src[j] == ' ' || src[j] == '\t' || src[j] == '\r'))
                ++j;
            if (j < src.size() && src[j] == '\n') {
                ++line;
                i = j;
                continue;
            }
        }
        s.text.push_back(src[i]);
        s.line.push_back(line);
        if (src[i] == '\n')
            ++line;
    }
    return s;
}

void appendUtf8(std::string& out, std::uint32_t cp) {
    if (cp < 0x80) {
        out.push_back(static_cast<char>(cp));
    } else if (cp < 0x800) {
        out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
        out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else if (cp < 0x10000) {
        out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
        out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
        out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else {
        out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
        out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
        out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
        out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    }
}

bool isHex(char c) {
    return std::isxdigit(static_cast<unsigned char>(c)) != 0;
}
std::uint32_t hexValue(char c) {
    return std::isdigit(static_cast<unsigned char>(c))
               ? static_cast<std::uint32_t>(c - '0')
               : static_cast<std::uint32_t>(std::tolower(static_cast<unsigned char>(c)) - 'a' + 10);
}
bool isIdentStart(char c) {
    const auto u = static_cast<unsigned char>(c);
    return std::isalpha(u) || c == '_' || c == '$' || u >= 0x80;
}
bool isIdentChar(char c) {
    return isIdentStart(c) || std::isdigit(static_cast<unsigned char>(c));
}

// The punctuators, longest first within each leading character's candidates.
constexpr std::array<std::string_view, 34> kPuncts = {
    "<<<", ">>>", "<<=", ">>=", "->*", "...", "<=>", "%:%:", "::", "->", "++", "--",
    "<<",  ">>",  "<=",  ">=",  "==",  "!=",  "&&",  "||",   "+=", "-=", "*=", "/=",
    "%=",  "&=",  "|=",  "^=",  "##",  ".*",  "<%",  "%>",   "<:", ":>"};

std::string_view digraph(std::string_view p) {
    if (p == "<%")
        return "{";
    if (p == "%>")
        return "}";
    if (p == "<:")
        return "[";
    if (p == ":>")
        return "]";
    if (p == "%:%:")
        return "##";
    return p;
}

class Lexer {
public:
    explicit Lexer(std::string_view src) : m_s(splice(src)) {}

    std::vector<CudaToken> run() {
        std::vector<CudaToken> flat;
        std::vector<bool> startsLine;
        bool newline = true;
        while (true) {
            newline = skipSpace() || newline;
            if (m_i >= m_s.text.size())
                break;
            flat.push_back(next());
            startsLine.push_back(newline);
            newline = false;
        }
        return group(flat, startsLine);
    }

private:
    // Skips whitespace and comments; true when a newline outside a comment was crossed.
    bool skipSpace() {
        bool newline = false;
        while (m_i < m_s.text.size()) {
            const char c = m_s.text[m_i];
            if (c == '\n') {
                newline = true;
                ++m_i;
            } else if (std::isspace(static_cast<unsigned char>(c))) {
                ++m_i;
            } else if (c == '/' && peek(1) == '/') {
                while (m_i < m_s.text.size() && m_s.text[m_i] != '\n')
                    ++m_i;
            } else if (c == '/' && peek(1) == '*') {
                m_i += 2;
                while (m_i < m_s.text.size() && !(m_s.text[m_i] == '*' && peek(1) == '/'))
                    ++m_i;
                m_i = std::min(m_i + 2, m_s.text.size());
            } else {
                break;
            }
        }
        return newline;
    }

    char peek(std::size_t k) const { return m_i + k < m_s.text.size() ? m_s.text[m_i + k] : '\0'; }

    CudaToken make(CudaToken::Kind kind, std::size_t start) {
        CudaToken t;
        t.kind = kind;
        t.line = m_s.line[start];
        return t;
    }

    CudaToken next() {
        const std::size_t start = m_i;
        const char c = m_s.text[m_i];
        if (isIdentStart(c) || (c == '\\' && (peek(1) == 'u' || peek(1) == 'U')))
            return identifierOrLiteral(start);
        if (std::isdigit(static_cast<unsigned char>(c)) ||
            (c == '.' && std::isdigit(static_cast<unsigned char>(peek(1)))))
            return number(start);
        if (c == '"')
            return quoted(start, '"', false);
        if (c == '\'')
            return quoted(start, '\'', false);
        return punct(start);
    }

    CudaToken identifierOrLiteral(std::size_t start) {
        CudaToken t = make(CudaToken::Kind::Identifier, start);
        while (m_i < m_s.text.size()) {
            const char c = m_s.text[m_i];
            if (c == '\\' && (peek(1) == 'u' || peek(1) == 'U')) {
                const std::size_t n = peek(1) == 'u' ? 4 : 8;
                std::uint32_t cp = 0;
                std::size_t k = 2;
                for (; k < 2 + n && isHex(peek(k)); ++k)
                    cp = cp * 16 + hexValue(peek(k));
                if (k != 2 + n)
                    break;
                appendUtf8(t.text, cp);
                m_i += 2 + n;
            } else if (isIdentChar(c)) {
                t.text.push_back(c);
                ++m_i;
            } else {
                break;
            }
        }
        if (t.text.empty()) { // a lone backslash
            ++m_i;
            t.kind = CudaToken::Kind::Punct;
            t.text = "\\";
            return t;
        }
        // Encoding prefixes of string and character literals.
        const char q = peek(0);
        const std::string& p = t.text;
        const bool raw = !p.empty() && p.back() == 'R' &&
                         (p == "R" || p == "u8R" || p == "uR" || p == "UR" || p == "LR");
        if (q == '"' && (raw || p == "u8" || p == "u" || p == "U" || p == "L"))
            return quoted(start, '"', raw);
        if (q == '\'' && (p == "u8" || p == "u" || p == "U" || p == "L"))
            return quoted(start, '\'', false);
        return t;
    }

    CudaToken number(std::size_t start) {
        CudaToken t = make(CudaToken::Kind::Number, start);
        while (m_i < m_s.text.size()) {
            const char c = m_s.text[m_i];
            const char prev = t.text.empty() ? '\0' : t.text.back();
            if (isIdentChar(c) || c == '.' || (c == '\'' && isIdentChar(peek(1))) ||
                ((c == '+' || c == '-') &&
                 (prev == 'e' || prev == 'E' || prev == 'p' || prev == 'P'))) {
                t.text.push_back(c);
                ++m_i;
            } else {
                break;
            }
        }
        return t;
    }

    // A string or character literal from its opening quote at m_i; escapes decoded.
    CudaToken quoted(std::size_t start, char quote, bool raw) {
        CudaToken t = make(quote == '"' ? CudaToken::Kind::String : CudaToken::Kind::Char, start);
        ++m_i; // the quote
        if (raw) {
            std::string delim;
            while (m_i < m_s.text.size() && m_s.text[m_i] != '(' && delim.size() < 16)
                delim.push_back(m_s.text[m_i++]);
            ++m_i; // '('
            const std::string close = ")" + delim + "\"";
            const std::size_t end = m_s.text.find(close, m_i);
            const std::size_t stop = end == std::string::npos ? m_s.text.size() : end;
            t.text = m_s.text.substr(m_i, stop - m_i);
            m_i = end == std::string::npos ? m_s.text.size() : end + close.size();
            return t;
        }
        while (m_i < m_s.text.size()) {
            const char c = m_s.text[m_i];
            if (c == quote) {
                ++m_i;
                break;
            }
            if (c == '\n')
                break; // unterminated: the compiler rejects it
            if (c == '\\' && m_i + 1 < m_s.text.size()) {
                escape(t.text);
                continue;
            }
            t.text.push_back(c);
            ++m_i;
        }
        return t;
    }

    void escape(std::string& out) {
        const char e = peek(1);
        m_i += 2;
        auto digits = [&](int base, std::size_t maxLen) {
            std::uint32_t v = 0;
            std::size_t n = 0;
            while (n < maxLen && m_i < m_s.text.size()) {
                const char d = m_s.text[m_i];
                if (!isHex(d) || hexValue(d) >= static_cast<std::uint32_t>(base))
                    break;
                v = v * static_cast<std::uint32_t>(base) + hexValue(d);
                ++m_i;
                ++n;
            }
            return v;
        };
        switch (e) {
        case 'n':
            out.push_back('\n');
            break;
        case 't':
            out.push_back('\t');
            break;
        case 'r':
            out.push_back('\r');
            break;
        case '0':
        case '1':
        case '2':
        case '3':
        case '4':
        case '5':
        case '6':
        case '7':
            m_i -= 1;
            out.push_back(static_cast<char>(digits(8, 3) & 0xFF));
            break;
        case 'x':
            out.push_back(static_cast<char>(digits(16, 8) & 0xFF));
            break;
        case 'u':
            appendUtf8(out, digits(16, 4));
            break;
        case 'U':
            appendUtf8(out, digits(16, 8));
            break;
        default:
            out.push_back(e);
            break;
        }
    }

    CudaToken punct(std::size_t start) {
        CudaToken t = make(CudaToken::Kind::Punct, start);
        const std::string_view rest(m_s.text.data() + m_i, m_s.text.size() - m_i);
        // "<::" is '<' then "::" unless followed by ':' or '>' (C++11 [lex.pptoken]).
        if (rest.substr(0, 3) == "<::" && (rest.size() < 4 || (rest[3] != ':' && rest[3] != '>'))) {
            t.text = "<";
            ++m_i;
            return t;
        }
        for (std::string_view p : kPuncts) {
            if (rest.substr(0, p.size()) == p) {
                t.text = std::string(digraph(p));
                m_i += p.size();
                return t;
            }
        }
        if (rest.substr(0, 2) == "%:") {
            t.text = "#";
            m_i += 2;
            return t;
        }
        t.text = std::string(1, m_s.text[m_i++]);
        return t;
    }

    // Folds each directive ('#' first on a line) and the tokens after it on that line into one.
    static std::vector<CudaToken> group(std::vector<CudaToken>& flat,
                                        const std::vector<bool>& startsLine) {
        std::vector<CudaToken> out;
        for (std::size_t i = 0; i < flat.size(); ++i) {
            if (!(startsLine[i] && flat[i].kind == CudaToken::Kind::Punct && flat[i].text == "#")) {
                out.push_back(std::move(flat[i]));
                continue;
            }
            CudaToken d;
            d.kind = CudaToken::Kind::Directive;
            d.line = flat[i].line;
            d.text = "#";
            std::size_t j = i + 1;
            for (; j < flat.size() && !startsLine[j]; ++j)
                d.inner.push_back(std::move(flat[j]));
            out.push_back(std::move(d));
            i = j - 1;
        }
        return out;
    }

    Spliced m_s;
    std::size_t m_i = 0;
};

} // namespace

std::vector<CudaToken> lexCuda(std::string_view source) {
    return Lexer(source).run();
}

} // namespace kwb
