#pragma once
// Assertions for the Qt-free LLM tests: count, print failures with their place; main() turns the
// counts into the exit code. (The same small style as tests/tasks.)
#include <cstdio>
#include <string>

namespace llmtest {

struct Counts {
    int passed = 0;
    int failed = 0;
};

inline Counts& counts() {
    static Counts c;
    return c;
}

inline bool check(bool ok, const char* expr, const char* file, int line, const std::string& note) {
    if (ok) {
        ++counts().passed;
        return true;
    }
    ++counts().failed;
    std::printf("FAIL %s:%d: %s%s%s\n", file, line, expr, note.empty() ? "" : " -- ", note.c_str());
    std::fflush(stdout);
    return false;
}

} // namespace llmtest

#define CHECK(cond) ::llmtest::check(static_cast<bool>(cond), #cond, __FILE__, __LINE__, {})
#define CHECK_MSG(cond, note) ::llmtest::check(static_cast<bool>(cond), #cond, __FILE__, __LINE__, (note))
