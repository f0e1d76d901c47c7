// core/batch without a cluster: shards, sbatch's array lists and script, the lanes of an
// allocation, the manifest's round trip and its refusals, item and result files (a result
// changed after it was made is refused), shard states judged from the files alone, and the
// answers of an evaluation run that --plan selects.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

#include "core/batch/batch_collect.h"
#include "core/batch/batch_files.h"
#include "core/batch/batch_manifest.h"
#include "core/batch/batch_submission.h"
#include "core/batch/shard_run.h"
#include "core/batch/slurm_client.h"
#include "core/record/record_identity.h"
#include "core/store/generation_record.h"
#include "tests/support/check.h"

namespace fs = std::filesystem;
using namespace kwb;

namespace {

std::string readText(const fs::path& p) {
    std::ifstream in(p);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

void writeText(const fs::path& p, const std::string& text) {
    std::ofstream(p) << text;
}

void shardsAndArrays() {
    const auto four = splitIntoShards(20, 4);
    CHECK(four.size() == 4);
    CHECK(four[0] == std::vector<int>({0, 1, 2, 3, 4}));
    CHECK(four[3] == std::vector<int>({15, 16, 17, 18, 19}));
    const auto uneven = splitIntoShards(7, 3);
    CHECK(uneven.size() == 3 && uneven[0].size() == 3 && uneven[1].size() == 2 &&
          uneven[2] == std::vector<int>({5, 6}));
    CHECK_MSG(splitIntoShards(3, 8).size() == 3, "no empty shard");
    CHECK(arraySpec({0, 1, 2, 3}) == "0-3");
    CHECK(arraySpec({2}) == "2");
    CHECK(arraySpec({0, 2, 3, 5}) == "0,2-3,5");
}

void lanesOfAnAllocation() {
    CHECK(allocatedLanes(nullptr).size() == 1 && !allocatedLanes(nullptr)[0].gpu);
    CHECK_MSG(allocatedLanes("3").size() == 1 && !allocatedLanes("3")[0].gpu,
              "one device: the worker inherits CUDA_VISIBLE_DEVICES as Slurm set it");
    const auto two = allocatedLanes("2,3");
    CHECK_MSG(two.size() == 2 && two[0].gpu == 2 && two[1].gpu == 3,
              "two devices: one lane each, the allocation's own numbers");
    const auto uuids = allocatedLanes("GPU-1a2b,GPU-3c4d");
    CHECK_MSG(uuids.size() == 1 && !uuids[0].gpu, "UUIDs: one lane that keeps the variable");
    CHECK(allocatedLanes("").size() == 1);
}

BatchManifest sampleManifest() {
    BatchManifest m;
    m.batchId = "20261204-120000-abcdef";
    m.createdAt = "2026-12-04T12:00:00Z";
    m.project = "/tmp/p.kwbproj";
    m.selection = "samples all";
    m.options.bench = false;
    m.options.seed = 7;
    for (int i = 0; i < 5; ++i)
        m.items.push_back({i + 1, "x-f32", std::nullopt});
    m.items[4].evalCell = 12;
    m.shards = splitIntoShards(5, 2);
    m.partition = "gpu";
    m.gpusPerTask = 1;
    m.kwbProgram = "/opt/it's here/kwb";
    m.jobs.push_back({"41", {0, 1}, "2026-12-04T12:00:01Z"});
    m.jobs.push_back({"57", {1}, "2026-12-04T13:00:00Z"});
    return m;
}

void manifestRoundTrip() {
    const BatchManifest m = sampleManifest();
    auto back = manifestFromJson(toJson(m));
    CHECK(back.ok());
    if (back) {
        CHECK(toJson(*back) == toJson(m));
        CHECK(back->items[4].evalCell == 12 && back->options.seed == 7 && !back->options.bench);
        CHECK_MSG(back->lastJobOf(1)->jobId == "57" && back->lastJobOf(0)->jobId == "41",
                  "a resubmitted shard belongs to its latest job");
    }
    nlohmann::json twice = toJson(m);
    twice["shards"][1].push_back(0);
    auto bad = manifestFromJson(twice);
    CHECK_MSG(!bad && bad.error().code == "bad-batch", "an item in two shards is refused");
    nlohmann::json newer = toJson(m);
    newer["format"] = 2;
    CHECK(!manifestFromJson(newer));
    nlohmann::json missing = toJson(m);
    missing.erase("items");
    CHECK(!manifestFromJson(missing));
}

void scriptText() {
    const BatchManifest m = sampleManifest();
    const std::string s = sbatchScript(m, "/shared/b1");
    CHECK(s.rfind("#!/bin/sh\n", 0) == 0);
    CHECK(s.find("#SBATCH --partition=gpu\n") != std::string::npos);
    CHECK(s.find("#SBATCH --gpus-per-task=1\n") != std::string::npos);
    CHECK(s.find("#SBATCH --output=/shared/b1/logs/shard-%a.out\n") != std::string::npos);
    CHECK_MSG(s.find("exec '/opt/it'\\''s here/kwb' batch run-shard '/shared/b1' "
                     "\"$SLURM_ARRAY_TASK_ID\"\n") != std::string::npos,
              "paths quoted for the shell: " + s);
    BatchManifest none = m;
    none.gpusPerTask = 0;
    none.partition.clear();
    const std::string t = sbatchScript(none, "/shared/b1");
    CHECK(t.find("--gpus-per-task") == std::string::npos &&
          t.find("--partition") == std::string::npos);
}

Task smallTask() {
    Task t;
    t.id = "x-f32";
    t.title = "x";
    t.entryName = "kwb_x";
    t.entrySignature = "extern \"C\" void kwb_x(float* y, int n, cudaStream_t stream);";
    return t;
}

verification::VerificationRecordData recordFor(const SampleVerification& s) {
    verification::VerificationRecordData r;
    r.taskId = s.task.id;
    r.sourceHash = "abc";
    r.createdAt = "2026-12-04T12:00:00Z";
    r.verdict.value = verification::Verdict::NotRun;
    r.detail = "built; no device";
    return verification::sealed(r);
}

void itemAndResultFiles(const fs::path& dir) {
    SampleVerification s;
    s.sampleId = 3;
    s.task = smallTask();
    s.source = "// source\n";
    CHECK(writeItemFile(dir, 2, s).ok());
    auto back = readItemFile(dir, 2);
    CHECK(back && back->sampleId == 3 && back->task == s.task && back->source == s.source);
    CHECK(!readItemFile(dir, 9) && readItemFile(dir, 9).error().code == "no-item");
    std::string text = readText(itemPath(dir, 2));
    writeText(itemPath(dir, 2), text.replace(text.find("\"kwb_x\""), 7, "\"kwb_y\""));
    auto changed = readItemFile(dir, 2);
    CHECK_MSG(!changed && changed.error().code == "bad-item",
              "a task spec changed in the shared folder is not the version the item names");

    CHECK(writeItemResult(dir, 2, {3, recordFor(s), std::nullopt}).ok());
    auto result = readItemResult(dir, 2);
    CHECK(result && *result && (*result)->record && (*result)->record->id == recordFor(s).id);
    auto none = readItemResult(dir, 4);
    CHECK(none && !*none);
    std::string r = readText(resultPath(dir, 2));
    writeText(resultPath(dir, 2), r.replace(r.find("not-run"), 7, "pass"));
    auto forged = readItemResult(dir, 2);
    CHECK_MSG(!forged && forged.error().code == "bad-result",
              "a record changed after it was made is refused");
    CHECK(writeItemResult(dir, 1, {2, std::nullopt, Error::make("cancelled", "not run")}).ok());
    auto err = readItemResult(dir, 1);
    CHECK(err && *err && (*err)->error && (*err)->error->code == "cancelled");
}

void statesFromFiles(const fs::path& dir) {
    BatchManifest m = sampleManifest(); // shard 0: items 0-2, shard 1: items 3-4
    m.jobs = {{"41", {0}, "2026-12-04T12:00:01Z"}};
    SampleVerification s;
    s.task = smallTask();
    for (int item : {0, 1, 2})
        CHECK(writeItemResult(dir, item, {item + 1, recordFor(s), std::nullopt}).ok());
    const BatchStatus st = batchStatus(dir, m, false);
    CHECK(st.shards.size() == 2 && st.items == 5 && st.records == 3 && !st.complete());
    CHECK(st.shards[0].state == ShardState::Done && st.shards[0].records == 3);
    CHECK_MSG(st.shards[1].state == ShardState::Failed &&
                  st.shards[1].why.find("never submitted") != std::string::npos,
              st.shards[1].why);
    m.jobs[0].shards = {0, 1};
    const BatchStatus asked = batchStatus(dir, m, false);
    CHECK_MSG(asked.shards[1].state == ShardState::Unknown,
              "results missing and Slurm not asked: not known, never called done");
}

GenerationRecord answer(const std::string& id, const std::string& code) {
    GenerationRecord g;
    g.generationId = id;
    g.runId = "evalrun";
    g.taskId = "x-f32";
    g.provider = "openai";
    g.model = "student";
    g.messages = nlohmann::json::array({{{"role", "user"}, {"content", "write x"}}});
    g.rawResponse = code.empty() ? "no code" : "```cuda\n" + code + "\n```";
    if (!code.empty())
        g.code = code;
    return g;
}

// --plan: the run's answers with code that no GPU verified; one verified on a GPU drops out.
void evalAnswersSelected(const fs::path& dir) {
    fs::create_directories(dir);
    auto store = ProjectStore::create(dir / "e.kwbproj");
    CHECK(store.ok());
    if (!store)
        return;
    ProjectStore& ps = **store;
    auto run = ps.openEvalRun("ab", {{"name", "ab"}});
    CHECK(run.ok());
    if (!run)
        return;
    const Task task = smallTask();
    std::vector<std::int64_t> samples;
    for (int i = 0; i < 3; ++i) {
        EvalCellRecord cell{
            {"student", "plain", "x-f32", i}, "g" + std::to_string(i), 1, true, 10, 10, 0.0, 1.0};
        auto a = ps.addEvalAnswer(
            run->id, task,
            answer("g" + std::to_string(i), i == 1 ? "" : "// answer " + std::to_string(i)),
            std::nullopt, cell);
        CHECK_MSG(a.ok(), a ? "" : a.error().message);
        if (a && a->sampleId)
            samples.push_back(*a->sampleId);
    }
    auto items = selectEvalItems(ps, "ab");
    CHECK_MSG(items && items->size() == 2 && samples.size() == 2,
              "the two answers with code, not the one without");
    auto sample = ps.sample(samples.at(0));
    CHECK(sample.ok());
    verification::VerificationRecordData r;
    r.taskId = "x-f32";
    r.sourceHash = sample ? sample->sourceHash : "";
    r.createdAt = "2026-12-04T12:00:00Z";
    r.verdict.value = verification::Verdict::Pass;
    r.device = verification::DeviceReport{0, "NVIDIA H200", "9.0", nlohmann::json::object()};
    CHECK(ps.addVerification(samples.at(0), verification::sealed(r)).ok());
    auto after = selectEvalItems(ps, "ab");
    CHECK_MSG(after && after->size() == 1 && after->at(0).sampleId == samples.at(1) &&
                  after->at(0).evalCell.has_value(),
              "an answer verified on a GPU is not asked again");
    auto unknown = selectEvalItems(ps, "no-such-run");
    CHECK(!unknown && unknown.error().code == "unknown-eval-run");
}

} // namespace

int main() {
    char tmpl[] = "/tmp/kwb-batch-unit-XXXXXX";
    if (!::mkdtemp(tmpl)) {
        std::printf("cannot make a scratch folder\n");
        return 1;
    }
    const fs::path root = tmpl;
    shardsAndArrays();
    lanesOfAnAllocation();
    manifestRoundTrip();
    scriptText();
    itemAndResultFiles(root / "files");
    statesFromFiles(root / "states");
    evalAnswersSelected(root / "eval");
    fs::remove_all(root);
    const auto& c = kwbtest::counts();
    std::printf("%d passed, %d failed\n", c.passed, c.failed);
    return c.failed == 0 ? 0 : 1;
}
