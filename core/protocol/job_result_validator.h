#pragma once
// The worker's check of what a job says, once each frame has been authenticated
// (job_channel.h): the job's messages must be the ones its harness sends, in the order it sends
// them, and the result must match the job the worker asked for. Anything else is tampering.
//
// When the harness has finished (what a result must show before the worker believes it):
// - it reported each shape it ran with a "shape-done" event, in the planned order, each once;
// - the result lists exactly those shapes, with the same verdicts, each with its required
//   fields (name, the planned dims, a known verdict, detail; a passing shape also the outputs of
//   every output parameter without a mismatch, unwritten element or NaN, and, when timed, a
//   positive median on both sides and the speedup they give);
// - a shape given its baseline's figures ("baseline_timings") reports those, unchanged;
// - a passing result (pass, suspicious-timing) lists every planned shape, and "pass" only when
//   every shape passed; a geomean_speedup, when given, is the geometric mean of the speedups;
// - the result is the job's last frame: nothing follows it (a second result, any other line),
//   and the channel ends right after it (the launcher checks the end, job_launcher.cpp).
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/model/error.h"

namespace kwb::protocol {

struct PlannedShape {
    std::string name;
    nlohmann::json dims; // {"M": 512, ...}, as the task gives them
    // The baseline's figures the job was given for this shape (the spec's "baseline_timings",
    // where usableGivenBaseline): the result must report exactly these as its baseline's.
    std::optional<nlohmann::json> givenBaseline;
};

// Whether a given baseline's figures (a recorded timing side: "median_ms" positive,
// "host_median_ms" at least 0, both finite) can stand for the baseline's own timing. The job
// and the worker's check of its result decide by this one rule.
bool usableGivenBaseline(const nlohmann::json& figures);

// What the worker asked the job for, known before the job starts.
struct JobPlan {
    std::vector<PlannedShape> shapes; // in the order the job runs them
    std::vector<std::string> outputs; // the task's output parameters
    bool bench = true;                // timed (else no shape may carry timing)
    bool probe = false; // a CPU-only probe job (tests/sandbox): no shapes, its own verdicts
};

// The plan of a job spec (core/gpu/verify_job.h): its task's shapes in task order, those named
// in "shapes" only when it names any. A spec whose task does not load plans no shape (the job
// then answers protocol-error, which lists none).
JobPlan planForSpec(const nlohmann::json& spec);

class JobResultValidator {
public:
    explicit JobResultValidator(JobPlan plan) : m_plan(std::move(plan)) {}

    // One authenticated message of the job ({"type":"event",...} or {"type":"result",...}).
    // An error (code "tampering") names what was wrong; the job must then be stopped.
    Status accept(const nlohmann::json& msg);
    bool finished() const { return m_finished; }
    const nlohmann::json& result() const { return m_result; }

private:
    Status acceptEvent(const nlohmann::json& msg);
    Status acceptResult(const nlohmann::json& result);
    Status checkShape(const nlohmann::json& shape, std::size_t index, bool timedJob) const;

    JobPlan m_plan;
    std::vector<std::pair<std::string, std::string>> m_done; // shape-done events: name, verdict
    bool m_finished = false;
    nlohmann::json m_result;
};

} // namespace kwb::protocol
