#include "core/generate/project_sample_sink.h"

#include "core/store/project_store.h"

namespace kwb {

ProjectSampleSink::ProjectSampleSink(ProjectStore& store, const std::vector<Task>& tasks)
    : m_store(store) {
    for (const auto& t : tasks)
        m_tasks.emplace(t.id, t);
}

std::string ProjectSampleSink::description() const {
    return m_store.path().string();
}

GenerationRecord ProjectSampleSink::toRecord(const GeneratedSample& s) {
    GenerationRecord g;
    g.generationId = s.id;
    g.runId = s.runId;
    g.turn = s.turn;
    g.repairOfGenerationId = s.parentId;
    g.taskId = s.taskId;
    g.provider = s.provider;
    g.model = s.model;
    g.createdAt = s.createdAt;
    if (s.providerInfo.is_object())
        g.providerInfo = s.providerInfo;
    if (s.parameters.is_object())
        g.parameters = s.parameters;
    // The system prompt travels beside the messages in both protocols; the project keeps one
    // list, the system message first, as exports and the importer expect.
    g.messages = nlohmann::json::array();
    if (!s.system.empty())
        g.messages.push_back({{"role", "system"}, {"content", s.system}});
    for (const auto& m : s.messages)
        g.messages.push_back({{"role", m.role}, {"content", m.content}});
    g.rawResponse = s.rawResponse;
    g.code = s.code;
    g.response = metadataJson(s.completion);
    g.promptTokens = s.completion.usage.inputTokens;
    g.completionTokens = s.completion.usage.outputTokens;
    g.costUsd = s.costUsd;
    g.check = s.verification;
    return g;
}

Status ProjectSampleSink::store(const GeneratedSample& sample) {
    auto task = m_tasks.find(sample.taskId);
    if (task == m_tasks.end())
        return Error::make("bad-generation", "the run produced an answer for task \"" +
                                                 sample.taskId +
                                                 "\", which this project sink was not given");
    std::optional<verification::VerificationRecordData> record;
    if (sample.code && sample.verificationRecord)
        record = sample.verificationRecord;
    auto stored = m_store.addGeneration(task->second, toRecord(sample), record);
    if (!stored)
        return stored.error();
    m_stored[sample.id] = *stored;
    return okStatus();
}

Result<int> ProjectSampleSink::countExisting(const std::string& taskId, const std::string& provider,
                                             const std::string& model) {
    auto n = m_store.countFirstGenerations(taskId, provider, model);
    if (!n)
        return n.error();
    return int(*n);
}

} // namespace kwb
