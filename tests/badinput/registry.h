#pragma once
// The bad-input suites register themselves by name (KWB_BAD_INPUT_SUITE in each area's
// *_cases.cpp), so that adding an area touches no shared file. main() runs one by name.
#include <functional>
#include <map>
#include <string>

namespace kwbtest {

std::map<std::string, std::function<void()>>& badInputSuites();

struct BadInputRegistration {
    BadInputRegistration(const char* name, std::function<void()> run) {
        badInputSuites()[name] = std::move(run);
    }
};

} // namespace kwbtest

#define KWB_BAD_INPUT_CONCAT2(a, b) a##b
#define KWB_BAD_INPUT_CONCAT(a, b) KWB_BAD_INPUT_CONCAT2(a, b)
// KWB_BAD_INPUT_SUITE("export-never-replaces-what-it-did-not-write", exportDestinationCases);
#define KWB_BAD_INPUT_SUITE(name, fn)                                                              \
    static const ::kwbtest::BadInputRegistration KWB_BAD_INPUT_CONCAT(kwbBadInputSuite,            \
                                                                      __LINE__)(name, fn)
