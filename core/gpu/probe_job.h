#pragma once
// A CPU-only job for hostile-code tests (tests/sandbox): the same child, launcher and
// confinement as a verification job, without CUDA. The spec names a shared library with
//   extern "C" int kwb_probe(const char* arg, char* note, unsigned noteBytes);
// which the job loads after confining itself and calls once. The probe returns 0 when nothing
// it tried was refused, N > 0 when the sandbox refused N of its attempts (the note says which),
// and a negative number when it could not run. Hangs, crashes and exits without a result are
// named by the launcher (core/gpu/job_launcher.h).
#include <nlohmann/json.hpp>

#include "core/gpu/verify_job.h"

namespace kwb::gpu {

// spec: {"mode": "probe", "library": path, "arg": string passed to the probe,
//        "seccomp": bool (default true), "landlock": bool (default true)}. The switches exist
// for diagnosis and for the tests' negative controls; a verification job has only "landlock".
// Result: {"verdict": "pass" | "refused" | "probe-error" | "load-error", "detail", "sandbox",
//          "probe": {"returned": n, "note": text}}.
nlohmann::json runProbeJob(const nlohmann::json& spec, const EventSink& emit);

} // namespace kwb::gpu
