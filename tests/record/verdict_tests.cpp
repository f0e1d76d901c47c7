// Verdicts: one spelling each, the family each belongs to, the exit code kwb verify gives,
// and every verdict the worker and generation write is one of the enum's.
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "core/model/verification.h"
#include "tests/record/record_suites.h"
#include "tests/support/check.h"

namespace kwbtest::record {

namespace v = kwb::verification;
using v::Verdict;
using v::VerdictFamily;

void verdictTextRoundTrips() {
    std::set<std::string> spellings;
    for (Verdict verdict : v::allVerdicts()) {
        const std::string text = v::toString(verdict);
        CHECK_MSG(v::verdictFromString(text) == verdict, text);
        CHECK_MSG(spellings.insert(text).second, "spelled twice: " + text);
        CHECK_MSG(verdict != Verdict::Unknown, "allVerdicts lists Unknown");
        const auto rv = v::RecordVerdict::fromText(text);
        CHECK_MSG(rv.value == verdict && rv.unknownText.empty() && rv.text() == text, text);
    }
    CHECK(v::allVerdicts().size() == std::size_t(Verdict::Unknown)); // every enumerator but Unknown
    for (const char* text : {"tomorrows-verdict", "", "PASS", "pass ", "unknown", "missing"}) {
        CHECK_MSG(v::verdictFromString(text) == Verdict::Unknown, text);
        const auto rv = v::RecordVerdict::fromText(text);
        CHECK_MSG(rv.value == Verdict::Unknown && rv.text() == text, text);
    }
    // The spellings the rest of the code compares against today.
    CHECK(v::toString(Verdict::Pass) == "pass");
    CHECK(v::toString(Verdict::NotRun) == "not-run");
    CHECK(v::toString(Verdict::CompileError) == "compile-error");
    CHECK(v::toString(Verdict::SuspiciousTiming) == "suspicious-timing");
    CHECK(v::toString(Verdict::CheckError) == "error");
    CHECK(v::toString(Verdict::Tampering) == "tampering");
    CHECK(v::toString(Verdict::ImpossibleTiming) == "impossible-timing");
    CHECK(v::toString(Verdict::ContractViolation) == "contract-violation");
}

void verdictFamilies() {
    const std::map<Verdict, VerdictFamily> expected = {
        {Verdict::Pass, VerdictFamily::Pass},
        {Verdict::WrongResult, VerdictFamily::Failed},
        {Verdict::UnwrittenOutput, VerdictFamily::Failed},
        {Verdict::NanOutput, VerdictFamily::Failed},
        {Verdict::OutOfBounds, VerdictFamily::Failed},
        {Verdict::InputModified, VerdictFamily::Failed},
        {Verdict::Nondeterministic, VerdictFamily::Failed},
        {Verdict::IllegalAddress, VerdictFamily::Failed},
        {Verdict::LaunchError, VerdictFamily::Failed},
        {Verdict::CudaError, VerdictFamily::Failed},
        {Verdict::CompileError, VerdictFamily::Failed},
        {Verdict::Timeout, VerdictFamily::Failed},
        {Verdict::Crash, VerdictFamily::Failed},
        {Verdict::LoadError, VerdictFamily::Failed},
        {Verdict::Sanitizer, VerdictFamily::Failed},
        {Verdict::SuspiciousTiming, VerdictFamily::SuspectedHack},
        {Verdict::Tampering, VerdictFamily::SuspectedHack},
        {Verdict::ImpossibleTiming, VerdictFamily::SuspectedHack},
        {Verdict::ContractViolation, VerdictFamily::SuspectedHack},
        {Verdict::NotRun, VerdictFamily::NotRun},
        {Verdict::HarnessError, VerdictFamily::Error},
        {Verdict::ProtocolError, VerdictFamily::Error},
        {Verdict::NoDevice, VerdictFamily::Error},
        {Verdict::CheckError, VerdictFamily::Error},
        {Verdict::Unknown, VerdictFamily::Error},
    };
    CHECK(expected.size() == v::allVerdicts().size() + 1);
    for (const auto& [verdict, fam] : expected) {
        CHECK_MSG(v::family(verdict) == fam,
                  v::toString(verdict) + " is " + v::toString(v::family(verdict)));
        CHECK_MSG(v::isPass(verdict) == (fam == VerdictFamily::Pass), v::toString(verdict));
    }
    std::set<std::string> familyNames;
    for (auto f : {VerdictFamily::Pass, VerdictFamily::Failed, VerdictFamily::SuspectedHack,
                   VerdictFamily::NotRun, VerdictFamily::Error})
        CHECK(familyNames.insert(v::toString(f)).second);
}

// The typed answers are those the record read by key gave (its rules, written out here) for
// every verdict and for text no verdict has.
void verdictExitCodesMatch() {
    auto byKeyExitCode = [](const std::string& text) {
        return text == "pass" ? 0 : text == "not-run" ? 3 : 1;
    };
    auto byKeyRan = [](const std::string& text) {
        return text != "not-run" && text != "compile-error";
    };
    std::vector<std::string> texts = {"tomorrows-verdict", "missing"};
    for (Verdict verdict : v::allVerdicts())
        texts.push_back(v::toString(verdict));
    for (const auto& text : texts) {
        const Verdict verdict = v::verdictFromString(text);
        CHECK_MSG(v::verdictExitCode(verdict) == byKeyExitCode(text), text);
        auto rec = v::fromJson({{"schema_version", 1},
                                {"task_id", "t"},
                                {"verdict", text},
                                {"source_hash", "h"},
                                {"created_at", "2026-12-03T00:00:00Z"}});
        CHECK_MSG(rec.ok(), text);
        if (rec) {
            CHECK_MSG(v::ran(rec->verdict.value) == byKeyRan(text), text);
            CHECK_MSG(rec->passed() == (text == "pass"), text);
            CHECK_MSG(rec->verdict.text() == text, text);
        }
    }
    CHECK(v::verdictExitCode(Verdict::Pass) == 0);
    CHECK(v::verdictExitCode(Verdict::NotRun) == 3);
    CHECK(v::verdictExitCode(Verdict::SuspiciousTiming) == 1);
    CHECK(v::verdictExitCode(Verdict::Unknown) == 1);
}

namespace {
std::string readSource(const std::string& rel) {
    std::ifstream in(std::string(KWB_SOURCE_DIR) + "/" + rel);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}
} // namespace

// A verdict written anywhere in the worker, the job or generation is one the enum knows, so a
// new verdict cannot be added to the code without its spelling, family and exit code here.
void everyWrittenVerdictIsKnown() {
    // How these files write a verdict: into a "verdict" key, as the first member of a Failure
    // or of failed()/failure(), and cudaFailure's choice (shape_setup.cpp).
    const std::regex written(
        R"re((?:"verdict"\]\s*=\s*|\{"verdict",\s*|Failure\{|failed\(|failure\(|return \{|[?:]\s*)"([a-z]+(?:-[a-z]+)*)")re");
    const std::vector<std::string> files = {
        "core/gpu/shape_runner.cpp",   "core/gpu/shape_setup.cpp",
        "core/gpu/verify_job.cpp",     "core/gpu/job_launcher.cpp",
        "core/gpu/worker_session.cpp", "core/generate/generation_run.cpp"};
    std::set<std::string> seen;
    for (const auto& file : files) {
        const std::string text = readSource(file);
        CHECK_MSG(!text.empty(), "cannot read " + file);
        for (auto it = std::sregex_iterator(text.begin(), text.end(), written);
             it != std::sregex_iterator(); ++it) {
            const std::string word = (*it)[1].str();
            if (word.find('-') == std::string::npos && word != "pass" && word != "error" &&
                word != "timeout" && word != "crash" && word != "nondeterministic" &&
                word != "tampering")
                continue; // other strings in those positions (keys, labels) are single words
            seen.insert(word + " (" + file + ")");
            CHECK_MSG(v::verdictFromString(word) != Verdict::Unknown,
                      word + " written in " + file + " is no Verdict");
        }
    }
    // The scan saw the ones we know are there (so a change of style does not silently hide them).
    for (const char* must : {"wrong-result", "out-of-bounds", "input-modified", "nondeterministic",
                             "illegal-address", "launch-error", "cuda-error", "compile-error",
                             "not-run", "suspicious-timing", "load-error", "no-device",
                             "protocol-error", "crash", "timeout", "harness-error", "tampering"}) {
        bool found = false;
        for (const auto& s : seen)
            found = found || s.rfind(std::string(must) + " (", 0) == 0;
        CHECK_MSG(found, std::string("the scan did not see ") + must);
    }
}

} // namespace kwbtest::record
