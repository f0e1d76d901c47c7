#include "core/batch/batch_collect.h"

#include <algorithm>
#include <map>

#include "core/batch/batch_files.h"
#include "core/batch/slurm_client.h"

namespace kwb {

namespace fs = std::filesystem;

std::string toString(ShardState s) {
    switch (s) {
    case ShardState::Pending:
        return "pending";
    case ShardState::Running:
        return "running";
    case ShardState::Done:
        return "done";
    case ShardState::Failed:
        return "failed";
    case ShardState::Unknown:
        break;
    }
    return "unknown";
}

namespace {

bool oneOf(const std::string& s, std::initializer_list<const char*> names) {
    return std::any_of(names.begin(), names.end(), [&](const char* n) { return s == n; });
}

// The shard's state from what Slurm says of its array task and what its results hold.
void decide(ShardStatus& s, const SlurmJobView* view) {
    const bool complete = s.records == s.items;
    const std::string missing =
        std::to_string(s.items - s.records) + " of " + std::to_string(s.items) + " results missing";
    if (s.jobId.empty()) {
        s.state = complete ? ShardState::Done : ShardState::Failed;
        s.why = complete ? "" : "never submitted; " + missing;
        return;
    }
    const std::string& st = s.slurmState;
    if (oneOf(st, {"PENDING", "CONFIGURING", "REQUEUED", "REQUEUE_HOLD", "REQUEUE_FED", "RESIZING",
                   "SUSPENDED"}))
        s.state = ShardState::Pending;
    else if (oneOf(st, {"RUNNING", "COMPLETING", "STAGE_OUT", "SIGNALING"}))
        s.state = ShardState::Running;
    else if (complete)
        s.state = ShardState::Done;
    else if (!st.empty() || (view && view->reachable)) {
        s.state = ShardState::Failed;
        s.why = "job " + s.jobId + (st.empty() ? " has left the queue" : " ended " + st) + "; " +
                missing;
    } else {
        s.state = ShardState::Unknown;
        s.why = "Slurm cannot be asked about job " + s.jobId + " here; " + missing;
    }
}

void countResults(const fs::path& dir, const BatchManifest& m, ShardStatus& s) {
    for (int item : m.shards[std::size_t(s.shard)]) {
        auto r = readItemResult(dir, item);
        if (r && *r && (*r)->record)
            ++s.records;
        else if (!r || (*r && (*r)->error))
            ++s.errors;
    }
}

} // namespace

BatchStatus batchStatus(const fs::path& dir, const BatchManifest& m, bool askSlurm) {
    BatchStatus out;
    out.batchId = m.batchId;
    std::map<std::string, SlurmJobView> views;
    for (std::size_t k = 0; k < m.shards.size(); ++k) {
        ShardStatus s;
        s.shard = int(k);
        s.items = int(m.shards[k].size());
        countResults(dir, m, s);
        const SlurmJobView* view = nullptr;
        if (const BatchJob* job = m.lastJobOf(int(k))) {
            s.jobId = job->jobId;
            if (askSlurm) {
                auto it = views.find(job->jobId);
                if (it == views.end())
                    it = views.emplace(job->jobId, querySlurmJob(job->jobId)).first;
                view = &it->second;
                if (auto st = view->states.find(int(k)); st != view->states.end())
                    s.slurmState = st->second;
            }
        }
        decide(s, view);
        out.items += s.items;
        out.records += s.records;
        out.shards.push_back(std::move(s));
    }
    return out;
}

namespace {

// Whether the sample holds the record already; errors as the store's.
Result<bool> holds(ProjectStore& store, std::int64_t sampleId, const std::string& recordId) {
    auto records = store.verifications(sampleId);
    if (!records)
        return records.error();
    return std::any_of(records->begin(), records->end(),
                       [&](const auto& r) { return r.id == recordId; });
}

void collectItem(ProjectStore& store, const fs::path& dir, const BatchManifest& m, int item,
                 CollectReport& report) {
    const BatchItem& want = m.items[std::size_t(item)];
    const std::string name =
        "item " + std::to_string(item) + " (sample #" + std::to_string(want.sampleId) + ")";
    auto r = readItemResult(dir, item);
    if (!r) {
        report.problems.push_back(name + ": " + r.error().message);
        return;
    }
    if (!*r || !(*r)->record)
        return; // not verified yet, or ended in an error: the shard's status says so
    const auto& rec = *(*r)->record;
    if ((*r)->sampleId != want.sampleId || rec.taskId != want.taskId) {
        report.problems.push_back(name + ": its result is for sample #" +
                                  std::to_string((*r)->sampleId) + ", task " + rec.taskId);
        return;
    }
    auto held = holds(store, want.sampleId, rec.id);
    if (!held) {
        report.problems.push_back(name + ": " + held.error().message);
        return;
    }
    if (Status st = store.addVerification(want.sampleId, rec); !st) {
        report.problems.push_back(name + ": " + st.error().message);
        return;
    }
    ++(*held ? report.already : report.added);
}

} // namespace

CollectReport collectBatch(ProjectStore& store, const fs::path& dir, const BatchManifest& m,
                           bool askSlurm) {
    CollectReport report;
    report.status = batchStatus(dir, m, askSlurm);
    for (std::size_t item = 0; item < m.items.size(); ++item)
        collectItem(store, dir, m, int(item), report);
    return report;
}

} // namespace kwb
