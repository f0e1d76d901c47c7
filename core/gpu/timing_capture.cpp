// Capturing a timed batch into a CUDA graph, and the audit copy of that graph with marks between
// its calls (timing.h: Timer::capture, Timer::auditGraph).
#include "core/gpu/device_kernels.h"
#include "core/gpu/timing.h"

#include <algorithm>
#include <unordered_set>
#include <vector>

#include <cuda_runtime.h>

namespace kwb::gpu {

namespace {

// The nodes a capture held after each call so far. The capture only adds nodes, and reads them
// back in the order it added them (not documented, so checked): a call's nodes are then the tail
// past the ones known, where the head is the list known. That comparison is cheap next to a hash
// insertion for every node at every call; where the head differs, a set takes over.
struct CaptureNodes {
    std::vector<cudaGraphNode_t> all;
    std::unordered_set<cudaGraphNode_t> seen; // filled once the order cannot be relied on
    bool ordered = true;
};

// The nodes the capture on `s` holds that `known` does not yet; false when the capture cannot be
// read (then the audit graph is not built: a call's nodes must be known exactly).
bool newCaptureNodes(cudaStream_t s, CaptureNodes* known, std::vector<cudaGraphNode_t>* fresh) {
    cudaStreamCaptureStatus status{};
    cudaGraph_t g = nullptr;
    if (cudaStreamGetCaptureInfo(s, &status, nullptr, &g) != cudaSuccess ||
        status != cudaStreamCaptureStatusActive || !g) {
        cudaGetLastError();
        return false;
    }
    std::size_t n = 0;
    if (cudaGraphGetNodes(g, nullptr, &n) != cudaSuccess)
        return false;
    std::vector<cudaGraphNode_t> now(n);
    if (n > 0 && cudaGraphGetNodes(g, now.data(), &n) != cudaSuccess)
        return false;
    now.resize(n);
    const std::size_t m = known->all.size();
    if (known->ordered && n >= m && std::equal(known->all.begin(), known->all.end(), now.begin())) {
        fresh->assign(now.begin() + std::ptrdiff_t(m), now.end());
    } else {
        if (known->ordered)
            known->seen.insert(known->all.begin(), known->all.end());
        known->ordered = false;
        for (cudaGraphNode_t node : now)
            if (known->seen.insert(node).second)
                fresh->push_back(node);
    }
    known->all = std::move(now);
    return true;
}

} // namespace

Timer::CapturedCalls& Timer::CapturedCalls::operator=(CapturedCalls&& o) noexcept {
    if (this != &o) {
        if (graph)
            cudaGraphDestroy(graph);
        graph = o.graph;
        o.graph = nullptr;
        callNodes = std::move(o.callNodes);
    }
    return *this;
}

Timer::CapturedCalls::~CapturedCalls() {
    if (graph)
        cudaGraphDestroy(graph);
}

cudaGraphExec_t Timer::capture(const TimedCall& fn, int batch, bool memsetKernels, int* memsetNodes,
                               CapturedCalls* kept) {
    if (kept)
        *kept = CapturedCalls{};
    // Thread-local mode: only this thread's unsafe calls invalidate the capture. A callable that
    // synchronises, allocates or uses another stream ends the capture with an error; it is then
    // timed by direct launches.
    if (cudaStreamBeginCapture(m_stream, cudaStreamCaptureModeThreadLocal) != cudaSuccess) {
        cudaGetLastError();
        return nullptr;
    }
    std::vector<std::vector<cudaGraphNode_t>> callNodes; // the nodes each call added, for the audit
    CaptureNodes seen;
    bool nodesKnown = kept != nullptr;
    for (int i = 0; i < batch; ++i) {
        fn(i);
        if (nodesKnown) {
            callNodes.emplace_back();
            nodesKnown = newCaptureNodes(m_stream, &seen, &callNodes.back());
        }
    }
    cudaGraph_t graph = nullptr;
    cudaError_t e = cudaStreamEndCapture(m_stream, &graph);
    // The graph kept for the audit copy stays as captured; the timed one gets kernel nodes for
    // its memsets.
    cudaGraph_t timed = graph;
    if (e == cudaSuccess && graph && nodesKnown && memsetKernels)
        e = cudaGraphClone(&timed, graph);
    if (e == cudaSuccess && timed && memsetKernels)
        e = memsetNodesToKernels(timed, std::size_t{1} << 20, memsetNodes);
    cudaGraphExec_t exec = nullptr;
    if (e == cudaSuccess && timed)
        e = cudaGraphInstantiate(&exec, timed, 0);
    if (timed && timed != graph)
        cudaGraphDestroy(timed);
    if (e == cudaSuccess && graph && nodesKnown) {
        kept->graph = graph;
        kept->callNodes = std::move(callNodes);
    } else if (graph) {
        cudaGraphDestroy(graph);
    }
    if (e != cudaSuccess) {
        cudaGetLastError(); // a failed capture leaves a (non-sticky) error behind: clear it
        if (exec)
            cudaGraphExecDestroy(exec);
        if (kept)
            *kept = CapturedCalls{};
        return nullptr;
    }
    return exec;
}

// A copy of the captured batch with a mark after each call: the mark (captured on its own) waits
// for every node call i added and for the mark before it, and every node of call i + 1 waits for
// it. The calls' own nodes are the very ones the timed replays run.
cudaGraphExec_t Timer::auditGraph(const CapturedCalls& calls) {
    if (!calls.graph)
        return nullptr;
    const auto& callNodes = calls.callNodes;
    cudaGraph_t clone = nullptr;
    if (cudaGraphClone(&clone, calls.graph) != cudaSuccess) {
        cudaGetLastError();
        return nullptr;
    }
    bool ok = true;
    auto inClone = [&](cudaGraphNode_t n) {
        cudaGraphNode_t c = nullptr;
        ok = ok && cudaGraphNodeFindInClone(&c, n, clone) == cudaSuccess && c;
        return c;
    };
    const int batch = static_cast<int>(callNodes.size());
    cudaGraphNode_t previous = nullptr;
    for (int i = 0; i < batch && ok; ++i) {
        cudaGraph_t markGraph = nullptr;
        ok = cudaStreamBeginCapture(m_stream, cudaStreamCaptureModeThreadLocal) == cudaSuccess;
        if (ok) {
            m_hooks.auditMark(i, i + 1 < batch ? i + 1 : -1, m_stream);
            ok = cudaStreamEndCapture(m_stream, &markGraph) == cudaSuccess && markGraph;
        }
        std::vector<cudaGraphNode_t> deps;
        for (cudaGraphNode_t n : callNodes[std::size_t(i)])
            deps.push_back(inClone(n));
        if (previous)
            deps.push_back(previous);
        cudaGraphNode_t mark = nullptr;
        ok = ok && cudaGraphAddChildGraphNode(&mark, clone, deps.data(), deps.size(), markGraph) ==
                       cudaSuccess;
        if (markGraph)
            cudaGraphDestroy(markGraph);
        for (std::size_t k = 0; ok && i + 1 < batch && k < callNodes[std::size_t(i + 1)].size();
             ++k) {
            cudaGraphNode_t next = inClone(callNodes[std::size_t(i + 1)][k]);
            ok = ok && cudaGraphAddDependencies(clone, &mark, &next, nullptr, 1) == cudaSuccess;
        }
        previous = mark;
    }
    cudaGraphExec_t exec = nullptr;
    if (ok && cudaGraphInstantiate(&exec, clone, 0) != cudaSuccess)
        exec = nullptr;
    cudaGraphDestroy(clone);
    cudaGetLastError();
    return exec;
}

} // namespace kwb::gpu
