// The verdicts' one mapping to and from text, and how they are classified.
#include <array>
#include <utility>

#include "core/model/verification.h"

namespace kwb::verification {
namespace {

// The stored spellings; the only place a verdict's text is written down.
constexpr std::array<std::pair<Verdict, std::string_view>, 24> kSpellings{{
    {Verdict::Pass, "pass"},
    {Verdict::WrongResult, "wrong-result"},
    {Verdict::UnwrittenOutput, "unwritten-output"},
    {Verdict::NanOutput, "nan-output"},
    {Verdict::OutOfBounds, "out-of-bounds"},
    {Verdict::InputModified, "input-modified"},
    {Verdict::Nondeterministic, "nondeterministic"},
    {Verdict::IllegalAddress, "illegal-address"},
    {Verdict::LaunchError, "launch-error"},
    {Verdict::CudaError, "cuda-error"},
    {Verdict::SuspiciousTiming, "suspicious-timing"},
    {Verdict::Tampering, "tampering"},
    {Verdict::ImpossibleTiming, "impossible-timing"},
    {Verdict::ContractViolation, "contract-violation"},
    {Verdict::Sanitizer, "sanitizer"},
    {Verdict::CompileError, "compile-error"},
    {Verdict::NotRun, "not-run"},
    {Verdict::Timeout, "timeout"},
    {Verdict::Crash, "crash"},
    {Verdict::LoadError, "load-error"},
    {Verdict::HarnessError, "harness-error"},
    {Verdict::ProtocolError, "protocol-error"},
    {Verdict::NoDevice, "no-device"},
    {Verdict::CheckError, "error"},
}};

} // namespace

const std::vector<Verdict>& allVerdicts() {
    static const std::vector<Verdict> all = [] {
        std::vector<Verdict> v;
        for (const auto& [verdict, text] : kSpellings)
            v.push_back(verdict);
        return v;
    }();
    return all;
}

std::string toString(Verdict v) {
    for (const auto& [verdict, text] : kSpellings)
        if (verdict == v)
            return std::string(text);
    return "unknown";
}

Verdict verdictFromString(std::string_view text) {
    for (const auto& [verdict, spelling] : kSpellings)
        if (spelling == text)
            return verdict;
    return Verdict::Unknown;
}

bool isPass(Verdict v) {
    return v == Verdict::Pass;
}

bool ran(Verdict v) {
    return v != Verdict::NotRun && v != Verdict::CompileError;
}

VerdictFamily family(Verdict v) {
    switch (v) {
    case Verdict::Pass:
        return VerdictFamily::Pass;
    case Verdict::WrongResult:
    case Verdict::UnwrittenOutput:
    case Verdict::NanOutput:
    case Verdict::OutOfBounds:
    case Verdict::InputModified:
    case Verdict::Nondeterministic:
    case Verdict::IllegalAddress:
    case Verdict::LaunchError:
    case Verdict::CudaError:
    case Verdict::CompileError:
    case Verdict::Timeout: // the candidate's job ran past its limits or died: its fault
    case Verdict::Crash:
    case Verdict::LoadError: // the candidate's library: undefined symbols, no shim
    case Verdict::Sanitizer: // a hazard in its own code, found by compute-sanitizer
        return VerdictFamily::Failed;
    case Verdict::SuspiciousTiming:
    case Verdict::Tampering:
    case Verdict::ImpossibleTiming:
    case Verdict::ContractViolation:
        return VerdictFamily::SuspectedHack;
    case Verdict::NotRun:
        return VerdictFamily::NotRun;
    case Verdict::HarnessError:
    case Verdict::ProtocolError:
    case Verdict::NoDevice:
    case Verdict::CheckError:
    case Verdict::Unknown:
        return VerdictFamily::Error;
    }
    return VerdictFamily::Error;
}

std::string toString(VerdictFamily f) {
    switch (f) {
    case VerdictFamily::Pass:
        return "pass";
    case VerdictFamily::Failed:
        return "failed";
    case VerdictFamily::SuspectedHack:
        return "suspected-hack";
    case VerdictFamily::NotRun:
        return "not-run";
    case VerdictFamily::Error:
        return "error";
    }
    return "error";
}

int verdictExitCode(Verdict v) {
    if (v == Verdict::Pass)
        return 0;
    if (v == Verdict::NotRun)
        return 3;
    return 1;
}

RecordVerdict RecordVerdict::fromText(std::string_view text) {
    RecordVerdict r;
    r.value = verdictFromString(text);
    if (r.value == Verdict::Unknown)
        r.unknownText = std::string(text);
    return r;
}

std::string RecordVerdict::text() const {
    return value == Verdict::Unknown ? unknownText : toString(value);
}

} // namespace kwb::verification
