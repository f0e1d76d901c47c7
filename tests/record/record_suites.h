#pragma once
// The suites of kwb_record_tests, one function each (main.cpp runs them in turn).
namespace kwbtest::record {
void verdictTextRoundTrips();
void verdictFamilies();
void verdictExitCodesMatch();
void recordIdentity();
void everyWrittenVerdictIsKnown();
void storedRecordsRoundTrip();
void liveRecordsRoundTrip();
void handWrittenGpuRecordsRead();
void typedValueRoundTrips();
void badRecordsAreRefused();
} // namespace kwbtest::record
