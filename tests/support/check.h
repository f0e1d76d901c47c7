#pragma once
// A tiny assertion helper for the Qt-free task tests: counts, prints failures with their
// place, and main() turns the counts into "N passed, N failed" and the exit code.
#include <cstdio>
#include <string>

namespace kwbtest {

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
    return false;
}

// Exit code 77 tells ctest the suite was skipped (SKIP_RETURN_CODE).
constexpr int kSkip = 77;

} // namespace kwbtest

#define CHECK(cond) ::kwbtest::check(static_cast<bool>(cond), #cond, __FILE__, __LINE__, {})
#define CHECK_MSG(cond, note)                                                                      \
    ::kwbtest::check(static_cast<bool>(cond), #cond, __FILE__, __LINE__, (note))
