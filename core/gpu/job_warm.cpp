// The lines the worker sends a job child before its spec (job_warm.h).
#include "core/gpu/job_warm.h"

#include <chrono>
#include <fstream>

#include "core/sys/atomic_file.h"
#include "core/sys/data_dirs.h"

namespace kwb::gpu {

namespace {

nlohmann::json readAlgorithmChoices(const std::filesystem::path& file) {
    std::ifstream in(file);
    nlohmann::json j = in ? nlohmann::json::parse(in, nullptr, false) : nlohmann::json::object();
    return j.is_object() ? j : nlohmann::json::object();
}

// Adds what a job found to the file as it is now (a worker of another lane may have added to
// it); AtomicFile: a reader never sees half a file. A failed write only means the next job
// searches again.
void keepAlgorithmChoices(const std::filesystem::path& file, const nlohmann::json& found) {
    if (file.empty() || !found.is_object() || found.empty())
        return;
    nlohmann::json known = readAlgorithmChoices(file);
    for (const auto& [key, algo] : found.items())
        if (algo.is_number_integer())
            known[key] = algo;
    if (auto out = AtomicFile::create(file); out && out->write(known.dump(2) + "\n"))
        (void)out->commit();
}

} // namespace

std::filesystem::path algorithmChoicesFile(int device,
                                           const std::optional<Result<DeviceCeilings>>& ceilings) {
    Result<DeviceCeilings> id = ceilings && *ceilings ? **ceilings : deviceIdentity(device);
    if (!id || id->uuid.empty())
        return {};
    return cacheDirectory() / "algorithms" / (id->uuid + ".json");
}

// The child has loaded no candidate yet, so its answer can be trusted.
Result<DeviceCeilings> ceilingsFor(int device, StartedJob* job,
                                   const std::function<void()>& beforeMeasuring) {
    auto identity = deviceIdentity(device);
    if (!identity)
        return identity.error();
    const auto folder = cacheDirectory() / "calibration";
    if (auto cached = loadCachedCeilings(folder, *identity))
        return cached;
    if (job && beforeMeasuring)
        beforeMeasuring();
    if (!job || !sendToJob(*job, {{"type", "calibrate"}}))
        return Error::make(
            "calibration-failed",
            "the device's ceilings are not cached and the job that measures them did not start");
    nlohmann::json answer = readFromJob(*job, std::chrono::seconds(120));
    if (!answer.is_object() || answer.value("type", "") != "calibrated")
        return Error::make("calibration-failed",
                           "the job measuring the device's ceilings gave no answer");
    if (answer.contains("error"))
        return Error::make("calibration-failed",
                           answer.value("error", std::string("the calibration failed")));
    auto measured = ceilingsFromJson(answer.value("ceilings", nlohmann::json::object()));
    if (!measured)
        return measured.error();
    if (ceilingsCacheFileName(*measured) != ceilingsCacheFileName(*identity))
        return Error::make("calibration-failed", "the job measured another device (" +
                                                     measured->deviceName + " " +
                                                     measured->pciBusId + ") than asked");
    (void)saveCachedCeilings(folder,
                             *measured); // a failed save only means measuring again next time
    return measured;
}

nlohmann::json warmLine(const nlohmann::json& params, const nlohmann::json& reference) {
    nlohmann::json warm = {{"type", "warm"},
                           {"task", params.value("task", nlohmann::json::object())}};
    if (reference.contains("library_path"))
        warm["reference_library"] = reference["library_path"];
    if (params.contains("shapes"))
        warm["shapes"] = params["shapes"];
    return warm;
}

std::string warmTaskKey(const nlohmann::json& task, const nlohmann::json& shapes) {
    return nlohmann::json::array({task, shapes.is_array() ? shapes : nlohmann::json::array()})
        .dump();
}

bool sendWarm(StartedJob& job, nlohmann::json line, const std::filesystem::path& choicesFile) {
    // The baseline searches a shape's algorithm once per device; later jobs reuse the choice.
    line["algorithm_choices"] = readAlgorithmChoices(choicesFile);
    return sendToJob(job, line);
}

bool awaitWarmed(StartedJob& job, const std::filesystem::path& choicesFile) {
    nlohmann::json warmed = readFromJob(job, std::chrono::seconds(120));
    // The answer comes before the child has loaded any candidate, so it can be trusted.
    if (!warmed.is_object() || warmed.value("type", "") != "warmed")
        return false;
    keepAlgorithmChoices(choicesFile, warmed.value("algorithm_choices", nlohmann::json::object()));
    return true;
}

} // namespace kwb::gpu
