#include "core/batch/batch_manifest.h"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <fstream>
#include <random>
#include <sstream>

#include "core/sys/atomic_file.h"

namespace kwb {

namespace fs = std::filesystem;
using nlohmann::json;

const BatchJob* BatchManifest::lastJobOf(int shard) const {
    for (auto it = jobs.rbegin(); it != jobs.rend(); ++it)
        if (std::find(it->shards.begin(), it->shards.end(), shard) != it->shards.end())
            return &*it;
    return nullptr;
}

namespace {

json optionsToJson(const VerifyOptions& o, int buildTimeout) {
    return {{"seed", o.seed},
            {"shapes", o.shapes},
            {"bench", o.bench},
            {"trials", o.trials},
            {"timeout_seconds", o.timeoutSeconds},
            {"idle_timeout_seconds", o.idleTimeoutSeconds},
            {"timing", o.timing},
            {"sanitize", o.sanitize},
            {"build_timeout_seconds", buildTimeout}};
}

void optionsFromJson(const json& j, VerifyOptions& o, int& buildTimeout) {
    o.seed = j.at("seed").get<std::uint64_t>();
    o.shapes = j.at("shapes").get<std::vector<std::string>>();
    o.bench = j.at("bench").get<bool>();
    o.trials = j.at("trials").get<int>();
    o.timeoutSeconds = j.at("timeout_seconds").get<int>();
    o.idleTimeoutSeconds = j.at("idle_timeout_seconds").get<int>();
    o.timing = j.at("timing");
    o.sanitize = j.at("sanitize").get<std::vector<std::string>>();
    buildTimeout = j.at("build_timeout_seconds").get<int>();
}

json itemToJson(const BatchItem& i) {
    json j{{"sample", i.sampleId}, {"task", i.taskId}};
    if (i.evalCell)
        j["eval_cell"] = *i.evalCell;
    return j;
}

BatchItem itemFromJson(const json& j) {
    BatchItem i;
    i.sampleId = j.at("sample").get<std::int64_t>();
    i.taskId = j.at("task").get<std::string>();
    if (j.contains("eval_cell"))
        i.evalCell = j.at("eval_cell").get<std::int64_t>();
    return i;
}

// Every shard names items that exist, and every item is in exactly one shard.
Status checkShards(const BatchManifest& m) {
    std::vector<int> seen(m.items.size(), 0);
    for (const auto& shard : m.shards)
        for (int item : shard) {
            if (item < 0 || std::size_t(item) >= m.items.size())
                return Error::make("bad-batch", "a shard names item " + std::to_string(item) +
                                                    ", which the batch does not have");
            ++seen[std::size_t(item)];
        }
    if (std::any_of(seen.begin(), seen.end(), [](int n) { return n != 1; }))
        return Error::make("bad-batch", "every item must be in exactly one shard");
    return okStatus();
}

} // namespace

json toJson(const BatchManifest& m) {
    json items = json::array(), jobs = json::array();
    for (const auto& i : m.items)
        items.push_back(itemToJson(i));
    for (const auto& j : m.jobs)
        jobs.push_back({{"job", j.jobId}, {"shards", j.shards}, {"submitted_at", j.submittedAt}});
    return {{"format", BatchManifest::kFormat},
            {"batch", m.batchId},
            {"created_at", m.createdAt},
            {"project", m.project},
            {"selection", m.selection},
            {"options", optionsToJson(m.options, m.buildTimeoutSeconds)},
            {"items", items},
            {"shards", m.shards},
            {"slurm",
             {{"partition", m.partition},
              {"gpus_per_task", m.gpusPerTask},
              {"cpus_per_task", m.cpusPerTask},
              {"time", m.timeLimit},
              {"kwb", m.kwbProgram}}},
            {"jobs", jobs}};
}

Result<BatchManifest> manifestFromJson(const json& j) {
    BatchManifest m;
    try {
        if (j.at("format").get<int>() != BatchManifest::kFormat)
            return Error::make("bad-batch", "the manifest's format " + j.at("format").dump() +
                                                " is not one this kwb reads (" +
                                                std::to_string(BatchManifest::kFormat) + ")");
        m.batchId = j.at("batch").get<std::string>();
        m.createdAt = j.at("created_at").get<std::string>();
        m.project = j.at("project").get<std::string>();
        m.selection = j.at("selection").get<std::string>();
        optionsFromJson(j.at("options"), m.options, m.buildTimeoutSeconds);
        for (const auto& i : j.at("items"))
            m.items.push_back(itemFromJson(i));
        m.shards = j.at("shards").get<std::vector<std::vector<int>>>();
        const json& s = j.at("slurm");
        m.partition = s.at("partition").get<std::string>();
        m.gpusPerTask = s.at("gpus_per_task").get<int>();
        m.cpusPerTask = s.at("cpus_per_task").get<int>();
        m.timeLimit = s.at("time").get<std::string>();
        m.kwbProgram = s.at("kwb").get<std::string>();
        for (const auto& job : j.at("jobs"))
            m.jobs.push_back({job.at("job").get<std::string>(),
                              job.at("shards").get<std::vector<int>>(),
                              job.at("submitted_at").get<std::string>()});
    } catch (const json::exception& e) {
        return Error::make("bad-batch",
                           std::string("the manifest is not one kwb wrote: ") + e.what());
    }
    if (Status st = checkShards(m); !st)
        return st.error();
    return m;
}

fs::path manifestPath(const fs::path& batchDir) {
    return batchDir / "manifest.json";
}

static std::string itemFileName(int item) {
    char b[32];
    std::snprintf(b, sizeof b, "%05d.json", item);
    return b;
}

fs::path itemPath(const fs::path& batchDir, int item) {
    return batchDir / "items" / itemFileName(item);
}

fs::path resultPath(const fs::path& batchDir, int item) {
    return batchDir / "results" / itemFileName(item);
}

fs::path scriptPath(const fs::path& batchDir) {
    return batchDir / "job.sbatch";
}

fs::path logsDir(const fs::path& batchDir) {
    return batchDir / "logs";
}

Result<BatchManifest> readManifest(const fs::path& batchDir) {
    std::ifstream in(manifestPath(batchDir));
    if (!in)
        return Error::make("no-batch",
                           "no batch at " + batchDir.string() + " (manifest.json cannot be read)");
    std::stringstream text;
    text << in.rdbuf();
    json j = json::parse(text.str(), nullptr, false);
    if (j.is_discarded())
        return Error::make("bad-batch", manifestPath(batchDir).string() + " is not JSON");
    return manifestFromJson(j);
}

Status writeManifest(const fs::path& batchDir, const BatchManifest& m) {
    auto file = AtomicFile::create(manifestPath(batchDir));
    if (!file)
        return file.error();
    if (Status st = file->write(toJson(m).dump(1) + "\n"); !st)
        return st;
    return file->commit();
}

Result<fs::path> findBatch(const std::string& batch, const fs::path& dir) {
    if (!batch.empty()) {
        for (const fs::path& p : {fs::path(batch), dir / batch})
            if (fs::exists(manifestPath(p)))
                return fs::absolute(p);
        return Error::make("no-batch", "no batch \"" + batch + "\": neither " + batch + " nor " +
                                           (dir / batch).string() + " holds a manifest.json");
    }
    std::error_code ec;
    std::vector<fs::path> found;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
        if (fs::exists(manifestPath(it->path())))
            found.push_back(it->path());
    if (found.empty())
        return Error::make("no-batch", "no batch under " + dir.string() +
                                           " (give --dir, or the batch's folder)");
    // Batch ids begin with their creation time, so the greatest name is the newest.
    return fs::absolute(*std::max_element(found.begin(), found.end()));
}

std::string newBatchId() {
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&now, &tm);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
    std::random_device rd;
    char tail[16];
    std::snprintf(tail, sizeof tail, "-%06x", unsigned(rd()) & 0xffffffu);
    return std::string(stamp) + tail;
}

std::vector<std::vector<int>> splitIntoShards(int count, int shards) {
    shards = std::max(1, std::min(shards, count));
    std::vector<std::vector<int>> out(static_cast<std::size_t>(shards));
    int item = 0;
    for (int k = 0; k < shards; ++k) {
        const int size = count / shards + (k < count % shards ? 1 : 0);
        for (int n = 0; n < size; ++n)
            out[std::size_t(k)].push_back(item++);
    }
    return out;
}

} // namespace kwb
