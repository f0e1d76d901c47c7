// compute-sanitizer's record files and Nsight Compute's raw CSV, as recorded on an H200 with
// CUDA 13.0 (tests/fixtures/tools), read into the record's findings and the profile's figures;
// attribution keeps only the candidate's code; the record's sanitizer section round-trips and
// old records without it still read.
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "core/model/verification.h"
#include "core/tools/ncu_report.h"
#include "core/tools/sanitizer_report.h"
#include "core/tools/xml_elements.h"
#include "tests/support/check.h"

namespace {

namespace v = kwb::verification;
using kwb::tools::CandidateCode;

std::string fixture(const std::string& name) {
    std::ifstream in(std::filesystem::path(KWB_SOURCE_DIR) / "tests/fixtures/tools" / name,
                     std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    CHECK_MSG(!ss.str().empty(), "fixture " + name + " is missing or empty");
    return ss.str();
}

// The fixtures' kernels are in hazards.cu, launched from the executable "hazards".
const CandidateCode kHazards{"hazards.cu", "/tmp/x/tool_formats/hazards"};

void memcheckOutOfBounds() {
    auto r = kwb::tools::readSanitizerXml(fixture("san_memcheck_oob.xml"), "memcheck", kHazards);
    CHECK_MSG(r.ok(), r ? "" : r.error().message);
    if (!r)
        return;
    CHECK(r->records == 25); // 24 reads (the text output's summary says 25 errors with the API one)
    CHECK(r->excluded == 1); // cudaDeviceSynchronize's launch failure: an API call, not a kernel
    CHECK(r->excludedKinds.size() == 1 &&
          r->excludedKinds[0].find("cudaErrorLaunchFailure") != std::string::npos);
    CHECK(r->findings.size() == 1); // one read on one line, folded
    const v::SanitizerFinding& f = r->findings.at(0);
    CHECK(f.tool == "memcheck");
    CHECK(f.kind == "Invalid __global__ read of size 4 bytes is out of bounds");
    CHECK(f.detail == "out of bounds");
    CHECK(f.kernel == "read_past_end");
    CHECK(f.file == "hazards.cu" && f.line == 10);
    CHECK(f.address == "0x7efb94800fa0");
    CHECK((f.block == std::vector<int>{3, 0, 0}));
    CHECK((f.thread == std::vector<int>{168, 0, 0}));
    CHECK(f.count == 24);
    const std::string text = kwb::tools::describeFinding(f);
    CHECK_MSG(text.find("read_past_end at hazards.cu:10") != std::string::npos &&
                  text.find("24 times") != std::string::npos,
              text);
}

void attributionExcludesOthers() {
    // The same records seen as another candidate's (neither its file nor its library): all
    // excluded, no finding, so a library's or the harness's hazards never fail a candidate.
    const CandidateCode other{"candidate.cu", "/cache/ab12/libcandidate.so"};
    for (const char* file : {"san_memcheck_oob.xml", "san_racecheck_race.xml",
                             "san_synccheck_sync.xml", "san_initcheck_uninit.xml"}) {
        auto r = kwb::tools::readSanitizerXml(fixture(file), "memcheck", other);
        CHECK_MSG(r && r->findings.empty() && r->excluded == r->records && r->records > 0, file);
    }
    // Found through the host stack alone: the launch came from the candidate's library.
    const CandidateCode byLibrary{"other.cu", "/elsewhere/hazards"};
    auto r = kwb::tools::readSanitizerXml(fixture("san_memcheck_oob.xml"), "memcheck", byLibrary);
    CHECK(r && r->findings.size() == 1 && r->excluded == 1);
}

void racecheckSharedRace() {
    auto r = kwb::tools::readSanitizerXml(fixture("san_racecheck_race.xml"), "racecheck", kHazards);
    CHECK_MSG(r.ok(), r ? "" : r.error().message);
    if (!r)
        return;
    CHECK(r->records == 7);
    CHECK(r->excluded == 0);
    CHECK(!r->findings.empty());
    std::int64_t hazards = 0;
    bool sawError = false;
    for (const auto& f : r->findings) {
        CHECK(f.kind == "Race condition");
        CHECK(f.kernel == "shared_race_sum" && f.file == "hazards.cu" && f.line == 21);
        CHECK(f.block.empty() && f.thread.empty()); // racecheck's analysis names no thread
        hazards += f.count;
        sawError = sawError || f.detail.find("(error)") != std::string::npos;
    }
    CHECK(sawError);
    // The destinations' counts of the seven records in the fixture.
    CHECK_MSG(hazards == 1024 + 128 + 512 + 256 + 256 + 128 + 128 + 64 + 64 + 32 + 32 + 16 + 16,
              std::to_string(hazards));
}

void synccheckAndInitcheck() {
    auto s = kwb::tools::readSanitizerXml(fixture("san_synccheck_sync.xml"), "synccheck", kHazards);
    CHECK(s && s->records == 64 && s->findings.size() == 1);
    if (s && !s->findings.empty()) {
        CHECK(s->findings[0].kind == "Barrier error");
        CHECK(s->findings[0].detail == "Divergent thread(s) in warp");
        CHECK(s->findings[0].kernel == "divergent_barrier" && s->findings[0].line == 34);
        CHECK(s->findings[0].count == 64);
    }
    auto i =
        kwb::tools::readSanitizerXml(fixture("san_initcheck_uninit.xml"), "initcheck", kHazards);
    CHECK(i && i->records == 100 && i->findings.size() == 1);
    if (i && !i->findings.empty()) {
        CHECK(i->findings[0].kind == "Uninitialized __global__ memory read of size 4 bytes");
        CHECK(i->findings[0].kernel == "read_uninitialised" && i->findings[0].line == 28);
        CHECK(!i->findings[0].address.empty() && i->findings[0].block.size() == 3);
    }
    auto clean =
        kwb::tools::readSanitizerXml(fixture("san_memcheck_sgemm.xml"), "memcheck", kHazards);
    CHECK(clean && clean->records == 0 && clean->findings.empty());
}

void badReportsAreRefused() {
    for (const char* bad : {"", "<ComputeSanitizerOutput><record>", "<Other/>",
                            "<ComputeSanitizerOutput><record><kind>&bogus;</kind></record>"
                            "</ComputeSanitizerOutput>",
                            "<a><b></a></b>"}) {
        auto r = kwb::tools::readSanitizerXml(bad, "memcheck", kHazards);
        CHECK_MSG(!r && r.error().code == "bad-sanitizer-report", bad);
    }
    auto x = kwb::tools::parseXml("<?xml version=\"1.0\"?><a>x &amp; &#65;&#x42;<!-- c --><b "
                                  "k=\"v\"/></a>");
    CHECK(x && x->text == "x & AB" && x->child("b") != nullptr);
}

void toolLists() {
    auto all = kwb::tools::parseSanitizerTools("");
    CHECK(all && all->size() == 4 && all->front() == "memcheck");
    auto two = kwb::tools::parseSanitizerTools("racecheck,memcheck");
    CHECK(two && two->size() == 2 && two->front() == "racecheck");
    auto bad = kwb::tools::parseSanitizerTools("memcheck,leakcheck");
    CHECK(!bad && bad.error().message.find("leakcheck") != std::string::npos);
    CHECK(!kwb::tools::parseSanitizerTools("memcheck,memcheck"));
    const auto args = kwb::tools::sanitizerArguments("racecheck", "/r/s.xml", "/r/s.log", "/bin/j");
    CHECK(args.back() == "/bin/j");
    // The text log goes to a file: stdout is the job's authenticated channel.
    auto has = [&](const std::string& a, const std::string& b) {
        for (std::size_t i = 0; i + 1 < args.size(); ++i)
            if (args[i] == a && args[i + 1] == b)
                return true;
        return false;
    };
    CHECK(has("--log-file", "/r/s.log") && has("--save", "/r/s.xml") && has("--tool", "racecheck"));
}

void ncuBasicAndFull() {
    for (const char* file : {"ncu_basic_raw_csv.csv", "ncu_full_raw_csv.csv"}) {
        auto r = kwb::tools::readNcuRawCsv(fixture(file));
        CHECK_MSG(r.ok(), r ? "" : r.error().message);
        if (!r)
            continue;
        CHECK(r->size() == 2);
        if (r->size() != 2)
            continue;
        const auto naive = kwb::tools::summarizeKernel((*r)[0]);
        const auto cublas = kwb::tools::summarizeKernel((*r)[1]);
        CHECK(naive.name.starts_with("naive_sgemm("));
        CHECK(cublas.name.find("cutlass") != std::string::npos);
        CHECK((*r)[0].units.at("gpu__time_duration.sum") == "ns");
        CHECK(naive.durationNs && *naive.durationNs > 3.0e6 && *naive.durationNs < 3.2e6);
        CHECK(cublas.durationNs && *cublas.durationNs > 3.3e5 && *cublas.durationNs < 3.5e5);
        CHECK(naive.registersPerThread == 32.0 && cublas.registersPerThread == 202.0);
        CHECK(cublas.sharedBytesPerBlock == 50176.0);
        CHECK(naive.theoreticalOccupancyPct == 100.0 && cublas.theoreticalOccupancyPct == 12.5);
        CHECK(cublas.occupancyLimiter == "registers" || cublas.occupancyLimiter == "shared memory");
        CHECK(naive.achievedOccupancyPct && *naive.achievedOccupancyPct > 95);
        CHECK(naive.smThroughputPct && naive.memoryThroughputPct);
        const bool full = std::string(file).find("full") != std::string::npos;
        if (full) {
            CHECK(naive.l2HitPct && *naive.l2HitPct > 98 && naive.l1HitPct);
            CHECK(naive.dramBytes == 33562112.0 + 12253184.0);
            CHECK(naive.topStalls.size() == 3);
            CHECK(!naive.topStalls.empty() && naive.topStalls[0].first == "long_scoreboard");
        } else {
            CHECK(naive.topStalls.empty()); // basic collects no stall reasons
        }
        const auto j = kwb::verification::toJson(naive);
        CHECK(j.contains("duration_ns") && j["top_stalls"].is_array());
    }
    // ncu's own messages share the stream of a direct run.
    auto direct = kwb::tools::readNcuRawCsv(fixture("ncu_metrics_direct.csv"));
    CHECK(direct && direct->size() == 2 && (*direct)[0].number("dram__bytes.sum"));
    auto bad = kwb::tools::readNcuRawCsv("==PROF== No kernels were profiled.\n");
    CHECK(!bad && bad.error().code == "bad-ncu-report");
    auto details = kwb::tools::readNcuRawCsv("\"ID\",\"Section Name\"\n\"0\",\"x\"\n");
    CHECK(!details);
}

// The source page of the full set: naive_sgemm's inner loop (line 44) holds nearly every sample.
void ncuSourceLines() {
    auto lines = kwb::tools::readNcuSourceCsv(fixture("ncu_source_csv.csv"), "hazards.cu", 5);
    CHECK_MSG(lines.ok(), lines ? "" : lines.error().message);
    if (!lines || lines->empty())
        return;
    CHECK(lines->size() <= 5);
    CHECK((*lines)[0].line == 44 && (*lines)[0].file == "hazards.cu");
    CHECK((*lines)[0].samples >= 396020);
    CHECK((*lines)[0].source.find("acc +=") != std::string::npos);
    for (std::size_t i = 1; i < lines->size(); ++i)
        CHECK((*lines)[i - 1].samples >= (*lines)[i].samples);
    auto other = kwb::tools::readNcuSourceCsv(fixture("ncu_source_csv.csv"), "candidate.cu", 5);
    CHECK(other && other->empty()); // another file's lines are not the candidate's
    auto raw = kwb::tools::readNcuSourceCsv(fixture("ncu_full_raw_csv.csv"), "", 5);
    CHECK(!raw && raw.error().code == "bad-ncu-report");
}

// The profile section of a record: written and read back, the roofline point from its figures.
void profileRoundTrip() {
    v::ProfileReport p;
    p.version = "2025.3.1.0";
    p.sections = "full";
    p.shape = "small";
    p.flops = 2.0e9;
    p.peakFlopsPerSecond = 6.0e13;
    v::ProfileSide cand;
    cand.target = "candidate";
    cand.label = "candidate.cu";
    v::ProfiledKernel k;
    k.name = "sgemmTiled";
    k.durationNs = 1.0e6;
    k.dramBytes = 4.0e7;
    k.topStalls = {{"long_scoreboard", 3.5}};
    cand.kernels = {k, k};
    cand.hotLines = {{"candidate.cu", 12, 900, "acc += a * b;"}};
    p.sides = {cand};
    v::VerificationRecordData d;
    d.taskId = "sgemm-f32";
    d.sourceHash = "abc";
    d.createdAt = "2025-01-01T00:00:00Z";
    d.verdict = v::RecordVerdict::fromText("pass");
    d.profile = p;
    auto back = v::fromJson(v::toJson(d));
    CHECK(back && back->profile && *back->profile == p);
    const auto* side = p.side("candidate");
    CHECK(side && side->durationNs() == 2.0e6 && side->dramBytes() == 8.0e7);
    CHECK(!p.side("baseline"));
    auto point = v::rooflinePoint(p, *side);
    CHECK(point && std::abs(point->intensity - 25.0) < 1e-9 &&
          std::abs(point->flopsPerSecond - 1.0e12) < 1.0);
    cand.kernels[1].dramBytes.reset(); // one kernel without the figure: no point
    p.sides = {cand};
    CHECK(!v::rooflinePoint(p, p.sides[0]));
}

// A whole record of `kwb profile sgemm-f32` recorded on the H200 (full set, large shape): read as
// a record, its two sides as the CLI showed them, and each side's kept raw page read again into
// the same figures.
void recordedProfile() {
    const auto j = nlohmann::json::parse(fixture("profile_sgemm_h200.json"), nullptr, false);
    auto rec = v::fromJson(j);
    CHECK_MSG(rec.ok(), rec ? "" : rec.error().message);
    if (!rec || !rec->profile)
        return;
    const v::ProfileReport& p = *rec->profile;
    CHECK(p.sections == "full" && p.shape == "large" && p.sides.size() == 2);
    const auto* cand = p.side("candidate");
    const auto* base = p.side("baseline");
    CHECK(cand && base);
    if (!cand || !base)
        return;
    CHECK(cand->kernels.size() == 1 &&
          cand->kernels[0].name.find("sgemmTiled") != std::string::npos);
    CHECK(base->label.find("cuBLAS") != std::string::npos);
    CHECK(cand->durationNs() && base->durationNs() && *cand->durationNs() > *base->durationNs());
    CHECK(!cand->hotLines.empty() && cand->hotLines[0].samples > 0 &&
          cand->hotLines[0].source.find("fmaf") != std::string::npos);
    CHECK(v::rooflinePoint(p, *cand) && v::rooflinePoint(p, *base));
    for (const auto* side : {cand, base}) {
        auto again = kwb::tools::readNcuRawCsv(side->rawCsv);
        CHECK(again && again->size() == side->kernels.size());
        if (again && !again->empty())
            CHECK(kwb::tools::summarizeKernel((*again)[0]) == side->kernels[0]);
    }
    bool durationDiffers = false;
    for (const auto& row : v::profileRows(p))
        if (row.figure == "Duration")
            durationDiffers = row.differs;
    CHECK(durationDiffers);
}

void recordRoundTrip() {
    v::VerificationRecordData d;
    d.taskId = "sgemm-f32";
    d.sourceHash = "abc";
    d.createdAt = "2025-01-01T00:00:00Z";
    d.verdict = v::RecordVerdict::fromText("sanitizer");
    CHECK(d.verdict.value == v::Verdict::Sanitizer);
    CHECK(v::family(v::Verdict::Sanitizer) == v::VerdictFamily::Failed);
    auto r = kwb::tools::readSanitizerXml(fixture("san_memcheck_oob.xml"), "memcheck", kHazards);
    v::SanitizerReport s;
    s.version = "2025.3.1.0";
    s.runs.push_back(
        {"memcheck", "illegal-address", 1.5, 1, "/r/memcheck.xml", "", nlohmann::json::object()});
    if (r)
        s.findings = r->findings;
    d.sanitizer = s;
    auto back = v::fromJson(v::toJson(d));
    CHECK(back && back->sanitizer && *back->sanitizer == s);
    CHECK(back && back->verdict.value == v::Verdict::Sanitizer);
    nlohmann::json old = v::toJson(d);
    old.erase("sanitizer");
    auto older = v::fromJson(old);
    CHECK(older && !older->sanitizer);
}

} // namespace

int main() {
    memcheckOutOfBounds();
    attributionExcludesOthers();
    racecheckSharedRace();
    synccheckAndInitcheck();
    badReportsAreRefused();
    toolLists();
    ncuBasicAndFull();
    ncuSourceLines();
    profileRoundTrip();
    recordedProfile();
    recordRoundTrip();
    std::printf("%d passed, %d failed\n", kwbtest::counts().passed, kwbtest::counts().failed);
    return kwbtest::counts().failed ? 1 : 0;
}
