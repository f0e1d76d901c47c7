#include "core/batch/shard_run.h"

#include <algorithm>
#include <sched.h>
#include <sstream>
#include <thread>

#include "core/batch/batch_files.h"
#include "core/batch/batch_manifest.h"
#include "core/verify/verification_queue.h"

namespace kwb {

namespace fs = std::filesystem;

std::vector<WorkerEndpoint> allocatedLanes(const char* cudaVisibleDevices) {
    std::vector<WorkerEndpoint> lanes;
    std::istringstream list(cudaVisibleDevices ? cudaVisibleDevices : "");
    std::string entry;
    while (std::getline(list, entry, ',')) {
        if (entry.empty() || entry.size() > 4 ||
            entry.find_first_not_of("0123456789") != std::string::npos)
            return {WorkerEndpoint::thisMachine()};
        lanes.push_back(WorkerEndpoint::thisMachine());
        lanes.back().gpu = std::stoi(entry);
    }
    if (lanes.size() < 2)
        return {WorkerEndpoint::thisMachine()};
    return lanes;
}

int allowedCpus() {
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
        return CPU_COUNT(&set);
    return int(std::max(1u, std::thread::hardware_concurrency()));
}

namespace {

void log(const ShardRunSettings& s, const std::string& line) {
    if (s.log)
        s.log(line);
}

// Puts the shard's items without a record on the queue; items whose input cannot be read get
// an error result at once. The number submitted.
int submitShard(const fs::path& dir, const BatchManifest& m, int shard, VerificationQueue& queue,
                const ShardRunSettings& s, ShardRunReport& report) {
    int submitted = 0;
    for (int item : m.shards[std::size_t(shard)]) {
        auto existing = readItemResult(dir, item);
        if (existing && *existing && (*existing)->record) {
            ++report.already;
            continue;
        }
        auto sample = readItemFile(dir, item);
        if (!sample) {
            ++report.errors;
            writeItemResult(dir, item, {m.items[std::size_t(item)].sampleId, {}, sample.error()});
            log(s, "item " + std::to_string(item) + ": " + sample.error().message);
            continue;
        }
        QueueItem q = queueItemOf(std::move(*sample), m.options);
        q.tag = item;
        queue.submit(std::move(q));
        ++submitted;
    }
    queue.close();
    return submitted;
}

void keepResult(const fs::path& dir, const BatchManifest& m, QueueResult& r,
                const ShardRunSettings& s, ShardRunReport& report) {
    const int item = int(r.tag);
    ItemResult out;
    out.sampleId = m.items[std::size_t(item)].sampleId;
    if (r.record)
        out.record = std::move(*r.record);
    else
        out.error = r.record.error();
    if (Status st = writeItemResult(dir, item, out); !st) {
        ++report.errors;
        log(s,
            "item " + std::to_string(item) + ": the result was not written: " + st.error().message);
        return;
    }
    if (out.record) {
        ++report.written;
        log(s, "item " + std::to_string(item) + " (sample #" + std::to_string(out.sampleId) +
                   "): " + out.record->verdict.text());
    } else {
        ++report.errors;
        log(s, "item " + std::to_string(item) + ": " + out.error->message);
    }
}

} // namespace

Result<ShardRunReport> runShard(const fs::path& dir, int shard, const ShardRunSettings& s,
                                const std::atomic<bool>* stop) {
    auto m = readManifest(dir);
    if (!m)
        return m.error();
    if (shard < 0 || std::size_t(shard) >= m->shards.size())
        return Error::make("bad-shard", "batch " + m->batchId + " has shards 0 to " +
                                            std::to_string(int(m->shards.size()) - 1) + ", not " +
                                            std::to_string(shard));
    ShardRunReport report;
    report.items = int(m->shards[std::size_t(shard)].size());
    QueueSettings qs;
    qs.buildJobs = s.buildJobs > 0 ? s.buildJobs : allowedCpus();
    qs.lanes = s.lanes;
    qs.client = "kwb batch";
    qs.buildTimeoutSeconds = m->buildTimeoutSeconds;
    VerificationQueue queue(qs);
    submitShard(dir, *m, shard, queue, s, report);
    while (!queue.finished()) {
        if (stop && *stop)
            queue.cancel();
        if (auto r = queue.next(std::chrono::milliseconds(200)))
            keepResult(dir, *m, *r, s, report);
    }
    return report;
}

} // namespace kwb
