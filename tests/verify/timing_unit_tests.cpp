// The host-side decisions of the timing checks, without a GPU: the speed-of-light judgement,
// what an audit's marks mean, how many buffer sets a shape gets, and the wording of a wrong
// timed output.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <thread>

#include "core/gpu/busy_intervals.h"
#include "core/gpu/device_kernels.h"
#include "core/gpu/shape_setup.h"
#include "core/gpu/sm_clock.h"
#include "core/gpu/speed_of_light.h"
#include "core/gpu/timing.h"
#include "core/gpu/timing_sets.h"
#include "core/verify/timing_overrides.h"
#include "tests/support/check.h"

namespace {

using kwb::gpu::SpeedOfLightVerdict;

bool has(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

void speedOfLight() {
    using kwb::gpu::judgeSpeedOfLight;
    // Memory-bound: 1 ms to move the bytes once. Honest kernels reached 1.06x (0.944 ms): a flag
    // at most, never a failure; 0.69 ms is more than HBM's peak and the L2 can explain.
    const kwb::gpu::SpeedOfLightFloor memory{1.0, 0.1, true};
    CHECK(judgeSpeedOfLight(1.2, memory).verdict == SpeedOfLightVerdict::Plausible);
    CHECK(judgeSpeedOfLight(0.944, memory).verdict == SpeedOfLightVerdict::Plausible);
    CHECK(judgeSpeedOfLight(0.85, memory).verdict == SpeedOfLightVerdict::Flag);
    CHECK(judgeSpeedOfLight(0.71, memory).verdict == SpeedOfLightVerdict::Flag);
    const auto memo = judgeSpeedOfLight(0.69, memory);
    CHECK(memo.verdict == SpeedOfLightVerdict::Impossible);
    CHECK_MSG(has(memo.detail, "bandwidth"), memo.detail);
    // Compute-bound (SGEMM 4096^3: cuBLAS at 2.68 ms is the floor): a memo at 31x fails, a
    // kernel at the FP32 peak (1.3x) is only flagged.
    const kwb::gpu::SpeedOfLightFloor gemm{0.05, 2.68, true};
    CHECK(judgeSpeedOfLight(2.68 / 31, gemm).verdict == SpeedOfLightVerdict::Impossible);
    CHECK(judgeSpeedOfLight(2.68 / 1.3, gemm).verdict == SpeedOfLightVerdict::Flag);
    CHECK(judgeSpeedOfLight(2.68 / 3.9, gemm).verdict == SpeedOfLightVerdict::Flag);
    CHECK(judgeSpeedOfLight(2.68 / 4.1, gemm).verdict == SpeedOfLightVerdict::Impossible);
    // A convolution's FLOP count is no floor (Winograd): cuDNN's 1.9x and more is only a flag,
    // while its bytes still are one.
    const kwb::gpu::SpeedOfLightFloor conv{0.05, 1.155, false};
    CHECK(judgeSpeedOfLight(0.614, conv).verdict == SpeedOfLightVerdict::Flag);
    CHECK(judgeSpeedOfLight(0.2, conv).verdict == SpeedOfLightVerdict::Flag);
    CHECK(judgeSpeedOfLight(0.03, conv).verdict == SpeedOfLightVerdict::Impossible);
    // No median or no floor: nothing to say.
    CHECK(judgeSpeedOfLight(0, memory).verdict == SpeedOfLightVerdict::Plausible);
    CHECK(judgeSpeedOfLight(0.001, {}).verdict == SpeedOfLightVerdict::Plausible);
}

void audits() {
    using kwb::gpu::AuditEvidence;
    using kwb::gpu::judgeAudit;
    AuditEvidence clean{2, 8, {}, 42};
    clean.mark.hash = 42;
    CHECK(!judgeAudit(clean, "C", 100, "odd"));

    AuditEvidence deferred = clean; // call 3 wrote nothing; call 4 wrote its output later
    deferred.mark.unwritten = 100;
    const auto late = judgeAudit(deferred, "C", 100, "odd");
    CHECK(late.verdict == "contract-violation");
    CHECK_MSG(has(late.detail, "timed call 3 of 8") && has(late.detail, "100 of 100 elements of C"),
              late.detail);

    AuditEvidence early = clean; // call 3 also wrote call 4's output
    early.mark.writtenEarly = 7;
    const auto ahead = judgeAudit(early, "C", 100, "odd");
    CHECK(ahead.verdict == "contract-violation");
    CHECK_MSG(has(ahead.detail, "timed call 4 of 8 in a sample found 7 of 100") &&
                  has(ahead.detail, "timed call 3 of 8 in a sample did its work"),
              ahead.detail);

    AuditEvidence rewritten = clean; // right at the end, but not what the call itself left
    rewritten.finalHash = 43;
    const auto changed = judgeAudit(rewritten, "C", 100, "odd");
    CHECK(changed.verdict == "contract-violation");
    CHECK_MSG(has(changed.detail, "changed after that call had finished"), changed.detail);
}

void bufferSets() {
    kwb::gpu::TimingPolicy p;
    const std::size_t l2 = 60u << 20;
    CHECK(kwb::gpu::bufferSets(p, l2, 256u << 20) == 1); // one set already spans 3x the L2
    CHECK(kwb::gpu::bufferSets(p, l2, 16u << 20) == 16); // 12 to span it, at least 16
    CHECK(kwb::gpu::bufferSets(p, l2, 16u << 10) == 1);  // stays in the L2 however many
    p.rotateL2 = 0;
    CHECK(kwb::gpu::bufferSets(p, l2, 16u << 20) == 1);
}

// Shapes bufferSets() leaves in the L2 are timed warm, their sets capped to half the L2.
void timedWarm() {
    kwb::gpu::TimingPolicy p;
    const std::size_t l2 = 60u << 20;
    CHECK(kwb::gpu::timedWarm(p, l2, 16u << 10));   // 16 KiB: rotation could not leave the L2
    CHECK(kwb::gpu::timedWarm(p, l2, 5u << 20));    // 36 copies to span 3x the L2: over 32
    CHECK(!kwb::gpu::timedWarm(p, l2, 6u << 20));   // 30 copies span it: timed cold
    CHECK(!kwb::gpu::timedWarm(p, l2, 256u << 20)); // one set spans it
    CHECK(kwb::gpu::warmSets(p, l2, 16u << 10) == 1920);
    CHECK(kwb::gpu::warmSets(p, l2, 5u << 20) == 6);
    p.warmL2Fill = 0;
    CHECK(!kwb::gpu::timedWarm(p, l2, 16u << 10));
    p.warmL2Fill = 0.05; // not even one 5 MiB set fits in 3 MiB
    CHECK(!kwb::gpu::timedWarm(p, l2, 5u << 20));
    p.primeSets = 2;
    p.warmupLong = 4;
    kwb::gpu::TimingPolicy back = nlohmann::json(p);
    CHECK(back.warmL2Fill == 0.05);
    CHECK(back.primeSets == 2);
    CHECK(back.warmupLong == 4);
    kwb::gpu::TimingPolicy byDefault = nlohmann::json::object();
    CHECK(byDefault.warmupLong == 1 && byDefault.minSamples == 6); // what older requests get
    kwb::gpu::TimingPolicy clamped = nlohmann::json{{"prime_sets", 7}};
    CHECK(clamped.primeSets == 2);
    // The watch before timing: on unless asked off, a bounded count of tries.
    CHECK(byDefault.watchMs == 3 && byDefault.watchTries == 40);
    p.watchMs = 0;
    p.watchTries = 2;
    kwb::gpu::TimingPolicy noWatch = nlohmann::json(p);
    CHECK(noWatch.watchMs == 0 && noWatch.watchTries == 2);
    kwb::gpu::TimingPolicy endless = nlohmann::json{{"watch_tries", 0}, {"watch_ms", 1e9}};
    CHECK(endless.watchTries == 1 && endless.watchMs == 1000);
}

// One warm-up pair where the device is warm and both sides' first calls are long; the policy's
// count otherwise. The correctness checks warm the device when their busy time reaches warmupMs.
void warmupRule() {
    kwb::gpu::TimingPolicy p; // warmup 3, warmupLong 1, minSampleMs 1, warmupMs 30
    CHECK(kwb::gpu::warmupPairs(p, true, 2.0, 1.5) == 1);
    CHECK(kwb::gpu::warmupPairs(p, false, 2.0, 1.5) == 3); // a cold device: every pair
    CHECK(kwb::gpu::warmupPairs(p, true, 2.0, 0.4) == 3);  // the baseline is batched
    CHECK(kwb::gpu::warmupPairs(p, true, 0.01, 5.0) == 3); // the candidate is batched
    p.warmupLong = 0;
    CHECK(kwb::gpu::warmupPairs(p, true, 2.0, 2.0) == 1); // never fewer than the first pair
    p.warmupLong = 4;
    CHECK(kwb::gpu::warmupPairs(p, true, 2.0, 2.0) == 4);
    CHECK(kwb::gpu::correctnessWarms(p, 180.0, 5.0));
    CHECK(!kwb::gpu::correctnessWarms(p, 12.0, 0.0));
    CHECK(!kwb::gpu::correctnessWarms(p, 180.0, 160.0)); // mostly a CPU reference: the device idled
}

// `--timing`'s checks take the policy's defaults for keys not given from a table of their own
// (core/verify builds without CUDA): every one of them is TimingPolicy's.
void overrideDefaults() {
    const nlohmann::json policy = kwb::gpu::TimingPolicy{};
    const nlohmann::json table = kwb::timingOverrideDefaults();
    CHECK(table.size() >= 20);
    for (const auto& [key, value] : table.items()) {
        CHECK_MSG(policy.contains(key), key + " is not a policy key");
        if (!policy.contains(key))
            continue;
        const nlohmann::json& v = policy[key];
        const double inPolicy = v.is_boolean() ? (v.get<bool>() ? 1.0 : 0.0) : v.get<double>();
        CHECK_MSG(inPolicy == value.get<double>(),
                  key + ": the policy's default " + v.dump() + ", the table's " + value.dump());
    }
}

void wrongTimedOutput() {
    kwb::gpu::CompareStats cs;
    cs.mismatches = 3;
    cs.firstBad = 1030;
    cs.firstGot = 1.5;
    cs.firstExpected = 2.5;
    cs.firstAllowed = 0.01;
    kwb::Tolerance tol;
    tol.rtol = 1e-4;
    tol.atol = 1e-5;
    const auto f =
        kwb::gpu::outputVerdict("C", 1021 * 1013, {1013, 1021}, cs, tol,
                                " in C at shape odd (timed call 2 of 3 in a sample)", false);
    CHECK(f.verdict == "wrong-result");
    CHECK_MSG(has(f.detail, "C[1, 9]") && has(f.detail, "timed call 2 of 3"), f.detail);
    cs = {};
    cs.unwritten = cs.mismatches = 1021 * 1013;
    CHECK(
        kwb::gpu::outputVerdict("C", 1021 * 1013, {1013, 1021}, cs, tol, " in C", false).verdict ==
        "unwritten-output");
    cs = {};
    CHECK(!kwb::gpu::outputVerdict("C", 4, {2, 2}, cs, tol, " in C", false));
}

} // namespace

// The SM clock the timing loop reads after each sample pair: measured at most once per interval
// and the reading in between is the last one (measured again once the interval is over); with no
// interval, every time. The real reading is what readSmClock gives (a kernel counting an SM's
// cycles), 0 where there is no device (timing goes on without a throttle filter).
void smClockReader() {
    int calls = 0;
    kwb::gpu::SmClockReader reader([&calls] { return 1000 + ++calls; }, 40);
    CHECK(reader.read() == 1001);
    CHECK_MSG(reader.read() == 1001 && reader.read() == 1001 && calls == 1,
              "measured " + std::to_string(calls) + " times within the interval");
    std::this_thread::sleep_for(std::chrono::milliseconds(60));
    CHECK_MSG(reader.read() == 1002 && calls == 2,
              "after the interval: " + std::to_string(calls) + " calls");
    kwb::gpu::SmClockReader every([&calls] { return ++calls; }, 0);
    const int a = every.read(), b = every.read();
    CHECK_MSG(b == a + 1, "with no interval, each read measures");

    const kwb::gpu::SmClock direct = kwb::gpu::readSmClock(0, nullptr);
    kwb::gpu::SmClockReader measured(
        [peak = direct.maxMHz] { return kwb::gpu::readSmClockMHz(nullptr, peak); }, 20);
    const int mhz = measured.read();
    if (direct.maxMHz <= 0) {
        CHECK_MSG(mhz == 0 && direct.currentMHz == 0,
                  "no device here, yet the reader read " + std::to_string(mhz));
        std::printf("SKIP smClockReader's measured reading: no CUDA device on this machine (only "
                    "the 0 it reads then is checked)\n");
        return;
    }
    CHECK_MSG(mhz > 0 && mhz * 100 <= direct.maxMHz * 101 && direct.currentMHz > 0,
              std::to_string(mhz) + " MHz of " + std::to_string(direct.maxMHz));
    // Many readings in a row, raw (one window each) and as the timing loop takes them: no window
    // above the peak (one that started anywhere inside a step of the timer read up to 4 % over
    // it, and the loop then dropped every pair read at the true clock as throttled), and nearly
    // all of the loop's readings known (readSmClockMHz leaves those above the peak unknown).
    constexpr int kReadings = 400;
    int rawOver = 0, rawNone = 0, known = 0, lo = 1 << 30, hi = 0;
    for (int i = 0; i < kReadings; ++i) {
        int raw = 0;
        (void)kwb::gpu::measureSmClock(30, &raw, nullptr);
        rawNone += raw <= 0;
        rawOver += raw * 100 > direct.maxMHz * 101;
        const int r = kwb::gpu::readSmClockMHz(nullptr, direct.maxMHz);
        if (r > 0) {
            ++known;
            lo = std::min(lo, r);
            hi = std::max(hi, r);
        }
    }
    std::printf("smClockReader: %d readings of %d known, %d to %d MHz (peak %d); raw windows: %d "
                "above the peak, %d with no reading\n",
                known, kReadings, lo, hi, direct.maxMHz, rawOver, rawNone);
    CHECK_MSG(rawOver == 0, std::to_string(rawOver) + " windows above the peak");
    CHECK_MSG(known >= kReadings * 9 / 10, std::to_string(known) + " readings known");
}

// The host cross-check's alarm: a sub-millisecond candidate whose host time is far above its
// event time, where the baseline's is not; not where the baseline's host time explains it.
void hostTimeAlarm() {
    using kwb::gpu::hostTimeFarAboveEvents;
    kwb::gpu::TimingStats cand, base;
    cand.medianMs = 0.34;
    base.medianMs = 0.33;
    base.hostMedianMs = 0.35;
    cand.hostMedianMs = 0.36;
    CHECK(!hostTimeFarAboveEvents(cand, base));
    cand.hostMedianMs = 0.63; // what a stalled median of five read beside another CUDA start
    CHECK(hostTimeFarAboveEvents(cand, base));
    base.hostMedianMs = 0.60; // the baseline as slow on the host: the host, not the candidate
    CHECK(!hostTimeFarAboveEvents(cand, base));
    cand.medianMs = 2.0; // 0.63 ms of host time for a 2 ms call: nothing hidden
    CHECK(!hostTimeFarAboveEvents(cand, base));
}

// The device trace's arithmetic (busy_intervals.h): overlapping, touching, nested and empty
// activities merged; a stretch's busy part and its idle gaps, clipped to the stretch.
void busyIntervals() {
    using namespace kwb::gpu::trace;
    const auto merged =
        mergeIntervals({{50, 60}, {10, 20}, {15, 30}, {30, 35}, {52, 55}, {70, 70}, {90, 80}});
    CHECK((merged == std::vector<Interval>{{10, 35}, {50, 60}}));
    CHECK(coveredNs(merged, 0, 100) == 35);
    CHECK(coveredNs(merged, 12, 55) == 23 + 5);
    CHECK(coveredNs(merged, 35, 50) == 0);
    CHECK(coveredNs(merged, 20, 21) == 1);
    CHECK(coveredNs({}, 0, 100) == 0);
    const auto gaps = idleGaps(merged, 0, 100);
    CHECK((gaps == std::vector<Interval>{{60, 100}, {35, 50}, {0, 10}}));
    CHECK((idleGaps(merged, 12, 55) == std::vector<Interval>{{35, 50}}));
    CHECK(idleGaps(merged, 15, 30).empty());
    CHECK((idleGaps({}, 5, 9) == std::vector<Interval>{{5, 9}}));
}

int main() {
    speedOfLight();
    hostTimeAlarm();
    audits();
    bufferSets();
    timedWarm();
    warmupRule();
    overrideDefaults();
    wrongTimedOutput();
    smClockReader();
    busyIntervals();
    std::printf("%d passed, %d failed\n", kwbtest::counts().passed, kwbtest::counts().failed);
    return kwbtest::counts().failed ? 1 : 0;
}
