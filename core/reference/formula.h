#pragma once
// Formula: a small, safe arithmetic expression over named values, for task shapes and the
// FLOP and byte formulas ("2*M*N*K", "4*(rows*cols + cols)"). Grammar: + - * / parentheses,
// unary minus, non-negative integer literals, names [A-Za-z_][A-Za-z0-9_]*. Nothing else: no
// calls, no assignment, bounded length and nesting, so a hostile task file cannot hurt.
#include <map>
#include <set>
#include <string>
#include <vector>

#include "core/model/error.h"

namespace kwb {

class Formula {
public:
    // Parses text; the error message says what is wrong and at which character (1-based).
    static Result<Formula> parse(const std::string& text);

    const std::string& text() const { return m_text; }
    const std::set<std::string>& names() const { return m_names; }
    // Evaluates in double (exact for integers below 2^53). Errors: unknown name, division by
    // zero, a non-finite result.
    Result<double> evaluate(const std::map<std::string, double>& values) const;
    // As evaluate, and the result must be an integer that fits in int64.
    Result<long long> evaluateInteger(const std::map<std::string, double>& values) const;

private:
    // Reverse Polish form: evaluation is a loop over a stack, no recursion.
    enum class Op { Number, Name, Add, Sub, Mul, Div, Neg };
    struct Step {
        explicit Step(Op o) : op(o) {}
        Op op;
        double number = 0.0;
        std::string name;
    };
    friend class FormulaParser;

    std::string m_text;
    std::vector<Step> m_program;
    std::set<std::string> m_names;
};

} // namespace kwb
