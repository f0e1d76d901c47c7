// kwb-baseline-selftest: checks every trusted baseline against a float64 CPU reference written
// here (simple loops), times each at one large shape, and runs the calibration probe. Also
// checks the DeviceCeilings JSON round trip and on-disk cache (no GPU needed for that part).
// Exit: 0 all pass, 1 any failure, 77 no CUDA device (after the CPU-only checks passed).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <unistd.h>
#include <vector>

#include <cuda_runtime_api.h>

#include "core/gpu/baselines/algorithm_choices.h"
#include "core/gpu/baselines/baseline.h"
#include "core/gpu/baselines/device_buffer.h"
#include "core/gpu/baselines/library_status.h"
#include "core/gpu/calibration.h"
#include "core/gpu/timing.h"
#include "core/model/baseline_catalogue.h"
#include "tests/gpu/baseline_reference.h"
#include "tests/gpu/suite_baseline_check.h"

using kwb::gpu::Baseline;
using kwb::gpu::BaselineCall;
using kwb::gpu::DeviceBuffer;

namespace {

using namespace kwb::selftest;

// --- device side -----------------------------------------------------------------------------

bool cudaOk(cudaError_t e, const char* what, std::string& why) {
    if (e == cudaSuccess)
        return true;
    why = std::string(what) + ": " + cudaGetErrorString(e);
    return false;
}

// Device buffers of one call plus the host data they were filled from.
struct Buffers {
    std::vector<DeviceBuffer> in;
    DeviceBuffer out;
    std::vector<HostData> host;
    std::size_t outElems = 0;
    std::size_t elemBytes = 4;

    BaselineCall call(const Dims& dims, const Scalars& scalars) const {
        BaselineCall c;
        for (const auto& b : in)
            c.inputs.push_back(b.data());
        c.outputs.push_back(out.data());
        c.dims = dims;
        c.scalars = scalars;
        return c;
    }
};

bool makeBuffers(const TaskSpec& t, const Dims& dims, unsigned seed, Buffers& b, std::string& why) {
    b.elemBytes = t.bf16 ? 2 : 4;
    std::mt19937 rng(seed);
    const auto sizes = t.inputSizes(dims);
    b.in.clear();
    b.in.resize(sizes.size());
    b.host.assign(sizes.size(), {});
    for (std::size_t i = 0; i < sizes.size(); ++i) {
        std::uniform_real_distribution<double> dist(t.inputRanges[i].first,
                                                    t.inputRanges[i].second);
        HostData& h = b.host[i];
        h.resize(sizes[i]);
        std::vector<std::uint16_t> bf(t.bf16 ? sizes[i] : 0);
        std::vector<float> f(t.bf16 ? 0 : sizes[i]);
        for (std::size_t k = 0; k < sizes[i]; ++k) {
            h[k] = roundTo(dist(rng), t.bf16);
            if (t.bf16)
                bf[k] = toBf16(static_cast<float>(h[k]));
            else
                f[k] = static_cast<float>(h[k]);
        }
        auto s = b.in[i].allocate(sizes[i] * b.elemBytes, "a self-test input");
        if (!s) {
            why = kwb::describe(s.error());
            return false;
        }
        const void* src = t.bf16 ? static_cast<const void*>(bf.data()) : f.data();
        if (!cudaOk(cudaMemcpy(b.in[i].data(), src, sizes[i] * b.elemBytes, cudaMemcpyHostToDevice),
                    "upload input", why))
            return false;
    }
    b.outElems = t.outputSize(dims);
    auto s = b.out.allocate(b.outElems * b.elemBytes, "a self-test output");
    if (!s) {
        why = kwb::describe(s.error());
        return false;
    }
    return true;
}

// NaN everywhere (0xff bytes are NaN in f32 and bf16): an unwritten element cannot pass.
bool poison(const Buffers& b, std::string& why) {
    return cudaOk(cudaMemset(b.out.data(), 0xff, b.out.size()), "poison output", why);
}

bool download(const Buffers& b, bool bf16, HostData& got, std::string& why) {
    got.resize(b.outElems);
    if (bf16) {
        std::vector<std::uint16_t> raw(b.outElems);
        if (!cudaOk(cudaMemcpy(raw.data(), b.out.data(), raw.size() * 2, cudaMemcpyDeviceToHost),
                    "download output", why))
            return false;
        for (std::size_t i = 0; i < raw.size(); ++i)
            got[i] = fromBf16(raw[i]);
    } else {
        std::vector<float> raw(b.outElems);
        if (!cudaOk(cudaMemcpy(raw.data(), b.out.data(), raw.size() * 4, cudaMemcpyDeviceToHost),
                    "download output", why))
            return false;
        for (std::size_t i = 0; i < raw.size(); ++i)
            got[i] = raw[i];
    }
    return true;
}

std::string shapeText(const Dims& dims) {
    std::string s;
    for (const auto& [k, v] : dims)
        s += (s.empty() ? "" : ",") + k + "=" + std::to_string(v);
    return s;
}

struct Case {
    std::string task;
    std::string name;
    Dims dims;
};

// The catalogue operation each proof task's file names ([baseline] op).
std::unique_ptr<Baseline> baselineOf(const std::string& taskId) {
    static const std::map<std::string, std::string> ops{
        {"softmax-rows-f32", "cudnn-softmax-rows"},
        {"sgemm-f32", "cublas-sgemm"},
        {"layernorm-gelu-f32", "composition-layernorm-gelu"},
        {"conv2d-nchw-f32", "cudnn-conv2d-nchw"},
        {"reduce-sum-f32", "cub-reduce-sum"},
        {"gemm-bias-gelu-bf16", "cublaslt-gemm-bias-gelu-bf16"}};
    const auto it = ops.find(taskId);
    return it == ops.end() ? nullptr : kwb::gpu::makeBaseline(it->second);
}

// One correctness case; prints one table row (and a reason line on failure).
// The same Baseline object serves all cases of a task, as in the worker (prepare per shape).
bool checkCase(const TaskSpec& t, Baseline* baseline, const Case& c, unsigned seed) {
    const Scalars scalars = t.id == "layernorm-gelu-f32" ? Scalars{{"eps", 1e-5}} : Scalars{};
    std::string why;
    Buffers b;
    HostData got;
    bool ok = baseline != nullptr && makeBuffers(t, c.dims, seed, b, why) && poison(b, why);
    if (baseline == nullptr)
        why = "makeBaseline returned nullptr for a known task id";
    if (ok) {
        const BaselineCall call = b.call(c.dims, scalars);
        auto st = baseline->prepare(call);
        if (!st) {
            ok = false;
            why = "prepare: " + kwb::describe(st.error());
        }
        // prepare() ran the op once; poison again so only run()'s output is checked.
        ok = ok && poison(b, why);
        if (ok) {
            st = baseline->run(call);
            if (!st) {
                ok = false;
                why = "run: " + kwb::describe(st.error());
            }
        }
        ok = ok && cudaOk(cudaDeviceSynchronize(), "baseline execution", why) &&
             download(b, t.bf16, got, why);
    }
    double maxAbs = 0.0, maxRel = 0.0, worst = 0.0;
    std::size_t worstAt = 0, bad = 0;
    HostData ref, scale;
    if (ok) {
        ref.assign(b.outElems, 0.0);
        scale.assign(b.outElems, 0.0);
        t.reference(c.dims, scalars, b.host, ref, scale);
        for (std::size_t i = 0; i < b.outElems; ++i) {
            const double err = std::fabs(got[i] - ref[i]);
            const double bound = t.atol + t.rtol * scale[i];
            const double ratio = std::isfinite(got[i]) ? err / bound : INFINITY;
            if (!(ratio <= 1.0))
                ++bad;
            if (!(ratio <= worst)) {
                worst = ratio;
                worstAt = i;
            }
            if (std::isfinite(err)) {
                maxAbs = std::max(maxAbs, err);
                maxRel = std::max(maxRel, err / std::max(std::fabs(ref[i]), 1e-30));
            }
        }
        ok = bad == 0;
        if (!ok) {
            char line[400];
            std::snprintf(line, sizeof(line),
                          "%zu of %zu elements outside tolerance %s; worst at flat index %zu: got "
                          "%.9g, expected %.9g, bound %.3g",
                          bad, b.outElems, t.tolerance, worstAt, got[worstAt], ref[worstAt],
                          t.atol + t.rtol * scale[worstAt]);
            why = line;
        }
    }
    std::printf("%-20s %-6s %-28s %10.3g %10.3g %9.3g  %s\n", t.id.c_str(), c.name.c_str(),
                shapeText(c.dims).c_str(), maxAbs, maxRel, worst, ok ? "PASS" : "FAIL");
    if (baseline != nullptr && ok && c.name == "odd")
        std::printf("    baseline: %s [%s]\n", baseline->label().c_str(), baseline->kind().c_str());
    if (!ok)
        std::printf("    FAIL %s (%s, seed %u): %s\n", t.id.c_str(), c.name.c_str(), seed,
                    why.c_str());
    return ok;
}

// Median of 20 event-timed run()s after 3 warm-ups; prints one row.
bool timeCase(const TaskSpec& t, const Case& c) {
    const Scalars scalars = t.id == "layernorm-gelu-f32" ? Scalars{{"eps", 1e-5}} : Scalars{};
    std::string why;
    Buffers b;
    auto baseline = baselineOf(t.id);
    cudaEvent_t start = nullptr, stop = nullptr;
    std::vector<float> ms;
    if (baseline == nullptr)
        why = "makeBaseline returned nullptr for a known task id";
    bool ok = baseline != nullptr && makeBuffers(t, c.dims, 7u, b, why) &&
              cudaOk(cudaEventCreate(&start), "event", why) &&
              cudaOk(cudaEventCreate(&stop), "event", why);
    if (ok) {
        const BaselineCall call = b.call(c.dims, scalars);
        auto s = baseline->prepare(call);
        for (int i = 0; s && i < 3; ++i)
            s = baseline->run(call);
        for (int i = 0; s && ok && i < 20; ++i) {
            ok = cudaOk(cudaEventRecord(start, call.stream), "event record", why);
            if (ok)
                s = baseline->run(call);
            ok = ok && s && cudaOk(cudaEventRecord(stop, call.stream), "event record", why) &&
                 cudaOk(cudaEventSynchronize(stop), "kernel execution", why);
            float one = 0.0f;
            ok = ok && cudaOk(cudaEventElapsedTime(&one, start, stop), "elapsed time", why);
            ms.push_back(one);
        }
        if (!s)
            why = kwb::describe(s.error());
        ok = ok && s.ok();
    }
    HostData got;
    if (ok && download(b, t.bf16, got, why)) {
        const auto nonFinite =
            std::count_if(got.begin(), got.end(), [](double v) { return !std::isfinite(v); });
        if (nonFinite > 0) {
            ok = false;
            why = std::to_string(nonFinite) + " non-finite output elements after the timed runs";
        }
    } else {
        ok = false;
    }
    if (start != nullptr)
        cudaEventDestroy(start);
    if (stop != nullptr)
        cudaEventDestroy(stop);
    if (!ok) {
        std::printf("%-20s %-44s %10s  FAIL\n    FAIL timing %s: %s\n", t.id.c_str(),
                    shapeText(c.dims).c_str(), "-", t.id.c_str(), why.c_str());
        return false;
    }
    std::sort(ms.begin(), ms.end());
    const double median = 0.5 * (ms[9] + ms[10]);
    std::printf("%-20s %-44s %10.4f  ok  (min %.4f)\n", t.id.c_str(), shapeText(c.dims).c_str(),
                median, static_cast<double>(ms.front()));
    return true;
}

// --- the call contract, checked before any CUDA call (no GPU needed) --------------------------

bool checkCallContract() {
    bool ok = kwb::gpu::makeBaseline("no-such-op") == nullptr;
    std::string why = ok ? "" : "makeBaseline accepted an unknown operation";
    int dummy[4] = {0, 0, 0, 0}; // never dereferenced: every check below fails before CUDA
    for (const std::string& id : kwb::gpu::baselineOps()) {
        auto baseline = kwb::gpu::makeBaseline(id);
        if (baseline == nullptr) {
            ok = false;
            why += " makeBaseline(" + id + ") is null;";
            continue;
        }
        BaselineCall call;
        auto notPrepared = baseline->run(call);
        if (notPrepared.ok() || notPrepared.error().code != "baseline-not-prepared") {
            ok = false;
            why += " " + id + ": run() before prepare() was not refused as baseline-not-prepared;";
        }
        auto wrongBuffers = baseline->prepare(call);
        if (wrongBuffers.ok() || wrongBuffers.error().code != "baseline-bad-call") {
            ok = false;
            why += " " + id + ": prepare() without buffers was not refused as baseline-bad-call;";
        }
        const kwb::BaselineOp* op = kwb::findBaselineOp(id);
        if (op == nullptr) {
            ok = false;
            why += " " + id + " is not in the catalogue (core/model/baseline_catalogue.cpp);";
            continue;
        }
        call.inputs.assign(op->inputs.size(), &dummy[0]);
        call.outputs.assign(op->outputs.size(), &dummy[1]);
        call.dims = {{"rows", 0}, {"M", -1}, {"N", 1}, {"K", 1}, {"n", 0}, {"C", 1}, {"H", 1}};
        auto badDims = baseline->prepare(call);
        if (badDims.ok() || badDims.error().code != "baseline-bad-call") {
            ok = false;
            why += " " + id + ": prepare() with bad dims was not refused as baseline-bad-call;";
        }
    }
    // The catalogue task files name operations from has a factory for every entry, and no more.
    const auto made = kwb::gpu::baselineOps();
    for (const auto& op : kwb::baselineCatalogue())
        if (std::find(made.begin(), made.end(), op.name) == made.end()) {
            ok = false;
            why += " the catalogue's " + op.name + " has no factory;";
        }
    if (made.size() != kwb::baselineCatalogue().size()) {
        ok = false;
        why += " the factories and the catalogue differ in size;";
    }
    std::printf("baseline call contract (no GPU): %s\n", ok ? "PASS" : "FAIL");
    if (!ok)
        std::printf("    FAIL contract:%s\n", why.c_str());
    return ok;
}

// --- ceilings: JSON round trip and cache (CPU only) --------------------------------------------

bool checkCeilingsJsonAndCache(const kwb::gpu::DeviceCeilings& c, const char* what) {
    auto back = kwb::gpu::ceilingsFromJson(kwb::gpu::ceilingsToJson(c));
    bool ok = back.ok() && back->deviceName == c.deviceName && back->pciBusId == c.pciBusId &&
              back->uuid == c.uuid && back->driverRelease == c.driverRelease &&
              back->copyBandwidthGBps == c.copyBandwidthGBps && back->f32TFlops == c.f32TFlops &&
              back->bf16TFlops == c.bf16TFlops && back->f16TFlops == c.f16TFlops &&
              back->measuredAt == c.measuredAt;
    std::string why =
        back.ok() ? "a field changed in the JSON round trip" : kwb::describe(back.error());
    char tmpl[] = "/tmp/kwb-ceilings-XXXXXX";
    const char* dir = ok ? mkdtemp(tmpl) : nullptr;
    if (ok && dir == nullptr) {
        ok = false;
        why = "mkdtemp failed";
    }
    if (ok) {
        const std::filesystem::path folder = std::filesystem::path(dir) / "cache";
        auto saved = kwb::gpu::saveCachedCeilings(folder, c);
        auto loaded = kwb::gpu::loadCachedCeilings(folder, c);
        kwb::gpu::DeviceCeilings other = c;
        other.driverRelease += "-other";
        auto miss = kwb::gpu::loadCachedCeilings(folder, other);
        ok = saved.ok() && loaded.ok() && loaded->f32TFlops == c.f32TFlops && !miss.ok();
        if (!saved.ok())
            why = "save: " + kwb::describe(saved.error());
        else if (!loaded.ok())
            why = "load: " + kwb::describe(loaded.error());
        else if (miss.ok())
            why = "a different driver release hit the cache";
        std::error_code ec;
        std::filesystem::remove_all(dir, ec);
    }
    auto broken = kwb::gpu::ceilingsFromJson(nlohmann::json{{"schema", 1}, {"device_name", 3}});
    if (ok && broken.ok()) {
        ok = false;
        why = "malformed ceilings JSON was accepted";
    }
    std::printf("ceilings JSON + cache (%s): %s\n", what, ok ? "PASS" : "FAIL");
    if (!ok)
        std::printf("    FAIL ceilings: %s\n", why.c_str());
    return ok;
}

// Choices handed in are known, choices found are known and reported, malformed entries ignored.
bool checkAlgorithmChoiceStore() {
    kwb::gpu::forgetAlgorithms();
    kwb::gpu::importAlgorithms(nlohmann::json{{"cudnn 9 conv 1 2", 6}, {"bad", "x"}});
    kwb::gpu::rememberAlgorithm("cudnn 9 conv 3 4", 1);
    const auto found = kwb::gpu::foundAlgorithms();
    const bool ok = kwb::gpu::knownAlgorithm("cudnn 9 conv 1 2") == 6 &&
                    kwb::gpu::knownAlgorithm("cudnn 9 conv 3 4") == 1 &&
                    !kwb::gpu::knownAlgorithm("bad") && found.size() == 1 &&
                    found.value("cudnn 9 conv 3 4", -1) == 1;
    kwb::gpu::forgetAlgorithms();
    std::printf("algorithm choices kept and reported: %s\n", ok ? "PASS" : "FAIL");
    return ok;
}

// fastestCandidate: of a 256 MiB, a failing and a 1 MiB memset, the 1 MiB one wins.
bool checkFastestCandidate() {
    kwb::gpu::DeviceBuffer buf;
    if (!buf.ensure(std::size_t{256} << 20, "selftest").ok())
        return false;
    const std::size_t sizes[] = {std::size_t{256} << 20, 0, std::size_t{1} << 20};
    auto best = kwb::gpu::fastestCandidate(
        3,
        [&](std::size_t i) -> kwb::Status {
            if (sizes[i] == 0)
                return kwb::Error::make("cudnn-error", "this algorithm does not support the call");
            return kwb::gpu::cudaCheck(cudaMemsetAsync(buf.data(), 0, sizes[i], nullptr),
                                       "cudaMemsetAsync");
        },
        nullptr);
    const bool ok = best.ok() && *best == 2;
    std::printf("fastest candidate timed again: %s (chose %s)\n", ok ? "PASS" : "FAIL",
                best.ok() ? std::to_string(*best).c_str() : kwb::describe(best.error()).c_str());
    return ok;
}

// The median's precision ignores a few slow samples that the mean's standard error does not.
bool checkMedianPrecision() {
    std::vector<double> outliers(20, 1.0);
    outliers.insert(outliers.end(), {10.0, 10.0, 10.0});
    std::vector<double> ramp;
    for (int i = 1; i <= 10; ++i)
        ramp.push_back(i);
    const double a = kwb::gpu::medianPrecision(outliers), b = kwb::gpu::medianPrecision(ramp);
    const bool ok = a == 0.0 && kwb::gpu::summarise(outliers).rse > 0.2 &&
                    std::abs(b - 1.5 / 5.5) < 1e-12 && kwb::gpu::medianPrecision({2.0}) == 0.0;
    std::printf("median precision (stop_on=median): %s (outliers %.3f, ramp %.4f)\n",
                ok ? "PASS" : "FAIL", a, b);
    return ok;
}

// Buffer sets for the timed calls: enough copies to span rotateL2 x L2, only where that takes
// 2..maxBufferSets of them; the policy keys survive a JSON round trip.
bool checkBufferSets() {
    kwb::gpu::TimingPolicy p; // rotate_l2 3, 16..32 sets, 1 GiB
    const std::size_t l2 = 50u << 20, mib = 1u << 20;
    const bool sizes =
        kwb::gpu::bufferSets(p, l2, 62 * mib) == 16 && // spans 3 x L2 with 3; 16 at least
        kwb::gpu::bufferSets(p, l2, 5 * mib) == 30 &&  // 30 to span it
        kwb::gpu::bufferSets(p, l2, 4 * mib) == 1 &&   // 38 copies: stays in the L2
        kwb::gpu::bufferSets(p, l2, 64 * 1024) == 1 &&
        kwb::gpu::bufferSets(p, l2, 140 * mib) == 7 && // 1 GiB in all
        kwb::gpu::bufferSets(p, l2, 150 * mib) == 1 && // one set already spans it
        kwb::gpu::bufferSets(p, 0, 4 * mib) == 1 && kwb::gpu::bufferSets(p, l2, 0) == 1;
    kwb::gpu::TimingPolicy off = p;
    off.rotateL2 = 0;
    nlohmann::json j = p;
    j["rotate_l2"] = 2.5;
    j["max_buffer_sets"] = 1000;
    j["min_buffer_sets"] = 4;
    const auto back = j.get<kwb::gpu::TimingPolicy>();
    const bool ok = sizes && kwb::gpu::bufferSets(off, l2, 62 * mib) == 1 && back.rotateL2 == 2.5 &&
                    back.maxBufferSets == 256 && back.minBufferSets == 4 &&
                    back.maxRotateMiB == 1024;
    std::printf("buffer sets for the timed calls: %s\n", ok ? "PASS" : "FAIL");
    return ok;
}

} // namespace

int main() {
    std::setvbuf(stdout, nullptr, _IOLBF, 0);
    kwb::gpu::DeviceCeilings sample;
    sample.deviceName = "Test GPU";
    sample.pciBusId = "0000:01:00.0";
    sample.uuid = "GPU-00000000-0000-0000-0000-000000000000";
    sample.driverVersion = 13000;
    sample.driverRelease = "580.1.2";
    sample.copyBandwidthGBps = 4012.5;
    sample.f32TFlops = 51.25;
    sample.bf16TFlops = 701.5;
    sample.f16TFlops = 702.25;
    sample.measuredAt = "2025-01-01T00:00:00Z";
    bool allOk = checkCeilingsJsonAndCache(sample, "synthetic");
    allOk = checkCallContract() && allOk;
    allOk = checkAlgorithmChoiceStore() && allOk;
    allOk = checkMedianPrecision() && allOk;
    allOk = checkBufferSets() && allOk;

    int count = 0;
    const cudaError_t e = cudaGetDeviceCount(&count);
    if (e != cudaSuccess || count == 0) {
        std::printf("SKIP: no CUDA device (%s)\n",
                    e != cudaSuccess ? cudaGetErrorString(e) : "the driver reports none");
        return allOk ? 77 : 1;
    }
    cudaDeviceProp prop{};
    if (cudaGetDeviceProperties(&prop, 0) == cudaSuccess)
        std::printf("device 0: %s (sm_%d%d)\n", prop.name, prop.major, prop.minor);
    allOk = checkFastestCandidate() && allOk;

    const std::vector<Case> cases = {
        {"softmax-rows-f32", "small", {{"rows", 8}, {"cols", 128}}},
        {"softmax-rows-f32", "odd", {{"rows", 37}, {"cols", 1003}}},
        {"sgemm-f32", "small", {{"M", 32}, {"N", 48}, {"K", 64}}},
        {"sgemm-f32", "odd", {{"M", 127}, {"N", 93}, {"K", 211}}},
        {"layernorm-gelu-f32", "small", {{"rows", 8}, {"cols", 256}}},
        {"layernorm-gelu-f32", "odd", {{"rows", 37}, {"cols", 1003}}},
        {"layernorm-gelu-f32", "wide", {{"rows", 5}, {"cols", 3001}}}, // block-per-row path
        {"conv2d-nchw-f32", "small", {{"N", 2}, {"C", 3}, {"H", 8}, {"W", 8}, {"K", 4}}},
        {"conv2d-nchw-f32", "odd", {{"N", 3}, {"C", 5}, {"H", 13}, {"W", 17}, {"K", 7}}},
        {"reduce-sum-f32", "small", {{"n", 1000}}},
        {"reduce-sum-f32", "odd", {{"n", 1000003}}},
        {"gemm-bias-gelu-bf16", "small", {{"M", 32}, {"N", 64}, {"K", 48}}},
        {"gemm-bias-gelu-bf16", "odd", {{"M", 129}, {"N", 97}, {"K", 203}}},
    };
    const std::vector<Case> large = {
        {"softmax-rows-f32", "large", {{"rows", 8192}, {"cols", 8192}}},
        {"sgemm-f32", "large", {{"M", 4096}, {"N", 4096}, {"K", 4096}}},
        {"layernorm-gelu-f32", "large", {{"rows", 16384}, {"cols", 4096}}},
        {"conv2d-nchw-f32", "large", {{"N", 32}, {"C", 128}, {"H", 56}, {"W", 56}, {"K", 128}}},
        {"reduce-sum-f32", "large", {{"n", 1 << 26}}},
        {"gemm-bias-gelu-bf16", "large", {{"M", 4096}, {"N", 4096}, {"K", 4096}}},
    };
    const auto specs = taskSpecs();
    auto spec = [&](const std::string& id) -> const TaskSpec& {
        return *std::find_if(specs.begin(), specs.end(),
                             [&](const TaskSpec& s) { return s.id == id; });
    };

    std::printf("\n%-20s %-6s %-28s %10s %10s %9s  %s\n", "task", "case", "shape", "max_abs",
                "max_rel", "worst/tol", "result");
    unsigned seed = 20250101u;
    std::map<std::string, std::unique_ptr<Baseline>> baselines;
    for (const Case& c : cases) {
        auto& baseline = baselines[c.task];
        if (baseline == nullptr)
            baseline = baselineOf(c.task);
        allOk = checkCase(spec(c.task), baseline.get(), c, seed++) && allOk;
    }
    baselines.clear(); // handles and workspaces go before the timing runs allocate
    // Every task of the built-in suite: its baseline against its float64 reference.
    allOk = kwb::selftest::checkSuiteBaselines() && allOk;

    std::printf("\n%-20s %-44s %10s\n", "task (timing)", "shape", "median ms");
    for (const Case& c : large)
        allOk = timeCase(spec(c.task), c) && allOk;

    std::printf("\ncalibration (device 0):\n");
    auto ceilings = kwb::gpu::measureCeilings(0);
    if (!ceilings) {
        std::printf("    FAIL calibration: %s\n", kwb::describe(ceilings.error()).c_str());
        allOk = false;
    } else {
        const auto& c = *ceilings;
        std::printf("  %s  pci %s  driver %s (CUDA %d)  %s\n", c.deviceName.c_str(),
                    c.pciBusId.c_str(), c.driverRelease.c_str(), c.driverVersion,
                    c.measuredAt.c_str());
        std::printf("  copy bandwidth   %8.1f GB/s  (%lld MiB D2D, read + write)\n",
                    c.copyBandwidthGBps, c.copyBytes >> 20);
        std::printf("  f32 SGEMM        %8.2f TFLOP/s (TF32 off, n=%d)\n", c.f32TFlops, c.gemmSize);
        std::printf("  bf16 GEMM        %8.2f TFLOP/s\n", c.bf16TFlops);
        std::printf("  f16 GEMM         %8.2f TFLOP/s\n", c.f16TFlops);
        const bool sane = c.copyBandwidthGBps > 10.0 && c.f32TFlops > 0.1 &&
                          c.bf16TFlops > c.f32TFlops && c.f16TFlops > c.f32TFlops;
        if (!sane) {
            std::printf("    FAIL calibration: implausible ceilings (need bandwidth > 10 GB/s, "
                        "f32 > 0.1 TFLOP/s, bf16 and f16 faster than f32)\n");
            allOk = false;
        }
        allOk = checkCeilingsJsonAndCache(c, "measured") && allOk;
    }
    std::printf("\n%s\n", allOk ? "ALL PASS" : "SOME FAILED (see FAIL lines above)");
    return allOk ? 0 : 1;
}
