#include "app/kwb/samples_verify.h"

#include <algorithm>
#include <atomic>
#include <csignal>
#include <cstdio>
#include <iostream>
#include <thread>
#include <unistd.h>

#include "app/kwb/verdict_text.h"
#include "core/verify/stored_sample_verification.h"
#include "core/verify/verification_queue.h"

namespace kwb::cli {
namespace {

namespace v = verification;

std::atomic<bool> g_interrupted{false};
void onSigint(int) {
    g_interrupted = true;
}

// The samples named, or those the filter selects (only the unverified ones with --unverified).
Result<std::vector<std::int64_t>> selectSamples(ProjectStore& store, const SampleFilter& filter,
                                                const SamplesVerifyOpts& o) {
    if (!o.ids.empty())
        return o.ids;
    std::vector<std::int64_t> ids;
    PageRequest page;
    page.limit = 1000;
    page.order = SampleOrder::OldestFirst;
    for (;;) {
        auto rows = store.listSamples(filter, page);
        if (!rows)
            return rows.error();
        for (const auto& r : rows->rows)
            if (!o.unverified || r.status.verificationId.empty())
                ids.push_back(r.id);
        if (rows->rows.size() < std::size_t(page.limit))
            break;
        page.offset += page.limit;
    }
    return ids;
}

struct Tally {
    int passed = 0, failed = 0, notRun = 0, errors = 0, skipped = 0;
};

void printProgress(const QueueProgress& p) {
    std::fprintf(stderr, "\r\033[K%zu of %zu done, %zu building, %zu waiting, %zu verifying",
                 p.done, p.submitted, p.building, p.waiting, p.verifying);
    if (p.etaSeconds)
        std::fprintf(stderr, ", about %.0f s left", *p.etaSeconds);
    std::fflush(stderr);
}

std::string figures(const v::VerificationRecordData& r) {
    if (!r.queue)
        return {};
    char b[96];
    std::snprintf(b, sizeof b, " (build %.1f s, waited %.1f s, GPU %.1f s)", r.queue->buildSeconds,
                  r.queue->queueWaitSeconds, r.queue->gpuSeconds);
    return b;
}

// Keeps the record and says how it went.
void take(ProjectStore& store, QueueResult& r, const SamplesVerifyOpts& o, Tally& t,
          nlohmann::json& out) {
    if (!r.record) {
        ++t.errors;
        std::cerr << "kwb samples verify: sample #" << r.tag << ": " << r.record.error().message
                  << "\n";
        return;
    }
    const v::VerificationRecordData& rec = *r.record;
    if (Status st = store.addVerification(r.tag, rec); !st) {
        ++t.errors;
        std::cerr << "kwb samples verify: sample #" << r.tag
                  << ": the record was not kept: " << st.error().message << "\n";
        return;
    }
    const v::Verdict verdict = rec.verdict.value;
    t.passed += verdict == v::Verdict::Pass;
    t.notRun += verdict == v::Verdict::NotRun;
    t.failed += verdict != v::Verdict::Pass && verdict != v::Verdict::NotRun;
    const bool single = o.ids.size() == 1; // as `kwb samples verify ID` always answered
    if (o.json) {
        if (single)
            out = v::toJson(rec);
        else
            out.push_back({{"sample", r.tag}, {"record", v::toJson(rec)}});
        return;
    }
    char speed[32] = "";
    if (rec.geomeanSpeedup)
        std::snprintf(speed, sizeof speed, ", %.2fx", *rec.geomeanSpeedup);
    std::cout << "Sample #" << r.tag << ": " << recordVerdictLine(rec) << speed
              << (single ? "\nRecord " + rec.id + " kept in " + store.path().string()
                         : figures(rec))
              << "\n"
              << std::flush;
}

int exitCode(const Tally& t, bool interrupted) {
    if (interrupted)
        return 130;
    if (t.errors)
        return 2;
    if (t.failed)
        return 1;
    return t.notRun && !t.passed ? 3 : 0;
}

// Submits every sample not verified alike (unless --again); the number submitted.
std::size_t submitAll(ProjectStore& store, VerificationQueue& queue,
                      const std::vector<std::int64_t>& ids, const VerifyOptions& opts,
                      const std::string& device, const SamplesVerifyOpts& o, Tally& t) {
    std::size_t submitted = 0;
    for (std::int64_t id : ids) {
        auto sample = loadSampleVerification(store, id);
        if (!sample) {
            ++t.errors;
            std::cerr << "kwb samples verify: sample #" << id << ": " << sample.error().message
                      << "\n";
            continue;
        }
        if (!o.again) {
            auto records = store.verifications(id);
            if (records && verifiedAlike(*records, opts, device)) {
                ++t.skipped;
                continue;
            }
        }
        queue.submit(queueItemOf(std::move(*sample), opts));
        ++submitted;
    }
    queue.close();
    return submitted;
}

} // namespace

int runSamplesVerify(ProjectStore& store, const SampleFilter& filter, const SamplesVerifyOpts& o) {
    auto ids = selectSamples(store, filter, o);
    if (!ids) {
        std::cerr << "kwb samples verify: " << ids.error().message << "\n";
        return 2;
    }
    VerifyOptions opts;
    opts.seed = o.seed;
    opts.bench = !o.noBench;
    opts.timeoutSeconds = o.timeout;
    const LocalLanes local = localLanes(o.gpus, "kwb");
    const std::string& device = local.deviceName;
    QueueSettings settings;
    settings.buildJobs =
        o.jobs > 0 ? o.jobs : int(std::max(1u, std::thread::hardware_concurrency()));
    settings.lanes = local.lanes;
    settings.buildTimeoutSeconds = o.buildTimeout;
    if (o.builtAhead >= 0)
        settings.builtAheadPerLane = o.builtAhead;
    if (o.ownBaselines)
        settings.reuseBaselineSeconds = 0;
    Tally t;
    nlohmann::json out = o.ids.size() == 1 ? nlohmann::json() : nlohmann::json::array();
    g_interrupted = false;
    auto previous = std::signal(SIGINT, onSigint);
    VerificationQueue queue(settings);
    const std::size_t submitted = submitAll(store, queue, *ids, opts, device, o, t);
    const bool tty = ::isatty(2) && !o.json;
    while (!queue.finished()) {
        if (g_interrupted)
            queue.cancel();
        if (auto r = queue.next(std::chrono::milliseconds(200)))
            take(store, *r, o, t, out);
        if (tty)
            printProgress(queue.progress());
    }
    std::signal(SIGINT, previous);
    if (tty)
        std::fprintf(stderr, "\r\033[K");
    if (o.json && !out.is_null())
        std::cout << out.dump(1) << "\n";
    else if (ids->size() != 1 || t.skipped)
        std::cout << submitted << " verified (" << t.passed << " passed, " << t.failed
                  << " failed, " << t.notRun << " not run, " << t.errors << " errors), "
                  << t.skipped
                  << " already verified alike (--again verifies them again); records in "
                  << store.path().string() << "\n";
    return exitCode(t, g_interrupted);
}

} // namespace kwb::cli
