// The timing sets and their checks (see timing_sets.h).
#include "core/gpu/timing_sets.h"

#include <algorithm>
#include <cmath>

#include <cuda_runtime.h>

namespace kwb::gpu {
namespace {

// Between two sets' payloads: a write just past one buffer lands here (checked after timing),
// not in the next set.
constexpr std::size_t kGapBytes = 4096;

std::size_t strideOf(std::size_t bytes) {
    return (bytes + 255) / 256 * 256 + kGapBytes;
}

RandomKind kindOf(const Parameter& p) {
    return static_cast<RandomKind>(static_cast<int>(p.distribution.kind));
}

std::string callName(int position, int calls) {
    return "timed call " + std::to_string(position + 1) + " of " + std::to_string(calls) +
           " in a sample";
}

// A device array read back after the stream's work.
template <typename T>
cudaError_t readBack(const GuardedBuffer& b, std::size_t n, std::vector<T>* out, cudaStream_t st) {
    out->resize(n);
    cudaError_t e =
        cudaMemcpyAsync(out->data(), b.data(), n * sizeof(T), cudaMemcpyDeviceToHost, st);
    return e == cudaSuccess ? cudaStreamSynchronize(st) : e;
}

} // namespace

Failure judgeAudit(const AuditEvidence& e, const std::string& output, std::size_t count,
                   const std::string& shape) {
    const std::string call = callName(e.position, e.callsInSample);
    const std::string at = " at shape " + shape;
    if (e.mark.unwritten)
        return {"contract-violation",
                call + " had left " + std::to_string(e.mark.unwritten) + " of " +
                    std::to_string(count) + " elements of " + output +
                    " unwritten when the stream reached its end" + at +
                    "; they were written later (work moved to a later call, or left running "
                    "outside the given stream)",
                false};
    if (e.mark.writtenEarly)
        return {"contract-violation",
                callName(e.position + 1, e.callsInSample) + " found " +
                    std::to_string(e.mark.writtenEarly) + " of " + std::to_string(count) +
                    " elements of " + output + " already written when it began" + at + ": " + call +
                    " did its work (work moved between calls)",
                false};
    if (e.mark.hash != e.finalHash)
        return {"contract-violation",
                "the output " + output + " of " + call + " changed after that call had finished" +
                    at + ": a later call wrote it (work moved between calls)",
                false};
    return {};
}

std::size_t TimingSets::setBytesOf(const Buffers& b) {
    std::size_t bytes = 0;
    for (std::size_t i = 0; i < b.params.size(); ++i)
        bytes += b.bufs[i].bytes() * (b.params[i]->kind == ParamKind::Input ? 1 : 2);
    return bytes;
}

TimingSets::TimingSets(Setup s) : m_s(std::move(s)) {
    const Buffers& b = *m_s.layout;
    for (std::size_t i = 0; i < b.params.size(); ++i)
        (b.params[i]->kind == ParamKind::Input ? m_inputs : m_outputs).push_back(i);
    m_setBytes = setBytesOf(b);
}

TimingSets::~TimingSets() {
    release();
}

void TimingSets::release() {
    for (auto& b : m_baseSlabs) // the baseline's outputs are references: overwritten, then freed
        scrubAndFree(&b, m_s.stream);
    m_slabs.clear();
    m_baseSlabs.clear();
    m_view.clear();
    m_baseView.clear();
    m_args.clear();
    m_calls.clear();
    m_sets = 0;
}

// Built beside the sets there are and swapped in only when every allocation succeeded, so a
// failed growth leaves the old sets usable.
Failure TimingSets::allocate(int sets) {
    const Buffers& b = *m_s.layout;
    const std::size_t n = b.params.size(), k = std::size_t(std::max(sets, 1));
    std::vector<GuardedBuffer> slabs(n), baseSlabs(n);
    std::vector<SetSlab> view(n), baseView(n);
    GuardedBuffer counts, sums, compare, marks, hashes;
    cudaError_t e = cudaSuccess;
    for (std::size_t i = 0; i < n && e == cudaSuccess; ++i) {
        const std::size_t stride = strideOf(b.bufs[i].bytes());
        view[i] = baseView[i] = {nullptr, stride, elem(b.params[i]->dtype), b.counts[i]};
        if ((e = slabs[i].allocate(stride * k)) == cudaSuccess)
            view[i].base = slabs[i].data();
        if (e == cudaSuccess && b.params[i]->kind == ParamKind::Output &&
            (e = baseSlabs[i].allocate(stride * k)) == cudaSuccess)
            baseView[i].base = baseSlabs[i].data();
    }
    const std::size_t outs = std::max<std::size_t>(m_outputs.size(), 1),
                      ins = std::max<std::size_t>(m_inputs.size(), 1);
    for (auto [buf, bytes] : {std::pair{&counts, k * ins * sizeof(unsigned long long)},
                              std::pair{&sums, k * outs * sizeof(double)},
                              std::pair{&compare, k * outs * sizeof(SetCompare)},
                              std::pair{&marks, k * outs * sizeof(AuditMark)},
                              std::pair{&hashes, k * outs * sizeof(unsigned long long)}})
        if (e == cudaSuccess)
            e = buf->allocate(bytes);
    if (e != cudaSuccess) {
        cudaGetLastError();
        return cudaFailure(e, "allocating " + std::to_string(sets) + " timing sets");
    }
    release();
    m_slabs = std::move(slabs);
    m_baseSlabs = std::move(baseSlabs);
    m_view = std::move(view);
    m_baseView = std::move(baseView);
    m_counts = std::move(counts);
    m_sums = std::move(sums);
    m_compare = std::move(compare);
    m_marks = std::move(marks);
    m_hashes = std::move(hashes);
    m_sets = static_cast<int>(k);
    for (int set = 0; set < m_sets; ++set) {
        BaselineCall c = m_s.call;
        c.inputs.clear();
        c.outputs.clear();
        std::vector<void*> args;
        for (std::size_t i = 0; i < n; ++i) {
            args.push_back(m_view[i].at(set));
            if (b.params[i]->kind == ParamKind::Input)
                c.inputs.push_back(m_view[i].at(set));
            else
                c.outputs.push_back(m_baseView[i].at(set));
        }
        m_args.push_back(std::move(args));
        m_calls.push_back(std::move(c));
    }
    // Inputs in every set from the start, not only in those a's calls refresh: the baseline's
    // batch may be longer than the candidate's (or its direct calls' count run ahead), and its
    // calls past the candidate's read sets no refresh reached. Left as the guard pattern, an
    // index input (a class, a gather index) sends the baseline far outside its buffers, and a
    // float input of one repeated value is not the task's distribution to time on.
    for (std::size_t i : m_inputs) {
        const Parameter& p = *b.params[i];
        fillRandomSets(m_view[i], 0, m_sets, mixSeed(mixSeed(m_s.seed, m_generation), i), kindOf(p),
                       p.distribution.a, p.distribution.b, m_s.stream);
    }
    for (std::size_t o : m_outputs)
        fillPoisonSets(m_view[o], 0, m_sets, m_s.stream);
    cudaMemsetAsync(m_marks.data(), 0, m_marks.bytes(), m_s.stream);
    if (auto se = cudaStreamSynchronize(m_s.stream); se != cudaSuccess)
        return cudaFailure(se, "preparing the timing sets");
    return {};
}

std::vector<TimingSets::Range> TimingSets::rangesOf(CallSpan span) const {
    std::vector<Range> r;
    if (m_sets <= 0 || span.count <= 0)
        return r;
    const int first = static_cast<int>(span.first % m_sets), count = std::min(span.count, m_sets);
    r.push_back({first, std::min(count, m_sets - first)});
    if (count > r[0].count)
        r.push_back({0, count - r[0].count});
    return r;
}

// More sets for a batch of `wanted` calls, as far as 40 % of the free device memory allows
// (TimingPolicy::maxRotateMiB); halved on an allocation failure. The answer is the sets there
// are: the Timer caps its batches at it.
int TimingSets::distinctCalls(int wanted) {
    std::size_t freeBytes = 0, totalBytes = 0;
    if (cudaMemGetInfo(&freeBytes, &totalBytes) != cudaSuccess) {
        cudaGetLastError();
        freeBytes = std::size_t(m_s.maxMiB * 1048576.0);
    }
    const double room = std::max(0.4 * double(freeBytes), m_s.maxMiB * 1048576.0);
    double cap = std::floor(room / double(std::max<std::size_t>(m_setBytes, 1)));
    if (m_s.maxSets > 0)
        cap = std::min(cap, double(m_s.maxSets));
    for (int target =
             std::clamp(wanted, m_sets, std::max(m_sets, static_cast<int>(std::min(cap, 4096.0))));
         target > m_sets; target = m_sets + (target - m_sets) / 2)
        if (!allocate(target))
            break;
    return m_sets;
}

std::string TimingSets::stop(Failure f) {
    m_failure = std::move(f);
    return "stopped by a check: " + m_failure.verdict;
}

// The sets of r: this generation's inputs, and the outputs of `outputs` (the candidate's view or
// the baseline's) poisoned.
void TimingSets::writeSets(const Range& r, const std::vector<SetSlab>& outputs) {
    const Buffers& b = *m_s.layout;
    for (std::size_t i : m_inputs) {
        const Parameter& p = *b.params[i];
        fillRandomSets(m_view[i], r.first, r.count, mixSeed(mixSeed(m_s.seed, m_generation), i),
                       kindOf(p), p.distribution.a, p.distribution.b, m_s.stream);
    }
    for (std::size_t o : m_outputs)
        fillPoisonSets(outputs[o], r.first, r.count, m_s.stream);
}

// New inputs for the sets of `span`, their outputs poisoned, the audit marks cleared.
std::string TimingSets::refresh(CallSpan span) {
    if (m_failure)
        return "stopped by a check: " + m_failure.verdict;
    ++m_generation;
    for (const Range& r : rangesOf(span)) {
        writeSets(r, m_view);
        // The checks zero m_counts before they count into it, so it can take touchSets' sink.
        for (std::size_t i = 0; i < m_view.size() && m_s.prime == 1; ++i)
            touchSets(m_view[i], r.first, r.count,
                      static_cast<unsigned long long*>(m_counts.data()), m_s.stream);
    }
    cudaMemsetAsync(m_marks.data(), 0, m_marks.bytes(), m_s.stream);
    if (auto e = cudaGetLastError(); e != cudaSuccess)
        return stop(cudaFailure(e, "refreshing the timing sets' inputs"));
    return {};
}

// The sets the baseline's calls `span` read, written again as refresh() wrote them (the same
// generation's inputs: the values do not change), and the baseline's outputs poisoned. Sets past
// the candidate's span get this generation's inputs too: their outputs are not checked, and the
// baseline still reads the task's distribution.
std::string TimingSets::rewrite(CallSpan span) {
    if (m_failure)
        return "stopped by a check: " + m_failure.verdict;
    for (const Range& r : rangesOf(span))
        writeSets(r, m_baseView);
    if (auto e = cudaGetLastError(); e != cudaSuccess)
        return stop(cudaFailure(e, "writing the baseline's timing sets again"));
    return {};
}

// The baseline, untimed, on a's sets its timed calls `b` did not reach (b ran after a, on the
// same inputs).
std::string TimingSets::referencesFor(CallSpan a, CallSpan b) {
    std::vector<char> reached(std::size_t(m_sets), 0);
    for (const Range& r : rangesOf(b))
        std::fill(reached.begin() + r.first, reached.begin() + r.first + r.count, 1);
    for (const Range& r : rangesOf(a))
        for (int k = r.first; k < r.first + r.count; ++k)
            if (!reached[std::size_t(k)])
                if (auto s = m_s.baseline->run(m_calls[std::size_t(k)]); !s)
                    return stop({"harness-error", "baseline: " + s.error().message, false});
    if (auto e = cudaStreamSynchronize(m_s.stream); e != cudaSuccess)
        return stop(cudaFailure(e, "the baseline's reference for the timed calls"));
    return {};
}

std::string TimingSets::checkInputs(CallSpan a) {
    const Buffers& b = *m_s.layout;
    auto* counts = static_cast<unsigned long long*>(m_counts.data());
    cudaMemsetAsync(counts, 0, m_counts.bytes(), m_s.stream);
    for (std::size_t n = 0; n < m_inputs.size(); ++n) {
        const Parameter& p = *b.params[m_inputs[n]];
        for (const Range& r : rangesOf(a))
            countChangedSets(m_view[m_inputs[n]], r.first, r.count,
                             mixSeed(mixSeed(m_s.seed, m_generation), m_inputs[n]), kindOf(p),
                             p.distribution.a, p.distribution.b, counts + n * m_sets + r.first,
                             m_s.stream);
    }
    std::vector<unsigned long long> host;
    if (auto e = readBack(m_counts, m_inputs.size() * std::size_t(m_sets), &host, m_s.stream);
        e != cudaSuccess)
        return stop(cudaFailure(e, "checking the timed calls' inputs"));
    for (int j = 0; j < a.count; ++j)
        for (std::size_t n = 0; n < m_inputs.size(); ++n)
            if (auto changed = host[n * m_sets + std::size_t((a.first + j) % m_sets)])
                return stop({"input-modified",
                             "the candidate changed input " + b.params[m_inputs[n]]->name + " (" +
                                 std::to_string(changed) + " elements) in " + callName(j, a.count) +
                                 " at shape " + m_s.shape->name,
                             false});
    return {};
}

std::string TimingSets::check(CallSpan a, CallSpan b, bool audited) {
    if (m_failure)
        return "stopped by a check: " + m_failure.verdict;
    if (auto e = referencesFor(a, b); !e.empty())
        return e;
    if (auto e = checkInputs(a); !e.empty())
        return e;
    const Buffers& lay = *m_s.layout;
    auto* sums = static_cast<double*>(m_sums.data());
    auto* cmp = static_cast<SetCompare*>(m_compare.data());
    cudaMemsetAsync(sums, 0, m_sums.bytes(), m_s.stream);
    for (std::size_t o = 0; o < m_outputs.size(); ++o) {
        const std::size_t i = m_outputs[o];
        const Tolerance tol = toleranceOf(*m_s.task, lay.params[i]->name);
        for (const Range& r : rangesOf(a)) {
            double* s = sums + o * m_sets + r.first;
            if (tol.mode == ToleranceMode::ScaledBySumAbs && !m_inputs.empty())
                sumSets(m_view[m_inputs.front()], r.first, r.count, false, s, m_s.stream);
            else if (tol.mode == ToleranceMode::RelativeToRms)
                sumSets(m_baseView[i], r.first, r.count, true, s, m_s.stream);
            initSetCompare(cmp + o * m_sets + r.first, r.count, m_s.stream);
            compareSets(m_view[i], m_baseView[i], r.first, r.count, tol.rtol, tol.atol,
                        cmode(tol.mode), tol.mode == ToleranceMode::Elementwise ? nullptr : s,
                        cmp + o * m_sets + r.first, m_s.stream);
        }
    }
    std::vector<SetCompare> got;
    if (auto e = readBack(m_compare, m_outputs.size() * std::size_t(m_sets), &got, m_s.stream);
        e != cudaSuccess)
        return stop(cudaFailure(e, "checking the timed calls' outputs"));
    m_checkedCalls += a.count;
    return audited ? checkAudit(a, got) : compareOutputs(a, got);
}

std::string TimingSets::compareOutputs(CallSpan a, const std::vector<SetCompare>& got) {
    for (int j = 0; j < a.count; ++j) {
        const int k = static_cast<int>((a.first + j) % m_sets);
        for (std::size_t o = 0; o < m_outputs.size(); ++o)
            if (got[o * m_sets + std::size_t(k)].mismatches)
                return stop(describeMismatch(m_outputs[o], k, j, a.count));
    }
    return {};
}

// The first bad element of one set, in the words of a correctness failure: the set's output
// compared again, alone, against its reference widened (convertToReference).
Failure TimingSets::describeMismatch(std::size_t i, int set, int position, int calls) {
    const Buffers& b = *m_s.layout;
    const Parameter& p = *b.params[i];
    const Tolerance tol = toleranceOf(*m_s.task, p.name);
    const Elem t = elem(p.dtype);
    GuardedBuffer ref;
    if (auto e = ref.allocate(referenceBytes(t, b.counts[i])); e != cudaSuccess)
        return cudaFailure(e, "describing a timed call's wrong output");
    convertToReference(m_baseView[i].at(set), t, ref.data(), b.counts[i], m_s.stream);
    double scalar = 0;
    if (tol.mode == ToleranceMode::RelativeToRms)
        deviceRms(ref.data(), referenceIsDouble(t), b.counts[i], &scalar, m_s.stream);
    else if (tol.mode == ToleranceMode::ScaledBySumAbs && !m_inputs.empty())
        deviceSumAbs(m_view[m_inputs.front()].at(set), m_view[m_inputs.front()].type,
                     b.counts[m_inputs.front()], &scalar, m_s.stream);
    CompareStats cs;
    cudaError_t e = kwb::gpu::compareOutputs(m_view[i].at(set), t, ref.data(), referenceIsDouble(t),
                                             b.counts[i], tol.rtol, tol.atol, cmode(tol.mode),
                                             nullptr, scalar, &cs, m_s.stream);
    scrubAndFree(&ref, m_s.stream);
    if (e != cudaSuccess)
        return cudaFailure(e, "describing a timed call's wrong output");
    Failure f =
        outputVerdict(p.name, b.counts[i], b.extents[i], cs, tol,
                      " in " + p.name + " at shape " + m_s.shape->name + " (" +
                          callName(position, calls) + ", against the baseline on the same inputs)",
                      false);
    if (!f)
        f = {"wrong-result",
             "the output " + p.name + " of " + callName(position, calls) + " at shape " +
                 m_s.shape->name + " is out of tolerance against the baseline on the same inputs",
             false};
    return f;
}

// The marks taken right after each call of an audited sample, against the outputs at its end,
// call by call: the first call that went wrong is named, whether its output is wrong at the end
// (a skipped call) or was right only thanks to another call (work moved).
std::string TimingSets::checkAudit(CallSpan a, const std::vector<SetCompare>& got) {
    ++m_audits;
    auto* hashes = static_cast<unsigned long long*>(m_hashes.data());
    cudaMemsetAsync(hashes, 0, m_hashes.bytes(), m_s.stream);
    for (std::size_t o = 0; o < m_outputs.size(); ++o)
        for (const Range& r : rangesOf(a))
            hashSets(m_view[m_outputs[o]], r.first, r.count, hashes + o * m_sets + r.first,
                     m_s.stream);
    std::vector<AuditMark> marks;
    std::vector<unsigned long long> finals;
    cudaError_t e = readBack(m_marks, m_outputs.size() * std::size_t(m_sets), &marks, m_s.stream);
    if (e == cudaSuccess)
        e = readBack(m_hashes, m_outputs.size() * std::size_t(m_sets), &finals, m_s.stream);
    if (e != cudaSuccess)
        return stop(cudaFailure(e, "reading an audit's marks"));
    const Buffers& b = *m_s.layout;
    for (int j = 0; j < a.count; ++j) {
        const std::size_t k = std::size_t((a.first + j) % m_sets);
        for (std::size_t o = 0; o < m_outputs.size(); ++o) {
            if (got[o * m_sets + k].mismatches)
                return stop(describeMismatch(m_outputs[o], static_cast<int>(k), j, a.count));
            const AuditEvidence ev{j, a.count, marks[o * m_sets + k], finals[o * m_sets + k]};
            if (Failure f = judgeAudit(ev, b.params[m_outputs[o]]->name, b.counts[m_outputs[o]],
                                       m_s.shape->name))
                return stop(f);
        }
    }
    return {};
}

SampleHooks TimingSets::hooks(std::uint64_t auditSeed) {
    SampleHooks h;
    h.distinctCalls = [this](int wanted) { return distinctCalls(wanted); };
    h.beforeA = [this](CallSpan s) { return refresh(s); };
    h.afterA = [this](CallSpan a, CallSpan b) { return check(a, b, false); };
    if (m_s.prime == 2)
        h.beforeB = [this](CallSpan, CallSpan b) { return rewrite(b); };
    h.auditMark = [this](long long call, long long next, cudaStream_t st) {
        const int k = static_cast<int>(call % m_sets),
                  kn = next < 0 ? -1 : static_cast<int>(next % m_sets);
        auto* marks = static_cast<AuditMark*>(m_marks.data());
        for (std::size_t o = 0; o < m_outputs.size(); ++o)
            auditMark(m_view[m_outputs[o]], k, kn, marks + o * m_sets + k, st);
    };
    h.afterAudit = [this](CallSpan a) { return check(a, {}, true); };
    h.auditSeed = auditSeed;
    return h;
}

Failure TimingSets::checkGuards() {
    const Buffers& b = *m_s.layout;
    GuardedBuffer bad;
    if (auto e = bad.allocate(sizeof(unsigned long long)); e != cudaSuccess)
        return cudaFailure(e, "checking the timing sets' guard bands");
    for (std::size_t i = 0; i < m_slabs.size(); ++i) {
        bool intact = true;
        if (auto e = m_slabs[i].guardsIntact(&intact); e != cudaSuccess)
            return cudaFailure(e, "checking the timing sets' guard bands");
        unsigned long long gapBytes = 0;
        cudaMemsetAsync(bad.data(), 0, sizeof gapBytes, m_s.stream);
        countGapBytes(m_view[i], m_sets, b.bufs[i].bytes(),
                      static_cast<unsigned long long*>(bad.data()), m_s.stream);
        cudaMemcpyAsync(&gapBytes, bad.data(), sizeof gapBytes, cudaMemcpyDeviceToHost, m_s.stream);
        if (auto e = cudaStreamSynchronize(m_s.stream); e != cudaSuccess)
            return cudaFailure(e, "checking the timing sets' guard bands");
        if (!intact || gapBytes)
            return {"out-of-bounds",
                    "the candidate wrote outside buffer " + b.params[i]->name +
                        " of a timed call's set (guard band overwritten) at shape " +
                        m_s.shape->name,
                    false};
    }
    return {};
}

} // namespace kwb::gpu
