// kwb samples no-code [GENERATION-ID]: the answers a generation run kept without code (the model
// replied, but with no complete code block for the entry point). They are generation records,
// not samples, so `samples list` and the review queue never show them; this lists them with the
// start of their text, and shows one in full.
#include <algorithm>
#include <cstdio>
#include <iostream>

#include "app/kwb/commands.h"
#include "app/kwb/project_lookup.h"
#include "app/kwb/terminal_text.h"

namespace kwb::cli {
namespace {

// The start of a stored text as one table cell: its first non-empty line, control characters
// escaped (terminal_text.h), clipped to n.
std::string firstLine(const std::string& text, std::size_t n) {
    std::string s;
    for (char c : text) {
        if (c == '\n' && !s.empty())
            break;
        if (c != '\n' && c != '\r')
            s += c == '\t' ? ' ' : c;
    }
    s = terminalSafe(s);
    return s.size() <= n ? s : s.substr(0, n - 1) + "~";
}

nlohmann::json toJson(const GenerationRecord& g, bool full) {
    nlohmann::json j = {{"generation_id", g.generationId},
                        {"run_id", g.runId},
                        {"task_id", g.taskId},
                        {"provider", g.provider},
                        {"model", g.model},
                        {"turn", g.turn},
                        {"created_at", g.createdAt},
                        {"stop_reason", g.response.value("stop_reason", "")},
                        {"prompt_tokens", g.promptTokens},
                        {"completion_tokens", g.completionTokens},
                        {"raw_response", g.rawResponse}};
    if (!g.repairOfGenerationId.empty())
        j["repair_of"] = g.repairOfGenerationId;
    if (full)
        j["messages"] = g.messages;
    return j;
}

} // namespace

Runner addSamplesNoCodeCommand(CLI::App& app) {
    CLI::App* samples = app.get_subcommand("samples");
    auto* cmd = samples->add_subcommand(
        "no-code", "Answers kept without code (no sample to review): list them, or show one "
                   "(its full text and the messages sent).");
    struct Opts {
        std::string project, id, run;
        std::vector<std::string> tasks;
        bool json = false;
    };
    auto o = std::make_shared<Opts>();
    cmd->add_option("generation", o->id,
                    "A generation id (or its first characters, at least 6) to show in full");
    cmd->add_option("--task", o->tasks, "Only these tasks")->delimiter(',');
    cmd->add_option("--run", o->run, "Only this run's answers (the run id `kwb generate` prints)");
    cmd->add_flag("--json", o->json, "Print JSON");
    addProjectOption(cmd, o->project);
    return [cmd, o]() -> int {
        if (!cmd->parsed())
            return -1;
        auto store = openProject(o->project);
        if (!store) {
            std::cerr << "kwb samples no-code: " << store.error().message << "\n";
            return 2;
        }
        auto all = (*store)->generationsWithoutCode();
        if (!all) {
            std::cerr << "kwb samples no-code: " << all.error().message << "\n";
            return 2;
        }
        std::vector<GenerationRecord> rows;
        for (auto& g : *all) {
            bool task = o->tasks.empty() ||
                        std::find(o->tasks.begin(), o->tasks.end(), g.taskId) != o->tasks.end();
            bool run = o->run.empty() || g.runId == o->run;
            bool id = o->id.empty() || (o->id.size() >= 6 && g.generationId.starts_with(o->id));
            if (task && run && id)
                rows.push_back(std::move(g));
        }
        if (!o->id.empty()) {
            if (rows.size() != 1) {
                std::cerr << "kwb samples no-code: "
                          << (rows.empty() ? "no answer without code has the id "
                                           : "more than one answer starts with ")
                          << o->id << "\n";
                return 2;
            }
            const auto& g = rows.front();
            if (o->json) {
                std::cout << toJson(g, true).dump(1) << "\n";
                return 0;
            }
            // Stored text, the model's above all, is printed with its control characters escaped.
            auto t = [](const std::string& text) { return terminalSafe(text); };
            std::cout << "Answer " << t(g.generationId) << " (no code)\n"
                      << "  task          " << t(g.taskId) << "\n"
                      << "  model         " << t(g.model) << " via " << t(g.provider) << "\n"
                      << "  run           " << t(g.runId)
                      << (g.turn ? ", repair turn " + std::to_string(g.turn) + " of " +
                                       t(g.repairOfGenerationId)
                                 : "")
                      << "\n"
                      << "  created       " << t(g.createdAt) << "\n"
                      << "  stop reason   " << t(g.response.value("stop_reason", "-")) << "\n"
                      << "  tokens        " << g.promptTokens << " in, " << g.completionTokens
                      << " out\n"
                      << "\n"
                      << terminalSafe(g.rawResponse, true)
                      << (g.rawResponse.ends_with('\n') ? "" : "\n");
            return 0;
        }
        if (o->json) {
            nlohmann::json out = nlohmann::json::array();
            for (const auto& g : rows)
                out.push_back(toJson(g, false));
            std::cout << out.dump(1) << "\n";
            return 0;
        }
        std::printf("%-12s  %-20s %-22s %4s  %-20s  %s\n", "generation", "task", "model", "turn",
                    "created", "answer starts");
        for (const auto& g : rows)
            std::printf("%-12s  %-20s %-22s %4d  %-20s  %s\n",
                        terminalSafe(g.generationId).substr(0, 12).c_str(),
                        firstLine(g.taskId, 20).c_str(), firstLine(g.model, 22).c_str(), g.turn,
                        firstLine(g.createdAt, 20).c_str(), firstLine(g.rawResponse, 60).c_str());
        std::cout << rows.size()
                  << " answers without code; `kwb samples no-code ID` shows one in full\n";
        return 0;
    };
}

} // namespace kwb::cli
