// Imports (a .cu folder, a JSONL file), exports (SFT, preference pairs, unpaired, Hugging Face
// folder) and the starter project.
#include <fstream>
#include <set>
#include <sstream>
#include <unistd.h>

#include "core/export/dataset_exporter.h"
#include "core/export/hf_dataset_writer.h"
#include "core/export/json_text.h"
#include "core/store/demo_project.h"
#include "core/store/project_store.h"
#include "core/store/sample_importer.h"
#include "tests/store/fixtures.h"
#include "tests/store/suites.h"
#include "tests/store/synthetic_kernels.h"

using namespace kwb;
using namespace kwbtest;
namespace fs = std::filesystem;

namespace {

SampleImporter importer() {
    return SampleImporter([](const std::string& id) -> Result<Task> {
        if (!fs::exists(sourceDir() / "resources" / "tasks" / (id + ".toml")))
            return Error::make("unknown-task", "no task " + id);
        return task(id);
    });
}

std::vector<nlohmann::json> readJsonl(const fs::path& p) {
    std::vector<nlohmann::json> rows;
    std::ifstream f(p);
    std::string line;
    while (std::getline(f, line))
        rows.push_back(nlohmann::json::parse(line));
    return rows;
}

bool noTemporaries(const fs::path& dir) {
    for (const auto& e : fs::directory_iterator(dir))
        if (e.path().filename().string().find(".kwb-tmp-") != std::string::npos)
            return false;
    return true;
}

} // namespace

void importTests() {
    const fs::path dir = tempDir("import");
    auto store = ProjectStore::create(dir / "p.kwbproj");
    ProjectStore& ps = **store;
    fs::create_directories(dir / "cu");
    for (int i = 0; i < 3; ++i)
        writeFile(dir / "cu" / ("k" + std::to_string(i) + ".cu"),
                  syntheticKernel("sgemm-f32", std::uint64_t(i)));
    writeFile(dir / "cu" / "notes.txt", "not a kernel");
    auto batch = importer().readCuFolder(dir / "cu", "sgemm-f32", "model-x", "ana");
    CHECK(batch && batch->samples.size() == 3);
    auto ids = ps.addSamples(*batch);
    CHECK(ids && ids->size() == 3);
    auto s = ps.sample(ids->front());
    CHECK(s && s->label == "k0.cu" && s->model == "model-x" && s->author == "ana" &&
          s->origin == SampleOrigin::Import);
    fs::create_directories(dir / "empty");
    auto none = importer().readCuFolder(dir / "empty", "sgemm-f32");
    CHECK(!none && none.error().code == "nothing-to-import");
    CHECK(!importer().readCuFolder(dir / "cu", "no-such-task"));

    nlohmann::json l1 = {{"task", "softmax-rows-f32"},
                         {"source", syntheticKernel("softmax-rows-f32", 1)},
                         {"model", "m1"},
                         {"prompt", "Write a softmax."},
                         {"prompt_tokens", 10}};
    nlohmann::json l2 = {{"task", "reduce-sum-f32"},
                         {"source", syntheticKernel("reduce-sum-f32", 2)},
                         {"model", "m2"},
                         {"messages", {{{"role", "user"}, {"content", "Sum it."}}}}};
    writeFile(dir / "good.jsonl", l1.dump() + "\n\n" + l2.dump() + "\n");
    auto jb = importer().readJsonl(dir / "good.jsonl", "ana");
    CHECK_MSG(jb, jb ? "" : jb.error().message);
    if (jb) {
        CHECK(jb->samples.size() == 2 && jb->tasks.size() == 2);
        CHECK(jb->samples[0].messages ==
              nlohmann::json::array({{{"role", "user"}, {"content", "Write a softmax."}}}));
        CHECK(jb->samples[0].promptTokens == 10 && jb->samples[1].model == "m2");
        CHECK(ps.addSamples(*jb));
    }
    const auto count = ps.info()->samples;
    nlohmann::json bad = {{"task", "sgemm-f32"}, {"model", "m"}};
    writeFile(dir / "bad.jsonl", l1.dump() + "\n" + bad.dump() + "\n" + l2.dump() + "\n");
    auto bb = importer().readJsonl(dir / "bad.jsonl");
    CHECK(!bb && bb.error().message.find("bad.jsonl:2:") != std::string::npos);
    writeFile(dir / "unknown.jsonl",
              nlohmann::json{{"task", "nope"}, {"source", "x"}}.dump() + "\n");
    CHECK(!importer().readJsonl(dir / "unknown.jsonl"));
    // What `kwb generate` writes: provenance kept, repair turns linked, replies without code
    // skipped.
    nlohmann::json g1 = {
        {"schema_version", 1},
        {"type", "sample"},
        {"id", "aaaa1111bbbb2222"},
        {"parent_id", nullptr},
        {"turn", 0},
        {"task_id", "sgemm-f32"},
        {"created_at", "2025-02-02T10:00:00Z"},
        {"author", {{"kind", "model"}, {"provider", "anthropic"}, {"model", "claude-x"}}},
        {"parameters", {{"max_tokens", 8000}}},
        {"system", "Be precise."},
        {"messages", {{{"role", "user"}, {"content", "Write sgemm."}}}},
        {"raw_response", "```cuda\nA\n```"},
        {"status", "ok"},
        {"code", syntheticKernel("sgemm-f32", 11)},
        {"usage", {{"input_tokens", 50}, {"output_tokens", 700}}},
        {"cost_usd", 0.5}};
    nlohmann::json g2 = g1;
    g2["id"] = "cccc3333";
    g2["parent_id"] = "aaaa1111bbbb2222";
    g2["turn"] = 1;
    g2["code"] = syntheticKernel("sgemm-f32", 12);
    nlohmann::json g3 = g1;
    g3["id"] = "dddd4444";
    g3["code"] = nullptr;
    g3["status"] = "no-code";
    writeFile(dir / "generated.jsonl", g1.dump() + "\n" + g3.dump() + "\n" + g2.dump() + "\n");
    SampleImporter gi = importer();
    auto gb = gi.readJsonl(dir / "generated.jsonl");
    CHECK_MSG(gb, gb ? "" : gb.error().message);
    if (gb) {
        CHECK(gb->generations.size() == 2 && gb->samples.empty() && gi.skipped() == 1);
        auto gids = ps.addSamples(*gb);
        CHECK(gids && gids->size() == 2);
        auto first = ps.sample(gids->at(0)), second = ps.sample(gids->at(1));
        CHECK(first && first->model == "claude-x" && first->provider == "anthropic" &&
              first->promptTokens == 50 && first->completionTokens == 700 &&
              first->costUsd == 0.5 && first->createdAt == "2025-02-02T10:00:00Z");
        CHECK(first && first->messages.size() == 2 && first->messages[0]["role"] == "system");
        // A repair turn is linked to the answer it repairs, not recorded as a person's edit.
        CHECK(second && !second->parentId);
        auto g1r = ps.generation("aaaa1111bbbb2222"), g2r = ps.generationOfSample(gids->at(1));
        CHECK(g1r && *g1r && (*g1r)->sampleId == std::optional<std::int64_t>(gids->at(0)) &&
              (*g1r)->costUsd == 0.5);
        CHECK(g2r && *g2r && (*g2r)->turn == 1 &&
              (*g2r)->repairOfGenerationId == "aaaa1111bbbb2222" &&
              (*g2r)->repairOf == std::optional<std::int64_t>((*g1r)->id));
        // The same file again adds nothing: every answer is stored once.
        auto again = ps.addSamples(*gb);
        CHECK(again && again->empty());
    }
    writeFile(dir / "garbage.jsonl", "{not json\n");
    CHECK(!importer().readJsonl(dir / "garbage.jsonl"));
    CHECK(ps.info()->samples == count + 2);
}

void exportTests() {
    // The fast JSON writer agrees with nlohmann on everything a kernel or prompt may hold.
    for (std::string text :
         {std::string("plain"), std::string("quote \" back \\ slash"),
          std::string("tab\tnew\nline\r"), std::string("ctl \x01\x1f end"),
          std::string("utf-8: \xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80"), std::string("\0nul", 4)}) {
        std::string out;
        appendJsonString(out, text);
        auto back = nlohmann::json::parse(out, nullptr, false);
        CHECK_MSG(!back.is_discarded() && back.get<std::string>() == text, out);
    }
    std::string broken;
    appendJsonString(broken, std::string("bad \xff byte \xc3"));
    auto parsed = nlohmann::json::parse(broken, nullptr, false);
    CHECK(!parsed.is_discarded() &&
          parsed.get<std::string>() == "bad \xEF\xBF\xBD byte \xEF\xBF\xBD");

    const fs::path dir = tempDir("export");
    auto store = ProjectStore::create(dir / "p.kwbproj");
    ProjectStore& ps = **store;
    SampleBatch b;
    b.tasks = {task("sgemm-f32"), task("softmax-rows-f32"), task("reduce-sum-f32")};
    const char* tasks[] = {"sgemm-f32", "softmax-rows-f32", "reduce-sum-f32"};
    for (int i = 0; i < 30; ++i)
        b.samples.push_back(sample(tasks[i % 3], syntheticKernel(tasks[i % 3], std::uint64_t(i)),
                                   i % 2 ? "m-odd" : "m-even"));
    auto ids = *ps.addSamples(b);
    // Samples 0..17 accepted (verified, speedup 1 + i/10), 18..26 rejected, 27..29 unreviewed.
    std::map<std::int64_t, std::string> verificationOf;
    for (int i = 0; i < 27; ++i) {
        auto s = *ps.sample(ids[std::size_t(i)]);
        bool good = i < 18;
        auto rec = record(s, good ? "pass" : "wrong-result",
                          good ? std::optional<double>(1.0 + i / 10.0) : std::nullopt);
        if (i != 5) { // one accepted sample stays unverified
            CHECK(ps.addVerification(s.id, rec));
            verificationOf[s.id] = rec.id;
        }
        CHECK(ps.review(s.id, good ? Verdict::Accepted : Verdict::Rejected, "ana"));
    }
    // An accepted exact duplicate of sample 0.
    auto dup = *ps.addSample(b.tasks[0],
                             sample("sgemm-f32", "// copy\n" + syntheticKernel("sgemm-f32", 0)));
    CHECK(ps.review(dup, Verdict::Accepted, "ana"));

    // These cases test the formats, not the gate (bad-input.export-takes-only-verified-unflagged-
    // samples does): the test records are not screened and sample 5 is unverified, so both
    // overrides let every accepted sample in, as before the gate.
    const auto ungatedOptions = [] {
        ExportOptions u;
        u.includeUnverified = u.includeFlagged = true;
        return u;
    };
    ExportOptions o = ungatedOptions();
    fs::create_directories(dir / "out");
    auto sum = DatasetExporter::exportJsonl(ps, o, dir / "out" / "sft.jsonl");
    CHECK_MSG(sum, sum ? "" : sum.error().message);
    auto rows = readJsonl(dir / "out" / "sft.jsonl");
    CHECK(rows.size() == 18 && sum->train.rows == 18);
    CHECK(noTemporaries(dir / "out"));
    for (const auto& r : rows) {
        const auto& m = r["messages"];
        CHECK(m.size() == 3 && m[0]["role"] == "system" && m[1]["role"] == "user" &&
              m[2]["role"] == "assistant");
        auto s = *ps.sample(r["sample_id"].get<std::int64_t>());
        CHECK(s.status.verdict == Verdict::Accepted && !s.status.duplicateOf);
        CHECK(m[2]["content"].get<std::string>().find(s.source) != std::string::npos);
        CHECK(m[1]["content"] == s.messages[1]["content"]);
        if (verificationOf.count(s.id))
            CHECK(r["verification_id"] == verificationOf[s.id] && r["speedup"].is_number() &&
                  r["gpu"].is_string());
        else
            CHECK(r["verification_id"].is_null());
        CHECK(r["task"] == s.taskId && r["model"] == s.model);
    }
    o.includeDuplicates = true;
    // An earlier export is replaced only with leave (kwb export --force).
    auto refused = DatasetExporter::exportJsonl(ps, o, dir / "out" / "sft.jsonl");
    CHECK(!refused && refused.error().code == kOutputExists);
    OutputPolicy replace;
    replace.replaceOurs = true;
    CHECK(DatasetExporter::exportJsonl(ps, o, dir / "out" / "sft.jsonl", {}, replace));
    CHECK(readJsonl(dir / "out" / "sft.jsonl").size() == 19);
    // A selection (the window's "Export the selected samples"): those samples only, and of
    // them only what the other options let in (ids[20] is rejected).
    o = ungatedOptions();
    o.sampleIds = {ids[2], ids[7], ids[20]};
    CHECK(DatasetExporter::exportJsonl(ps, o, dir / "out" / "selected.jsonl"));
    {
        std::set<std::int64_t> exported;
        for (const auto& r : readJsonl(dir / "out" / "selected.jsonl"))
            exported.insert(r["sample_id"].get<std::int64_t>());
        CHECK((exported == std::set<std::int64_t>{ids[2], ids[7]}));
    }
    o = ungatedOptions();
    o.minSpeedup = 2.0;
    CHECK(DatasetExporter::exportJsonl(ps, o, dir / "fast.jsonl"));
    for (const auto& r : readJsonl(dir / "fast.jsonl"))
        CHECK(r["speedup"].get<double>() >= 2.0);
    CHECK(readJsonl(dir / "fast.jsonl").size() == 8); // i = 10..17
    o = ungatedOptions();
    o.verifiedOnGpu = true;
    o.tasks = {"sgemm-f32"};
    o.systemPrompt.clear();
    CHECK(DatasetExporter::exportJsonl(ps, o, dir / "v.jsonl"));
    auto v = readJsonl(dir / "v.jsonl");
    CHECK(v.size() == 6);
    for (const auto& r : v)
        CHECK(r["task"] == "sgemm-f32" && !r["verification_id"].is_null() &&
              r["messages"][0]["role"] == "system");

    // Preference pairs: within one task and prompt, every accepted and every rejected used.
    o = ungatedOptions();
    o.format = ExportFormat::Preferences;
    auto ps1 = DatasetExporter::exportJsonl(ps, o, dir / "prefs.jsonl");
    CHECK(ps1);
    auto pairs = readJsonl(dir / "prefs.jsonl");
    CHECK(pairs.size() == 18); // per task: max(6 accepted, 3 rejected) = 6
    std::set<std::int64_t> chosen, rejected;
    for (const auto& r : pairs) {
        auto c = *ps.sample(r["chosen_sample_id"].get<std::int64_t>());
        auto x = *ps.sample(r["rejected_sample_id"].get<std::int64_t>());
        CHECK(c.status.verdict == Verdict::Accepted && x.status.verdict == Verdict::Rejected &&
              c.taskId == x.taskId);
        CHECK(r["prompt"].is_array() && r["chosen"][0]["role"] == "assistant" &&
              r["rejected"][0]["role"] == "assistant");
        CHECK(r.contains("chosen_verification_id") && r.contains("rejected_verification_id"));
        chosen.insert(c.id);
        rejected.insert(x.id);
    }
    CHECK(chosen.size() == 18 && rejected.size() == 9);
    o.maxPairsPerPrompt = 2;
    CHECK(DatasetExporter::exportJsonl(ps, o, dir / "prefs2.jsonl"));
    CHECK(readJsonl(dir / "prefs2.jsonl").size() == 6);

    o = ungatedOptions();
    o.format = ExportFormat::Unpaired;
    CHECK(DatasetExporter::exportJsonl(ps, o, dir / "unpaired.jsonl"));
    auto un = readJsonl(dir / "unpaired.jsonl");
    CHECK(un.size() == 27);
    int trues = 0;
    for (const auto& r : un) {
        trues += r["label"].get<bool>();
        CHECK(r["label"].get<bool>() ==
              (ps.sample(r["sample_id"].get<std::int64_t>())->status.verdict == Verdict::Accepted));
        CHECK(r["completion"][0]["role"] == "assistant");
    }
    CHECK(trues == 18);

    // Split by task, seeded: no task on both sides; the same seed gives the same split.
    o = ungatedOptions();
    o.testFraction = 0.34;
    o.seed = 7;
    auto split = DatasetExporter::exportJsonl(ps, o, dir / "train.jsonl", dir / "test.jsonl");
    CHECK(split && split->split.test.size() == 1 && split->split.train.size() == 2);
    std::set<std::string> trainTasks, testTasks;
    for (const auto& r : readJsonl(dir / "train.jsonl"))
        trainTasks.insert(r["task"]);
    for (const auto& r : readJsonl(dir / "test.jsonl"))
        testTasks.insert(r["task"]);
    CHECK(testTasks.size() == 1 && trainTasks.size() == 2);
    for (const auto& t : testTasks)
        CHECK(!trainTasks.count(t));
    CHECK(split->train.rows + split->test.rows == 18);
    auto again = DatasetExporter::exportJsonl(ps, o, dir / "train2.jsonl", dir / "test2.jsonl");
    CHECK(again && again->split.test == split->split.test);
    CHECK(fileBytes(dir / "train.jsonl") == fileBytes(dir / "train2.jsonl"));
    CHECK(!DatasetExporter::exportJsonl(ps, o, dir / "t3.jsonl")); // a split needs a test file

    // A failed export writes nothing: the output's folder cannot be made.
    writeFile(dir / "blocker", "a file where a folder should be");
    o = ungatedOptions();
    CHECK(!DatasetExporter::exportJsonl(ps, o, dir / "blocker" / "x.jsonl"));

    // Hugging Face folder.
    o = ungatedOptions();
    o.testFraction = 0.34;
    DatasetCardInfo card;
    card.license = "apache-2.0";
    card.name = "CUDA kernels (test)";
    auto hf = HfDatasetWriter::write(ps, o, dir / "hf", card);
    CHECK_MSG(hf, hf ? "" : hf.error().message);
    CHECK(fs::exists(dir / "hf" / "data" / "train.jsonl") &&
          fs::exists(dir / "hf" / "data" / "test.jsonl"));
    const std::string readme = fileBytes(dir / "hf" / "README.md");
    CHECK(readme.rfind("---\n", 0) == 0);
    for (const char* needle :
         {"license: apache-2.0", "task_categories:", "configs:", "path: data/train.jsonl",
          "path: data/test.jsonl", "pretty_name: \"CUDA kernels (test)\"", "| sgemm-f32 |",
          "NVIDIA H200 (test record)", "m-odd", "size_categories:\n- n<1K"})
        CHECK_MSG(readme.find(needle) != std::string::npos, std::string("card lacks ") + needle);
    CHECK(readJsonl(dir / "hf" / "data" / "train.jsonl").size() +
              readJsonl(dir / "hf" / "data" / "test.jsonl").size() ==
          18);
    // A file we did not write keeps the folder from being replaced, even with leave.
    writeFile(dir / "hf" / "notes.txt", "the user's own");
    const ExportOptions ungated = ungatedOptions();
    auto kept = HfDatasetWriter::write(ps, ungated, dir / "hf", card, replace);
    CHECK(!kept && kept.error().code == kOutputNotOurs &&
          fileBytes(dir / "hf" / "notes.txt") == "the user's own");
    fs::remove(dir / "hf" / "notes.txt");
    auto noLeave = HfDatasetWriter::write(ps, ungated, dir / "hf", card);
    CHECK(!noLeave && noLeave.error().code == kOutputExists);
    CHECK(HfDatasetWriter::write(ps, ungated, dir / "hf", card, replace));
    CHECK(fs::exists(dir / "hf" / kDatasetMarker) &&
          !fs::exists(dir / "hf" / "data" / "test.jsonl"));
    CHECK(noTemporaries(dir));
}

void demoTests() {
    const fs::path dir = tempDir("demo");
    auto store = createDemoProject(dir / "starter.kwbproj");
    CHECK_MSG(store, store ? "" : store.error().message);
    if (!store)
        return;
    auto info = (*store)->info();
    CHECK(info && info->samples == 24 && info->tasks == 6 && info->verifications == 0);
    auto byTask = (*store)->statsByTask();
    CHECK(byTask && byTask->size() == 6);
    for (const auto& g : *byTask)
        CHECK_MSG(g.samples == 4 && g.verified == 0 && g.unreviewed == 4, g.key);
    SampleFilter demo;
    demo.origin = SampleOrigin::Demo;
    CHECK((*store)->countSamples(demo).value() == 24);
    // The fast one of each task is its reference solution, byte for byte.
    auto manifest =
        nlohmann::json::parse(fileBytes(sourceDir() / "resources" / "demo" / "manifest.json"));
    std::int64_t id = 0;
    for (const auto& e : manifest["samples"]) {
        ++id;
        auto s = (*store)->sample(id);
        CHECK(s && s->taskId == e["task"] && s->label == e["label"]);
        CHECK(s && s->source == fileBytes(sourceDir() / "resources" / "demo" /
                                          e["file"].get<std::string>()));
    }
    CHECK(!fs::exists(dir / (".starter.kwbproj.seed-" + std::to_string(::getpid()))));
    auto again = createDemoProject(dir / "starter.kwbproj");
    CHECK(!again && again.error().code == "project-exists");
}
