// Does the reference softmax's time depend on where its buffers land in memory? One process
// times the same kernel on P=8 "placements" (x and y allocated behind spacers of different
// sizes, kept allocated, so each pair lands on different pages, L2 slices and DRAM channels),
// all holding the same input. If the medians differ between placements about as much as they
// differ between processes (up to 3 % at 257 x 20011 on the H200), placement is the cause.
//
// Every sample starts with L2 flushed (a memset of twice the L2 size), a device sync and a
// 100 us spin kernel, so the host's launch latency lies under the spin and not in the sample:
//   batch   a graph of 23 back-to-back calls on one placement; sample = elapsed / 23
//   cold    one direct call on one placement (cold L2, the first touch of x)
//   rotate  a graph of 24 calls cycling over the 8 placements (call i uses i % 8), so no call
//           finds its buffers in L2; sample = elapsed / 24
// 60 rounds, interleaved: in each round every placement gets one batch and one cold sample,
// then one rotate sample (the first placement of a round moves by one each round, so no
// placement always follows the rotate sample).
//
//   nvcc -O2 -arch=sm_90 -o placement_probe placement_probe.cu && ./placement_probe [--rows R --cols C]
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

#include <cuda_runtime.h>

#include "spin_kernel.cuh"

// The kernel under test, compiled into this file so the probe times exactly the reference.
#include "../../resources/tasks/reference/softmax-rows-f32.cu"

namespace placement {

constexpr int kPlacements = 8;
constexpr int kRounds = 60;
constexpr int kBatchCalls = 23;
constexpr int kRotateCalls = 24;
constexpr double kSpinUs = 100.0;
constexpr double kWarmupMs = 30.0;
constexpr size_t kMiB = size_t(1) << 20;

[[noreturn]] void fail(const char* what, cudaError_t err, int line) {
    std::fprintf(stderr, "placement_probe: CUDA error at line %d: %s -> %s (%s)\n", line, what,
                 cudaGetErrorString(err), cudaGetErrorName(err));
    std::exit(1);
}

#define CHECK(call)                                                                                \
    do {                                                                                           \
        const cudaError_t err_ = (call);                                                           \
        if (err_ != cudaSuccess)                                                                   \
            placement::fail(#call, err_, __LINE__);                                                \
    } while (0)

// After a kernel launch (the reference entry returns nothing): launch errors show up here.
#define CHECK_LAUNCH(what)                                                                         \
    do {                                                                                           \
        const cudaError_t err_ = cudaGetLastError();                                               \
        if (err_ != cudaSuccess)                                                                   \
            placement::fail("launch of " what, err_, __LINE__);                                    \
    } while (0)


struct Buffers {
    void* spacer = nullptr;
    size_t spacerMiB = 0;
    float* x = nullptr;
    float* y = nullptr;
};

struct Stats {
    double min, median, max;
};

Stats stats(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    const double med = n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
    return {v.front(), med, v.back()};
}

int parsePositive(const char* flag, const char* text) {
    char* end = nullptr;
    const long v = std::strtol(text, &end, 10);
    if (end == text || *end != '\0' || v <= 0 || v > (1L << 30)) {
        std::fprintf(stderr, "placement_probe: %s needs a positive integer, got '%s'\n", flag, text);
        std::exit(2);
    }
    return static_cast<int>(v);
}

// Captures `calls` back-to-back calls of the reference; call i uses buffers[pick(i)].
template <typename Pick>
cudaGraphExec_t captureCalls(cudaStream_t s, const std::vector<Buffers>& buffers, int rows,
                             int cols, int calls, Pick pick) {
    CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeThreadLocal));
    for (int i = 0; i < calls; ++i) {
        const Buffers& b = buffers[pick(i)];
        kwb_softmax_rows(b.x, b.y, rows, cols, s);
        CHECK_LAUNCH("kwb_softmax_rows (capture)");
    }
    cudaGraph_t g;
    CHECK(cudaStreamEndCapture(s, &g));
    cudaGraphExec_t ge;
    CHECK(cudaGraphInstantiate(&ge, g, 0));
    CHECK(cudaGraphUpload(ge, s));
    CHECK(cudaGraphDestroy(g));
    return ge;
}

// Runs the sampling protocol around `work` and returns the elapsed device time in us.
// `covered` counts samples whose start event was still waiting on the spin when the host had
// queued everything (the launch latency was hidden).
template <typename Work>
double sample(cudaStream_t s, void* flush, size_t flushBytes, cudaEvent_t e0, cudaEvent_t e1,
              int& covered, Work work) {
    CHECK(cudaMemsetAsync(flush, 0, flushBytes, s));
    CHECK(cudaDeviceSynchronize());
    spinKernel<<<1, 1, 0, s>>>(static_cast<unsigned long long>(kSpinUs * 1000.0));
    CHECK_LAUNCH("spinKernel");
    CHECK(cudaEventRecord(e0, s));
    work();
    CHECK(cudaEventRecord(e1, s));
    const cudaError_t q = cudaEventQuery(e0);
    if (q != cudaSuccess && q != cudaErrorNotReady)
        fail("cudaEventQuery(e0)", q, __LINE__);
    const cudaError_t last = cudaGetLastError(); // clears a cudaErrorNotReady left by the query
    if (last != cudaSuccess && last != cudaErrorNotReady)
        fail("cudaGetLastError after cudaEventQuery", last, __LINE__);
    covered += q == cudaErrorNotReady;
    CHECK(cudaEventSynchronize(e1));
    float ms = 0;
    CHECK(cudaEventElapsedTime(&ms, e0, e1));
    return 1000.0 * ms;
}

int run(int rows, int cols) {
    int devices = 0;
    CHECK(cudaGetDeviceCount(&devices));
    CHECK(cudaSetDevice(0));
    cudaDeviceProp prop;
    CHECK(cudaGetDeviceProperties(&prop, 0));
    int l2 = 0;
    CHECK(cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, 0));
    if (l2 <= 0)
        l2 = 64 << 20; // unknown: flush generously
    const size_t flushBytes = 2 * static_cast<size_t>(l2);
    const size_t n = static_cast<size_t>(rows) * cols;
    const size_t bytes = n * sizeof(float);

    cudaStream_t s;
    CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
    cudaEvent_t e0, e1;
    CHECK(cudaEventCreate(&e0));
    CHECK(cudaEventCreate(&e1));
    void* flush = nullptr;
    CHECK(cudaMalloc(&flush, flushBytes));

    // The same input everywhere: generated once with a fixed seed, copied to every x.
    std::vector<float> host(n);
    std::mt19937 rng(20011);
    std::normal_distribution<float> normal(0.0f, 1.0f);
    for (float& v : host)
        v = normal(rng);
    std::vector<Buffers> buffers(kPlacements);
    for (int p = 0; p < kPlacements; ++p) {
        Buffers& b = buffers[p];
        b.spacerMiB = static_cast<size_t>(p) * 7 + 3;
        CHECK(cudaMalloc(&b.spacer, b.spacerMiB * kMiB));
        CHECK(cudaMalloc(reinterpret_cast<void**>(&b.x), bytes));
        CHECK(cudaMalloc(reinterpret_cast<void**>(&b.y), bytes));
        CHECK(cudaMemcpy(b.x, host.data(), bytes, cudaMemcpyHostToDevice));
        CHECK(cudaMemset(b.y, 0, bytes));
    }

    std::vector<cudaGraphExec_t> batch(kPlacements);
    for (int p = 0; p < kPlacements; ++p)
        batch[p] = captureCalls(s, buffers, rows, cols, kBatchCalls, [p](int) { return p; });
    const cudaGraphExec_t rotate = captureCalls(s, buffers, rows, cols, kRotateCalls,
                                                [](int i) { return i % kPlacements; });
    CHECK(cudaStreamSynchronize(s));

    // Warm-up: every graph once, then rotate replays until about 30 ms have passed.
    const auto w0 = std::chrono::steady_clock::now();
    for (int p = 0; p < kPlacements; ++p)
        CHECK(cudaGraphLaunch(batch[p], s));
    do {
        CHECK(cudaGraphLaunch(rotate, s));
        CHECK(cudaStreamSynchronize(s));
    } while (std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - w0)
                 .count() < kWarmupMs);

    std::vector<std::vector<double>> batchUs(kPlacements), coldUs(kPlacements);
    std::vector<double> rotateUs;
    int covered = 0, samples = 0;
    for (int r = 0; r < kRounds; ++r) {
        for (int k = 0; k < kPlacements; ++k) {
            const int p = (r + k) % kPlacements;
            const Buffers& b = buffers[p];
            batchUs[p].push_back(sample(s, flush, flushBytes, e0, e1, covered, [&] {
                                     CHECK(cudaGraphLaunch(batch[p], s));
                                 }) / kBatchCalls);
            coldUs[p].push_back(sample(s, flush, flushBytes, e0, e1, covered, [&] {
                kwb_softmax_rows(b.x, b.y, rows, cols, s);
                CHECK_LAUNCH("kwb_softmax_rows");
            }));
            samples += 2;
        }
        rotateUs.push_back(sample(s, flush, flushBytes, e0, e1, covered,
                                  [&] { CHECK(cudaGraphLaunch(rotate, s)); }) /
                           kRotateCalls);
        ++samples;
    }
    CHECK(cudaDeviceSynchronize());

    // Same input, same kernel: every placement's output must be identical, and rows sum to 1.
    std::vector<float> y0(n), yp(n);
    CHECK(cudaMemcpy(y0.data(), buffers[0].y, bytes, cudaMemcpyDeviceToHost));
    int differing = 0;
    for (int p = 1; p < kPlacements; ++p) {
        CHECK(cudaMemcpy(yp.data(), buffers[p].y, bytes, cudaMemcpyDeviceToHost));
        differing += std::memcmp(y0.data(), yp.data(), bytes) != 0;
    }
    double worstRowSum = 0;
    for (int row : {0, rows - 1}) {
        double sum = 0;
        for (int c = 0; c < cols; ++c)
            sum += y0[static_cast<size_t>(row) * cols + c];
        worstRowSum = std::max(worstRowSum, std::abs(sum - 1.0));
    }

    std::printf("device %s, %d SMs, L2 %d KiB, flush %zu MiB; rows=%d cols=%d (%.1f MiB per buffer); "
                "%d rounds, spin %.0f us, batch %d calls, rotate %d calls\n",
                prop.name, prop.multiProcessorCount, l2 / 1024, flushBytes / kMiB, rows, cols,
                double(bytes) / double(kMiB), kRounds, kSpinUs, kBatchCalls, kRotateCalls);
    std::printf("%2s %10s %14s %14s %10s %10s %10s %10s %10s %10s\n", "p", "spacer_MiB", "x_addr",
                "y_addr", "batch_med", "batch_min", "batch_max", "cold_med", "cold_min", "cold_max");
    std::vector<double> batchMed, coldMed;
    for (int p = 0; p < kPlacements; ++p) {
        const Stats bs = stats(batchUs[p]), cs = stats(coldUs[p]);
        batchMed.push_back(bs.median);
        coldMed.push_back(cs.median);
        std::printf("%2d %10zu %14p %14p %10.3f %10.3f %10.3f %10.3f %10.3f %10.3f\n", p,
                    buffers[p].spacerMiB, static_cast<void*>(buffers[p].x),
                    static_cast<void*>(buffers[p].y), bs.median, bs.min, bs.max, cs.median, cs.min,
                    cs.max);
    }
    const auto spread = [](const std::vector<double>& v) {
        const auto [lo, hi] = std::minmax_element(v.begin(), v.end());
        return 100.0 * (*hi - *lo) / *lo;
    };
    const Stats rs = stats(rotateUs);
    std::printf("spread over placements (max-min)/min of medians: batch %.2f %%, cold %.2f %%\n",
                spread(batchMed), spread(coldMed));
    std::printf("rotate (all placements, L2-cold calls): median %.3f us, min %.3f, max %.3f\n",
                rs.median, rs.min, rs.max);
    std::printf("launch covered by spin: %d/%d samples; outputs identical across placements: %s; "
                "worst |row sum - 1| (rows 0, last) %.2e\n",
                covered, samples, differing == 0 ? "yes" : "NO", worstRowSum);

    CHECK(cudaGraphExecDestroy(rotate));
    for (cudaGraphExec_t ge : batch)
        CHECK(cudaGraphExecDestroy(ge));
    for (Buffers& b : buffers) {
        CHECK(cudaFree(b.y));
        CHECK(cudaFree(b.x));
        CHECK(cudaFree(b.spacer));
    }
    CHECK(cudaFree(flush));
    CHECK(cudaEventDestroy(e1));
    CHECK(cudaEventDestroy(e0));
    CHECK(cudaStreamDestroy(s));
    return differing == 0 ? 0 : 1;
}

} // namespace placement

int main(int argc, char** argv) {
    int rows = 257, cols = 20011;
    for (int i = 1; i < argc; ++i) {
        if (i + 1 < argc && std::strcmp(argv[i], "--rows") == 0) {
            rows = placement::parsePositive("--rows", argv[++i]);
        } else if (i + 1 < argc && std::strcmp(argv[i], "--cols") == 0) {
            cols = placement::parsePositive("--cols", argv[++i]);
        } else {
            std::fprintf(stderr, "usage: placement_probe [--rows R] [--cols C]\n");
            return 2;
        }
    }
    return placement::run(rows, cols);
}
