#include "core/tools/xml_elements.h"

#include <cstdlib>

namespace kwb::tools {
namespace {

constexpr int kMaxDepth = 64;

std::string trim(std::string s) {
    const auto first = s.find_first_not_of(" \t\r\n");
    if (first == std::string::npos)
        return {};
    return s.substr(first, s.find_last_not_of(" \t\r\n") - first + 1);
}

void appendUtf8(std::string& out, unsigned long cp) {
    if (cp < 0x80) {
        out += char(cp);
    } else if (cp < 0x800) {
        out += char(0xC0 | (cp >> 6));
        out += char(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += char(0xE0 | (cp >> 12));
        out += char(0x80 | ((cp >> 6) & 0x3F));
        out += char(0x80 | (cp & 0x3F));
    } else {
        out += char(0xF0 | (cp >> 18));
        out += char(0x80 | ((cp >> 12) & 0x3F));
        out += char(0x80 | ((cp >> 6) & 0x3F));
        out += char(0x80 | (cp & 0x3F));
    }
}

class Reader {
public:
    explicit Reader(std::string_view t) : m_t(t) {}

    Result<XmlElement> document() {
        skipMisc();
        if (m_p >= m_t.size() || m_t[m_p] != '<')
            return fail("no root element");
        XmlElement root;
        if (auto e = element(root, 0); !e)
            return e.error();
        skipMisc();
        if (m_p != m_t.size())
            return fail("text after the root element");
        return root;
    }

private:
    Error fail(const std::string& why) const {
        return Error::make("bad-xml", why + " (at byte " + std::to_string(m_p) + ")");
    }

    // Declarations, comments and white space between elements.
    void skipMisc() {
        for (;;) {
            while (m_p < m_t.size() &&
                   std::string_view(" \t\r\n").find(m_t[m_p]) != std::string::npos)
                ++m_p;
            if (m_t.substr(m_p, 2) == "<?") {
                skipPast("?>");
            } else if (m_t.substr(m_p, 4) == "<!--") {
                skipPast("-->");
            } else {
                return;
            }
        }
    }

    void skipPast(std::string_view end) {
        const auto at = m_t.find(end, m_p);
        m_p = at == std::string_view::npos ? m_t.size() : at + end.size();
    }

    Result<bool> entity(std::string& out) {
        const auto semi = m_t.find(';', m_p);
        if (semi == std::string_view::npos || semi - m_p > 12)
            return fail("an unterminated entity");
        const std::string_view name = m_t.substr(m_p + 1, semi - m_p - 1);
        m_p = semi + 1;
        static const std::pair<std::string_view, char> named[] = {
            {"quot", '"'}, {"amp", '&'}, {"lt", '<'}, {"gt", '>'}, {"apos", '\''}};
        for (const auto& [n, c] : named)
            if (name == n) {
                out += c;
                return true;
            }
        if (name.size() > 1 && name[0] == '#') {
            const bool hex = name[1] == 'x' || name[1] == 'X';
            const std::string digits(name.substr(hex ? 2 : 1));
            char* end = nullptr;
            const unsigned long cp = std::strtoul(digits.c_str(), &end, hex ? 16 : 10);
            if (!digits.empty() && end && *end == '\0' && cp <= 0x10FFFF) {
                appendUtf8(out, cp);
                return true;
            }
        }
        return fail("an unknown entity &" + std::string(name) + ";");
    }

    Result<bool> element(XmlElement& e, int depth) {
        if (depth > kMaxDepth)
            return fail("elements nested deeper than " + std::to_string(kMaxDepth));
        ++m_p; // '<'
        const auto nameEnd = m_t.find_first_of(" \t\r\n/>", m_p);
        if (nameEnd == std::string_view::npos || nameEnd == m_p)
            return fail("an element without a name");
        e.name = std::string(m_t.substr(m_p, nameEnd - m_p));
        const auto close = m_t.find('>', nameEnd); // attributes, if any, are skipped
        if (close == std::string_view::npos)
            return fail("an unterminated <" + e.name + ">");
        m_p = close + 1;
        if (m_t[close - 1] == '/')
            return true;
        return content(e, depth);
    }

    Result<bool> content(XmlElement& e, int depth) {
        std::string text;
        while (m_p < m_t.size()) {
            const char c = m_t[m_p];
            if (c == '&') {
                if (auto r = entity(text); !r)
                    return r.error();
            } else if (c != '<') {
                text += c;
                ++m_p;
            } else if (m_t.substr(m_p, 4) == "<!--") {
                skipPast("-->");
            } else if (m_t.substr(m_p, 9) == "<![CDATA[" || m_t.substr(m_p, 2) == "<!") {
                return fail("CDATA or a declaration inside <" + e.name + ">");
            } else if (m_t.substr(m_p, 2) == "</") {
                const std::string end = "</" + e.name + ">";
                if (m_t.substr(m_p, end.size()) != end)
                    return fail("<" + e.name + "> closed by another element");
                m_p += end.size();
                e.text = trim(std::move(text));
                return true;
            } else {
                e.children.emplace_back();
                if (auto r = element(e.children.back(), depth + 1); !r)
                    return r.error();
            }
        }
        return fail("<" + e.name + "> is not closed");
    }

    std::string_view m_t;
    std::size_t m_p = 0;
};

} // namespace

const XmlElement* XmlElement::child(std::string_view childName) const {
    for (const auto& c : children)
        if (c.name == childName)
            return &c;
    return nullptr;
}

std::string XmlElement::textAt(std::string_view path) const {
    const XmlElement* e = this;
    while (e && !path.empty()) {
        const auto slash = path.find('/');
        e = e->child(path.substr(0, slash));
        path = slash == std::string_view::npos ? std::string_view{} : path.substr(slash + 1);
    }
    return e ? e->text : std::string();
}

Result<XmlElement> parseXml(std::string_view text) {
    return Reader(text).document();
}

} // namespace kwb::tools
