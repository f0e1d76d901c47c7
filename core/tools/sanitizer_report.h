#pragma once
// compute-sanitizer for `kwb verify --sanitize`: the tools, the command line the worker runs a
// job under, and its record file (--xml --save) read into the verification record's findings.
// Only hazards in the candidate's own code count: a record counts when its device code is in
// the candidate's source file (-lineinfo) or a kernel the candidate's library launched (a host
// frame in that library); everything else (the libraries' and the harness's kernels, failed
// CUDA API calls, which the job's verdict reports) is counted as excluded and named in the
// record.
#include <string>
#include <string_view>
#include <vector>

#include "core/model/error.h"
#include "core/model/verification.h"

namespace kwb::tools {

// memcheck, racecheck, synccheck, initcheck: the default, in that order.
const std::vector<std::string>& sanitizerTools();
// "memcheck,racecheck" into its tools; an unknown or repeated name is an error that lists the
// known ones. An empty list means all four.
Result<std::vector<std::string>> parseSanitizerTools(std::string_view list);

// What the candidate is, for attributing the sanitizer's records.
struct CandidateCode {
    std::string sourceName;  // the source file's name as built ("candidate.cu")
    std::string libraryPath; // the built library the job loads
};

struct SanitizerFindings {
    std::vector<verification::SanitizerFinding> findings; // folded, the candidate's only
    std::int64_t records = 0;                             // in the file
    std::int64_t excluded = 0;                            // not the candidate's
    std::vector<std::string> excludedKinds;               // e.g. "Api: cudaErrorLaunchFailure"
};

// Reads one tool's record file (compute-sanitizer --xml --save FILE).
Result<SanitizerFindings> readSanitizerXml(std::string_view xml, const std::string& tool,
                                           const CandidateCode& candidate);

// The compute-sanitizer arguments that run `program` under `tool`, its records saved as XML to
// `saveFile` and its text log to `logFile` (never to stdout: that is the job's channel).
std::vector<std::string> sanitizerArguments(const std::string& tool, const std::string& saveFile,
                                            const std::string& logFile, const std::string& program);

// One line per finding for a verdict's detail: "memcheck: Invalid __global__ read of size 4
// bytes (out of bounds) in read_past_end at candidate.cu:10, block (3,0,0) thread (168,0,0),
// address 0x7f.., 24 times".
std::string describeFinding(const verification::SanitizerFinding& f);
std::string describeFindings(const std::vector<verification::SanitizerFinding>& findings,
                             std::size_t maxLines = 5);

} // namespace kwb::tools
