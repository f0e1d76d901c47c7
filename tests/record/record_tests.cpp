// Records of schema version 1 read into the typed form; written again (version 2) they keep
// every key and value of the original; read again they are equal to what was read first.
// Data: tests/record/data (records the real kwb verify wrote on a machine without a GPU, and
// two hand-written GPU records: no complete GPU record with shapes and timing is stored in the
// repository), tests/gui/fixtures/synthetic_record.json, and records kwb verify writes now.
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

#include "core/model/verification.h"
#include "core/record/record_identity.h"
#include "core/sys/sha256.h"
#include "tests/record/record_suites.h"
#include "tests/support/check.h"
#include "tests/support/kwb_process.h"

namespace kwbtest::record {

namespace v = kwb::verification;
namespace fs = std::filesystem;
using nlohmann::json;
using v::Verdict;

namespace {

json readJson(const fs::path& p) {
    std::ifstream in(p);
    return json::parse(in, nullptr, false);
}

// Every key of want (recursively, arrays element by element) is in got with the same value.
void sameKeys(const json& want, const json& got, const std::string& path,
              std::vector<std::string>* diffs) {
    if (want.is_object()) {
        if (!got.is_object())
            return diffs->push_back(path + ": not an object");
        for (const auto& [k, x] : want.items())
            if (!got.contains(k))
                diffs->push_back(path + "/" + k + ": missing");
            else
                sameKeys(x, got[k], path + "/" + k, diffs);
    } else if (want.is_array()) {
        if (!got.is_array() || got.size() != want.size())
            return diffs->push_back(path + ": not an array of " + std::to_string(want.size()));
        for (std::size_t i = 0; i < want.size(); ++i)
            sameKeys(want[i], got[i], path + "/" + std::to_string(i), diffs);
    } else if (want != got) {
        diffs->push_back(path + ": " + want.dump() + " became " + got.dump());
    }
}

// The checks every record passes (of version 1 when stored, or as kwb verify writes it now);
// returns the typed record (or nothing).
std::optional<v::VerificationRecordData> roundTrip(const json& original, const std::string& name,
                                                   int version = 1) {
    auto read = v::fromJson(original);
    CHECK_MSG(read.ok(), name + ": " + (read.ok() ? std::string() : read.error().message));
    if (!read)
        return std::nullopt;
    CHECK_MSG(read->schemaVersion == version, name);
    const json written = v::toJson(*read);
    CHECK_MSG(written.value("schema_version", 0) == v::VerificationRecordData::kSchemaVersion,
              name);
    json want = original;
    want.erase("schema_version");
    std::vector<std::string> diffs;
    sameKeys(want, written, "", &diffs);
    CHECK_MSG(diffs.empty(), name + ": " + (diffs.empty() ? std::string() : diffs.front()) + " (" +
                                 std::to_string(diffs.size()) + " differences)");
    auto again = v::fromJson(written);
    CHECK_MSG(again.ok(), name + ": the written record does not read");
    if (again) {
        v::VerificationRecordData first = *read;
        first.schemaVersion = v::VerificationRecordData::kSchemaVersion;
        CHECK_MSG(first == *again, name + ": read, written and read again differs");
        CHECK_MSG(v::toJson(*again) == written, name + ": writing is not stable");
    }
    // The typed answers are the ones the record read by key gave.
    const std::string verdict = original.value("verdict", "");
    CHECK_MSG(read->verdict.text() == verdict && read->passed() == (verdict == "pass"), name);
    CHECK_MSG(read->taskId == original.value("task_id", "") &&
                  read->detail == original.value("detail", ""),
              name);
    return *read;
}

} // namespace

void storedRecordsRoundTrip() {
    const fs::path src = KWB_SOURCE_DIR;
    std::vector<fs::path> files = {src / "tests/gui/fixtures/synthetic_record.json"};
    for (const auto& e : fs::directory_iterator(src / "tests/record/data"))
        if (e.path().extension() == ".json")
            files.push_back(e.path());
    CHECK(files.size() >= 6);
    for (const auto& f : files) {
        const json j = readJson(f);
        CHECK_MSG(!j.is_discarded(), f.string());
        if (!j.is_discarded())
            roundTrip(j, f.filename().string());
        // The id read is the one the record read by key gave it: the SHA-256 of the JSON as
        // stored without its "id", so a record keeps the id it was stored under.
        if (!j.is_discarded()) {
            json withoutId = j;
            withoutId.erase("id");
            auto withId = v::readRecord(j);
            CHECK_MSG(withId.ok() && withId->id == kwb::sha256Hex(withoutId.dump()).substr(0, 32),
                      f.filename().string() + ": the id read is not the one it was stored under");
        }
    }
    // The worker's golden files hold protocol exchanges (hello, device-info), no records: a
    // verify answer there would be a record and is read as one.
    for (const auto& e : fs::directory_iterator(src / "tests/worker/golden")) {
        std::ifstream in(e.path());
        for (std::string line; std::getline(in, line);) {
            json m = json::parse(line, nullptr, false);
            if (m.is_object() && m.contains("result") && m["result"].is_object() &&
                m["result"].contains("verdict"))
                CHECK_MSG(v::shapeFromJson(m["result"]).verdict.value != Verdict::Unknown,
                          e.path().string());
        }
    }
}

// Records the real kwb verify writes here (compile-only: not-run and compile-error).
void liveRecordsRoundTrip() {
    if (std::string(KWB_RUNNER_PATH).empty()) {
        std::printf("SKIP live records: kwb-runner is not built here (no CUDA toolkit)\n");
        return;
    }
    const fs::path dir = fs::temp_directory_path() / ("kwb-record-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const std::vector<std::string> env = {"KWB_RUNNER=" KWB_RUNNER_PATH,
                                          "KWB_CACHE_DIR=" + (dir / "cache").string(),
                                          "KWB_DATA_DIR=" + (dir / "data").string()};
    const std::string src = KWB_SOURCE_DIR;
    struct Case {
        std::string file;
        Verdict verdict;
        int exitCode;
    };
    for (const auto& c :
         {Case{src + "/resources/tasks/reference/sgemm-f32.cu", Verdict::NotRun, 3},
          Case{src + "/tests/fixtures/candidates/sgemm-f32/compile_error.cu", Verdict::CompileError,
               1},
          Case{src + "/tests/fixtures/candidates/sgemm-f32/host_crash.cu", Verdict::NotRun, 3}}) {
        auto run = kwbtest::runKwb({"verify", "sgemm-f32", c.file, "--json", "--no-bench"}, env,
                                   dir, std::chrono::seconds(240));
        const json j = json::parse(run.out, nullptr, false);
        CHECK_MSG(!j.is_discarded(),
                  c.file + ": exit " + std::to_string(run.exitCode) + " " + run.err);
        if (j.is_discarded())
            continue;
        auto r = roundTrip(j, c.file, v::VerificationRecordData::kSchemaVersion);
        if (!r)
            continue;
        CHECK_MSG(r->verdict.value == c.verdict, c.file + ": " + r->verdict.text());
        CHECK_MSG(run.exitCode == c.exitCode && v::verdictExitCode(r->verdict.value) == c.exitCode,
                  c.file);
        CHECK_MSG(r->build && r->build->nvccVersion.size() > 0 &&
                      r->build->arch.rfind("sm_", 0) == 0,
                  c.file);
        CHECK_MSG(r->screening && r->screening->version >= 1, c.file);
        CHECK_MSG(!r->id.empty() && r->id == j.value("id", "") && v::isSealed(*r), c.file);
        CHECK_MSG(r->extra.empty(),
                  c.file + ": fields the typed form does not know: " + r->extra.dump());
        if (c.verdict == Verdict::CompileError) {
            CHECK(!r->build->ok && !r->build->diagnostics.empty());
            CHECK(!r->build->diagnostics.empty() && r->build->diagnostics[0].severity == "error" &&
                  r->build->diagnostics[0].line > 0);
            CHECK(v::family(r->verdict.value) == v::VerdictFamily::Failed);
        } else {
            CHECK(r->build->ok);
            if (c.file.find("reference") !=
                std::string::npos) // host_crash.cu has no kernel of its own
                CHECK(!r->build->resources.empty() && r->build->resources[0].registers > 0);
            CHECK(v::family(r->verdict.value) == v::VerdictFamily::NotRun);
        }
        if (c.file.find("host_crash") != std::string::npos)
            CHECK_MSG(r->screening->findings.size() == 1 &&
                          r->screening->findings[0].kind == "process" &&
                          r->screening->findings[0].line == 18,
                      j["screening"].dump());
    }
    std::error_code ec;
    fs::remove_all(dir, ec);
}

// The hand-written GPU records (every field core/gpu writes): the typed fields hold the values.
void handWrittenGpuRecordsRead() {
    const fs::path data = fs::path(KWB_SOURCE_DIR) / "tests/record/data";
    auto full = v::fromJson(readJson(data / "gpu_full_v1.json"));
    CHECK(full.ok());
    if (full) {
        const auto& r = *full;
        CHECK(r.verdict.value == Verdict::Pass && r.seed == 12345678901234567890ULL);
        CHECK(r.device && r.device->name == "NVIDIA H200" && r.device->cc == "9.0");
        CHECK(r.sandbox && r.sandbox->seccomp && r.sandbox->landlock && r.sandbox->limits);
        CHECK(r.baseline && r.baseline->kind == "cublas");
        CHECK(r.build && r.build->resources.size() == 1 &&
              r.build->resources[0].sharedBytes == 16384);
        CHECK(r.build && r.build->diagnostics.size() == 1 && r.build->diagnostics[0].column == 5);
        CHECK(r.geomeanSpeedup && *r.geomeanSpeedup > 1.07);
        CHECK(r.workerTimelineMs.is_object() && r.timelineMs.contains("cuda_ready") &&
              r.prepared.contains("warm_ms"));
        CHECK(r.ceilings.value("f32_tflops", 0.0) > 51);
        CHECK(r.extra.contains("future_field") && r.extra.contains("note") && r.extra.size() == 2);
        CHECK(r.shapes.size() == 2);
        if (r.shapes.size() == 2) {
            const auto& s = r.shapes[0];
            CHECK(s.dims.at("M") == 128 && s.reference == "cpu-float64");
            CHECK(s.outputs.at("C").elements == 16384 && !s.outputs.at("C").firstBad);
            CHECK(s.candidate && s.candidate->samplesMs.size() == 5 && s.candidate->batch == 64 &&
                  s.candidate->graph);
            CHECK(s.candidate && s.candidate->discardedUncovered == 1 &&
                  s.candidate->spentSamplingMs > 600);
            CHECK(s.candidate && s.candidate->smClockMHz &&
                  s.candidate->smClockMHz->median == 1980);
            CHECK(s.baseline && s.baseline->label ==
                                    std::optional<std::string>("cuBLAS SGEMM (TF32 off), algo 6"));
            CHECK(s.speedup && *s.speedup > 1.07 && s.smClockMHz && s.smClockMHz->max == 1980);
            CHECK(s.speedOfLight && s.speedOfLight->bound == "compute" &&
                  s.spentMs.at("timed") == 1500.0);
            CHECK(s.extra.empty());
            CHECK(r.shapes[1].notes.size() == 1 && r.shapes[1].candidate->spinDropped &&
                  !r.shapes[1].candidate->smClockMHz);
        }
    }
    auto bad = v::fromJson(readJson(data / "gpu_failures_v1.json"));
    CHECK(bad.ok());
    if (bad) {
        const auto& r = *bad;
        CHECK(r.verdict.value == Verdict::WrongResult &&
              v::family(r.verdict.value) == v::VerdictFamily::Failed);
        CHECK(r.log == std::optional<std::string>("job child output tail") && r.ceilingsError);
        CHECK(r.device && r.device->extra.value("uuid", "") == "GPU-0000");
        CHECK(r.screening && r.screening->findings.size() == 1 &&
              r.screening->findings[0].line == 18);
        CHECK(!r.build && r.shapes.size() == 2);
        if (r.shapes.size() == 2) {
            const auto& o = r.shapes[0].outputs.at("C");
            CHECK(o.firstBadIndex == std::optional<std::int64_t>(401) && o.firstBad &&
                  !o.firstBad->got && o.firstBad->element == "C[3][17]");
            const auto& odd = r.shapes[1];
            CHECK(odd.verdict.value == Verdict::Unknown &&
                  odd.verdict.text() == "tomorrows-verdict");
            CHECK(!odd.speedup && odd.extra.value("speedup", "") == "not a number"); // kept, unread
            CHECK(!odd.candidate && odd.extra.contains("timing"));
            CHECK(odd.flags.size() == 1 && odd.spentMs.empty());
        }
    }
}

// A typed value with every member set (an unknown verdict included) survives toJson/fromJson.
void typedValueRoundTrips() {
    v::VerificationRecordData r;
    r.id = "abc";
    r.taskId = "softmax-rows-f32";
    r.sourceHash = "ff";
    r.createdAt = "2026-12-04T00:00:00Z";
    r.workbenchVersion = "0.1.0";
    r.worker = "ssh gpu-box";
    r.seed = ~std::uint64_t{0};
    r.wallSeconds = 1.5;
    r.verdict = v::RecordVerdict::fromText("impossible-timing");
    r.detail = "faster than the device's speed of light";
    v::BuildReport b;
    b.ok = true;
    b.arch = "sm_90";
    b.flags = {"-O3"};
    b.diagnostics.push_back({"a.cu", 3, 4, "warning", "w", json::object()});
    b.resources.push_back({"_Z1kv", 32, 0, 0, 8, 8, json{{"future", true}}});
    r.build = b;
    r.device = v::DeviceReport{1, "GPU", "9.0", json::object()};
    r.sandbox = v::SandboxReport{.limits = true,
                                 .seccomp = true,
                                 .landlock = false,
                                 .shm = "private",
                                 .note = "no Landlock"};
    r.baseline = v::BaselineInfo{"ref", "reference-kernel", json::object()};
    v::ShapeResult s;
    s.name = "big";
    s.dims = {{"rows", 4096}, {"cols", 1024}};
    s.verdict = v::RecordVerdict::fromText("next-years-verdict");
    s.reference = "baseline";
    v::OutputCheck o;
    o.mismatches = 3;
    o.firstBadIndex = 9;
    o.firstBad = v::FirstBadElement{"y[0][9]", 1.5, 2.0, 0.01, json::object()};
    s.outputs["y"] = o;
    v::TimingSummary t;
    t.samplesMs = {1.0, 2.0};
    t.smClockMHz = v::ClockRange{1, 2, 3, json::object()};
    t.spentExtra = {{"later", 1.0}};
    s.candidate = t;
    t.label = "ref kernel";
    s.baseline = t;
    s.timingExtra = {{"ratio", 2}};
    s.speedup = 0.5;
    s.flags = {"f"};
    s.notes = {"n"};
    s.spentMs = {{"set_up", 1.0}};
    s.smClockMHz = v::ShapeClock{1, 2, 3, json::object()};
    s.speedOfLight = v::SpeedOfLight{1, 2, 3, 0.5, "memory", json::object()};
    r.shapes = {s, v::ShapeResult{}};
    r.geomeanSpeedup = 0.5;
    r.log = "log";
    r.ceilingsError = "none";
    r.screening = v::Screening{
        1, {v::ScreeningFinding{"threads", 7, "std::thread", json::object()}}, json::object()};
    r.ceilings = {{"f32_tflops", 50.0}};
    r.timelineMs = {{"a", 1.0}};
    r.workerTimelineMs = {{"b", 2.0}};
    r.prepared = {{"warm_ms", 3.0}};
    r.extra = {{"added_later", json::array({1, "x"})}};
    auto back = v::fromJson(v::toJson(r));
    CHECK(back.ok());
    if (back) {
        CHECK(*back == r);
        CHECK(back->verdict.value == Verdict::ImpossibleTiming &&
              v::family(back->verdict.value) == v::VerdictFamily::SuspectedHack);
        CHECK(back->shapes[0].verdict.text() == "next-years-verdict");
    }
    CHECK(v::shapeFromJson(v::toJson(s)) == s);
    CHECK(v::buildFromJson(v::toJson(b)) == b);
    CHECK(v::timingFromJson(v::toJson(t)) == t);
}

// A new record's id is the hash of its schema-2 form; a change makes it unsealed until sealed
// again, under another id; reading the written form gives the same id back.
void recordIdentity() {
    auto read = v::fromJson({{"schema_version", 1},
                             {"task_id", "t"},
                             {"verdict", "pass"},
                             {"source_hash", "h"},
                             {"created_at", "2026-12-03T00:00:00Z"}});
    CHECK(read.ok());
    if (!read)
        return;
    CHECK(!v::isSealed(*read));
    const v::VerificationRecordData first = v::sealed(*read);
    CHECK(v::isSealed(first) && first.id.size() == 32 && first.schemaVersion == 2);
    CHECK(v::sealed(first) == first); // sealing is stable
    const json written = v::toJson(first);
    CHECK(written.value("id", "") == first.id && v::recordIdOf(written) == first.id);
    auto again = v::readRecord(written);
    CHECK(again.ok() && again->id == first.id && *again == first);
    v::VerificationRecordData changed = first;
    changed.detail = "edited";
    CHECK(!v::isSealed(changed));
    CHECK(v::sealed(changed).id != first.id);
}

void badRecordsAreRefused() {
    const json good = {{"schema_version", 1},
                       {"task_id", "t"},
                       {"verdict", "pass"},
                       {"source_hash", "h"},
                       {"created_at", "c"}};
    CHECK(v::fromJson(good).ok());
    CHECK(!v::fromJson(json::array()).ok());
    CHECK(!v::fromJson("pass").ok());
    for (const json& version : {json(0), json(3), json("1"), json(nullptr)}) {
        json j = good;
        j["schema_version"] = version;
        CHECK_MSG(!v::fromJson(j).ok(), version.dump());
    }
    for (const char* key : {"task_id", "verdict", "source_hash", "created_at"}) {
        json j = good;
        j.erase(key);
        auto r = v::fromJson(j);
        CHECK_MSG(!r.ok() && r.error().code == "bad-record", key);
        j[key] = 5;
        CHECK_MSG(!v::fromJson(j).ok(), key);
    }
    json two = good;
    two["schema_version"] = 2;
    CHECK(v::fromJson(two).ok());
    // Fields of the wrong type are kept, not read, and not fatal.
    json odd = good;
    odd["shapes"] = "none";
    odd["build"] = 7;
    odd["seed"] = -1;
    auto r = v::fromJson(odd);
    CHECK(r.ok() && !r->build && r->shapes.empty() && r->seed == 0);
    if (r) {
        CHECK(r->extra.value("shapes", "") == "none" && r->extra.value("build", 0) == 7);
        CHECK(v::toJson(*r)["shapes"] == "none" && v::toJson(*r)["seed"] == -1);
    }
}

} // namespace kwbtest::record
