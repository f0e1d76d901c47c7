// The stream contract check (see stream_contract.h).
#include "core/gpu/stream_contract.h"

#include <chrono>
#include <thread>

#include <cuda_runtime.h>

#include "core/gpu/set_kernels.h"

namespace kwb::gpu {
namespace {

// Streams and an event of the harness's own, released with the check. Non-blocking streams:
// the legacy default stream (a candidate's stray work) must not wait for them, nor they for it.
struct GateResources {
    cudaStream_t gate = nullptr, probe = nullptr;
    cudaEvent_t opened = nullptr;
    GuardedBuffer flags; // int release, int opened, then two counters
    ~GateResources() {
        if (gate)
            cudaStreamDestroy(gate);
        if (probe)
            cudaStreamDestroy(probe);
        if (opened)
            cudaEventDestroy(opened);
    }
    cudaError_t create() {
        cudaError_t e = cudaStreamCreateWithFlags(&gate, cudaStreamNonBlocking);
        if (e == cudaSuccess)
            e = cudaStreamCreateWithFlags(&probe, cudaStreamNonBlocking);
        if (e == cudaSuccess)
            e = cudaEventCreateWithFlags(&opened, cudaEventDisableTiming);
        if (e == cudaSuccess)
            e = flags.allocate(4 * sizeof(unsigned long long));
        if (e == cudaSuccess)
            e = cudaMemset(flags.data(), 0, flags.bytes());
        return e;
    }
    int* release() const { return static_cast<int*>(flags.data()); }
    int* openedFlag() const { return static_cast<int*>(flags.data()) + 1; }
    unsigned long long* counters() const {
        return static_cast<unsigned long long*>(flags.data()) + 2;
    }
};

// Elements of the outputs written so far, and whether the gate was still closed after counting
// them (then every one of them was written by work outside the held stream).
cudaError_t probe(const GateResources& g, const Buffers& b, unsigned long long* written,
                  bool* stillClosed) {
    *written = 0;
    *stillClosed = true;
    for (std::size_t i = 0; i < b.params.size(); ++i) {
        if (b.params[i]->kind != ParamKind::Output)
            continue;
        unsigned long long host[2] = {0, 0};
        cudaMemsetAsync(g.counters(), 0, 2 * sizeof(unsigned long long), g.probe);
        probeWritten(b.ptrs[i], elem(b.params[i]->dtype), b.counts[i], g.openedFlag(), g.counters(),
                     g.probe);
        cudaMemcpyAsync(host, g.counters(), sizeof host, cudaMemcpyDeviceToHost, g.probe);
        if (auto e = cudaStreamSynchronize(g.probe); e != cudaSuccess)
            return e;
        *written += host[0];
        *stillClosed = *stillClosed && host[1] == 0;
    }
    return cudaSuccess;
}

} // namespace

Failure checkStreamContract(ShimCall candidate, const Buffers& b,
                            const std::vector<long long>& dims, const std::vector<double>& scalars,
                            cudaStream_t stream, double windowMs, const std::string& shape) {
    GateResources g;
    if (auto e = g.create(); e != cudaSuccess)
        return cudaFailure(e, "preparing the stream check");
    for (std::size_t i = 0; i < b.params.size(); ++i)
        if (b.params[i]->kind == ParamKind::Output)
            fillPoison(b.ptrs[i], elem(b.params[i]->dtype), b.counts[i], stream);
    if (auto e = cudaDeviceSynchronize(); e != cudaSuccess)
        return cudaFailure(e, "before the stream check");
    // One probe while the gate is open, so the probe's kernels are loaded before it closes. With
    // lazy loading (CUDA's default) a kernel's first launch loads its module, and loading may
    // wait for the context to go idle: behind the closed gate the first probe would wait for
    // the gate to open by itself, and then see nothing held back: the check of a job's first
    // shape would be blind, and would cost the gate's whole wait.
    {
        unsigned long long written = 0;
        bool closed = true;
        if (auto e = probe(g, b, &written, &closed); e != cudaSuccess)
            return cudaFailure(e, "before the stream check");
    }
    // The gate opens by itself after a while, so a candidate that synchronises the device inside
    // its call (forbidden, but not a reason to hang) only waits.
    holdGate(g.release(), g.openedFlag(), 1000.0 * (windowMs + 200.0), g.gate);
    cudaEventRecord(g.opened, g.gate);
    cudaStreamWaitEvent(stream, g.opened, 0);
    candidate(b.ptrs.data(), dims.data(), scalars.data(), stream);
    if (auto e = cudaGetLastError(); e != cudaSuccess) {
        cudaMemsetAsync(g.release(), 1, sizeof(int), g.probe);
        cudaDeviceSynchronize();
        return cudaFailure(e, "the candidate's call under the stream check");
    }
    const auto t0 = std::chrono::steady_clock::now();
    unsigned long long written = 0;
    bool closed = true;
    cudaError_t e = cudaSuccess;
    for (;;) {
        if ((e = probe(g, b, &written, &closed)) != cudaSuccess || !closed || written > 0)
            break;
        if (std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0)
                .count() >= windowMs)
            break;
        std::this_thread::sleep_for(std::chrono::microseconds(100));
    }
    cudaMemsetAsync(g.release(), 1, sizeof(int), g.probe);
    const cudaError_t se = cudaDeviceSynchronize();
    if (e == cudaSuccess)
        e = se;
    if (e != cudaSuccess)
        return cudaFailure(e, "the stream check");
    if (closed && written > 0)
        return {"contract-violation",
                "the candidate wrote " + std::to_string(written) + " output elements at shape " +
                    shape +
                    " while the stream it was given was held back: its work runs outside that "
                    "stream (a stream of its "
                    "own, or the legacy or per-thread default stream), where the timing's events "
                    "do not see it",
                false};
    return {};
}

} // namespace kwb::gpu
