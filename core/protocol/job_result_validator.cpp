#include "core/protocol/job_result_validator.h"

#include <algorithm>
#include <cmath>

#include "core/model/task.h"
#include "core/model/verification.h"

namespace kwb::protocol {
namespace {

Error tampered(const std::string& why) {
    return Error::make("tampering", why);
}

bool isString(const nlohmann::json& j, const char* key) {
    return j.contains(key) && j[key].is_string();
}

bool knownVerdict(const std::string& v) {
    return verification::verdictFromString(v) != verification::Verdict::Unknown;
}

bool passing(const std::string& v) {
    return v == "pass" || v == "suspicious-timing";
}

// A positive, finite number at j[key].
bool positive(const nlohmann::json& j, const char* key) {
    return j.is_object() && j.contains(key) && j[key].is_number() &&
           std::isfinite(j[key].get<double>()) && j[key].get<double>() > 0;
}

bool nonNegative(const nlohmann::json& j, const char* key) {
    return j.is_object() && j.contains(key) && j[key].is_number() &&
           std::isfinite(j[key].get<double>()) && j[key].get<double>() >= 0;
}

bool zero(const nlohmann::json& j, const char* key) {
    return j.contains(key) && j[key].is_number() && j[key].get<double>() == 0;
}

bool near(double a, double b) {
    return std::abs(a - b) <= 1e-6 * std::max(std::abs(a), std::abs(b));
}

// A passing shape's report of each output: present, and clean.
Status checkOutputs(const nlohmann::json& shape, const std::string& name,
                    const std::vector<std::string>& outputs) {
    const nlohmann::json& reported =
        shape.contains("outputs") ? shape["outputs"] : nlohmann::json();
    for (const auto& out : outputs) {
        if (!reported.is_object() || !reported.contains(out) || !reported[out].is_object())
            return tampered("the result's shape " + name + " passes without a report of output " +
                            out);
        const auto& o = reported[out];
        if (!zero(o, "mismatches") || !zero(o, "unwritten") || !zero(o, "nan") ||
            !positive(o, "elements"))
            return tampered("the result's shape " + name + " passes, but its report of output " +
                            out + " lacks a count or counts a bad element");
    }
    return okStatus();
}

Status checkTiming(const nlohmann::json& shape, const std::string& name,
                   const std::optional<nlohmann::json>& given) {
    const auto& t = shape["timing"];
    if (!t.is_object() || !nonNegative(t.value("candidate", nlohmann::json()), "median_ms") ||
        !positive(t.value("baseline", nlohmann::json()), "median_ms"))
        return tampered("the result's shape " + name +
                        " has timing without a median on both sides");
    // A given baseline comes back as it was sent: the speedup below is then the worker's figure
    // over the candidate's, whatever the job's memory held.
    if (given &&
        (t["baseline"].value("median_ms", nlohmann::json()) != (*given)["median_ms"] ||
         t["baseline"].value("host_median_ms", nlohmann::json()) != (*given)["host_median_ms"]))
        return tampered("the result's shape " + name +
                        " reports other baseline figures than the ones the job was given");
    // As the harness computes it (shape_runner.cpp): no speedup from a zero median.
    const double candidate = t["candidate"]["median_ms"].get<double>();
    const double ratio = candidate > 0 ? t["baseline"]["median_ms"].get<double>() / candidate : 0;
    if (!shape.contains("speedup") || !shape["speedup"].is_number() ||
        !near(shape["speedup"].get<double>(), ratio))
        return tampered("the result's shape " + name + " states a speedup its medians do not give");
    return okStatus();
}

Status checkGeomean(const nlohmann::json& result) {
    if (!result.contains("geomean_speedup"))
        return okStatus();
    double logSum = 0;
    const auto& shapes = result["shapes"];
    for (const auto& s : shapes) {
        if (!nonNegative(s, "speedup"))
            return tampered(
                "the result states a geomean speedup, but not every shape has a speedup");
        logSum += std::log(std::max(s["speedup"].get<double>(), 1e-12)); // as verify_job.cpp does
    }
    const auto& g = result["geomean_speedup"];
    if (shapes.empty() || !g.is_number() ||
        !near(g.get<double>(), std::exp(logSum / double(shapes.size()))))
        return tampered(
            "the result's geomean speedup is not the geometric mean of its shapes' speedups");
    return okStatus();
}

} // namespace

bool usableGivenBaseline(const nlohmann::json& figures) {
    return positive(figures, "median_ms") && nonNegative(figures, "host_median_ms");
}

JobPlan planForSpec(const nlohmann::json& spec) {
    JobPlan plan;
    plan.bench = spec.value("bench", true);
    if (spec.value("mode", "") == "probe") {
        plan.probe = true;
        return plan;
    }
    auto task = taskFromJson(spec.value("task", nlohmann::json::object()));
    if (!task)
        return plan;
    std::vector<std::string> only;
    if (spec.contains("shapes") && spec["shapes"].is_array())
        for (const auto& s : spec["shapes"])
            if (s.is_string())
                only.push_back(s.get<std::string>());
    const nlohmann::json given = spec.value("baseline_timings", nlohmann::json::object());
    for (const auto& shape : task->shapes) {
        if (!only.empty() && std::find(only.begin(), only.end(), shape.name) == only.end())
            continue;
        plan.shapes.push_back({shape.name, nlohmann::json(shape.dims), std::nullopt});
        if (plan.bench && given.is_object() && given.contains(shape.name) &&
            usableGivenBaseline(given[shape.name]))
            plan.shapes.back().givenBaseline = given[shape.name];
    }
    for (const Parameter* p : task->parametersOfKind(ParamKind::Output))
        plan.outputs.push_back(p->name);
    return plan;
}

Status JobResultValidator::accept(const nlohmann::json& msg) {
    const std::string type = isString(msg, "type") ? msg["type"].get<std::string>() : std::string();
    if (m_finished)
        return tampered(type == "result" ? "the job sent a second result"
                                         : "the job sent a message after its result");
    if (type == "event")
        return acceptEvent(msg);
    if (type == "result") {
        if (!msg.contains("result") || !msg["result"].is_object())
            return tampered("the job's result message holds no result");
        auto checked = acceptResult(msg["result"]);
        if (checked) {
            m_finished = true;
            m_result = msg["result"];
        }
        return checked;
    }
    return tampered("the job sent a message of unexpected type \"" + type.substr(0, 40) + "\"");
}

Status JobResultValidator::acceptEvent(const nlohmann::json& msg) {
    const std::string event =
        isString(msg, "event") ? msg["event"].get<std::string>() : std::string();
    if (event != "progress" && event != "call" && event != "shape-done")
        return tampered("the job sent an event of unexpected kind \"" + event.substr(0, 40) + "\"");
    const bool named = msg.contains("shape");
    if (!named && event == "progress")
        return okStatus();
    if (!named || !msg["shape"].is_string())
        return tampered("the job sent a \"" + event + "\" event without its shape");
    const std::string shape = msg["shape"].get<std::string>();
    if (m_done.size() >= m_plan.shapes.size())
        return tampered("the job sent an event for shape " + shape.substr(0, 40) +
                        " after every planned shape was done");
    const std::string& current = m_plan.shapes[m_done.size()].name;
    if (shape != current)
        return tampered("the job sent an event for shape " + shape.substr(0, 40) + " while shape " +
                        current + " was due");
    if (event == "shape-done") {
        const std::string verdict =
            isString(msg, "verdict") ? msg["verdict"].get<std::string>() : std::string();
        if (!m_plan.probe && !knownVerdict(verdict))
            return tampered("the job reported shape " + shape + " done without a known verdict");
        m_done.emplace_back(shape, verdict);
    }
    return okStatus();
}

Status JobResultValidator::acceptResult(const nlohmann::json& result) {
    if (!isString(result, "verdict") || !isString(result, "detail") || !result.contains("shapes") ||
        !result["shapes"].is_array())
        return tampered("the job's result lacks its verdict, detail or shapes");
    const std::string verdict = result["verdict"].get<std::string>();
    if (!m_plan.probe && !knownVerdict(verdict))
        return tampered("the job's result has an unknown verdict \"" + verdict.substr(0, 40) +
                        "\"");
    const auto& shapes = result["shapes"];
    if (shapes.size() > m_done.size()) {
        const auto& extra = shapes[m_done.size()];
        const std::string name =
            extra.is_object() ? extra.value("name", std::string("?")) : std::string("?");
        return tampered("the result came before the harness finished: it lists shape " +
                        name.substr(0, 40) + ", which the job never reported done");
    }
    if (shapes.size() < m_done.size())
        return tampered("the result leaves out shape " + m_done[shapes.size()].first +
                        ", which the job reported done");
    if (passing(verdict) && m_done.size() < m_plan.shapes.size())
        return tampered("the result passes without planned shape " +
                        m_plan.shapes[m_done.size()].name);
    const bool timedJob = m_plan.bench && result.contains("baseline");
    for (std::size_t i = 0; i < shapes.size(); ++i) {
        if (auto s = checkShape(shapes[i], i, timedJob); !s)
            return s;
        const std::string shapeVerdict = shapes[i]["verdict"].get<std::string>();
        if (passing(verdict) &&
            (verdict == "pass" ? shapeVerdict != "pass" : !passing(shapeVerdict)))
            return tampered("the result says " + verdict + " though shape " + m_done[i].first +
                            " got " + shapeVerdict);
    }
    return checkGeomean(result);
}

Status JobResultValidator::checkShape(const nlohmann::json& shape, std::size_t i,
                                      bool timedJob) const {
    const std::string& name = m_done[i].first;
    if (!shape.is_object() || !isString(shape, "name") || !isString(shape, "verdict") ||
        !isString(shape, "detail") || !shape.contains("dims"))
        return tampered("the result's shape " + name + " lacks its name, dims, verdict or detail");
    if (shape["name"] != name)
        return tampered("the result lists shape " + shape["name"].get<std::string>().substr(0, 40) +
                        " where shape " + name + " was done");
    if (shape["verdict"] != m_done[i].second)
        return tampered("the result's verdict of shape " + name +
                        " is not the one the job reported");
    if (shape["dims"] != m_plan.shapes[i].dims)
        return tampered("the result's shape " + name + " has other dims than the planned shape");
    const bool passed = passing(m_done[i].second);
    if (passed)
        if (auto s = checkOutputs(shape, name, m_plan.outputs); !s)
            return s;
    if (shape.contains("timing")) {
        if (!m_plan.bench)
            return tampered("the result's shape " + name +
                            " carries timing, but the job was not timed");
        return checkTiming(shape, name, m_plan.shapes[i].givenBaseline);
    }
    if (timedJob && passed)
        return tampered("the result's shape " + name + " passes without its timing");
    return okStatus();
}

} // namespace kwb::protocol
