// The GUI's queries: filters, pages, the review queue, statistics; and duplicate detection.
#include <set>

#include <climits>

#include "core/store/project_store.h"
#include "core/store/sample_filter_sql.h"
#include "core/store/source_fingerprint.h"
#include "core/store/sqlite_connection.h"
#include "tests/store/fixtures.h"
#include "tests/store/suites.h"
#include "tests/store/synthetic_kernels.h"

using namespace kwb;
using namespace kwbtest;

namespace {

std::vector<std::int64_t> ids(const SamplePage& p) {
    std::vector<std::int64_t> out;
    for (const auto& r : p.rows)
        out.push_back(r.id);
    return out;
}

// The rows one SQL query gives for a filter (the text as an IN subquery over the full-text
// index): what every plan must return.
std::vector<std::int64_t> referenceIds(ProjectStore& ps, const SampleFilter& f, SampleOrder order) {
    auto cond = filterCondition(f);
    const char* by = order == SampleOrder::NewestFirst   ? " ORDER BY s.id DESC"
                     : order == SampleOrder::OldestFirst ? " ORDER BY s.id ASC"
                                                         : " ORDER BY s.speedup DESC, s.id DESC";
    auto st = ps.connection().prepare("SELECT s.id FROM samples s WHERE " + cond.where + by);
    std::vector<std::int64_t> out;
    if (!st)
        return out;
    bindCondition(*st, cond);
    while (st->step().value())
        out.push_back(st->int64At(0));
    return out;
}

// Text combined with other filters: both plans (each match probed, candidates merged) give
// exactly the reference query's rows, totals and page order.
void textPlanTests(const std::filesystem::path& project) {
    StoreOptions probe, merge;
    probe.textProbeMaxHits = INT64_MAX;
    merge.textProbeMaxHits = -1;
    auto a = ProjectStore::open(project, probe), b = ProjectStore::open(project, merge),
         ref = ProjectStore::open(project);
    CHECK(a && b && ref);
    if (!a || !b || !ref)
        return;
    const std::vector<std::string> texts = {
        "fmaxf",     "helper",  "warpshufflemagic",   "model-b",
        "fma fmaxf", "kernel_", "nosuchwordanywhere", "\"quoted\" OR nonsense*",
        "float -"};
    std::vector<SampleFilter> others(9); // the last: text alone
    others[0].tasks = {"sgemm-f32"};
    others[1].verdicts = {Verdict::Accepted, Verdict::Rejected};
    others[2].models = {"model-a"};
    others[2].tasks = {"softmax-rows-f32", "reduce-sum-f32"};
    others[3].minSpeedup = 0.6;
    others[3].maxSpeedup = 2.0;
    others[4].verifiedOnGpu = true;
    others[5].passedOnly = true;
    others[6].includeDuplicates = false;
    others[7].origin = SampleOrigin::Import;
    int compared = 0;
    for (const auto& text : texts)
        for (auto f : others) {
            f.text = text;
            for (auto order :
                 {SampleOrder::NewestFirst, SampleOrder::OldestFirst, SampleOrder::FastestFirst}) {
                const auto want = referenceIds(**ref, f, order);
                for (std::int64_t offset : {0, 3, 1000}) {
                    PageRequest pr{7, offset, order};
                    std::vector<std::int64_t> page;
                    for (auto i = std::size_t(offset); i < want.size() && page.size() < 7; ++i)
                        page.push_back(want[i]);
                    auto pa = (*a)->listSamples(f, pr), pb = (*b)->listSamples(f, pr);
                    const std::string what =
                        "text \"" + text + "\", offset " + std::to_string(offset);
                    CHECK_MSG(pa && pa->total == std::int64_t(want.size()) && ids(*pa) == page,
                              "probe plan: " + what);
                    CHECK_MSG(pb && pb->total == std::int64_t(want.size()) && ids(*pb) == page,
                              "merge plan: " + what);
                    ++compared;
                }
            }
            auto ca = (*a)->countSamples(f), cb = (*b)->countSamples(f);
            const auto n = std::int64_t(referenceIds(**ref, f, SampleOrder::OldestFirst).size());
            CHECK(ca && cb && *ca == n && *cb == n);
        }
    CHECK(compared == int(texts.size() * others.size() * 9));
}

} // namespace

void queryTests() {
    auto store = ProjectStore::create(tempDir("queries") / "p.kwbproj");
    ProjectStore& ps = **store;
    // 60 samples: 3 tasks x 2 models; every third verified (pass, speedup 0.5 .. 3), every
    // fifth of those failing; some reviewed.
    SampleBatch b;
    b.tasks = {task("sgemm-f32"), task("softmax-rows-f32"), task("reduce-sum-f32")};
    const char* tasks[] = {"sgemm-f32", "softmax-rows-f32", "reduce-sum-f32"};
    for (int i = 0; i < 60; ++i) {
        std::string src = syntheticKernel(tasks[i % 3], std::uint64_t(i));
        if (i == 42)
            src += "\n// uses warpshufflemagic for the tail\n__device__ int warpshufflemagic;\n";
        b.samples.push_back(sample(tasks[i % 3], src, i % 2 ? "model-b" : "model-a"));
    }
    auto added = ps.addSamples(b);
    CHECK(added && added->size() == 60);
    int verified = 0, passed = 0;
    for (int i = 0; i < 60; i += 3) {
        auto s = *ps.sample((*added)[std::size_t(i)]);
        bool pass = i % 15 != 0;
        CHECK(ps.addVerification(
            s.id, record(s, pass ? "pass" : "wrong-result",
                         pass ? std::optional<double>(0.5 + i / 20.0) : std::nullopt)));
        ++verified;
        passed += pass;
    }
    // Reviews: samples 1..10 accepted when even, rejected when odd; 11 needs work.
    for (int i = 1; i <= 10; ++i)
        CHECK(ps.review((*added)[std::size_t(i)], i % 2 ? Verdict::Rejected : Verdict::Accepted,
                        "ana"));
    CHECK(ps.review((*added)[11], Verdict::NeedsWork, "ana"));

    SampleFilter f;
    CHECK(ps.countSamples(f).value() == 60);
    f.tasks = {"sgemm-f32"};
    CHECK(ps.countSamples(f).value() == 20);
    f.models = {"model-a"};
    CHECK(ps.countSamples(f).value() == 10);
    f = {};
    f.verdicts = {Verdict::Accepted};
    CHECK(ps.countSamples(f).value() == 5);
    f.verdicts = {Verdict::Accepted, Verdict::Rejected};
    CHECK(ps.countSamples(f).value() == 10);
    f = {};
    f.verifiedOnGpu = true;
    CHECK(ps.countSamples(f).value() == verified);
    f.passedOnly = true;
    CHECK(ps.countSamples(f).value() == passed);
    f = {};
    f.minSpeedup = 1.0;
    f.maxSpeedup = 2.0;
    auto inRange = ps.listSamples(f, {100, 0, SampleOrder::FastestFirst});
    CHECK(inRange && inRange->total == std::int64_t(inRange->rows.size()) &&
          !inRange->rows.empty());
    for (std::size_t i = 0; inRange && i < inRange->rows.size(); ++i) {
        CHECK(*inRange->rows[i].status.speedup >= 1.0 && *inRange->rows[i].status.speedup <= 2.0);
        if (i)
            CHECK(*inRange->rows[i].status.speedup <= *inRange->rows[i - 1].status.speedup);
    }
    f = {};
    f.text = "warpshufflemagic";
    auto found = ps.listSamples(f);
    CHECK(found && found->total == 1 && found->rows.size() == 1 &&
          found->rows[0].id == (*added)[42]);
    f.text = "warpshuffle"; // prefixes match
    CHECK(ps.countSamples(f).value() == 1);
    f.text = "model-b";
    CHECK(ps.countSamples(f).value() == 30);
    f.text = "\"quoted\" OR nonsense*";
    CHECK(ps.countSamples(f)); // user text never breaks the query

    // Pages: newest first, stable, complete.
    std::set<std::int64_t> seen;
    std::int64_t last = INT64_MAX;
    for (int page = 0; page < 7; ++page) {
        auto p = ps.listSamples({}, {10, page * 10, SampleOrder::NewestFirst});
        CHECK(p && p->total == 60);
        if (!p)
            break;
        CHECK(p->rows.size() == (page < 6 ? 10u : 0u));
        for (auto id : ids(*p)) {
            CHECK(id < last);
            last = id;
            seen.insert(id);
        }
    }
    CHECK(seen.size() == 60);

    // The queue: unreviewed verified, unreviewed unverified, then needs-work; oldest first.
    std::vector<std::int64_t> order;
    std::optional<std::int64_t> cur;
    for (int guard = 0; guard < 100; ++guard) {
        auto n = ps.nextInQueue({}, cur);
        CHECK(n);
        if (!n || !*n)
            break;
        order.push_back((*n)->id);
        cur = (*n)->id;
    }
    CHECK(order.size() == 50); // 60 minus 10 accepted or rejected
    auto len = ps.queueLength({});
    CHECK(len && *len == 50);
    bool inUnverified = false;
    for (std::size_t i = 0; i < order.size(); ++i) {
        auto s = *ps.sample(order[i]);
        if (i + 1 == order.size()) {
            CHECK(s.status.verdict == Verdict::NeedsWork);
            continue;
        }
        CHECK(s.status.verdict == Verdict::Unreviewed);
        if (s.status.verificationId.empty())
            inUnverified = true;
        else
            CHECK_MSG(!inUnverified, "verified samples come before unverified ones");
        if (i && !inUnverified)
            CHECK(order[i] > order[i - 1]);
    }
    // Reviewing the head moves the queue on; next after it is the new head.
    auto head = ps.nextInQueue({}, std::nullopt);
    CHECK(ps.review((*head)->id, Verdict::Accepted, "ana"));
    auto after = ps.nextInQueue({}, (*head)->id);
    CHECK(after && *after && (*after)->id == order[1]);
    auto onlySoftmax = ps.nextInQueue({{"softmax-rows-f32"}, {}});
    CHECK(onlySoftmax && *onlySoftmax && (*onlySoftmax)->taskId == "softmax-rows-f32");

    // Statistics per task and per model.
    auto byTask = ps.statsByTask();
    CHECK(byTask && byTask->size() == 3);
    std::int64_t total = 0, pass = 0, ver = 0;
    for (const auto& g : *byTask) {
        total += g.samples;
        pass += g.passed;
        ver += g.verified;
        CHECK(g.speedup.count == g.passed);
        CHECK(g.speedup.count == 0 ||
              (g.speedup.min <= g.speedup.median && g.speedup.median <= g.speedup.max));
        std::int64_t hist = 0;
        for (auto h : g.speedup.histogram)
            hist += h;
        CHECK(hist == g.speedup.count);
    }
    CHECK(total == 60 && pass == passed && ver == verified);
    auto byModel = ps.statsByModel();
    CHECK(byModel && byModel->size() == 2);
    for (const auto& g : *byModel) {
        CHECK(g.samples == 30);
        if (g.key == "model-a")
            CHECK(g.accepted == 6 && g.rejected == 0 &&
                  g.acceptRate() == 1.0); // 2,4,6,8,10 and the queue head (0)
        if (g.key == "model-b")
            CHECK(g.accepted == 0 && g.rejected == 5 && g.needsWork == 1 && g.acceptRate() == 0.0);
    }

    // Two samples with the same speedup (ties order newest first) and an exact duplicate.
    auto one = *ps.sample((*added)[1]);
    CHECK(ps.addVerification(one.id, record(one, "pass", 0.5 + 3 / 20.0)));
    auto dup = ps.addSample(task("sgemm-f32"),
                            sample("sgemm-f32", syntheticKernel("sgemm-f32", 0), "model-a"));
    CHECK(dup && ps.sample(*dup)->status.duplicateOf);
    textPlanTests(ps.path());
}

void dedupTests() {
    // Normalisation: comments and whitespace go, strings stay whole.
    CHECK(normaliseSource("int  a = 1; // one\n/* two */ int b=2;") == "int a = 1 ; int b = 2 ;");
    CHECK(normaliseSource("const char* s = \"// not a comment\";") ==
          "const char * s = \"// not a comment\" ;");

    auto store = ProjectStore::create(tempDir("dedup") / "p.kwbproj");
    ProjectStore& ps = **store;
    const Task sgemm = task("sgemm-f32"), softmax = task("softmax-rows-f32");
    const std::string base = syntheticKernel("sgemm-f32", 100);
    auto original = *ps.addSample(sgemm, sample("sgemm-f32", base));
    CHECK(!ps.sample(original)->status.duplicateOf);
    // Exact: only comments and whitespace differ.
    std::string recommented = "// A different header comment\n" + base;
    for (std::size_t p = recommented.find("    "); p != std::string::npos;
         p = recommented.find("    ", p + 2))
        recommented.replace(p, 4, "\t");
    auto exact = *ps.addSample(sgemm, sample("sgemm-f32", recommented));
    auto e = *ps.sample(exact);
    CHECK(e.status.duplicateOf == std::optional<std::int64_t>(original) &&
          e.status.duplicateKind == "exact");
    // Near: a few tokens changed.
    std::string tweaked = base;
    tweaked.replace(tweaked.find("return"), 6, "return 0.5f *");
    auto near = *ps.addSample(sgemm, sample("sgemm-f32", tweaked));
    auto n = *ps.sample(near);
    CHECK_MSG(n.status.duplicateOf == std::optional<std::int64_t>(original) &&
                  n.status.duplicateKind == "near",
              "near duplicate kind " + n.status.duplicateKind);
    CHECK(n.status.similarity >= 0.85 && n.status.similarity < 1.0);
    // A duplicate of a duplicate names the original.
    std::string tweaked2 = tweaked + "\n// trailing\n";
    auto chain = *ps.addSample(sgemm, sample("sgemm-f32", tweaked2));
    CHECK(ps.sample(chain)->status.duplicateOf == std::optional<std::int64_t>(original));
    // Different kernels, and the same kernel for another task, are not duplicates.
    for (std::uint64_t seed = 200; seed < 230; ++seed) {
        auto other = *ps.addSample(sgemm, sample("sgemm-f32", syntheticKernel("sgemm-f32", seed)));
        CHECK_MSG(!ps.sample(other)->status.duplicateOf, "seed " + std::to_string(seed));
    }
    auto crossTask = *ps.addSample(softmax, sample("softmax-rows-f32", base));
    CHECK(!ps.sample(crossTask)->status.duplicateOf);
    SampleFilter noDup;
    noDup.includeDuplicates = false;
    CHECK(ps.countSamples(noDup).value() == ps.countSamples({}).value() - 3);
    auto rep = ps.checkIntegrity();
    CHECK(rep && rep->ok());
}
