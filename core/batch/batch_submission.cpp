#include "core/batch/batch_submission.h"

#include <algorithm>
#include <set>

#include "core/batch/batch_files.h"
#include "core/batch/slurm_client.h"
#include "core/store/store_clock.h"
#include "core/sys/atomic_file.h"
#include "core/verify/stored_sample_verification.h"

namespace kwb {

namespace fs = std::filesystem;

Result<std::vector<BatchItem>> selectSampleItems(ProjectStore& store, const SampleFilter& filter,
                                                 bool unverifiedOnly) {
    std::vector<BatchItem> items;
    PageRequest page;
    page.limit = 1000;
    page.order = SampleOrder::OldestFirst;
    for (;;) {
        auto rows = store.listSamples(filter, page);
        if (!rows)
            return rows.error();
        for (const auto& r : rows->rows)
            if (!unverifiedOnly || r.status.verificationId.empty())
                items.push_back({r.id, r.taskId, std::nullopt});
        if (rows->rows.size() < std::size_t(page.limit))
            return items;
        page.offset += page.limit;
    }
}

namespace {

Result<bool> verifiedOnGpu(ProjectStore& store, std::int64_t sampleId) {
    auto records = store.verifications(sampleId);
    if (!records)
        return records.error();
    return std::any_of(records->begin(), records->end(), [](const auto& r) {
        return r.device.has_value() && verification::ran(r.verdict.value);
    });
}

} // namespace

Result<std::vector<BatchItem>> selectEvalItems(ProjectStore& store, const std::string& run) {
    auto found = store.evalRun(run);
    if (!found)
        return found.error();
    if (!*found)
        return Error::make("unknown-eval-run", "the project has no evaluation run \"" + run +
                                                   "\" (`kwb eval list` lists them; run the "
                                                   "plan with `kwb eval run` first)");
    std::vector<BatchItem> items;
    std::set<std::int64_t> seen;
    Status visited = store.forEachEvalCell((*found)->id, [&](const EvalCellRow& c) {
        if (c.sampleId && !c.onGpu && seen.insert(*c.sampleId).second)
            items.push_back({*c.sampleId, c.key.taskId, c.id});
    });
    if (!visited)
        return visited.error();
    std::vector<BatchItem> out;
    for (auto& item : items) {
        auto onGpu = verifiedOnGpu(store, item.sampleId);
        if (!onGpu)
            return onGpu.error();
        if (!*onGpu)
            out.push_back(std::move(item));
    }
    return out;
}

namespace {

Status writeScript(const fs::path& batchDir, const BatchManifest& m) {
    auto file = AtomicFile::create(scriptPath(batchDir));
    if (!file)
        return file.error();
    if (Status st = file->write(sbatchScript(m, batchDir)); !st)
        return st;
    if (Status st = file->commit(); !st)
        return st;
    std::error_code ec;
    fs::permissions(scriptPath(batchDir), fs::perms::owner_exec | fs::perms::group_exec,
                    fs::perm_options::add, ec);
    return okStatus();
}

BatchManifest manifestOf(const BatchRequest& r, const std::string& project) {
    BatchManifest m;
    m.batchId = newBatchId();
    m.createdAt = utcNowIso();
    m.project = project;
    m.selection = r.selection;
    m.options = r.options;
    m.buildTimeoutSeconds = r.buildTimeoutSeconds;
    m.items = r.items;
    m.shards = splitIntoShards(int(r.items.size()), r.shards);
    m.partition = r.partition;
    m.gpusPerTask = r.gpusPerTask;
    m.cpusPerTask = r.cpusPerTask;
    m.timeLimit = r.timeLimit;
    m.kwbProgram = r.kwbProgram;
    return m;
}

} // namespace

Result<fs::path> writeBatch(ProjectStore& store, const fs::path& dir, const BatchRequest& r) {
    if (r.items.empty())
        return Error::make("empty-batch", "the selection holds no samples to verify");
    const BatchManifest m = manifestOf(r, fs::absolute(store.path()).string());
    const fs::path batchDir = fs::absolute(dir) / m.batchId;
    std::error_code ec;
    for (const fs::path& p : {batchDir / "items", batchDir / "results", logsDir(batchDir)})
        if (fs::create_directories(p, ec); ec)
            return Error::make("io-error", "cannot make " + p.string() + ": " + ec.message());
    for (std::size_t n = 0; n < m.items.size(); ++n) {
        auto sample = loadSampleVerification(store, m.items[n].sampleId);
        if (!sample)
            return sample.error();
        if (Status st = writeItemFile(batchDir, int(n), *sample); !st)
            return st.error();
    }
    if (Status st = writeScript(batchDir, m); !st)
        return st.error();
    if (Status st = writeManifest(batchDir, m); !st)
        return st.error();
    return batchDir;
}

Result<BatchJob> submitBatch(const fs::path& batchDir, std::vector<int> shards) {
    auto m = readManifest(batchDir);
    if (!m)
        return m.error();
    std::sort(shards.begin(), shards.end());
    shards.erase(std::unique(shards.begin(), shards.end()), shards.end());
    for (int k : shards)
        if (k < 0 || std::size_t(k) >= m->shards.size())
            return Error::make("bad-shard", "batch " + m->batchId + " has shards 0 to " +
                                                std::to_string(int(m->shards.size()) - 1) +
                                                ", not " + std::to_string(k));
    auto id = submitShards(batchDir, shards);
    if (!id)
        return id.error();
    BatchJob job{*id, shards, utcNowIso()};
    m->jobs.push_back(job);
    if (Status st = writeManifest(batchDir, *m); !st)
        return Error::make(st.error().code, "job " + *id +
                                                " was submitted, but the manifest "
                                                "could not record it: " +
                                                st.error().message);
    return job;
}

} // namespace kwb
