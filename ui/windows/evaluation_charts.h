#pragma once
// The Evaluation view's chart numbers, taken from a report as core counts it
// (core/eval/eval_report.h): the correct rate per condition and model, and pass@1 and fast_p at
// 1.0 per model and condition with the 95 % intervals of each condition's difference from plain.
// Pure functions of the report, so tests compare them with the report directly.
#include "core/eval/eval_report.h"
#include "ui/widgets/chart_data.h"

namespace kwb::ui {

CorrectRateChartData correctRateData(const EvalReport& report);
PassRateChartData passRateData(const EvalReport& report);

} // namespace kwb::ui
