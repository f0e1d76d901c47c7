// The dataset gate: on a real project file (kwb project new, kwb import, verification records
// stored through ProjectStore::addVerification as `kwb verify` stores them, kwb review), every
// kwb export takes as positives only samples whose latest verification passed on a GPU with no
// screening findings; --include-unverified and --include-flagged let the middle classes in and
// say so in each row; failures and suspected hacks never become positives; stderr says what the
// gate left out, and the dataset card counts it.
#include <filesystem>
#include <fstream>
#include <set>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "core/record/record_identity.h"
#include "core/store/project_store.h"
#include "core/sys/sha256.h"
#include "tests/badinput/registry.h"
#include "tests/support/check.h"
#include "tests/support/kwb_process.h"

namespace kwbtest {
namespace {

namespace fs = std::filesystem;

// The samples, in import order (ids 1..8), with their latest verification and verdict.
struct Case {
    const char* what;
    const char* verdict; // "" : never verified
    bool finding;        // the record's screening lists a finding
    bool accept;
};
const Case kCases[] = {
    {"clean", "pass", false, true},                   // 1: the only default positive
    {"finding", "pass", true, true},                  // 2: flagged
    {"not-run", "not-run", false, true},              // 3: unverified
    {"never", "", false, true},                       // 4: unverified
    {"wrong", "wrong-result", false, true},           // 5: failed, never a positive
    {"suspicious", "suspicious-timing", false, true}, // 6: flagged
    {"rejected", "pass", false, false},               // 7: the negative side
    {"tampering", "tampering", false, true},          // 8: a suspected hack, never a positive
};

std::string kernel(int i) {
    return "// gate sample " + std::to_string(i) +
           "\n#include <cuda_runtime.h>\n__global__ void k" + std::to_string(i) +
           "(float* c) { c[threadIdx.x] = " + std::to_string(i) + ".0f; }\n";
}

struct Scene {
    fs::path dir, project;
    std::vector<std::string> env;
};

Scene makeScene() {
    Scene s;
    s.dir = fs::temp_directory_path() / ("kwb-bad-gate-" + std::to_string(::getpid()));
    fs::remove_all(s.dir);
    fs::create_directories(s.dir);
    s.project = s.dir / "gate.kwbproj";
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
        for (int i = 1; i <= 8; ++i)
            f << nlohmann::json{{"task", "sgemm-f32"}, {"source", kernel(i)}, {"model", "m"}}.dump()
              << "\n";
    }
    r = runKwb({"import", (s.dir / "in.jsonl").string(), "--project", s.project.string()}, s.env,
               s.dir);
    CHECK_MSG(r.exitCode == 0, r.err);
    CHECK(queryInt(s.project, "SELECT count(*) FROM samples") == 8);
    {
        auto store = kwb::ProjectStore::open(s.project);
        CHECK_MSG(bool(store), store ? "" : store.error().message);
        for (int i = 1; i <= 8; ++i) {
            const Case& c = kCases[i - 1];
            if (!*c.verdict)
                continue;
            nlohmann::json findings = nlohmann::json::array();
            if (c.finding)
                findings.push_back({{"kind", "getenv"}, {"line", 3}, {"text", "getenv(\"HOME\")"}});
            nlohmann::json j = {
                {"schema_version", kwb::verification::VerificationRecordData::kSchemaVersion},
                {"task_id", "sgemm-f32"},
                {"verdict", c.verdict},
                {"source_hash", kwb::sha256Hex(kernel(i))},
                {"created_at", "2026-01-01T00:00:00Z"},
                {"seed", i},
                {"device", {{"name", "NVIDIA H200"}, {"cc", "9.0"}}},
                {"screening", {{"findings", findings}}}};
            if (std::string(c.verdict) == "pass" || std::string(c.verdict) == "suspicious-timing")
                j["geomean_speedup"] = 1.5;
            auto rec = kwb::verification::fromJson(j);
            CHECK_MSG(bool(rec), rec ? "" : rec.error().message);
            auto added = (*store)->addVerification(i, kwb::verification::sealed(*rec));
            CHECK_MSG(bool(added), added ? "" : added.error().message);
        }
    }
    for (int i = 1; i <= 8; ++i) {
        r = runKwb({"review", kCases[i - 1].accept ? "accept" : "reject", std::to_string(i),
                    "--project", s.project.string()},
                   s.env, s.dir);
        CHECK_MSG(r.exitCode == 0, r.err);
    }
    return s;
}

std::vector<nlohmann::json> rows(const fs::path& p) {
    std::vector<nlohmann::json> out;
    std::ifstream f(p);
    std::string line;
    while (std::getline(f, line))
        if (!line.empty())
            out.push_back(nlohmann::json::parse(line));
    return out;
}

// The sample ids of an SFT export with these flags; checks each row's provenance.
std::set<int> sftIds(const Scene& s, const std::string& name, std::vector<std::string> flags,
                     Run* run = nullptr) {
    std::vector<std::string> args = {"export",           "sft", "--project",
                                     s.project.string(), "-o",  (s.dir / name).string()};
    args.insert(args.end(), flags.begin(), flags.end());
    Run r = runKwb(args, s.env, s.dir);
    CHECK_MSG(r.exitCode == 0, r.err);
    std::set<int> ids;
    for (const auto& row : rows(s.dir / name)) {
        const int id = row.value("sample_id", 0);
        ids.insert(id);
        CHECK_MSG(row.contains("verified") && row.contains("flagged"), row.dump());
        const bool verified = id == 1 || id == 2 || id == 6;
        const bool flagged = id == 2 || id == 6;
        CHECK_MSG(row["verified"] == verified && row["flagged"] == flagged, row.dump());
    }
    if (run)
        *run = r;
    return ids;
}

int gateCases() {
    Scene s = makeScene();
    Run r;
    CHECK((sftIds(s, "default.jsonl", {}, &r) == std::set<int>{1}));
    // stderr says what was left out and why, one line per reason.
    CHECK_MSG(r.err.find("1 sample(s) left out by the gate: suspected hacks") != std::string::npos,
              r.err);
    CHECK_MSG(r.err.find("1 sample(s) left out by the gate: their latest verification failed") !=
                  std::string::npos,
              r.err);
    CHECK_MSG(r.err.find("2 sample(s) left out by the gate: not verified on a GPU") !=
                  std::string::npos,
              r.err);
    CHECK_MSG(r.err.find("2 sample(s) left out by the gate: passed on a GPU but flagged") !=
                  std::string::npos,
              r.err);
    CHECK((sftIds(s, "unverified.jsonl", {"--include-unverified"}) == std::set<int>{1, 3, 4}));
    CHECK((sftIds(s, "flagged.jsonl", {"--include-flagged"}) == std::set<int>{1, 2, 6}));
    CHECK((sftIds(s, "both.jsonl", {"--include-unverified", "--include-flagged"}) ==
           std::set<int>{1, 2, 3, 4, 6}));

    // Preference pairs: the clean sample chosen, the rejected one rejected; no failure or hack
    // chosen.
    r = runKwb({"export", "prefs", "--project", s.project.string(), "-o",
                (s.dir / "prefs.jsonl").string()},
               s.env, s.dir);
    CHECK_MSG(r.exitCode == 0, r.err);
    auto pairs = rows(s.dir / "prefs.jsonl");
    CHECK(pairs.size() == 1);
    for (const auto& p : pairs) {
        CHECK_MSG(p["chosen_sample_id"] == 1 && p["rejected_sample_id"] == 7, p.dump());
        CHECK_MSG(p["chosen_verified"] == true && p["chosen_flagged"] == false, p.dump());
    }
    r = runKwb({"export", "prefs", "--project", s.project.string(), "-o",
                (s.dir / "prefs-all.jsonl").string(), "--include-unverified", "--include-flagged"},
               s.env, s.dir);
    CHECK_MSG(r.exitCode == 0, r.err);
    std::set<int> chosen;
    for (const auto& p : rows(s.dir / "prefs-all.jsonl"))
        chosen.insert(p["chosen_sample_id"].get<int>());
    CHECK((chosen == std::set<int>{1, 2, 3, 4, 6}));

    // Unpaired: label true only for the clean sample; the rejected one is the only false.
    r = runKwb({"export", "unpaired", "--project", s.project.string(), "-o",
                (s.dir / "unpaired.jsonl").string()},
               s.env, s.dir);
    CHECK_MSG(r.exitCode == 0, r.err);
    std::set<int> good, bad;
    for (const auto& u : rows(s.dir / "unpaired.jsonl"))
        (u["label"] == true ? good : bad).insert(u["sample_id"].get<int>());
    CHECK((good == std::set<int>{1}) && (bad == std::set<int>{7}));

    // The dataset card counts the rows, the GPU and what the gate left out.
    r = runKwb({"export", "hf", "--project", s.project.string(), "-o", (s.dir / "hf").string(),
                "--include-flagged"},
               s.env, s.dir);
    CHECK_MSG(r.exitCode == 0, r.err);
    const std::string card = slurp(s.dir / "hf" / "README.md");
    for (const char* line :
         {"| positive rows verified on a GPU, clean | 1 |",
          "| positive rows verified on a GPU, flagged (let in by --include-flagged) | 2 |",
          "| positive rows not verified on a GPU (let in by --include-unverified) | 0 |",
          "| samples the gate excluded | 4 |", "| - suspected hacks | 1 |",
          "| - failed verification | 1 |", "| - not verified on a GPU | 2 |", "| - flagged | 0 |",
          "- NVIDIA H200"})
        CHECK_MSG(card.find(line) != std::string::npos, std::string(line) + "\n" + card);
    fs::remove_all(s.dir);
    return 0;
}

} // namespace

KWB_BAD_INPUT_SUITE("export-takes-only-verified-unflagged-samples", gateCases);

} // namespace kwbtest
