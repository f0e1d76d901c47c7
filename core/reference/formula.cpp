#include "core/reference/formula.h"

#include <cctype>
#include <cmath>
#include <optional>
#include <utility>

namespace kwb {

namespace {
constexpr std::size_t kMaxLength = 1000;
constexpr int kMaxDepth = 64;
constexpr double kMaxLiteral = 9007199254740992.0; // 2^53: larger literals lose exactness
} // namespace

// Recursive descent over the text, emitting Reverse Polish steps. Depth is bounded so that
// "((((...))))" cannot exhaust the stack.
class FormulaParser {
public:
    explicit FormulaParser(const std::string& text) : m_text(text) {}

    std::optional<std::string> run(Formula& f) {
        skipSpace();
        if (m_pos == m_text.size())
            return std::string("empty formula");
        if (!expression(f, 0))
            return m_error;
        skipSpace();
        if (m_pos != m_text.size())
            return errorAt("unexpected '" + std::string(1, m_text[m_pos]) + "'");
        return std::nullopt;
    }

private:
    bool expression(Formula& f, int depth) {
        if (!term(f, depth))
            return false;
        for (;;) {
            skipSpace();
            if (m_pos >= m_text.size() || (m_text[m_pos] != '+' && m_text[m_pos] != '-'))
                return true;
            const char c = m_text[m_pos++];
            if (!term(f, depth))
                return false;
            f.m_program.emplace_back(c == '+' ? Formula::Op::Add : Formula::Op::Sub);
        }
    }

    bool term(Formula& f, int depth) {
        if (!unary(f, depth))
            return false;
        for (;;) {
            skipSpace();
            if (m_pos >= m_text.size() || (m_text[m_pos] != '*' && m_text[m_pos] != '/'))
                return true;
            const char c = m_text[m_pos++];
            if (!unary(f, depth))
                return false;
            f.m_program.emplace_back(c == '*' ? Formula::Op::Mul : Formula::Op::Div);
        }
    }

    bool unary(Formula& f, int depth) {
        if (depth > kMaxDepth)
            return fail(errorAt("nested too deeply"));
        skipSpace();
        if (m_pos < m_text.size() && (m_text[m_pos] == '-' || m_text[m_pos] == '+')) {
            const char c = m_text[m_pos++];
            if (!unary(f, depth + 1))
                return false;
            if (c == '-')
                f.m_program.emplace_back(Formula::Op::Neg);
            return true;
        }
        return primary(f, depth);
    }

    bool primary(Formula& f, int depth) {
        skipSpace();
        if (m_pos >= m_text.size())
            return fail(errorAt("expected a number, a name or '(' at the end"));
        const char c = m_text[m_pos];
        if (c == '(') {
            ++m_pos;
            if (!expression(f, depth + 1))
                return false;
            skipSpace();
            if (m_pos >= m_text.size() || m_text[m_pos] != ')')
                return fail(errorAt("missing ')'"));
            ++m_pos;
            return true;
        }
        if (std::isdigit(static_cast<unsigned char>(c))) {
            double value = 0.0;
            while (m_pos < m_text.size() &&
                   std::isdigit(static_cast<unsigned char>(m_text[m_pos]))) {
                value = value * 10.0 + (m_text[m_pos] - '0');
                if (value > kMaxLiteral)
                    return fail(errorAt("number too large"));
                ++m_pos;
            }
            if (m_pos < m_text.size() &&
                (m_text[m_pos] == '.' || std::isalpha(static_cast<unsigned char>(m_text[m_pos]))))
                return fail(errorAt("only integer literals are allowed"));
            Formula::Step s(Formula::Op::Number);
            s.number = value;
            f.m_program.push_back(std::move(s));
            return true;
        }
        if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
            const std::size_t start = m_pos;
            while (
                m_pos < m_text.size() &&
                (std::isalnum(static_cast<unsigned char>(m_text[m_pos])) || m_text[m_pos] == '_'))
                ++m_pos;
            Formula::Step s(Formula::Op::Name);
            s.name = m_text.substr(start, m_pos - start);
            f.m_names.insert(s.name);
            f.m_program.push_back(std::move(s));
            return true;
        }
        return fail(errorAt("unexpected '" + std::string(1, c) + "'"));
    }

    void skipSpace() {
        while (m_pos < m_text.size() && std::isspace(static_cast<unsigned char>(m_text[m_pos])))
            ++m_pos;
    }
    std::string errorAt(const std::string& what) const {
        return what + " at character " + std::to_string(m_pos + 1);
    }
    bool fail(std::string message) {
        m_error = std::move(message);
        return false;
    }

    const std::string& m_text;
    std::size_t m_pos = 0;
    std::string m_error;
};

Result<Formula> Formula::parse(const std::string& text) {
    if (text.size() > kMaxLength)
        return Error::make("formula-invalid",
                           "formula longer than " + std::to_string(kMaxLength) + " characters");
    Formula f;
    f.m_text = text;
    FormulaParser parser(text);
    if (auto problem = parser.run(f))
        return Error::make("formula-invalid", "bad formula \"" + text + "\": " + *problem);
    return f;
}

Result<double> Formula::evaluate(const std::map<std::string, double>& values) const {
    std::vector<double> stack;
    stack.reserve(m_program.size());
    for (const Step& s : m_program) {
        if (s.op == Op::Number) {
            stack.push_back(s.number);
            continue;
        }
        if (s.op == Op::Name) {
            const auto it = values.find(s.name);
            if (it == values.end())
                return Error::make("formula-unknown-name",
                                   "unknown name \"" + s.name + "\" in \"" + m_text + "\"");
            stack.push_back(it->second);
            continue;
        }
        if (s.op == Op::Neg) {
            stack.back() = -stack.back();
            continue;
        }
        const double rhs = stack.back();
        stack.pop_back();
        double& lhs = stack.back();
        switch (s.op) {
        case Op::Add:
            lhs += rhs;
            break;
        case Op::Sub:
            lhs -= rhs;
            break;
        case Op::Mul:
            lhs *= rhs;
            break;
        case Op::Div:
            if (rhs == 0.0)
                return Error::make("formula-division-by-zero",
                                   "division by zero in \"" + m_text + "\"");
            lhs /= rhs;
            break;
        default:
            break;
        }
    }
    if (stack.size() != 1 || !std::isfinite(stack.back()))
        return Error::make("formula-not-finite", "\"" + m_text + "\" has no finite value");
    return stack.back();
}

Result<long long> Formula::evaluateInteger(const std::map<std::string, double>& values) const {
    auto v = evaluate(values);
    if (!v)
        return v.error();
    const double x = *v;
    if (std::trunc(x) != x || std::fabs(x) > kMaxLiteral)
        return Error::make("formula-not-integer", "\"" + m_text + "\" is not a whole number here");
    return static_cast<long long>(x);
}

} // namespace kwb
