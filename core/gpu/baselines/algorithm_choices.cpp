#include "core/gpu/baselines/algorithm_choices.h"

#include <algorithm>
#include <array>
#include <limits>
#include <map>
#include <mutex>
#include <vector>

#include "core/gpu/baselines/library_status.h"

namespace kwb::gpu {

namespace {

struct Choices {
    std::mutex mutex; // the worker uses one job thread; kept safe anyway
    std::map<std::string, int> imported, found;
};

Choices& choices() {
    static Choices c;
    return c;
}

} // namespace

std::optional<int> knownAlgorithm(const std::string& key) {
    auto& c = choices();
    std::lock_guard<std::mutex> lock(c.mutex);
    if (auto it = c.found.find(key); it != c.found.end())
        return it->second;
    if (auto it = c.imported.find(key); it != c.imported.end())
        return it->second;
    return std::nullopt;
}

void rememberAlgorithm(const std::string& key, int algo) {
    auto& c = choices();
    std::lock_guard<std::mutex> lock(c.mutex);
    c.found[key] = algo;
}

void importAlgorithms(const nlohmann::json& j) {
    if (!j.is_object())
        return;
    auto& c = choices();
    std::lock_guard<std::mutex> lock(c.mutex);
    for (const auto& [key, v] : j.items())
        if (v.is_number_integer())
            c.imported[key] = v.get<int>();
}

nlohmann::json foundAlgorithms() {
    auto& c = choices();
    std::lock_guard<std::mutex> lock(c.mutex);
    nlohmann::json j = nlohmann::json::object();
    for (const auto& [key, algo] : c.found)
        j[key] = algo;
    return j;
}

void forgetAlgorithms() {
    auto& c = choices();
    std::lock_guard<std::mutex> lock(c.mutex);
    c.imported.clear();
    c.found.clear();
}

Result<std::size_t> fastestCandidate(std::size_t count,
                                     const std::function<Status(std::size_t)>& use,
                                     cudaStream_t stream) {
    constexpr int kRounds = 3;
    constexpr std::size_t kMaxTimed = 4;
    cudaEvent_t ev[2] = {nullptr, nullptr};
    struct Guard {
        cudaEvent_t* e;
        ~Guard() {
            for (int i = 0; i < 2; ++i)
                if (e[i])
                    cudaEventDestroy(e[i]);
        }
    } guard{ev};
    for (auto& e : ev)
        KWB_GPU_TRY(cudaCheck(cudaEventCreate(&e), "cudaEventCreate"));
    cudaEvent_t start = ev[0], stop = ev[1];
    std::vector<std::size_t> usable;
    Status last = Error::make("cudnn-error", "no candidate algorithm");
    for (std::size_t i = 0; i < count && usable.size() < kMaxTimed;
         ++i) { // untimed: modules, workspace
        last = use(i);
        if (last.ok())
            last = cudaCheck(cudaStreamSynchronize(stream), "a candidate algorithm (synchronise)");
        if (last.ok())
            usable.push_back(i);
        else if (last.error().code != "cudnn-error" && last.error().code != "cublas-error")
            return last.error(); // a CUDA error is not an unsupported algorithm
    }
    if (usable.empty())
        return last.error();
    if (usable.size() == 1)
        return usable.front();
    std::vector<std::array<float, kRounds>> ms(usable.size());
    for (int r = 0; r < kRounds; ++r)
        for (std::size_t u = 0; u < usable.size(); ++u) {
            KWB_GPU_TRY(cudaCheck(cudaEventRecord(start, stream), "cudaEventRecord"));
            KWB_GPU_TRY(use(usable[u]));
            KWB_GPU_TRY(cudaCheck(cudaEventRecord(stop, stream), "cudaEventRecord"));
            KWB_GPU_TRY(cudaCheck(cudaEventSynchronize(stop), "cudaEventSynchronize"));
            KWB_GPU_TRY(
                cudaCheck(cudaEventElapsedTime(&ms[u][r], start, stop), "cudaEventElapsedTime"));
        }
    std::size_t best = 0;
    float bestMs = std::numeric_limits<float>::max();
    for (std::size_t u = 0; u < usable.size(); ++u) {
        std::sort(ms[u].begin(), ms[u].end());
        if (ms[u][kRounds / 2] < bestMs) {
            bestMs = ms[u][kRounds / 2];
            best = usable[u];
        }
    }
    return best;
}

} // namespace kwb::gpu
