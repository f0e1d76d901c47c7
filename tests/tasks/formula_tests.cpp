#include <cmath>
#include <string>
#include <vector>

#include "core/reference/formula.h"
#include "tests/support/check.h"
#include "tests/tasks/suites.h"

using kwb::Formula;

void formulaTests() {
    const std::map<std::string, double> v{{"M", 2}, {"N", 3}, {"K", 4}, {"rows", 5}, {"cols", 7}};
    struct Good {
        const char* text;
        double want;
    };
    const std::vector<Good> good{{"2*M*N*K", 48},
                                 {"1+2*3", 7},
                                 {"(1+2)*3", 9},
                                 {"-3+5", 2},
                                 {"10/4", 2.5},
                                 {"2-3-4", -5},
                                 {"24/4/2", 3},
                                 {"--M", 2},
                                 {"+M", 2},
                                 {" 4 * ( rows*cols + cols ) ", 168},
                                 {"M*(N+K)*(N-K)", -14},
                                 {"4096", 4096},
                                 {"((((M))))", 2},
                                 {"2*M*N*K + 10*M*N", 108}};
    for (const auto& g : good) {
        auto f = Formula::parse(g.text);
        if (!CHECK_MSG(f.ok(), g.text))
            continue;
        auto r = f->evaluate(v);
        CHECK_MSG(r.ok() && *r == g.want,
                  std::string(g.text) + " = " + (r.ok() ? std::to_string(*r) : r.error().message));
    }

    const std::vector<const char*> badSyntax{
        "",     "   ", "2*",      "(1+2", "1+2)", "1.5", "a b",
        "2**3", "M^2", "sqrt(M)", "M;",   "2M",   "1e3", "99999999999999999999",
        "M = 3"};
    for (const char* text : badSyntax) {
        auto f = Formula::parse(text);
        CHECK_MSG(!f.ok() && f.error().code == "formula-invalid", std::string("rejects: ") + text);
    }
    // Error messages say where.
    auto where = Formula::parse("M + * N");
    CHECK(!where.ok() && where.error().message.find("character 5") != std::string::npos);

    // Hostile input: deep nesting and huge length are refused, not a stack overflow.
    CHECK(!Formula::parse(std::string(100000, '(') + "1" + std::string(100000, ')')).ok());
    CHECK(!Formula::parse(std::string(200, '(') + "1" + std::string(200, ')')).ok());
    CHECK(!Formula::parse(std::string(5000, '-') + "1").ok());
    CHECK(Formula::parse(std::string(30, '(') + "1" + std::string(30, ')')).ok());

    auto names = Formula::parse("2*M*N + K*M");
    CHECK(names.ok() && names->names() == std::set<std::string>({"K", "M", "N"}));

    auto unknown = Formula::parse("M*Z");
    CHECK(unknown.ok());
    auto u = unknown->evaluate(v);
    CHECK(!u.ok() && u.error().code == "formula-unknown-name" &&
          u.error().message.find("\"Z\"") != std::string::npos);

    auto div0 = Formula::parse("M/(N-3)");
    auto d = div0->evaluate(v);
    CHECK(!d.ok() && d.error().code == "formula-division-by-zero");

    auto frac = Formula::parse("K/3");
    CHECK(!frac->evaluateInteger(v).ok());
    auto whole = Formula::parse("K/2*N");
    auto w = whole->evaluateInteger(v);
    CHECK(w.ok() && *w == 6);
    // Large integer products stay exact below 2^53.
    auto big = Formula::parse("2*M*N*K");
    auto b = big->evaluateInteger({{"M", 8192}, {"N", 8192}, {"K", 8192}});
    CHECK(b.ok() && *b == 2LL * 8192 * 8192 * 8192);
}
