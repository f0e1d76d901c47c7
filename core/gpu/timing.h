#pragma once
// Interleaved, adaptive timing of a candidate against its baseline with device events.
// Runs in the job child, on its one thread.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <cuda_runtime_api.h>
#include <nlohmann/json.hpp>

namespace kwb::gpu {

struct TimingPolicy {
    double targetRse = 0.005; // stop when both medians' relative standard errors are below this
    // At least this many kept pairs: the median is robust from there, and the stopping rule asks
    // for more where the samples spread (tests/benchmarks/README.md, "sample floor": the rule
    // replayed over a queue run's stored samples with a floor of 6 and of 10). Each pair more
    // costs both sides' calls and the checks of the candidate's outputs.
    int minSamples = 6;
    int maxSamples = 400;
    double timeCapMs = 600; // wall-clock cap for one shape's interleaved loop
    // Pairs of calls (one call a side) before sampling, whatever warmupMs asks besides.
    int warmup = 3;
    // Before a shape is timed, one thread watches the device for this long (watchDevice): another
    // process's kernels on the device (a job held still with work still queued, anything else
    // the user runs) show as gaps. Up to watchTries watches, until one is quiet; a shape whose
    // every watch saw another's work is flagged for a person. 0: no watch. Five busy watches in a
    // row make the worker end the children it started ahead, and an ended context's kernels stop
    // only once the driver has torn it down: the tries cover that (quiet, one watch is all).
    // A watch must outlast one of the device's time slices (tests/benchmarks/README.md,
    // contention): a context that starts work is given a slice of its own first, so a shorter
    // one sees nothing.
    double watchMs = 3;
    int watchTries = 40;
    // Where the device is warm (a shape timed before in the job, or this shape's correctness
    // checks kept it busy for warmupMs just before) and both sides' first warm-up call takes at
    // least minSampleMs: that many pairs instead. Such calls are timed one a sample, so no batch
    // is sized from the warm-up; their code was warmed by the correctness calls, and the first
    // pair is each side's first call on the timing sets.
    int warmupLong = 1;
    bool flushL2 = true;
    // Kernels shorter than this are timed in batches of back-to-back calls between one pair of
    // events (L2 flushed before the batch): one launch of a few microseconds is mostly launch
    // jitter and event resolution.
    double minSampleMs = 1.0;
    int maxBatch = 2048;
    // A batch is captured once into a CUDA graph and replayed, so the host's launch rate (and its
    // jitter) does not set the time of short kernels; a callable that cannot be captured is
    // launched directly.
    bool graphs = true;
    // Both callables run back to back for at least this long before sampling, so the first
    // samples do not see the clocks still rising from idle; not where the device is warm (above).
    double warmupMs = 30;
    // With an SM clock probe: the warm-up goes on (up to this much longer) until two readings
    // in a row agree and none is higher, so sampling starts at the clock the load settles at.
    double clockSettleMs = 0; // off by default: on the H200 sampling always began at the top clock
    // Throttled samples are discarded: a baseline/candidate pair read at a clock below this
    // fraction of the highest clock seen in the loop is not counted (0 keeps every sample).
    double keepAboveClockFraction = 0.97;
    // Before each sample the stream is kept busy this long (a one-thread spin kernel), so the
    // start event, the batch and the stop event are all queued before the start event fires:
    // the host's launch latency (tens of microseconds, different from process to process) is
    // not inside the sample. A sample whose start event had fired before the host finished
    // queueing is discarded; when most of the first samples were, the spin is lengthened (see
    // maxCoverUs) or switched off for the shape. 0: no spin.
    double coverUs = 100;
    // Where a batch takes the host longer to queue than the spin lasts, the spin is lengthened
    // once to 1.5x the queueing time (up to this), before it is given up.
    double maxCoverUs = 4000;
    // In a captured batch, memsets of up to 1 MiB are replayed as kernel nodes writing the same
    // bytes (device_kernels.h: memsetNodesToKernels).
    bool memsetKernels = true;
    // The stopping rule's precision: "mean" (relative standard error of the mean) or "median"
    // (half the distance between the order statistics n/2 -/+ sqrt(n)/2, over the median: about
    // one standard error of the median, distribution-free, so a few slow samples do not keep a
    // shape sampling to its time cap).
    std::string stopOn = "mean";
    // The timed calls rotate over copies of a shape's buffers (inputs, the candidate's and the
    // baseline's outputs): where one set is smaller than this many times the L2, enough copies
    // to span it, so every call of a batch reads inputs the L2 no longer holds, as the first
    // one does after the flush; at least minBufferSets of them, so that where the allocations
    // landed (which L2 slices and memory channels serve them, different in every process:
    // 10 % on the H200 for one softmax shape) is averaged within the run: the run-to-run
    // spread left falls as one over the square root of the sets (8 left that shape at 1-1.8 %
    // over five runs). Not where more than maxBufferSets copies would be needed: such small
    // shapes stay in the L2 however many there are (rotating them over 32 showed no gain on the
    // H200). At most maxRotateMiB in all. 0: off. Where a sample's batch is longer than the sets,
    // more sets are made (also with rotation off), as far as 40 % of the device's free memory
    // allows, and the batch is capped at them: the calls of one sample must read distinct inputs
    // (timing_sets.h). Not capped at maxRotateMiB: a shape of a few hundred MiB timed one call per
    // sample, not in the batch its time asks for, measures the launch ramp and tail with it
    // (4-5 % on the H200 for layernorm and gemv at their large shapes).
    double rotateL2 = 3;
    int minBufferSets = 16;
    int maxBufferSets = 32;
    double maxRotateMiB = 1024;
    // Shapes whose set is too small for rotation to leave the L2 (bufferSets() gives them one
    // set) are timed warm, as such a kernel runs inside a model: the calls of a sample read
    // distinct sets whose fresh inputs the L2 still holds (no flush before the sample; the sets
    // of one sample fill at most this fraction of the L2, the batch capped at them). Flushing
    // them instead makes every call of a microsecond kernel wait on DRAM latency, a regime
    // no caller sees and one that moves library and candidate by different amounts.
    // 0: such shapes are flushed like the rest.
    double warmL2Fill = 0.5;
    // Where a shape is timed warm, what the L2 holds when each side's sample starts. The inputs
    // are refreshed (written) and the candidate's outputs poisoned right before the candidate's
    // sample, while the baseline's sample starts on sets the candidate has just read. Unprimed
    // (0), a memory-bound candidate reads lines no kernel has read since they were written and
    // pays for it where the baseline does not (tests/benchmarks/README.md, "priming the sets").
    // 1: the refreshed sets are read once more, untimed, before the candidate's sample
    // (touchSets), so each side starts on sets a kernel has just read, as one set timed again
    // and again left them before fresh inputs. 2: before the baseline's sample the sets it reads
    // are written again with the very same inputs and its outputs poisoned, so each side starts
    // right after such writes (the baseline then pays what the candidate paid).
    int primeSets = 1;
};

// Whether a shape whose set (inputs and both sides' outputs) is setBytes is timed warm
// (TimingPolicy::warmL2Fill), and how many of its sets fit in the L2 together then.
bool timedWarm(const TimingPolicy& policy, std::size_t l2Bytes, std::size_t setBytes);
int warmSets(const TimingPolicy& policy, std::size_t l2Bytes, std::size_t setBytes);

// The warm-up pairs wanted once the first pair took firstA and firstB ms a call: warmup, or
// warmupLong where the device is warm and both calls last at least minSampleMs (at least 1).
int warmupPairs(const TimingPolicy& policy, bool deviceWarm, double firstA, double firstB);
// Whether a shape's correctness checks kept the device busy for the warm-up's length: their time
// (correctnessMs) less what the device idled through (the buffers' allocation, a CPU reference).
bool correctnessWarms(const TimingPolicy& policy, double correctnessMs, double idleMs);

// The buffer sets the timed calls of a shape rotate over (1: no rotation; TimingPolicy::rotateL2).
int bufferSets(const TimingPolicy& policy, std::size_t l2Bytes, std::size_t setBytes);

// A timed callable: only enqueues work on the stream, for call number `call`. Calls are numbered
// per side: a direct sample makes the next `batch` numbers of a running count; a captured batch
// (replayed from a graph) always holds calls 0 to batch - 1, so every replay runs the same calls.
using TimedCall = std::function<void(long long call)>;

// Calls first, first + 1, ..., first + count - 1 of one side.
struct CallSpan {
    long long first = 0;
    int count = 0;
};

// What the caller does around the samples, outside the timed events; every member may be empty.
// A hook's non-empty answer stops the loop and is what interleave() returns.
struct SampleHooks {
    // Asked once after the warm-up with the batch the loop wants: how many calls of one sample may
    // read inputs that no other call of the sample reads. Both sides' batches are capped at it.
    std::function<int(int wantedBatch)> distinctCalls;
    // Before a's calls `span` run (in a sample, a host-time check or an audit): fresh inputs for
    // them, their outputs poisoned.
    std::function<std::string(CallSpan span)> beforeA;
    // After a's calls `a` ran, then b's calls `b` (b.count 0: b did not run): a's outputs checked.
    std::function<std::string(CallSpan a, CallSpan b)> afterA;
    // After a's sample, before b's calls `b` of the same pair are timed (outside the events).
    std::function<std::string(CallSpan a, CallSpan b)> beforeB;
    // Audits: a's batch run once more, untimed, with a mark enqueued on the stream right after each
    // call (`next`: the call after it in the batch, or -1), then `afterAudit` checks the marks.
    // Where the batch is a graph, the audit replays a copy of that very graph with the marks
    // inserted between the calls' nodes, so the candidate's host code has no second chance.
    std::function<void(long long call, long long next, cudaStream_t stream)> auditMark;
    std::function<std::string(CallSpan span)> afterAudit;
    // Which sampling pairs are audited, besides the sampled graph's first checked replay (or,
    // for direct launches, a batch before sampling) and the batch after the last pair.
    std::uint64_t auditSeed = 0;
};

struct TimingStats {
    std::vector<double> samplesMs;
    double medianMs = 0, q1Ms = 0, q3Ms = 0, minMs = 0, meanMs = 0;
    double rse = 0;          // relative standard error of the mean
    double medianRse = 0;    // the median's relative precision (TimingPolicy::stopOn)
    double hostMedianMs = 0; // host wall clock around a device-wide sync, for the cross-check
    // Where hostMedianMs came from: the timed samples themselves (the candidate timed one call a
    // sample: each sample's event time plus the host's wait from the stream's end to the
    // device's end, per call), or calls made for the check alone (a batched candidate).
    bool hostFromSamples = false;
    int n = 0;
    int warmupPairs = 0; // pairs the warm-up ran (TimingPolicy::warmup, warmupLong)
    int batch = 1;       // calls per sample; samples are per call
    bool graph = false;  // the batch was replayed from a CUDA graph
    // The SM clock reading current after each kept sample pair (the probe may give its last one
    // again: sm_clock.h), empty without a probe, and how many pairs were discarded as throttled.
    std::vector<int> clocksMHz;
    int discarded = 0;
    // Where the loop's time went (ms): warm-up, graph capture, sampling, host cross-check; and
    // the sampling's own parts: fresh inputs (the hooks' beforeA), the timed samples of both
    // sides (flush, spin, calls, synchronisation), the checks of their outputs (afterA), the
    // audits, and the clock readings.
    struct Spent {
        double warmup = 0, capture = 0, sampling = 0, hostCheck = 0;
        double refresh = 0, timed = 0, checks = 0, audits = 0, clock = 0;
        double captureGraphs = 0; // of capture: making the graphs (the rest: sizing, audits)
    } spentMs;
    int uncovered = 0;        // pairs discarded because the host queued a sample too late
    bool spinDropped = false; // most samples could not be covered: timed without the spin
    double coverUs = 0;       // the spin the kept samples were taken behind
    int memsetNodes = 0;      // memset nodes of the captured batch replayed as kernel nodes
    int bufferSets = 1;       // buffer sets the calls used in turn (set by the shape runner)
    bool warmL2 = false;      // timed warm: no L2 flush before samples (TimingPolicy::warmL2Fill)
};

void to_json(nlohmann::json& j, const TimingPolicy& p);
void from_json(const nlohmann::json& j, TimingPolicy& p);
void to_json(nlohmann::json& j, const TimingStats& s);

TimingStats summarise(std::vector<double> samplesMs);
// The host cross-check's alarm: the candidate's host time (a call between device-wide syncs) far
// above its event time, beyond what the baseline's own host time explains. Work the events do
// not see (forked from the given stream and not joined back) shows here.
bool hostTimeFarAboveEvents(const TimingStats& candidate, const TimingStats& baseline);
// The median's relative precision: (x[hi] - x[lo]) / 2 / median over the sorted samples, with
// lo, hi the order statistics n/2 -/+ ceil(sqrt(n)/2). 0 below two samples.
double medianPrecision(const std::vector<double>& samplesMs);

class Timer {
public:
    // l2Bytes: the device's L2 size; a buffer twice that is written before each sample.
    // clockMHz: reads the SM clock (0 when unknown); may be empty.
    Timer(cudaStream_t stream, std::size_t l2Bytes, std::function<int()> clockMHz = {});
    ~Timer();
    Timer(const Timer&) = delete;
    Timer& operator=(const Timer&) = delete;

    // Times a and b interleaved (a, b, a, b, ...). Each callable only enqueues on the stream.
    // Returns a CUDA error string on failure, empty on success.
    // skipWarmup: the caller ran the same device busy just before (a later shape of one job, or
    // this shape's correctness checks for warmupMs); the minimum warm-up pairs still run
    // (TimingPolicy::warmup, or warmupLong where both sides' calls are long).
    // hooks: what the caller checks around the samples (SampleHooks).
    // An empty b: a is timed alone, against *sb as given (the baseline's figures measured in
    // another job: the queue's reused baselines); *sb is read (the host check), never written.
    std::string interleave(const TimedCall& a, const TimedCall& b, const TimingPolicy& policy,
                           TimingStats* sa, TimingStats* sb, bool skipWarmup = false,
                           const SampleHooks& hooks = {});

private:
    struct Batch {
        const TimedCall* fn = nullptr;
        int size = 1;                    // calls per sample
        cudaGraphExec_t graph = nullptr; // the batch captured, or launched directly when null
        cudaGraphExec_t audit = nullptr; // the captured batch with audit marks between its calls
        long long* next = nullptr;       // the side's running call count (direct samples)
    };
    // The calls the next sample of `b` makes: 0.. for a graph, else the next numbers of its count;
    // none for an absent side (interleave's empty b).
    static CallSpan spanOf(const Batch& b) {
        return present(b) ? CallSpan{b.graph ? 0 : *b.next, b.size} : CallSpan{};
    }
    static bool present(const Batch& b) { return b.fn && *b.fn; }

    // One sample: flush, spin, then the batch's calls (or one replay of its graph) between two
    // events. covered: the spin still ran when everything was queued (always true without a spin).
    // hostMs: the batch's event time plus the host's wait from the stop event to the device's
    // end (work the events do not see shows there), per call.
    std::string sample(const Batch& b, bool flush, double* ms, bool* covered = nullptr,
                       double* hostMs = nullptr);
    // A pair of samples, a then b, with the hooks around them; ha, hb: each sample's hostMs.
    std::string samplePair(const Batch& a, const Batch& b, bool flush, double* ma, double* mb,
                           bool* covered = nullptr, double* ha = nullptr, double* hb = nullptr);
    // A captured batch as captured (before its memset nodes change) and the nodes each call
    // added: what its audit copy is made from (auditGraph). Empty where a call's nodes could not
    // be read.
    struct CapturedCalls {
        cudaGraph_t graph = nullptr;
        std::vector<std::vector<cudaGraphNode_t>> callNodes;
        CapturedCalls() = default;
        CapturedCalls(const CapturedCalls&) = delete;
        CapturedCalls& operator=(const CapturedCalls&) = delete;
        CapturedCalls& operator=(CapturedCalls&& o) noexcept;
        ~CapturedCalls();
    };
    // Captures calls 0..batch-1 of fn; nullptr when the stream cannot be captured. Memsets become
    // kernel nodes with `memsetKernels` (counted in *memsetNodes). With `kept`, also what its
    // audit copy is made from.
    cudaGraphExec_t capture(const TimedCall& fn, int batch, bool memsetKernels, int* memsetNodes,
                            CapturedCalls* kept = nullptr);
    // The captured batch with the hooks' audit marks between its calls (nullptr where that fails).
    cudaGraphExec_t auditGraph(const CapturedCalls& calls);
    std::string hostTime(const Batch& b, bool checked, int reps, double* medianMs);
    struct Round;
    // Both sides' host medians for the cross-check (hostTimeFarAboveEvents).
    std::string hostCheck(const Batch& ba, const Batch& bb, const Round& round,
                          const TimingPolicy& p, TimingStats* sa, TimingStats* sb);
    // a's batch once more with a mark after each call, untimed (SampleHooks::auditMark).
    std::string audit(const Batch& a);
    std::string auditSteps(const Batch& a);

    // The steps of interleave(). warmUp: wa, wb the fastest call of each side, pairs how many
    // pairs it ran.
    std::string warmUp(const Batch& a, const Batch& b, const TimingPolicy& p, bool skipWarmup,
                       double* wa, double* wb, int* pairs);
    std::string interleaveSteps(const TimedCall& a, const TimedCall& b, const TimingPolicy& p,
                                TimingStats* sa, TimingStats* sb, bool skipWarmup);
    // *graphMs: the time it spent making graphs (capture, auditGraph) added.
    std::string captureBatch(Batch* b, const TimingPolicy& p, bool checked, int* memsetNodes,
                             double* graphMs);
    std::string sampleUntilPrecise(const Batch& a, const Batch& b, const TimingPolicy& p, Round* r,
                                   bool* spinDropped);
    void summariseRound(const Round& r, const TimingPolicy& p, bool spinDropped, TimingStats* sa,
                        TimingStats* sb) const;

    int clock() const { return m_clock ? m_clock() : 0; }

    cudaStream_t m_stream;
    std::function<int()> m_clock;
    void* m_flush = nullptr;
    std::size_t m_flushBytes = 0;
    double m_coverUs = 0;
    double m_queueUs = 0; // host time to queue the last sample behind its spin
    cudaEvent_t m_start = nullptr, m_stop = nullptr;
    SampleHooks m_hooks;        // the current interleave()'s
    int m_maxBatch = 1;         // calls a sample may make (SampleHooks::distinctCalls)
    TimingStats::Spent m_parts; // the sampling's parts, summed since the sampling began
};

} // namespace kwb::gpu
