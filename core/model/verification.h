#pragma once
// The verification record as typed values: the verdict as an enum with one mapping to and
// from text, and one struct per part of the record (build, device, sandbox, each shape's
// correctness and timing, the host-code screen). JSON is only the wire and storage form:
// fromJson reads every record of schema version 1 (read by key until now) and 2 (written
// from these structs); keys it does not know are kept in `extra`, so nothing is lost on a
// round trip. Namespace kwb::verification: kwb::Verdict is the reviewer's verdict.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/model/error.h"
#include "core/model/profile.h"

namespace kwb::verification {

// Every verdict a verification ends with. Text spellings (toString) are the stored ones.
enum class Verdict {
    Pass,              // "pass"
    WrongResult,       // "wrong-result": outputs outside the tolerance
    UnwrittenOutput,   // "unwritten-output": output elements left as the harness filled them
    NanOutput,         // "nan-output": NaN where the reference has none
    OutOfBounds,       // "out-of-bounds": writes into the guard zones around a buffer
    InputModified,     // "input-modified": an input buffer changed
    Nondeterministic,  // "nondeterministic": trials disagree with each other
    IllegalAddress,    // "illegal-address": the candidate broke the CUDA context
    LaunchError,       // "launch-error": bad launch configuration or resources
    CudaError,         // "cuda-error": any other CUDA error while the candidate ran
    SuspiciousTiming,  // "suspicious-timing": passed, but timing flags ask for a human
    Tampering,         // "tampering": the candidate touched the harness (issue 18)
    ImpossibleTiming,  // "impossible-timing": faster than the device allows (issue 18)
    ContractViolation, // "contract-violation": broke the task's contract (issue 18)
    Sanitizer,         // "sanitizer": compute-sanitizer found a hazard in the candidate's kernels
    CompileError,      // "compile-error": nvcc refused the candidate
    NotRun,            // "not-run": built, no device to run on (compile-only)
    Timeout,           // "timeout": the job child ran past its limits
    Crash,             // "crash": the job child died (signal, abort)
    LoadError,         // "load-error": the built library did not load or has no shim
    HarnessError,      // "harness-error": the harness itself failed
    ProtocolError,     // "protocol-error": the job or worker answer was malformed
    NoDevice,          // "no-device": the job child could not start CUDA
    CheckError,        // "error": generation's check failed before any verdict (sample summaries)
    Unknown,           // any other text; records keep that text beside the enum
};

// Who a verdict is for. SuspectedHack: a human must look (the issue 18 family and
// suspicious-timing, which is "flagged for a human" today: it passed every check, but its
// timing is too good to trust, so it is neither a pass nor a plain failure).
enum class VerdictFamily { Pass, Failed, SuspectedHack, NotRun, Error };

// Every verdict but Unknown, in declaration order (for tables and tests).
const std::vector<Verdict>& allVerdicts();
// The stored spelling; Unknown gives "unknown" (records write their kept text instead).
std::string toString(Verdict v);
// The verdict for a stored spelling; Unknown for any other text.
Verdict verdictFromString(std::string_view text);
bool isPass(Verdict v);
// Whether the candidate ran: everything but not-run and compile-error.
bool ran(Verdict v);
VerdictFamily family(Verdict v);
std::string toString(VerdictFamily f);
// Exit code of `kwb verify`: 0 pass, 3 not run, 1 anything else.
int verdictExitCode(Verdict v);

// A verdict as a record holds it: the enum, and for Unknown the text it was read from.
struct RecordVerdict {
    Verdict value = Verdict::Unknown;
    std::string unknownText; // only for Unknown: written back unchanged

    static RecordVerdict fromText(std::string_view text);
    std::string text() const;
    bool operator==(const RecordVerdict&) const = default;
};

// ---- build --------------------------------------------------------------------------------
// Same fields as core/verify's Diagnostic and KernelResources (which will become aliases).
struct BuildDiagnostic {
    std::string file;
    int line = 0;
    int column = 0;
    std::string severity; // "error", "warning", "note"
    std::string message;
    nlohmann::json extra = nlohmann::json::object();
    bool operator==(const BuildDiagnostic&) const = default;
};

struct KernelResourceUse {
    std::string function; // mangled, as ptxas prints it
    int registers = 0;
    int sharedBytes = 0;
    int stackBytes = 0;
    int spillStoreBytes = 0;
    int spillLoadBytes = 0;
    nlohmann::json extra = nlohmann::json::object();
    bool operator==(const KernelResourceUse&) const = default;
};

struct BuildReport {
    bool ok = false;
    bool cached = false;
    std::string key; // build cache key
    std::string sourceHash;
    std::string libraryPath; // on the worker's machine
    std::string arch;        // "sm_90"
    std::string nvccVersion;
    double seconds = 0;
    std::vector<std::string> flags;
    std::vector<BuildDiagnostic> diagnostics;
    std::vector<KernelResourceUse> resources;
    std::string log;
    std::string failure; // "2 compile errors", empty when ok
    nlohmann::json extra = nlohmann::json::object();
    bool operator==(const BuildReport&) const = default;
};

// ---- device and sandbox -------------------------------------------------------------------
struct DeviceReport {
    int index = 0;
    std::string name;
    std::string cc; // "9.0"
    nlohmann::json extra = nlohmann::json::object();
    bool operator==(const DeviceReport&) const = default;
};

struct SandboxReport {
    bool limits = false;
    bool seccomp = false;
    bool landlock = false;
    std::optional<std::string>
        shm;          // the job's /dev/shm: "private" or "none (why)"; older records lack it
    std::string note; // what could not be applied, and why
    nlohmann::json extra = nlohmann::json::object();
    bool operator==(const SandboxReport&) const = default;
};

struct BaselineInfo {
    std::string label; // "cuBLAS SGEMM (TF32 off)"
    std::string kind;  // "cublas", "reference-kernel", ...
    nlohmann::json extra = nlohmann::json::object();
    bool operator==(const BaselineInfo&) const = default;
};

// ---- one shape ----------------------------------------------------------------------------
struct FirstBadElement {
    std::string element;       // "C[12][7]"
    std::optional<double> got; // none: not finite (stored as null)
    double expected = 0;
    double allowedError = 0;
    nlohmann::json extra = nlohmann::json::object();
    bool operator==(const FirstBadElement&) const = default;
};

struct OutputCheck {
    std::int64_t mismatches = 0;
    std::int64_t unwritten = 0;
    std::int64_t nan = 0;
    double maxAbsErr = 0;
    double maxRelErr = 0;
    std::int64_t elements = 0;
    double rtol = 0;
    double atol = 0;
    std::optional<std::int64_t> firstBadIndex;
    std::optional<FirstBadElement> firstBad;
    nlohmann::json extra = nlohmann::json::object();
    bool operator==(const OutputCheck&) const = default;
};

struct ClockRange {
    int min = 0, median = 0, max = 0;
    nlohmann::json extra = nlohmann::json::object();
    bool operator==(const ClockRange&) const = default;
};

// A baseline's timing taken from another job of the same lane (the verification queue's reused
// baselines): that job verified the task's own reference kernel, `ageSeconds` before this job
// was sent, and this is the `use`-th job given its figures.
struct BaselineReuse {
    std::string source;     // "reference": the job that measured it verified the task's reference
    std::string sourceHash; // sha256 of the reference kernel's source
    double ageSeconds = 0;
    int use = 0;
    nlohmann::json extra = nlohmann::json::object();
    bool operator==(const BaselineReuse&) const = default;
};

// core/gpu's TimingStats as recorded (timing.cpp to_json); label only on the baseline.
struct TimingSummary {
    double medianMs = 0, q1Ms = 0, q3Ms = 0, minMs = 0, meanMs = 0;
    double rse = 0, medianRse = 0;
    int n = 0;
    double hostMedianMs = 0;
    int batch = 1;
    bool graph = false;
    std::vector<double> samplesMs;
    int discardedThrottled = 0;
    int discardedUncovered = 0;
    bool spinDropped = false;
    double coverUs = 0;
    int memsetNodesAsKernels = 0;
    int bufferSets = 1;
    std::optional<std::string> l2; // "warm" or "flushed" before each sample (absent: flushed)
    double spentWarmupMs = 0, spentCaptureMs = 0, spentSamplingMs = 0, spentHostCheckMs = 0;
    nlohmann::json spentExtra = nlohmann::json::object(); // unknown keys of "spent_ms"
    std::optional<ClockRange> smClockMHz;
    std::optional<std::string> label;
    std::optional<BaselineReuse> reused; // a baseline measured in another job (above)
    nlohmann::json extra = nlohmann::json::object();
    bool operator==(const TimingSummary&) const = default;
};

struct ShapeClock {
    int before = 0, after = 0, max = 0; // MHz
    nlohmann::json extra = nlohmann::json::object();
    bool operator==(const ShapeClock&) const = default;
};

struct SpeedOfLight {
    double flops = 0, bytes = 0, floorMs = 0, fraction = 0;
    std::string bound; // "compute" or "memory"
    nlohmann::json extra = nlohmann::json::object();
    bool operator==(const SpeedOfLight&) const = default;
};

struct ShapeResult {
    std::string name;
    std::map<std::string, std::int64_t> dims;
    RecordVerdict verdict;
    std::string detail;
    std::string reference; // "baseline", "reference-kernel" or "cpu-float64"
    std::map<std::string, OutputCheck> outputs;
    std::optional<TimingSummary> candidate, baseline;      // "timing": both or neither
    nlohmann::json timingExtra = nlohmann::json::object(); // unknown keys of "timing"
    std::optional<double> speedup;
    std::vector<std::string> flags;        // why a human should look
    std::vector<std::string> notes;        // context (throttled clock, ...)
    std::map<std::string, double> spentMs; // step -> ms since the shape began
    std::optional<ShapeClock> smClockMHz;
    std::optional<SpeedOfLight> speedOfLight;
    nlohmann::json extra = nlohmann::json::object();
    bool operator==(const ShapeResult&) const = default;
};

// ---- the host-code screen -----------------------------------------------------------------
struct ScreeningFinding {
    std::string kind;
    int line = 0;
    std::string text;
    nlohmann::json extra = nlohmann::json::object();
    bool operator==(const ScreeningFinding&) const = default;
};

struct Screening {
    int version = 0;
    std::vector<ScreeningFinding> findings;
    nlohmann::json extra = nlohmann::json::object();
    bool operator==(const Screening&) const = default;
};

// ---- compute-sanitizer (kwb verify --sanitize) -------------------------------------------
// One hazard as compute-sanitizer reported it, in the candidate's own code; `count` folds
// reports that differ only in thread, block or address (the first one's are kept).
struct SanitizerFinding {
    std::string tool;   // "memcheck", "racecheck", "synccheck", "initcheck"
    std::string kind;   // "Invalid __global__ read of size 4 bytes", "Race condition", ...
    std::string detail; // "out of bounds", "Divergent thread(s) in warp", race accesses, ...
    std::string kernel; // the device function
    std::string file;   // the source file's name (-lineinfo)
    int line = 0;
    std::string address;            // "0x7efb94800fa0"; empty for races and barriers
    std::vector<int> block, thread; // x, y, z; empty for racecheck's analysis
    std::int64_t count = 1;
    nlohmann::json extra = nlohmann::json::object();
    bool operator==(const SanitizerFinding&) const = default;
};

// One tool's run over the candidate's shapes.
struct SanitizerRun {
    std::string tool;
    std::string outcome; // the job's verdict under the tool ("pass", "illegal-address", ...)
    double seconds = 0;
    std::int64_t excluded = 0; // reports in code that is not the candidate's (libraries, harness)
    std::string reportPath;    // the raw report as the worker kept it
    std::string error;         // the tool could not run (not installed, no report)
    nlohmann::json extra = nlohmann::json::object();
    bool operator==(const SanitizerRun&) const = default;
};

struct SanitizerReport {
    std::string version; // "2025.3.1.0"
    std::vector<SanitizerRun> runs;
    std::vector<SanitizerFinding> findings;
    nlohmann::json extra = nlohmann::json::object();
    bool operator==(const SanitizerReport&) const = default;
};

// How the verification queue (core/verify/verification_queue.h) handled a record: absent from
// records made one at a time and from records older than the queue.
struct QueueReport {
    double buildSeconds = 0;     // the parallel build (nvcc, or the build cache's answer)
    double queueWaitSeconds = 0; // submitted until its GPU lane took it, less the build
    double gpuSeconds = 0;       // the lane's verification: job start, checks, timing
    std::string lane;            // the lane's endpoint, "this machine, GPU 1"
    std::string laneDevice;      // the lane's device name; empty: no CUDA device
    // The options that decide a verdict and its speedups (bench, shapes, trials, timing): a
    // sample verified again with the same options on the same device is skipped.
    nlohmann::json options = nlohmann::json::object();
    nlohmann::json extra = nlohmann::json::object();
    bool operator==(const QueueReport&) const = default;
};

// ---- the record ---------------------------------------------------------------------------
// Optional members are absent from some records (a compile error has no device, no sandbox,
// no shapes). The free-form members (timelines, prepared, ceilings) are JSON objects whose
// keys change with the worker; null when absent.
struct VerificationRecordData {
    static constexpr int kSchemaVersion = 2;  // written by toJson
    static constexpr int kOldestReadable = 1; // the JSON-by-key records

    int schemaVersion = kSchemaVersion; // as read; toJson always writes kSchemaVersion
    std::string id;                     // SHA-256 prefix of the canonical form, when stored
    std::string taskId;
    std::string sourceHash;
    std::string createdAt; // ISO 8601 UTC
    std::string workbenchVersion;
    std::string worker; // "local kwb-runner", "ssh host", ...
    std::uint64_t seed = 0;
    double wallSeconds = 0;
    RecordVerdict verdict;
    std::string detail;
    std::optional<BuildReport> build;
    std::optional<DeviceReport> device;
    std::optional<SandboxReport> sandbox;
    std::optional<BaselineInfo> baseline;
    std::vector<ShapeResult> shapes;
    std::optional<double> geomeanSpeedup; // only when every shape has a speedup
    std::optional<std::string> log;       // a job child's output when it crashed or timed out
    std::optional<std::string> ceilingsError;
    std::optional<Screening> screening;
    std::optional<SanitizerReport> sanitizer; // kwb verify --sanitize only
    std::optional<ProfileReport> profile;     // kwb profile only
    nlohmann::json ceilings;                  // free-form: core/gpu ceilingsToJson
    nlohmann::json timelineMs;                // free-form: job step -> ms
    nlohmann::json workerTimelineMs;          // free-form: worker step -> ms
    nlohmann::json prepared;                  // free-form: what the early job child warmed
    std::optional<QueueReport> queue;
    nlohmann::json extra = nlohmann::json::object();

    bool operator==(const VerificationRecordData&) const = default;
    bool passed() const { return verdict.value == Verdict::Pass; }
};

// Reads schema versions kOldestReadable..kSchemaVersion; needs task_id, verdict, source_hash
// and created_at as strings. Fields of another type than
// expected stay in `extra`, unread.
Result<VerificationRecordData> fromJson(const nlohmann::json& j);
nlohmann::json toJson(const VerificationRecordData& r);

// The parts on their own, for the worker's replies and tests.
ShapeResult shapeFromJson(const nlohmann::json& j);
nlohmann::json toJson(const ShapeResult& s);
BuildReport buildFromJson(const nlohmann::json& j);
nlohmann::json toJson(const BuildReport& b);
TimingSummary timingFromJson(const nlohmann::json& j);
nlohmann::json toJson(const TimingSummary& t);
BaselineReuse baselineReuseFromJson(const nlohmann::json& j);
nlohmann::json toJson(const BaselineReuse& b);
SanitizerReport sanitizerFromJson(const nlohmann::json& j);
nlohmann::json toJson(const SanitizerReport& s);
SanitizerFinding sanitizerFindingFromJson(const nlohmann::json& j);
nlohmann::json toJson(const SanitizerFinding& f);

} // namespace kwb::verification
