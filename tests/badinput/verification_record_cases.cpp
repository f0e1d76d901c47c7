// The typed verification record on a real project file:
// - records an older workbench stored (schema version 1, written here by hand as it wrote them,
//   under the id it gave them) read, list, show, pass `kwb project check` and export as before;
// - suspected hacks (tampering, contract-violation) are shown apart from plain failures by
//   kwb samples list and show, and exports use them only as negatives, saying so in each row
//   and on the dataset card; a pass with screening findings is shown as flagged.
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "core/record/record_identity.h"
#include "core/store/project_store.h"
#include "core/store/sqlite_connection.h"
#include "core/store/sqlite_statement.h"
#include "core/sys/sha256.h"
#include "tests/badinput/registry.h"
#include "tests/support/check.h"
#include "tests/support/kwb_process.h"

namespace kwbtest {
namespace {

namespace fs = std::filesystem;
namespace v = kwb::verification;

std::string kernel(int i) {
    return "// record sample " + std::to_string(i) +
           "\n#include <cuda_runtime.h>\n__global__ void k" + std::to_string(i) +
           "(float* c) { c[threadIdx.x] = " + std::to_string(i) + ".0f; }\n";
}

struct Scene {
    fs::path dir, project;
    std::vector<std::string> env;
    Run kwb(std::vector<std::string> args) const {
        args.push_back("--project");
        args.push_back(project.string());
        return runKwb(args, env, dir);
    }
};

// A new project with n imported sgemm-f32 samples (ids 1..n).
Scene makeScene(const std::string& tag, int n) {
    Scene s;
    s.dir =
        fs::temp_directory_path() / ("kwb-bad-record-" + tag + "-" + std::to_string(::getpid()));
    fs::remove_all(s.dir);
    fs::create_directories(s.dir);
    s.project = s.dir / "p.kwbproj";
    s.env = {"KWB_DATA_DIR=" + (s.dir / "data").string(),
             "KWB_CONFIG_DIR=" + (s.dir / "config").string(),
             "KWB_PROJECT=",
             "KWB_REVIEWER=tester",
             "ANTHROPIC_API_KEY=",
             "OPENAI_API_KEY=",
             "HF_TOKEN="};
    Run r = runKwb({"project", "new", s.project.string()}, s.env, s.dir);
    CHECK_MSG(r.exitCode == 0, r.err);
    {
        std::ofstream f(s.dir / "in.jsonl", std::ios::binary);
        for (int i = 1; i <= n; ++i)
            f << nlohmann::json{{"task", "sgemm-f32"}, {"source", kernel(i)}, {"model", "m"}}.dump()
              << "\n";
    }
    r = s.kwb({"import", (s.dir / "in.jsonl").string()});
    CHECK_MSG(r.exitCode == 0, r.err);
    return s;
}

std::vector<nlohmann::json> rows(const fs::path& p) {
    std::vector<nlohmann::json> out;
    std::ifstream f(p);
    for (std::string line; std::getline(f, line);)
        if (!line.empty())
            out.push_back(nlohmann::json::parse(line));
    return out;
}

// The line of `kwb samples list` for sample id.
std::string listLine(const std::string& out, int id) {
    std::istringstream in(out);
    const std::string prefix = std::to_string(id) + "  ";
    for (std::string line; std::getline(in, line);) {
        const auto start = line.find_first_not_of(' ');
        if (start != std::string::npos && line.compare(start, prefix.size(), prefix) == 0)
            return line;
    }
    return {};
}

// Whether got holds every key of want (recursively; arrays element by element) with its value.
bool holds(const nlohmann::json& got, const nlohmann::json& want) {
    if (want.is_object()) {
        if (!got.is_object())
            return false;
        for (const auto& [k, x] : want.items())
            if (!got.contains(k) || !holds(got[k], x))
                return false;
        return true;
    }
    if (want.is_array()) {
        if (!got.is_array() || got.size() != want.size())
            return false;
        for (std::size_t i = 0; i < want.size(); ++i)
            if (!holds(got[i], want[i]))
                return false;
        return true;
    }
    return got == want;
}

// A record as schema version 1 stored it: the JSON as written, its id the SHA-256 prefix of
// that JSON without "id", and the samples row updated as the old store did.
std::string storeVersion1(const Scene& s, int sampleId, nlohmann::json j) {
    j.erase("id");
    const std::string id = kwb::sha256Hex(j.dump()).substr(0, 32);
    j["id"] = id;
    auto store = kwb::ProjectStore::open(s.project);
    CHECK_MSG(bool(store), store ? "" : store.error().message);
    if (!store)
        return id;
    const bool onGpu = j.contains("device");
    const std::string gpu = onGpu ? j["device"].value("name", "") : "";
    std::optional<double> speedup;
    if (j.contains("geomean_speedup"))
        speedup = j["geomean_speedup"].get<double>();
    auto& db = (*store)->connection();
    auto ins = db.prepare("INSERT INTO verifications(id, sample_id, created_at, added_at, verdict, "
                          "on_gpu, gpu, speedup, "
                          "record_json) VALUES (?,?,?,?,?,?,?,?,?)");
    CHECK(bool(ins));
    if (ins)
        CHECK(ins->bind(1, id)
                  .bind(2, std::int64_t(sampleId))
                  .bind(3, j["created_at"].get<std::string>())
                  .bind(4, std::string("2025-02-01T00:00:00Z"))
                  .bind(5, j["verdict"].get<std::string>())
                  .bind(6, std::int64_t(onGpu))
                  .bind(7, gpu)
                  .bind(8, speedup)
                  .bind(9, j.dump())
                  .run());
    auto up = db.prepare("UPDATE samples SET verification_id = ?, verification_verdict = ?, on_gpu "
                         "= ?, speedup = ?, "
                         "gpu = ? WHERE id = ?");
    CHECK(bool(up));
    if (up)
        CHECK(up->bind(1, id)
                  .bind(2, j["verdict"].get<std::string>())
                  .bind(3, std::int64_t(onGpu))
                  .bind(4, speedup)
                  .bind(5, gpu)
                  .bind(6, std::int64_t(sampleId))
                  .run());
    return id;
}

nlohmann::json version1(int i, const std::string& verdict) {
    return {{"schema_version", 1},
            {"task_id", "sgemm-f32"},
            {"verdict", verdict},
            {"detail", ""},
            {"source_hash", kwb::sha256Hex(kernel(i))},
            {"created_at", "2025-01-0" + std::to_string(i) + "T00:00:00Z"},
            {"seed", 1000 + i},
            {"device", {{"name", "NVIDIA H200"}, {"cc", "9.0"}, {"index", 0}}},
            {"build", {{"ok", true}, {"arch", "sm_90"}, {"nvcc_version", "13.0"}}},
            {"shapes", nlohmann::json::array(
                           {{{"name", "odd"}, {"verdict", verdict}, {"dims", {{"M", 129}}}}})},
            {"worker_timeline_ms", {{"spawn", 3}}}};
}

int olderRecordsRead() {
    Scene s = makeScene("v1", 3);
    // 1: a screened, clean pass; 2: a pass written before screening existed (flagged);
    // 3: a wrong result.
    nlohmann::json clean = version1(1, "pass");
    clean["geomean_speedup"] = 1.5;
    clean["screening"] = {{"version", 1}, {"findings", nlohmann::json::array()}};
    nlohmann::json unscreened = version1(2, "pass");
    unscreened["geomean_speedup"] = 1.25;
    nlohmann::json wrong = version1(3, "wrong-result");
    wrong["detail"] = "1 of 16641 elements out of tolerance in C at shape odd";
    const std::map<int, std::string> ids = {{1, storeVersion1(s, 1, clean)},
                                            {2, storeVersion1(s, 2, unscreened)},
                                            {3, storeVersion1(s, 3, wrong)}};

    // The store reads them as they were stored, under the ids they were stored under.
    {
        auto store = kwb::ProjectStore::open(s.project);
        CHECK(bool(store));
        for (const auto& [sample, id] : ids) {
            auto recs = store ? (*store)->verifications(sample)
                              : kwb::Result<std::vector<v::VerificationRecordData>>(
                                    kwb::Error::make("x", "no store"));
            CHECK_MSG(recs && recs->size() == 1, std::to_string(sample));
            if (recs && recs->size() == 1) {
                const auto& r = recs->front();
                CHECK_MSG(r.schemaVersion == 1 && r.id == id && r.taskId == "sgemm-f32",
                          r.id + " " + id);
                CHECK(r.device && r.device->name == "NVIDIA H200" && r.shapes.size() == 1 &&
                      r.shapes[0].dims.at("M") == 129);
                CHECK(r.workerTimelineMs.value("spawn", 0) == 3);
                CHECK((sample == 3) == (r.verdict.value == v::Verdict::WrongResult));
            }
        }
    }
    Run r = s.kwb({"project", "check"});
    CHECK_MSG(r.exitCode == 0, r.out + r.err);
    r = s.kwb({"samples", "list"});
    CHECK_MSG(r.exitCode == 0, r.err);
    CHECK_MSG(listLine(r.out, 1).find(" pass ") != std::string::npos &&
                  listLine(r.out, 1).find("1.50x") != std::string::npos,
              r.out);
    CHECK_MSG(listLine(r.out, 3).find("wrong-result") != std::string::npos, r.out);
    CHECK_MSG(r.out.find("hack") == std::string::npos, r.out);
    r = s.kwb({"samples", "show", "3"});
    CHECK_MSG(r.exitCode == 0, r.err);
    CHECK_MSG(r.out.find("verification  " + ids.at(3) +
                         ": wrong-result - 1 of 16641 elements out of tolerance") !=
                      std::string::npos &&
                  r.out.find(" on NVIDIA H200, 2025-01-03T00:00:00Z") != std::string::npos,
              r.out);
    r = s.kwb({"samples", "show", "1", "--json"});
    CHECK_MSG(r.exitCode == 0, r.err);
    const auto shown = nlohmann::json::parse(r.out, nullptr, false);
    CHECK_MSG(shown.is_object() && shown["verifications"].size() == 1, r.out);
    if (shown.is_object() && shown["verifications"].size() == 1) {
        const auto& rec = shown["verifications"][0];
        for (const auto& [key, value] : clean.items()) // every stored key, as stored
            CHECK_MSG(key == "schema_version" || holds(rec.value(key, nlohmann::json()), value),
                      key + ": " + rec.dump());
        CHECK(rec.value("id", "") == ids.at(1));
    }
    r = s.kwb({"samples", "stats"});
    CHECK_MSG(r.exitCode == 0 && r.out.find("66.7%") != std::string::npos,
              r.out); // 2 of 3 verified pass

    // Exports take them as before: the screened pass is a clean positive, the unscreened one is
    // flagged (not screened counts as flagged), the failure never a positive.
    for (int i : {1, 2, 3})
        CHECK(s.kwb({"review", "accept", std::to_string(i)}).exitCode == 0);
    r = s.kwb({"export", "sft", "-o", (s.dir / "sft.jsonl").string()});
    CHECK_MSG(r.exitCode == 0, r.err);
    auto sft = rows(s.dir / "sft.jsonl");
    CHECK_MSG(sft.size() == 1, r.err);
    if (sft.size() == 1)
        CHECK_MSG(sft[0]["sample_id"] == 1 && sft[0]["verification_id"] == ids.at(1) &&
                      sft[0]["verified"] == true && sft[0]["flagged"] == false &&
                      sft[0]["speedup"] == 1.5 && sft[0]["gpu"] == "NVIDIA H200",
                  sft[0].dump());
    r = s.kwb({"export", "sft", "-o", (s.dir / "flagged.jsonl").string(), "--include-flagged"});
    std::set<int> ids2;
    for (const auto& row : rows(s.dir / "flagged.jsonl")) {
        ids2.insert(row["sample_id"].get<int>());
        if (row["sample_id"] == 2)
            CHECK_MSG(row["flagged"] == true && row["verification_id"] == ids.at(2), row.dump());
    }
    CHECK((ids2 == std::set<int>{1, 2}));
    fs::remove_all(s.dir);
    return 0;
}

// A record as the verifier writes it now (schema 2, sealed), stored through the store.
void storeRecord(const Scene& s, int sampleId, const std::string& verdict,
                 const std::string& detail, int findings) {
    nlohmann::json j = {{"schema_version", 2},
                        {"task_id", "sgemm-f32"},
                        {"verdict", verdict},
                        {"detail", detail},
                        {"source_hash", kwb::sha256Hex(kernel(sampleId))},
                        {"created_at", "2026-01-01T00:00:00Z"},
                        {"seed", sampleId},
                        {"device", {{"name", "NVIDIA H200"}, {"cc", "9.0"}}},
                        {"screening", {{"version", 1}, {"findings", nlohmann::json::array()}}}};
    for (int f = 0; f < findings; ++f)
        j["screening"]["findings"].push_back(
            {{"kind", "getenv"}, {"line", 3 + f}, {"text", "getenv(\"HOME\")"}});
    if (verdict == "pass")
        j["geomean_speedup"] = 1.5;
    auto store = kwb::ProjectStore::open(s.project);
    CHECK(bool(store));
    auto rec = v::fromJson(j);
    CHECK_MSG(bool(rec), rec ? "" : rec.error().message);
    if (store && rec) {
        auto added = (*store)->addVerification(sampleId, v::sealed(*rec));
        CHECK_MSG(bool(added), added ? "" : added.error().message);
    }
}

int suspectedHacksApart() {
    // 1 clean pass (accepted), 2 tampering (rejected), 3 contract-violation (accepted), 4 a pass
    // with a screening finding (rejected), 5 a wrong result (rejected).
    Scene s = makeScene("hack", 5);
    storeRecord(s, 1, "pass", "", 0);
    storeRecord(s, 2, "tampering", "the result line is not the harness's", 0);
    storeRecord(s, 3, "contract-violation", "work outside the given stream", 0);
    storeRecord(s, 4, "pass", "", 1);
    storeRecord(s, 5, "wrong-result", "C[3, 45] is 2.5, expected 1.0", 0);
    for (int i : {1, 3})
        CHECK(s.kwb({"review", "accept", std::to_string(i)}).exitCode == 0);
    for (int i : {2, 4, 5})
        CHECK(s.kwb({"review", "reject", std::to_string(i)}).exitCode == 0);

    Run r = s.kwb({"samples", "list"});
    CHECK_MSG(r.exitCode == 0, r.err);
    CHECK_MSG(listLine(r.out, 2).find("hack: tampering") != std::string::npos, r.out);
    CHECK_MSG(listLine(r.out, 3).find("hack: contract-violation") != std::string::npos, r.out);
    CHECK_MSG(listLine(r.out, 5).find("wrong-result") != std::string::npos &&
                  listLine(r.out, 5).find("hack") == std::string::npos,
              r.out);
    r = s.kwb({"samples", "show", "2"});
    CHECK_MSG(r.out.find(": suspected hack: tampering - the result line is not the harness's") !=
                  std::string::npos,
              r.out);
    r = s.kwb({"samples", "show", "4"});
    CHECK_MSG(r.out.find(": pass, flagged (1 screening finding), 1.50x on NVIDIA H200") !=
                  std::string::npos,
              r.out);
    r = s.kwb({"samples", "show", "5"});
    CHECK_MSG(r.out.find(": wrong-result - C[3, 45] is 2.5") != std::string::npos &&
                  r.out.find("suspected hack") == std::string::npos,
              r.out);

    // Unpaired: the tampering sample is a negative marked as a suspected hack; the accepted
    // contract violation is no positive; the other negatives are not marked.
    r = s.kwb({"export", "unpaired", "-o", (s.dir / "u.jsonl").string(), "--json"});
    CHECK_MSG(r.exitCode == 0, r.err);
    const auto summary = nlohmann::json::parse(r.out, nullptr, false);
    CHECK_MSG(summary.is_object() && summary.value("negative_rows_suspected_hack", -1) == 1 &&
                  summary["excluded_by_gate_class"].value("hack", 0) == 1,
              r.out);
    std::map<int, nlohmann::json> byId;
    for (const auto& row : rows(s.dir / "u.jsonl"))
        byId[row["sample_id"].get<int>()] = row;
    CHECK_MSG(byId.size() == 4 && !byId.count(3), r.out);
    CHECK(byId[1]["label"] == true && byId[1]["suspected_hack"] == false);
    CHECK(byId[2]["label"] == false && byId[2]["suspected_hack"] == true);
    CHECK(byId[4]["label"] == false && byId[4]["suspected_hack"] == false);
    CHECK(byId[5]["label"] == false && byId[5]["suspected_hack"] == false);

    // Pairs: the clean sample against each rejected one; only the tampering side is marked.
    r = s.kwb({"export", "prefs", "-o", (s.dir / "p.jsonl").string()});
    CHECK_MSG(r.exitCode == 0, r.err);
    CHECK_MSG(r.out.find("1 negative row(s) are suspected hacks") != std::string::npos, r.out);
    std::map<int, bool> rejectedHack;
    for (const auto& p : rows(s.dir / "p.jsonl")) {
        CHECK_MSG(p["chosen_sample_id"] == 1, p.dump());
        rejectedHack[p["rejected_sample_id"].get<int>()] = p["rejected_suspected_hack"].get<bool>();
    }
    CHECK((rejectedHack == std::map<int, bool>{{2, true}, {4, false}, {5, false}}));

    // The card counts the suspected hack kept out of the positives and the one used as a negative.
    r = s.kwb({"export", "hf", "-o", (s.dir / "hf").string(), "--format", "unpaired"});
    CHECK_MSG(r.exitCode == 0, r.err);
    const std::string card = slurp(s.dir / "hf" / "README.md");
    for (const char* line :
         {"| - suspected hacks | 1 |",
          "| negative rows that are suspected hacks (rejected side, `label: false`) | 1 |"})
        CHECK_MSG(card.find(line) != std::string::npos, std::string(line) + "\n" + card);
    fs::remove_all(s.dir);
    return 0;
}

} // namespace

KWB_BAD_INPUT_SUITE("older-verification-records-read-list-and-export", olderRecordsRead);
KWB_BAD_INPUT_SUITE("suspected-hacks-apart-and-only-negatives", suspectedHacksApart);

} // namespace kwbtest
