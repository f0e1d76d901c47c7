// Samples with provenance, verification records and the review history with undo.
#include "core/record/record_identity.h"
#include "core/store/project_store.h"
#include "core/sys/sha256.h"
#include "tests/store/fixtures.h"
#include "tests/store/suites.h"
#include "tests/store/synthetic_kernels.h"

using namespace kwb;
using namespace kwbtest;
namespace fs = std::filesystem;

void sampleTests() {
    auto store = ProjectStore::create(tempDir("samples") / "p.kwbproj");
    CHECK(store);
    if (!store)
        return;
    ProjectStore& ps = **store;
    const Task sgemm = task("sgemm-f32");
    Sample in = sample("sgemm-f32", syntheticKernel("sgemm-f32", 1), "claude-test");
    in.label = "tiled.cu";
    auto id = ps.addSample(sgemm, in);
    CHECK_MSG(id, id ? "" : id.error().message);
    auto out = ps.sample(*id);
    CHECK(out);
    if (out) {
        CHECK(out->source == in.source);
        CHECK(out->sourceHash == sha256Hex(in.source));
        CHECK(out->messages == in.messages);
        CHECK(out->rawResponse == in.rawResponse);
        CHECK(out->model == "claude-test" && out->provider == "test-provider" &&
              out->label == "tiled.cu");
        CHECK(out->promptTokens == 120 && out->completionTokens == 900 && out->costUsd == 0.0123);
        CHECK(out->parameters == in.parameters);
        CHECK(out->origin == SampleOrigin::Model);
        CHECK(!out->createdAt.empty());
        CHECK(out->status.verdict == Verdict::Unreviewed && out->status.verificationId.empty());
        auto spec = ps.taskSpec(out->taskSpecId);
        CHECK(spec && *spec == sgemm);
    }
    // The same spec is stored once; a changed spec is a new one (the spec as used).
    auto id2 = ps.addSample(sgemm, sample("sgemm-f32", syntheticKernel("sgemm-f32", 2)));
    Task changed = sgemm;
    changed.prompt += "\nUse tensor cores.";
    auto id3 = ps.addSample(changed, sample("sgemm-f32", syntheticKernel("sgemm-f32", 3)));
    CHECK(id2 && id3);
    CHECK(ps.sample(*id2)->taskSpecId == out->taskSpecId);
    CHECK(ps.sample(*id3)->taskSpecId != out->taskSpecId);

    // A person's edit names its parent; a parent that does not exist is refused.
    Sample edit = sample("sgemm-f32", syntheticKernel("sgemm-f32", 4));
    edit.origin = SampleOrigin::Person;
    edit.author = "ana";
    edit.parentId = *id;
    auto id4 = ps.addSample(sgemm, edit);
    CHECK(id4 && ps.sample(*id4)->parentId == std::optional<std::int64_t>(*id));
    edit.parentId = 999999;
    auto bad = ps.addSample(sgemm, edit);
    CHECK(!bad && bad.error().code == "bad-sample");
    // Bad input is refused whole.
    CHECK(!ps.addSample(sgemm, sample("sgemm-f32", "")));
    CHECK(!ps.addSample(sgemm, sample("softmax-rows-f32", "x")));
    SampleBatch mixed;
    mixed.tasks = {sgemm};
    mixed.samples = {sample("sgemm-f32", syntheticKernel("sgemm-f32", 5)), sample("sgemm-f32", "")};
    auto before = ps.info()->samples;
    CHECK(!ps.addSamples(mixed));
    CHECK(ps.info()->samples == before);

    // Verification records: of this exact source only; the latest is the sample's.
    auto rec = record(*out, "wrong-result", std::nullopt);
    CHECK(ps.addVerification(*id, rec));
    CHECK(ps.sample(*id)->status.verificationVerdict == "wrong-result");
    CHECK(ps.sample(*id)->status.onGpu);
    auto rec2 = record(*out, "pass", 2.5, "NVIDIA H200");
    CHECK(ps.addVerification(*id, rec2));
    auto now = ps.sample(*id);
    CHECK(now->status.verificationId == rec2.id &&
          now->status.speedup == std::optional<double>(2.5) && now->status.gpu == "NVIDIA H200");
    CHECK(ps.addVerification(*id, rec2)); // the same record again: stored once
    CHECK(ps.verifications(*id)->size() == 2);
    auto other = ps.addVerification(*id2, rec2);
    CHECK(!other && other.error().code == "verification-mismatch");
    auto notRun = record(*ps.sample(*id2), "not-run", std::nullopt);
    CHECK(ps.addVerification(*id2, notRun));
    CHECK(!ps.sample(*id2)->status.onGpu);
    CHECK(!ps.addVerification(424242, rec2));
    // Profiles are kept apart: the sample's verdict and speedup stay those of its verifications.
    auto prof = record(*out, "pass", std::nullopt, "NVIDIA H200");
    prof.profile = kwb::verification::ProfileReport{};
    prof.profile->shape = "large";
    prof.profile->sides.push_back({});
    prof.profile->sides.back().target = "candidate";
    prof = kwb::verification::sealed(prof);
    CHECK(ps.addProfile(*id, prof));
    CHECK(ps.addProfile(*id, prof)); // the same profile again: stored once
    auto profiles = ps.profiles(*id);
    CHECK(profiles && profiles->size() == 1 && (*profiles)[0] == prof);
    CHECK(ps.sample(*id)->status.verificationId == rec2.id); // unchanged by the profile
    CHECK(ps.verifications(*id)->size() == 2);
    auto notAProfile = ps.addProfile(*id, rec2);
    CHECK(!notAProfile && notAProfile.error().code == "verification-mismatch");
    auto elsewhere = ps.addProfile(*id2, prof); // another source
    CHECK(!elsewhere && elsewhere.error().code == "verification-mismatch");
    CHECK(ps.profiles(*id2) && ps.profiles(*id2)->empty());
    CHECK(ps.latestProfile(*id2) && !*ps.latestProfile(*id2));
    // A second profile (another shape): the list keeps both, oldest first; the latest is it.
    auto prof2 = prof;
    prof2.profile->shape = "small";
    prof2 = kwb::verification::sealed(prof2);
    CHECK(prof2.id != prof.id);
    CHECK(ps.addProfile(*id, prof2));
    CHECK(ps.profiles(*id)->size() == 2 && ps.profiles(*id)->back() == prof2);
    auto latest = ps.latestProfile(*id);
    CHECK(latest && *latest && **latest == prof2);
    auto rep = ps.checkIntegrity();
    CHECK(rep && rep->ok());
}

void reviewTests() {
    auto store = ProjectStore::create(tempDir("reviews") / "p.kwbproj");
    ProjectStore& ps = **store;
    auto id =
        *ps.addSample(task("sgemm-f32"), sample("sgemm-f32", syntheticKernel("sgemm-f32", 1)));
    CHECK(!ps.review(id, Verdict::Unreviewed, "ana"));
    CHECK(!ps.review(id, Verdict::Accepted, ""));
    CHECK(!ps.review(777, Verdict::Accepted, "ana"));
    auto nothing = ps.undoReview(id);
    CHECK(!nothing && nothing.error().code == "nothing-to-undo");

    auto r1 = ps.review(id, Verdict::Accepted, "ana", "fast and clean", {"tiled", "good-first"});
    CHECK(r1 && r1->verdict == Verdict::Accepted && r1->tags.size() == 2);
    auto r2 = ps.review(id, Verdict::Rejected, "ben", "reads out of bounds");
    CHECK(ps.sample(id)->status.verdict == Verdict::Rejected); // the latest wins
    auto r3 = ps.review(id, Verdict::NeedsWork, "ana");
    CHECK(ps.sample(id)->status.verdict == Verdict::NeedsWork);
    // Only the author of the verdict in force may undo it when a reviewer is named.
    auto notYours = ps.undoReview(id, "ben");
    CHECK(!notYours && notYours.error().code == "not-your-review");
    auto u1 = ps.undoReview(id, "ana");
    CHECK(u1 && u1->reverts == std::optional<std::int64_t>(r3->id) &&
          u1->verdict == Verdict::Rejected);
    CHECK(ps.sample(id)->status.verdict == Verdict::Rejected);
    auto u2 = ps.undoReview(id, "ben");
    CHECK(u2 && u2->reverts == std::optional<std::int64_t>(r2->id) &&
          u2->verdict == Verdict::Accepted);
    auto u3 = ps.undoReview(id);
    CHECK(u3 && u3->reverts == std::optional<std::int64_t>(r1->id) &&
          u3->verdict == Verdict::Unreviewed);
    CHECK(ps.sample(id)->status.verdict == Verdict::Unreviewed);
    CHECK(!ps.undoReview(id));
    // A new verdict after undos; undo restores the state before it.
    auto r4 = ps.review(id, Verdict::Accepted, "ana");
    auto u4 = ps.undoReview(id);
    CHECK(u4 && u4->verdict == Verdict::Unreviewed);
    // Nothing was deleted: every entry is still there, in order.
    auto h = ps.reviewHistory(id);
    CHECK(h && h->size() == 8);
    if (h && h->size() == 8) {
        CHECK((*h)[0].id == r1->id && (*h)[0].note == "fast and clean" &&
              (*h)[0].reviewer == "ana");
        CHECK((*h)[6].id == r4->id && (*h)[7].isUndo());
        for (std::size_t i = 1; i < h->size(); ++i)
            CHECK((*h)[i].id > (*h)[i - 1].id && (*h)[i].createdAt >= (*h)[i - 1].createdAt);
    }
    auto rep = ps.checkIntegrity();
    CHECK(rep && rep->ok());
}
