#pragma once
// The report of an evaluation run, recounted from the project's records every time: per model
// and condition, overall and per level, family and task (eval_metrics.h), each condition's
// difference from "plain" over tasks with a 95 % bootstrap interval (the plan's seed), and
// whether every answer was verified on a GPU or compile-only. As JSON (one object per model x
// condition and scope), CSV, markdown (tables and the headline chart) or terminal text.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/eval/eval_metrics.h"
#include "core/model/error.h"
#include "core/store/eval_records.h"

namespace kwb {

class ProjectStore;

struct EvalReportGroup {
    std::string model, condition;
    std::string scope; // "overall", "level:N", "family:F", "task:ID"
    EvalStats stats;
};

struct EvalReportDifference {
    std::string model, condition; // against "plain" of the same model
    std::string metric;           // "compiled", "correct", "fast_1.0"
    EvalInterval interval;
};

struct EvalReport {
    EvalRunRecord run;
    int expectedCells = 0; // models x conditions x tasks x samples of the plan
    int cells = 0;         // stored
    int onGpu = 0;         // cells whose answer ran on a GPU (correctness known)
    int notRun = 0;        // cells whose answer was built but not run: no GPU
    std::vector<std::string> gpus;
    std::vector<EvalReportGroup> groups;
    std::vector<EvalReportDifference> differences;
    // No answer ran: every one that built was built only (answers that do not compile run
    // nowhere, so they alone say nothing of the machine).
    bool compileOnly() const { return cells > 0 && onGpu == 0 && (notRun > 0 || gpus.empty()); }
    bool mixed() const { return onGpu > 0 && notRun > 0; }
};

// The run by id or name; "eval-run-not-found" when the project has none such.
Result<EvalReport> buildEvalReport(ProjectStore& store, const std::string& runIdOrName);

nlohmann::json evalReportJson(const EvalReport& report);
std::string evalReportCsv(const EvalReport& report);
std::string evalReportMarkdown(const EvalReport& report);
std::string evalReportText(const EvalReport& report);

} // namespace kwb
