// The report for people: markdown to post (tables, the headline chart, where each number's
// answers are) and the terminal's text. Both read EvalReport only.
#include <cstdio>
#include <sstream>

#include "core/eval/eval_report.h"

namespace kwb {

namespace {

std::string fixed(double x, int digits) {
    char b[48];
    std::snprintf(b, sizeof b, "%.*f", digits, x);
    return b;
}

std::string pct(int part, int whole) {
    return whole ? fixed(100.0 * part / whole, 1) + " %" : "-";
}

std::string share(double x) {
    return fixed(100.0 * x, 1) + " %";
}

std::string speed(const std::optional<double>& x) {
    return x ? fixed(*x, 2) + "x" : "-";
}

std::string cost(const EvalStats& s) {
    return s.costKnown ? "$" + fixed(s.costUsd, 4) : "unknown";
}

std::string verifiedLine(const EvalReport& r) {
    if (r.cells == 0)
        return "No answer is stored yet.";
    std::string gpus;
    for (const auto& g : r.gpus)
        gpus += (gpus.empty() ? "" : ", ") + g;
    if (r.compileOnly())
        return "**Compile-only**: no answer ran on a GPU (the worker had none), so answers were "
               "built but not checked; correct, pass@k and fast_p are 0 until the run is verified "
               "on a GPU.";
    if (r.mixed())
        return "**Mixed**: " + std::to_string(r.onGpu) + " of " + std::to_string(r.cells) +
               " answers ran on a GPU (" + gpus + "); " + std::to_string(r.notRun) +
               " were built only (no GPU) and count as not correct.";
    return "Every answer that built was checked and timed on " + (gpus.empty() ? "a GPU" : gpus) +
           " (" + std::to_string(r.onGpu) + " of " + std::to_string(r.cells) + " ran).";
}

// The headline: correct % (compiled % when nothing ran on a GPU) per model and condition, as a
// Mermaid bar chart (rendered where markdown is posted) and as text bars.
void headlineChart(std::ostringstream& out, const EvalReport& r) {
    const bool compiled = r.compileOnly();
    const std::string what = compiled ? "Compiled %" : "Correct %";
    std::string labels, values, bars;
    for (const auto& g : r.groups) {
        if (g.scope != "overall")
            continue;
        const int part = compiled ? g.stats.compiled : g.stats.correct;
        const double x = g.stats.cells ? 100.0 * part / g.stats.cells : 0.0;
        const std::string label = g.model + " " + g.condition;
        labels += (labels.empty() ? "" : ", ") + ("\"" + label + "\"");
        values += (values.empty() ? "" : ", ") + fixed(x, 1);
        bars += label + std::string(label.size() < 32 ? 32 - label.size() : 1, ' ') +
                std::string(std::size_t(x / 2.5 + 0.5), '#') + " " + fixed(x, 1) + " %\n";
    }
    out << "## " << what << " by model and condition\n\n```mermaid\nxychart-beta\n  title \""
        << what << "\"\n  x-axis [" << labels << "]\n  y-axis \"" << what << "\" 0 --> 100\n  bar ["
        << values << "]\n```\n\n```text\n"
        << bars << "```\n\n";
}

void resultsTable(std::ostringstream& out, const EvalReport& r, const std::string& scope,
                  bool withScope) {
    out << "| model | condition |" << (withScope ? " scope |" : "")
        << " answers | compiled | correct | pass@1 | pass@k | fast_1.0 | fast_1.2 | fast_1.5 | "
           "fast_2.0 | mean speedup | geomean speedup | tokens in / out | cost | latency |\n"
        << "|---|---|" << (withScope ? "---|" : "")
        << "---:|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n";
    for (const auto& g : r.groups) {
        const bool inTable = scope.empty() ? g.scope == "overall" : g.scope.starts_with(scope);
        if (!inTable)
            continue;
        const EvalStats& s = g.stats;
        std::string passK;
        for (const auto& [k, x] : s.passAtK)
            if (k > 1)
                passK += (passK.empty() ? "" : ", ") + ("@" + std::to_string(k) + " " + share(x));
        out << "| " << g.model << " | " << g.condition << " | "
            << (withScope ? g.scope + " | " : "") << s.cells << " | " << pct(s.compiled, s.cells)
            << " | " << pct(s.correct, s.cells) << " | " << share(s.passAt1) << " | "
            << (passK.empty() ? "-" : passK);
        for (const auto& [p, x] : s.fastP)
            out << " | " << share(x);
        out << " | " << speed(s.meanSpeedup) << " | " << speed(s.geomeanSpeedup) << " | "
            << s.promptTokens << " / " << s.completionTokens << " | " << cost(s) << " | "
            << fixed(s.meanLatencyMs / 1000.0, 2) << " s |\n";
    }
    out << "\n";
}

} // namespace

std::string evalReportMarkdown(const EvalReport& r) {
    std::ostringstream out;
    const auto& plan = r.run.plan;
    out << "# Evaluation " << r.run.name << " (run " << r.run.runId << ")\n\n";
    out << r.cells << " of " << r.expectedCells
        << " answers: " << (plan.contains("task_ids") ? plan["task_ids"].size() : 0) << " tasks x "
        << (plan.contains("conditions") ? plan["conditions"].size() : 0) << " conditions x "
        << plan.value("samples", 0) << " samples x "
        << (plan.contains("models") ? plan["models"].size() : 0) << " models, "
        << plan.value("repair", 0) << " repair turns, seed " << plan.value("seed", 0) << ".\n\n"
        << verifiedLine(r) << "\n\n";
    headlineChart(out, r);
    out << "## Results\n\nCorrect: the answer passed verification on the GPU. fast_p: the share "
           "of all answers that are correct and more than p times as fast as the library "
           "baseline. Speedups over correct answers; pass@k unbiased over the samples of each "
           "task.\n\n";
    resultsTable(out, r, "", false);
    if (!r.differences.empty()) {
        out << "## Difference from plain\n\nMean over tasks of (condition - plain), with a 95 % "
               "bootstrap interval over tasks (2000 resamples, seed "
            << plan.value("seed", 0)
            << ").\n\n| model | condition | metric | difference | 95 % interval | tasks "
               "|\n|---|---|---|---:|---|---:|\n";
        for (const auto& d : r.differences)
            out << "| " << d.model << " | " << d.condition << " | " << d.metric << " | "
                << (d.interval.difference >= 0 ? "+" : "") << fixed(100 * d.interval.difference, 1)
                << " pp | [" << fixed(100 * d.interval.low, 1) << ", "
                << fixed(100 * d.interval.high, 1) << "] pp | " << d.interval.tasks << " |\n";
        out << "\n";
    }
    out << "## Per level\n\n";
    resultsTable(out, r, "level:", true);
    out << "## Per family\n\n";
    resultsTable(out, r, "family:", true);
    out << "## Per task\n\n";
    resultsTable(out, r, "task:", true);
    out << "## The answers behind each number\n\n`kwb eval cells " << r.run.runId
        << " [--model M] [--condition C] [--task T]` lists a group's answers with their "
           "generation, sample and verification; `kwb samples show ID` shows a sample's full "
           "transcript and verification, `kwb samples no-code GENERATION` an answer without "
           "code.\n";
    return out.str();
}

std::string evalReportText(const EvalReport& r) {
    std::ostringstream out;
    out << "Run " << r.run.runId << " (" << r.run.name << "): " << r.cells << " of "
        << r.expectedCells << " answers. " << verifiedLine(r) << "\n";
    char line[256];
    std::snprintf(line, sizeof line, "%-18s %-26s %7s %9s %9s %7s %8s %8s %8s\n", "model",
                  "condition", "answers", "compiled", "correct", "pass@1", "fast_1.0", "geomean",
                  "cost");
    out << line;
    for (const auto& g : r.groups) {
        if (g.scope != "overall")
            continue;
        const EvalStats& s = g.stats;
        std::snprintf(line, sizeof line, "%-18s %-26s %7d %9s %9s %7s %8s %8s %8s\n",
                      g.model.c_str(), g.condition.c_str(), s.cells,
                      pct(s.compiled, s.cells).c_str(), pct(s.correct, s.cells).c_str(),
                      share(s.passAt1).c_str(), share(s.fastP.at(1.0)).c_str(),
                      speed(s.geomeanSpeedup).c_str(), cost(s).c_str());
        out << line;
    }
    for (const auto& d : r.differences)
        out << d.model << " " << d.condition << " - plain, " << d.metric << ": "
            << (d.interval.difference >= 0 ? "+" : "") << fixed(100 * d.interval.difference, 1)
            << " pp [" << fixed(100 * d.interval.low, 1) << ", " << fixed(100 * d.interval.high, 1)
            << "] over " << d.interval.tasks << " tasks\n";
    return out.str();
}

} // namespace kwb
