// The review-history and verification filters (tags, reviewers, notes, text over notes,
// verification verdict family, screening findings, duplicates only) on a real project file,
// checked row by row, and every text plan against the single reference query.
#include <algorithm>
#include <climits>
#include <set>

#include "core/record/record_identity.h"
#include "core/store/project_store.h"
#include "core/store/sample_filter_sql.h"
#include "core/store/sqlite_connection.h"
#include "tests/store/fixtures.h"
#include "tests/store/suites.h"
#include "tests/store/synthetic_kernels.h"

using namespace kwb;
using namespace kwbtest;

namespace {

using Ids = std::set<std::int64_t>;

Ids listed(ProjectStore& ps, const SampleFilter& f) {
    Ids out;
    auto page = ps.listSamples(f, {1000, 0, SampleOrder::NewestFirst});
    CHECK_MSG(page, page ? std::string() : page.error().message);
    if (!page)
        return out;
    for (const auto& r : page->rows)
        out.insert(r.id);
    // The count agrees with the page, and the export's walk with both.
    auto n = ps.countSamples(f);
    CHECK(n && *n == std::int64_t(out.size()) && page->total == *n);
    Ids walked;
    CHECK(ps.forEachSample(f, [&](const Sample& s) {
        walked.insert(s.id);
        return true;
    }));
    CHECK(walked == out);
    return out;
}

// The rows of filterCondition's one query: what every plan must give.
Ids reference(ProjectStore& ps, const SampleFilter& f) {
    auto cond = filterCondition(f);
    auto st = ps.connection().prepare("SELECT s.id FROM samples s WHERE " + cond.where);
    Ids out;
    CHECK(st);
    if (!st)
        return out;
    bindCondition(*st, cond);
    while (st->step().value())
        out.insert(st->int64At(0));
    return out;
}

verification::VerificationRecordData screenedRecord(const Sample& s, const std::string& verdict,
                                                    std::optional<double> speedup, int findings) {
    auto rec = record(s, verdict, speedup);
    verification::Screening screening;
    screening.version = 1;
    for (int i = 0; i < findings; ++i)
        screening.findings.push_back(
            {"host-syscall", 3 + i, "syscall(SYS_getpid)", nlohmann::json::object()});
    rec.screening = screening;
    rec.id.clear();
    return verification::sealed(rec);
}

} // namespace

void filterTests() {
    auto store = ProjectStore::create(tempDir("filters") / "p.kwbproj");
    CHECK(store);
    if (!store)
        return;
    ProjectStore& ps = **store;
    SampleBatch b;
    b.tasks = {task("sgemm-f32"), task("softmax-rows-f32")};
    const char* tasks[] = {"sgemm-f32", "softmax-rows-f32"};
    for (int i = 0; i < 8; ++i) {
        std::string src = syntheticKernel(tasks[i % 2], std::uint64_t(100 + i));
        if (i == 5) // an exact duplicate of sample 0 (same task)
            src = syntheticKernel(tasks[0], 100);
        if (i == 7)
            src += "\n// zebrakernel: the tail handled by one warp\n";
        b.samples.push_back(sample(i == 5 ? tasks[0] : tasks[i % 2], src));
    }
    auto added = ps.addSamples(b);
    CHECK(added && added->size() == 8);
    if (!added || added->size() != 8)
        return;
    const auto id = [&](int i) { return (*added)[std::size_t(i)]; };
    const auto verify = [&](int i, const std::string& verdict, std::optional<double> speedup,
                            int findings) {
        auto s = ps.sample(id(i));
        CHECK(s && ps.addVerification(id(i), screenedRecord(*s, verdict, speedup, findings)));
    };
    verify(0, "pass", 1.5, 0);
    verify(1, "wrong-result", std::nullopt, 0);
    verify(2, "pass", 2.5, 1);
    verify(4, "tampering", std::nullopt, 0);
    verify(6, "not-run", std::nullopt, 0);
    CHECK(ps.review(id(0), Verdict::Accepted, "alice", "Clean tiling, quokka-grade shared memory",
                    {"tiling", "good"}));
    CHECK(ps.review(id(1), Verdict::Rejected, "bob", "bank conflicts everywhere, 50% slower",
                    {"bank-conflict"}));
    CHECK(ps.review(id(2), Verdict::NeedsWork, "alice", "check the TAIL", {"tail"}));
    CHECK(ps.review(id(2), Verdict::Accepted, "bob", "tail fixed", {"good"}));
    CHECK(ps.review(id(3), Verdict::Accepted, "alice", "looks fine", {"tiling"}));
    CHECK(ps.undoReview(id(3), "alice"));
    CHECK(ps.sample(id(5))->status.duplicateOf == id(0));

    SampleFilter f;
    f.tags = {"good"};
    CHECK(listed(ps, f) == Ids({id(0), id(2)}));
    f.tags = {"tiling"}; // sample 3's verdict was undone: its tags are no longer in force
    CHECK(listed(ps, f) == Ids({id(0)}));
    f.tags = {"bank-conflict", "tail"}; // sample 2's "tail" was replaced by bob's verdict
    CHECK(listed(ps, f) == Ids({id(1)}));
    f = {};
    f.reviewers = {"alice"}; // an undone verdict was still given
    CHECK(listed(ps, f) == Ids({id(0), id(2), id(3)}));
    f.reviewers = {"bob"};
    CHECK(listed(ps, f) == Ids({id(1), id(2)}));
    f.reviewers = {"carol"};
    CHECK(listed(ps, f).empty());
    f.reviewers = {"bob"};
    f.tags = {"good"};
    CHECK(listed(ps, f) == Ids({id(2)}));

    f = {};
    f.noteText = "tail"; // case-insensitive, over every note of the history
    CHECK(listed(ps, f) == Ids({id(2)}));
    f.noteText = "fixed check"; // words from two notes of one sample, in any order
    CHECK(listed(ps, f) == Ids({id(2)}));
    f.noteText = "conflict"; // inside a word
    CHECK(listed(ps, f) == Ids({id(1)}));
    f.noteText = "undo"; // undo entries' notes are the store's words, not a reviewer's
    CHECK(listed(ps, f).empty());
    f.noteText = "%"; // LIKE's wildcards are searched for as written
    CHECK(listed(ps, f) == Ids({id(1)}));
    f.noteText = "_";
    CHECK(listed(ps, f).empty());
    f.noteText = "   ";
    CHECK(listed(ps, f).size() == 8);

    f = {};
    f.text = "quokka"; // only in a note
    CHECK(listed(ps, f).empty());
    f.textCoversNotes = true;
    CHECK(listed(ps, f) == Ids({id(0)}));
    f.text = "zebrakernel"; // only in a source
    CHECK(listed(ps, f) == Ids({id(7)}));
    f.textCoversNotes = false;
    CHECK(listed(ps, f) == Ids({id(7)}));

    f = {};
    f.verificationFamilies = {verification::VerdictFamily::Pass};
    CHECK(listed(ps, f) == Ids({id(0), id(2)}));
    f.verificationFamilies = {verification::VerdictFamily::Failed};
    CHECK(listed(ps, f) == Ids({id(1)}));
    f.verificationFamilies = {verification::VerdictFamily::SuspectedHack};
    CHECK(listed(ps, f) == Ids({id(4)}));
    f.verificationFamilies = {verification::VerdictFamily::NotRun};
    CHECK(listed(ps, f) == Ids({id(6)}));
    f.verificationFamilies = {verification::VerdictFamily::Pass,
                              verification::VerdictFamily::SuspectedHack};
    CHECK(listed(ps, f) == Ids({id(0), id(2), id(4)}));

    f = {};
    f.screeningFindings = true;
    CHECK(listed(ps, f) == Ids({id(2)}));
    f.screeningFindings = false; // the complement: unverified samples have no findings
    CHECK(listed(ps, f).size() == 7);
    f = {};
    f.duplicatesOnly = true;
    CHECK(listed(ps, f) == Ids({id(5)}));

    auto reviewers = ps.reviewers();
    CHECK(reviewers && *reviewers == std::vector<std::string>({"alice", "bob"}));
    auto tags = ps.reviewTags();
    CHECK(tags && *tags == std::vector<std::string>({"bank-conflict", "good", "tiling"}));

    // Text over sources and notes combined with other filters: both plans (each match probed,
    // candidates merged) give the reference query's rows.
    StoreOptions probe, merge;
    probe.textProbeMaxHits = INT64_MAX;
    merge.textProbeMaxHits = -1;
    auto a = ProjectStore::open(ps.path(), probe), m = ProjectStore::open(ps.path(), merge);
    CHECK(a && m);
    if (!a || !m)
        return;
    std::vector<SampleFilter> others(5);
    others[0].tasks = {"sgemm-f32"};
    others[1].reviewers = {"bob"};
    others[2].tags = {"good"};
    others[3].verificationFamilies = {verification::VerdictFamily::Pass};
    int compared = 0;
    for (const char* text : {"quokka", "tail", "zebrakernel", "float", "bank quokka"})
        for (auto g : others) {
            g.text = text;
            g.textCoversNotes = true;
            const Ids want = reference(ps, g);
            CHECK_MSG(listed(**a, g) == want, text);
            CHECK_MSG(listed(**m, g) == want, text);
            ++compared;
        }
    CHECK(compared == 25);
    SampleFilter tail;
    tail.text = "tail";
    tail.textCoversNotes = true;
    const Ids withNotes = reference(ps, tail);
    CHECK(withNotes.count(id(2)) == 1); // "tail" is in sample 2's notes
    CHECK(withNotes.count(id(7)) == 1); // and sample 7's source
}
