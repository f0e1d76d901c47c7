#include "core/batch/batch_files.h"

#include <fstream>
#include <sstream>

#include "core/batch/batch_manifest.h"
#include "core/record/record_identity.h"
#include "core/sys/atomic_file.h"
#include "core/sys/sha256.h"

namespace kwb {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

Status writeJson(const fs::path& path, const json& j) {
    std::error_code ec;
    fs::create_directories(path.parent_path(), ec);
    if (ec)
        return Error::make("io-error",
                           "cannot make " + path.parent_path().string() + ": " + ec.message());
    auto file = AtomicFile::create(path);
    if (!file)
        return file.error();
    if (Status st = file->write(j.dump() + "\n"); !st)
        return st;
    return file->commit();
}

// The file's JSON; none where there is no file. Error code `bad` where it is not JSON.
Result<std::optional<json>> readJson(const fs::path& path, const std::string& bad) {
    std::ifstream in(path);
    if (!in)
        return std::optional<json>();
    std::stringstream text;
    text << in.rdbuf();
    json j = json::parse(text.str(), nullptr, false);
    if (j.is_discarded() || !j.is_object())
        return Error::make(bad, path.string() + " is not a JSON object");
    return std::optional<json>(std::move(j));
}

std::string specHash(const Task& task) {
    return sha256Hex(json(task).dump()); // as the project keys its task specs
}

} // namespace

Status writeItemFile(const fs::path& batchDir, int item, const SampleVerification& s) {
    return writeJson(itemPath(batchDir, item), {{"sample", s.sampleId},
                                                {"task_id", s.task.id},
                                                {"task_spec_hash", specHash(s.task)},
                                                {"task", s.task},
                                                {"file_name", s.fileName},
                                                {"source", s.source}});
}

Result<SampleVerification> readItemFile(const fs::path& batchDir, int item) {
    const fs::path path = itemPath(batchDir, item);
    auto j = readJson(path, "bad-item");
    if (!j)
        return j.error();
    if (!*j)
        return Error::make("no-item", "item " + std::to_string(item) + " has no input file (" +
                                          path.string() + ")");
    SampleVerification s;
    try {
        const json& o = **j;
        s.sampleId = o.at("sample").get<std::int64_t>();
        auto task = taskFromJson(o.at("task"));
        if (!task)
            return Error::make("bad-item", path.string() + ": " + task.error().message);
        s.task = std::move(*task);
        s.fileName = o.at("file_name").get<std::string>();
        s.source = o.at("source").get<std::string>();
        if (o.at("task_id").get<std::string>() != s.task.id ||
            o.at("task_spec_hash").get<std::string>() != specHash(s.task))
            return Error::make("bad-item",
                               path.string() + ": the task is not the version the item names");
    } catch (const json::exception& e) {
        return Error::make("bad-item", path.string() + ": " + e.what());
    }
    return s;
}

Status writeItemResult(const fs::path& batchDir, int item, const ItemResult& r) {
    json j{{"item", item}, {"sample", r.sampleId}};
    if (r.record)
        j["record"] = verification::toJson(*r.record);
    else if (r.error)
        j["error"] = {{"code", r.error->code}, {"message", r.error->message}};
    return writeJson(resultPath(batchDir, item), j);
}

Result<std::optional<ItemResult>> readItemResult(const fs::path& batchDir, int item) {
    const fs::path path = resultPath(batchDir, item);
    auto j = readJson(path, "bad-result");
    if (!j)
        return j.error();
    if (!*j)
        return std::optional<ItemResult>();
    const json& o = **j;
    ItemResult r;
    try {
        if (o.at("item").get<int>() != item)
            return Error::make("bad-result", path.string() + " is the result of another item");
        r.sampleId = o.at("sample").get<std::int64_t>();
        if (o.contains("record")) {
            auto rec = verification::readRecord(o.at("record"));
            if (!rec)
                return Error::make("bad-result", path.string() + ": " + rec.error().message);
            // The id a record was sealed with is the hash of its content: one changed on its way
            // through the shared folder no longer carries its own id.
            if (o.at("record").value("id", "") != rec->id || !verification::isSealed(*rec))
                return Error::make("bad-result",
                                   path.string() + ": the record was changed after it was made");
            r.record = std::move(*rec);
        } else {
            r.error = Error::make(o.at("error").at("code").get<std::string>(),
                                  o.at("error").at("message").get<std::string>());
        }
    } catch (const json::exception& e) {
        return Error::make("bad-result", path.string() + ": " + e.what());
    }
    return std::optional<ItemResult>(std::move(r));
}

} // namespace kwb
