#include "app/kwb/terminal_text.h"

#include <cstdio>

namespace kwb::cli {
namespace {

std::string hexByte(unsigned char c) {
    char b[8];
    std::snprintf(b, sizeof b, "\\x%02x", c);
    return b;
}

std::string codePoint(char32_t cp) {
    char b[12];
    std::snprintf(b, sizeof b, "\\u%04x", static_cast<unsigned>(cp));
    return b;
}

// The length of the UTF-8 sequence at text[i] and its code point; 0 when it is not one.
std::size_t decode(std::string_view text, std::size_t i, char32_t& cp) {
    auto c = static_cast<unsigned char>(text[i]);
    std::size_t n = c < 0x80           ? 1
                    : (c >> 5) == 0x6  ? 2
                    : (c >> 4) == 0xe  ? 3
                    : (c >> 3) == 0x1e ? 4
                                       : 0;
    if (n == 0 || i + n > text.size())
        return 0;
    cp = n == 1 ? c : n == 2 ? (c & 0x1f) : n == 3 ? (c & 0x0f) : (c & 0x07);
    for (std::size_t k = 1; k < n; ++k) {
        auto d = static_cast<unsigned char>(text[i + k]);
        if ((d >> 6) != 0x2)
            return 0;
        cp = (cp << 6) | (d & 0x3f);
    }
    static const char32_t kMin[] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < kMin[n] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
        return 0; // overlong or not a character
    return n;
}

} // namespace

std::string terminalSafe(std::string_view text, bool multiLine) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        char32_t cp = 0;
        std::size_t n = decode(text, i, cp);
        if (n == 0) {
            out += hexByte(static_cast<unsigned char>(text[i]));
            ++i;
            continue;
        }
        if (cp < 0x20 || cp == 0x7f) {
            if (multiLine && (cp == '\n' || cp == '\t'))
                out.push_back(char(cp));
            else if (cp == '\n')
                out += "\\n";
            else if (cp == '\t')
                out += "\\t";
            else if (cp == '\r')
                out += "\\r";
            else
                out += hexByte(static_cast<unsigned char>(cp));
        } else if ((cp >= 0x80 && cp <= 0x9f) || (cp >= 0x202a && cp <= 0x202e) ||
                   (cp >= 0x2066 && cp <= 0x2069)) {
            out += codePoint(cp);
        } else {
            out.append(text.substr(i, n));
        }
        i += n;
    }
    return out;
}

} // namespace kwb::cli
