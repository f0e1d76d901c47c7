#pragma once
// A SampleSink writing into a project (core/store): each answer becomes a generation record,
// with its sample when it has code and the full record of the run's check when there was one,
// in one transaction (durable when store() returns: WAL with synchronous=FULL). Resumable:
// countExisting() counts the project's first answers for the task, provider and model.
// Repair turns are linked to the answer they repair (GenerationRecord::repairOf), never as a
// person's edit (Sample::parentId).
// Threads: the generation run's thread only (the ProjectStore is one connection). Its own
// library (kwb_generate_project), so that kwb_generate and kwb_llm link no SQLite.
#include <map>
#include <string>
#include <vector>

#include "core/generate/sample_sink.h"
#include "core/model/task.h"
#include "core/store/generation_record.h"

namespace kwb {

class ProjectStore;

class ProjectSampleSink final : public SampleSink {
public:
    // tasks: the specs the run generates for; each is recorded as used with its samples.
    ProjectSampleSink(ProjectStore& store, const std::vector<Task>& tasks);

    Status store(const GeneratedSample& sample) override;
    Result<int> countExisting(const std::string& taskId, const std::string& provider,
                              const std::string& model) override;
    std::string description() const override;

    // Where this sink put an answer of its run (generation id -> record and sample ids).
    const std::map<std::string, StoredGeneration>& stored() const { return m_stored; }

    // The project's record of a finished answer (ids left for the store to assign).
    static GenerationRecord toRecord(const GeneratedSample& sample);

private:
    ProjectStore& m_store;
    std::map<std::string, Task> m_tasks;
    std::map<std::string, StoredGeneration> m_stored;
};

} // namespace kwb
