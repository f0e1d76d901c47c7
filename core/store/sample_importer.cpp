#include "core/store/sample_importer.h"

#include <algorithm>
#include <fstream>
#include <optional>
#include <sstream>

#include "core/model/source_limit.h"

namespace kwb {
namespace fs = std::filesystem;
namespace {

// A source over the limit could never be verified (the worker refuses it): refused here, with
// the file or line it came from, before the project is touched.
std::optional<std::string> tooLarge(std::size_t bytes) {
    if (bytes <= kMaxSourceBytes)
        return std::nullopt;
    return sourceTooLargeMessage(bytes);
}

Result<std::string> readFile(const fs::path& p) {
    std::error_code ec;
    if (auto bytes = fs::file_size(p, ec); !ec)
        if (auto why = tooLarge(bytes))
            return Error::make("source-too-large",
                               p.string() + ": " + *why + "; nothing was imported");
    std::ifstream f(p, std::ios::binary);
    if (!f)
        return Error::make("not-readable", "cannot read " + p.string());
    std::stringstream ss;
    ss << f.rdbuf();
    if (f.bad())
        return Error::make("not-readable", "cannot read " + p.string());
    return ss.str();
}

// A string field: "" when absent or null, nullopt when it is not a string.
std::optional<std::string> text(const nlohmann::json& j, const char* key) {
    if (!j.contains(key) || j[key].is_null())
        return std::string();
    if (!j[key].is_string())
        return std::nullopt;
    return j[key].get<std::string>();
}

// A number field: out unchanged when absent or null; false when it is not a number.
bool number(const nlohmann::json& j, const char* key, double& out) {
    if (!j.contains(key) || j[key].is_null())
        return true;
    if (!j[key].is_number())
        return false;
    out = j[key].get<double>();
    return true;
}

} // namespace

Result<const Task*> SampleImporter::task(SampleBatch& batch, const std::string& taskId) {
    for (const auto& t : batch.tasks)
        if (t.id == taskId)
            return &t;
    auto t = m_resolve(taskId);
    if (!t)
        return t.error();
    batch.tasks.push_back(std::move(*t));
    return &batch.tasks.back();
}

Result<SampleBatch> SampleImporter::readCuFolder(const fs::path& dir, const std::string& taskId,
                                                 const std::string& model,
                                                 const std::string& author) {
    std::error_code ec;
    if (!fs::is_directory(dir, ec))
        return Error::make("not-a-folder", dir.string() + " is not a folder");
    SampleBatch batch;
    batch.importKind = "cu-folder";
    batch.importOrigin = fs::absolute(dir, ec).string();
    if (auto t = task(batch, taskId); !t)
        return t.error();
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(dir, ec))
        if (e.is_regular_file() && e.path().extension() == ".cu")
            files.push_back(e.path());
    if (ec)
        return Error::make("not-readable", "cannot list " + dir.string() + ": " + ec.message());
    if (files.empty())
        return Error::make("nothing-to-import", "there are no .cu files in " + dir.string());
    std::sort(files.begin(), files.end());
    for (const auto& f : files) {
        auto text = readFile(f);
        if (!text)
            return text.error();
        if (text->empty())
            return Error::make("bad-sample", f.string() + " is empty");
        Sample s;
        s.taskId = taskId;
        s.label = f.filename().string();
        s.origin = SampleOrigin::Import;
        s.model = model;
        s.author = author;
        s.source = std::move(*text);
        batch.samples.push_back(std::move(s));
    }
    return batch;
}

Result<bool> SampleImporter::readGenerated(const nlohmann::json& j, SampleBatch& batch,
                                           std::map<std::string, std::size_t>& byId) {
    auto str = [&](const nlohmann::json& o, const char* key) {
        return o.contains(key) && o[key].is_string() ? o[key].get<std::string>() : std::string();
    };
    if (!j.contains("code") || !j["code"].is_string() || j["code"].get<std::string>().empty()) {
        ++m_skipped;
        return false;
    }
    const std::string taskId = str(j, "task_id");
    if (taskId.empty())
        return Error::make("bad-import", "no \"task_id\"");
    if (auto t = task(batch, taskId); !t)
        return t.error();
    // Stored as the run would have stored it (core/store/generation_record.h): a repair turn
    // links to the answer it repairs when that answer is in the file, never as an edit.
    GenerationRecord g;
    g.generationId = str(j, "id");
    if (g.generationId.empty())
        return Error::make("bad-import", "a `kwb generate` line without its \"id\"");
    g.runId = str(j, "run_id");
    g.turn =
        j.contains("turn") && j["turn"].is_number_integer() ? std::max(0, j["turn"].get<int>()) : 0;
    g.taskId = taskId;
    g.code = j["code"].get<std::string>();
    if (auto why = tooLarge(g.code->size()))
        return Error::make("source-too-large", *why);
    if (j.contains("author") && j["author"].is_object()) {
        g.model = str(j["author"], "model");
        g.provider = str(j["author"], "provider");
    }
    if (g.provider.empty() || g.model.empty())
        return Error::make("bad-import",
                           "a `kwb generate` line without its author's provider and model");
    if (j.contains("provider") && j["provider"].is_object())
        g.providerInfo = j["provider"];
    if (const std::string system = str(j, "system"); !system.empty())
        g.messages.push_back({{"role", "system"}, {"content", system}});
    if (j.contains("messages") && j["messages"].is_array())
        for (const auto& m : j["messages"]) {
            if (!m.is_object() || !m.contains("role") || !m["role"].is_string() ||
                !m.contains("content"))
                return Error::make("bad-import",
                                   "every message needs a \"role\" and a \"content\"");
            if (m["role"] != "system" || g.messages.empty())
                g.messages.push_back(m);
        }
    g.rawResponse = str(j, "raw_response");
    g.createdAt = str(j, "created_at");
    if (j.contains("parameters") && j["parameters"].is_object())
        g.parameters = j["parameters"];
    if (j.contains("response") && j["response"].is_object())
        g.response = j["response"];
    if (j.contains("usage") && j["usage"].is_object()) {
        g.promptTokens = j["usage"].value("input_tokens", std::int64_t(0));
        g.completionTokens = j["usage"].value("output_tokens", std::int64_t(0));
    }
    if (j.contains("cost_usd") && j["cost_usd"].is_number())
        g.costUsd = j["cost_usd"].get<double>();
    if (j.contains("verification") && !j["verification"].is_null())
        g.check = j["verification"];
    if (g.turn > 0 && byId.count(str(j, "parent_id")))
        g.repairOfGenerationId = str(j, "parent_id");
    byId[g.generationId] = batch.generations.size();
    batch.generations.push_back(std::move(g));
    return true;
}

// One line of the plain format ({"task", "source", ...}), checked; its label is set by the caller.
Result<Sample> SampleImporter::readPlainLine(const nlohmann::json& j, SampleBatch& batch,
                                             const std::string& author) {
    auto taskId = text(j, "task");
    auto source = text(j, "source");
    if (!taskId || taskId->empty())
        return Error::make("bad-import", "no \"task\" (a task id)");
    if (!source || source->empty())
        return Error::make("bad-import", "no \"source\" (the .cu file's text)");
    if (auto why = tooLarge(source->size()))
        return Error::make("source-too-large", *why);
    if (auto t = task(batch, *taskId); !t)
        return t.error();
    Sample s;
    s.taskId = *taskId;
    s.source = std::move(*source);
    s.origin = SampleOrigin::Import;
    s.author = author;
    for (auto [key, dst] : {std::pair{"model", &s.model}, std::pair{"provider", &s.provider},
                            std::pair{"label", &s.label}, std::pair{"raw_response", &s.rawResponse},
                            std::pair{"created_at", &s.createdAt}}) {
        auto v = text(j, key);
        if (!v)
            return Error::make("bad-import", std::string("\"") + key + "\" must be a string");
        *dst = std::move(*v);
    }
    if (j.contains("messages")) {
        if (!j["messages"].is_array())
            return Error::make("bad-import", "\"messages\" must be a list of {role, content}");
        for (const auto& m : j["messages"])
            if (!m.is_object() || !m.contains("role") || !m["role"].is_string() ||
                !m.contains("content"))
                return Error::make("bad-import",
                                   "every message needs a \"role\" and a \"content\"");
        s.messages = j["messages"];
    } else {
        auto system = text(j, "system");
        auto prompt = text(j, "prompt");
        if (!system || !prompt)
            return Error::make("bad-import", "\"prompt\" and \"system\" must be strings");
        if (!system->empty())
            s.messages.push_back({{"role", "system"}, {"content", *system}});
        if (!prompt->empty())
            s.messages.push_back({{"role", "user"}, {"content", *prompt}});
    }
    if (j.contains("parameters")) {
        if (!j["parameters"].is_object())
            return Error::make("bad-import", "\"parameters\" must be an object");
        s.parameters = j["parameters"];
    }
    double pt = 0, ct = 0;
    if (!number(j, "prompt_tokens", pt) || !number(j, "completion_tokens", ct) ||
        !number(j, "cost_usd", s.costUsd))
        return Error::make("bad-import", "token counts and cost must be numbers");
    s.promptTokens = std::int64_t(pt);
    s.completionTokens = std::int64_t(ct);
    return s;
}

Result<SampleBatch> SampleImporter::readJsonl(const fs::path& file, const std::string& author) {
    std::ifstream in(file, std::ios::binary);
    if (!in)
        return Error::make("not-readable", "cannot read " + file.string());
    SampleBatch batch;
    batch.importKind = "jsonl";
    std::error_code ec;
    batch.importOrigin = fs::absolute(file, ec).string();
    std::string line;
    int lineNo = 0;
    m_skipped = 0;
    std::map<std::string, std::size_t>
        generatedIds; // kwb generate's sample id -> index in the batch
    auto bad = [&](const std::string& what) {
        return Error::make("bad-import",
                           file.string() + ":" + std::to_string(lineNo) + ": " + what);
    };
    while (std::getline(in, line)) {
        ++lineNo;
        if (line.find_first_not_of(" \t\r") == std::string::npos)
            continue;
        auto j = nlohmann::json::parse(line, nullptr, false);
        if (j.is_discarded() || !j.is_object())
            return bad(
                "not a JSON object. kwb import reads a JSONL file, one sample a line ({\"task\", "
                "\"source\", \"model\", \"prompt\"} or `kwb generate` output), or a folder of .cu "
                "files with --task");
        if (j.value("type", "") == "sample" && j.contains("task_id")) { // written by kwb generate
            auto r = readGenerated(j, batch, generatedIds);
            if (!r)
                return bad(r.error().message);
            continue;
        }
        auto sample = readPlainLine(j, batch, author);
        if (!sample)
            return bad(sample.error().message);
        Sample s = std::move(*sample);
        if (s.label.empty())
            s.label = file.filename().string() + ":" + std::to_string(lineNo);
        if (!batch.parentIndex.empty())
            batch.parentIndex.push_back(std::nullopt);
        batch.samples.push_back(std::move(s));
    }
    if (in.bad())
        return Error::make("not-readable", "cannot read " + file.string());
    if (batch.samples.empty() && batch.generations.empty())
        return Error::make("nothing-to-import",
                           file.string() + " has no samples" +
                               (m_skipped ? " with a kernel (" + std::to_string(m_skipped) +
                                                " replies had no code)"
                                          : ""));
    return batch;
}

} // namespace kwb
