#pragma once
// A SampleSink writing one JSON object a line (GeneratedSample::toJson) to a file, appended and
// flushed to disk (fsync) per sample. Opening an existing file reads it for countExisting(); a
// last line cut off by an interrupted write is truncated away (and counted in warnings()). Only
// a new file or one of ours is opened (checkOutput, OutputKind::AppendedFile).
#include <cstdio>
#include <filesystem>
#include <map>
#include <memory>
#include <tuple>
#include <vector>

#include "core/generate/sample_sink.h"

namespace kwb {

class JsonlSampleSink final : public SampleSink {
public:
    static Result<std::unique_ptr<JsonlSampleSink>> open(const std::filesystem::path& path);
    ~JsonlSampleSink() override;

    Status store(const GeneratedSample& sample) override;
    Result<int> countExisting(const std::string& taskId, const std::string& provider,
                              const std::string& model) override;
    std::string description() const override { return m_path.string(); }
    const std::vector<std::string>& warnings() const { return m_warnings; }

private:
    explicit JsonlSampleSink(std::filesystem::path path) : m_path(std::move(path)) {}

    std::filesystem::path m_path;
    std::FILE* m_file = nullptr;
    std::map<std::tuple<std::string, std::string, std::string>, int>
        m_firstTurns; // (task, provider, model)
    std::vector<std::string> m_warnings;
};

} // namespace kwb
