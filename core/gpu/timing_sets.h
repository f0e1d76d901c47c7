#pragma once
// The buffer sets the timed calls of one shape read and write, and the checks around them that
// make memoising, skipping and moving work show (DESIGN.md's checklist). Job-child only; one
// thread; owned by the shape runner for the timing steps.
//
// - Every set has inputs of its own, generated on the device from the job's seed, and new ones
//   before every sample of the candidate (SampleHooks::beforeA): no two timed calls read the same
//   contents, so a cache keyed by pointer or by content never hits, and a skipped call leaves the
//   previous contents' output (or the poison) behind.
// - A sample's calls read distinct sets (SampleHooks::distinctCalls grows the sets to the batch,
//   memory allowing, and the batch is capped at them).
// - After each pair of samples every set the candidate's sample wrote is compared, element by
//   element with the task's tolerance, against the baseline's output for the same inputs: the
//   baseline's timed sample computes it after the candidate's, and calls the baseline's batch did
//   not reach are computed untimed. So the reference of the inputs a candidate reads never exists
//   while it runs: before it runs again on a set, that set gets new inputs. The inputs are
//   generated again and compared bit for bit, so a candidate that changes its inputs (and with
//   them the baseline's answer) fails too.
// - Audits (SampleHooks::auditMark) show work moved between the calls of one sample, which leaves
//   every output right at the end: right after each call, the call's own output must hold no
//   poison and the next call's output nothing else; a hash taken then must still hold at the end.
#include <cstdint>
#include <string>
#include <vector>

#include <cuda_runtime_api.h>

#include "core/gpu/baselines/baseline.h"
#include "core/gpu/set_kernels.h"
#include "core/gpu/shape_setup.h"
#include "core/gpu/timing.h"

namespace kwb::gpu {

// What an audit saw of one call, and the verdict it gives (host-side, unit-tested): work moved
// between the calls of a sample leaves every output right at the end, so only these show it.
struct AuditEvidence {
    int position = 0; // the call's place in its sample (0-based)
    int callsInSample = 1;
    AuditMark mark;                   // taken right after the call
    unsigned long long finalHash = 0; // the output's hash at the end of the audited sample
};
// contract-violation naming the call, or an empty Failure.
Failure judgeAudit(const AuditEvidence& e, const std::string& output, std::size_t count,
                   const std::string& shape);

class TimingSets {
public:
    struct Setup {
        const Task* task = nullptr;
        const ShapeSpec* shape = nullptr;
        const Buffers* layout = nullptr; // params, counts and extents of the shape's buffers
        BaselineCall call;               // dims and scalars; its buffers are replaced per set
        Baseline* baseline = nullptr;
        cudaStream_t stream = nullptr;
        std::uint64_t seed = 0; // the job's seed mixed with the shape's name
        double maxMiB = 1024;   // all sets together, at most (TimingPolicy::maxRotateMiB)
        int maxSets = 0;        // at most this many sets (0: no cap); a warm shape's L2 fit
        int prime = 0;          // TimingPolicy::primeSets where the shape is timed warm, else 0
    };
    explicit TimingSets(Setup s);
    ~TimingSets();
    TimingSets(const TimingSets&) = delete;
    TimingSets& operator=(const TimingSets&) = delete;

    // One set's bytes: inputs, the candidate's outputs, the baseline's outputs.
    std::size_t setBytes() const { return m_setBytes; }
    static std::size_t setBytesOf(const Buffers& layout);
    // Allocates `sets` sets (the ones there were are freed first). A CUDA failure, or empty.
    Failure allocate(int sets);
    int sets() const { return m_sets; }

    // The candidate's arguments (buffer pointers in the signature's order) and the baseline's call
    // for timed call `call`: set call % sets().
    void* const* candidateArgs(long long call) const {
        return m_args[std::size_t(call % m_sets)].data();
    }
    const BaselineCall& baselineCall(long long call) const {
        return m_calls[std::size_t(call % m_sets)];
    }

    SampleHooks hooks(std::uint64_t auditSeed);
    // What a hook found (the loop stopped with a message then); empty when nothing.
    const Failure& failure() const { return m_failure; }
    // After timing: the guard bands around and between every set's buffers.
    Failure checkGuards();
    int audits() const { return m_audits; }
    int checkedCalls() const { return m_checkedCalls; }

private:
    struct Range {
        int first = 0, count = 0;
    };
    std::vector<Range> rangesOf(CallSpan span) const; // the sets of a span, as contiguous ranges
    int distinctCalls(int wanted);
    std::string refresh(CallSpan span);
    std::string rewrite(CallSpan span); // prime 2: before the baseline's sample
    void writeSets(const Range& r, const std::vector<SetSlab>& outputs);
    std::string check(CallSpan a, CallSpan b, bool audited);
    std::string stop(Failure f); // keeps f, returns the loop's stop message
    std::string referencesFor(CallSpan a, CallSpan b);
    std::string compareOutputs(CallSpan a, const std::vector<SetCompare>& got);
    std::string checkInputs(CallSpan a);
    std::string checkAudit(CallSpan a, const std::vector<SetCompare>& got);
    Failure describeMismatch(std::size_t param, int set, int position, int calls);
    void release();

    Setup m_s;
    std::vector<std::size_t> m_inputs, m_outputs; // indices into the layout's params
    std::size_t m_setBytes = 0;
    int m_sets = 0;
    std::vector<GuardedBuffer> m_slabs;     // per param: every set's buffer of it
    std::vector<GuardedBuffer> m_baseSlabs; // per param (outputs only): the baseline's
    std::vector<SetSlab> m_view, m_baseView;
    std::vector<std::vector<void*>> m_args;
    std::vector<BaselineCall> m_calls;
    // Device scratch for the checks, sized by sets: per-set counts, sums, comparisons, marks.
    GuardedBuffer m_counts, m_sums, m_compare, m_marks, m_hashes;
    std::uint64_t m_generation = 0; // inputs' generation: the last refresh's
    Failure m_failure;
    int m_audits = 0, m_checkedCalls = 0;
};

} // namespace kwb::gpu
