#include "core/gpu/probe_job.h"

#include <dlfcn.h>
#include <string>
#include <vector>

#include "core/gpu/sandbox.h"

namespace kwb::gpu {
namespace {

using ProbeCall = int (*)(const char* arg, char* note, unsigned noteBytes);

nlohmann::json probeFailed(const std::string& verdict, const std::string& detail,
                           nlohmann::json sandbox) {
    return {{"verdict", verdict},
            {"detail", detail},
            {"shapes", nlohmann::json::array()},
            {"sandbox", std::move(sandbox)}};
}

} // namespace

nlohmann::json runProbeJob(const nlohmann::json& spec, const EventSink& emit) {
    const std::string library = spec.value("library", "");
    const std::string arg = spec.value("arg", "");
    // Same functions, same order as runVerifyJob: limits, (CUDA there), filter, Landlock, load.
    SandboxReport sandbox = applyResourceLimits();
    std::string note = sandbox.note;
    bool filtered = false, landlocked = false;
    if (spec.value("seccomp", true)) {
        std::string why;
        filtered = applySyscallFilter(&why);
        if (!filtered)
            note += " " + why;
    } else {
        note += " seccomp switched off by the job spec;";
    }
    if (spec.value("landlock", true)) {
        std::string why;
        landlocked = applyFilesystemRules({}, {library}, &why);
        if (!landlocked)
            note += " " + why;
    } else {
        note += " Landlock switched off by the job spec;";
    }
    nlohmann::json report = {{"limits", sandbox.limits},   {"seccomp", filtered},
                             {"landlock", landlocked},     {"landlock_abi", landlockAbi()},
                             {"shm", sharedMemoryState()}, {"note", note}};

    void* handle = ::dlopen(library.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle)
        return probeFailed("load-error",
                           std::string("the probe library does not load: ") + ::dlerror(), report);
    auto call = reinterpret_cast<ProbeCall>(::dlsym(handle, "kwb_probe"));
    if (!call)
        return probeFailed("load-error", "the probe library has no kwb_probe function", report);
    emit({{"event", "progress"}, {"stage", "loaded"}});

    std::vector<char> text(4096, '\0');
    const int rc = call(arg.c_str(), text.data(), unsigned(text.size() - 1));
    text.back() = '\0';
    std::string probeNote(text.data());
    nlohmann::json result = {{"shapes", nlohmann::json::array()},
                             {"sandbox", report},
                             {"probe", {{"returned", rc}, {"note", probeNote}}}};
    if (rc == 0) {
        result["verdict"] = "pass";
        result["detail"] = "the probe ran to its end and saw nothing refused";
    } else if (rc > 0) {
        result["verdict"] = "refused";
        result["detail"] =
            "the sandbox refused " + std::to_string(rc) + " of the probe's attempts: " + probeNote;
    } else {
        result["verdict"] = "probe-error";
        result["detail"] = "the probe could not run (" + std::to_string(rc) + "): " + probeNote;
    }
    return result;
}

} // namespace kwb::gpu
