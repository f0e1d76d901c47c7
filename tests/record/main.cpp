#include <cstdio>

#include "tests/record/record_suites.h"
#include "tests/support/check.h"

int main() {
    using namespace kwbtest::record;
    verdictTextRoundTrips();
    verdictFamilies();
    verdictExitCodesMatch();
    everyWrittenVerdictIsKnown();
    storedRecordsRoundTrip();
    liveRecordsRoundTrip();
    handWrittenGpuRecordsRead();
    typedValueRoundTrips();
    recordIdentity();
    badRecordsAreRefused();
    const auto& c = kwbtest::counts();
    std::printf("%d passed, %d failed\n", c.passed, c.failed);
    return c.failed == 0 ? 0 : 1;
}
