#pragma once
// Reads samples to import: a folder of .cu files for one task, or a JSONL file with one
// {"task", "source", "model", "prompt"} object a line. Reading is all or nothing: any bad
// file or line fails the whole import with its name or line number, before the project is
// touched; ProjectStore::addSamples then writes the batch in one transaction.
#include <filesystem>
#include <functional>
#include <map>
#include <string>

#include "core/model/error.h"
#include "core/model/task.h"
#include "core/store/project_store.h"

namespace kwb {

class SampleImporter {
public:
    // Finds a task's spec by id (the built-in suite, the user's tasks, ...).
    using TaskResolver = std::function<Result<Task>(const std::string& taskId)>;

    explicit SampleImporter(TaskResolver resolve) : m_resolve(std::move(resolve)) {}

    // Every *.cu directly in `dir`, sorted by name; the label is the file name.
    Result<SampleBatch> readCuFolder(const std::filesystem::path& dir, const std::string& taskId,
                                     const std::string& model = {}, const std::string& author = {});
    // Required keys: task, source. Optional: model, provider, prompt (a string: the user
    // message) or messages (the exact list sent), system, raw_response, label,
    // prompt_tokens, completion_tokens, cost_usd, parameters, created_at.
    // Lines written by `kwb generate` ({"type": "sample", "task_id", "code", "author", ...})
    // are read too, into SampleBatch::generations, with their provenance and repair turns linked
    // to the answers they repair; replies without code are skipped and counted (skipped()).
    Result<SampleBatch> readJsonl(const std::filesystem::path& file,
                                  const std::string& author = {});
    // Lines the last readJsonl() skipped because they hold no kernel.
    int skipped() const { return m_skipped; }

private:
    Result<const Task*> task(SampleBatch& batch, const std::string& taskId);
    // One `kwb generate` line; false when it holds no kernel.
    Result<Sample> readPlainLine(const nlohmann::json& j, SampleBatch& batch,
                                 const std::string& author);
    Result<bool> readGenerated(const nlohmann::json& j, SampleBatch& batch,
                               std::map<std::string, std::size_t>& byId);
    TaskResolver m_resolve;
    int m_skipped = 0;
};

} // namespace kwb
