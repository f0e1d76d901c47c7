// kwb export sft|prefs|unpaired|hf: training data from the reviewed samples, written atomically.
#include <iostream>

#include "app/kwb/commands.h"
#include "app/kwb/project_lookup.h"
#include "app/kwb/seed_option.h"
#include "core/export/dataset_exporter.h"
#include "core/export/hf_dataset_writer.h"

namespace kwb::cli {
namespace {

void printSummary(const ExportSummary& s, std::ostream& out) {
    out << "train: " << s.train.rows << " rows";
    for (const auto& [t, n] : s.train.perTask)
        out << "  " << t << "=" << n;
    out << "\n";
    if (!s.split.test.empty()) {
        out << "test:  " << s.test.rows << " rows";
        for (const auto& t : s.split.test)
            out << "  " << t << "=" << (s.test.perTask.count(t) ? s.test.perTask.at(t) : 0);
        out << "\n";
    }
    if (s.negativeSuspectedHacks > 0)
        out << s.negativeSuspectedHacks
            << " negative row(s) are suspected hacks (marked suspected_hack)\n";
}

// JSON text is UTF-8: bytes that are not (a Latin-1 source, say) were written as U+FFFD. The
// export stands, but the user learns which samples changed on the way.
void warnNotUtf8(const ExportSummary& s) {
    if (s.notUtf8Samples.empty())
        return;
    constexpr std::size_t kNamed = 20;
    std::cerr << "kwb export: warning: " << s.notUtf8Samples.size()
              << " sample(s) had text that is not UTF-8 (Latin-1?); each such byte was written as "
                 "U+FFFD. Samples:";
    std::size_t n = 0;
    for (auto id : s.notUtf8Samples) {
        if (n++ == kNamed) {
            std::cerr << " ...";
            break;
        }
        std::cerr << " " << id;
    }
    std::cerr << "\n";
}

struct ExportOpts {
    std::string project, out, testOut, system, license = "other", name, hfFormat = "sft";
    std::vector<std::string> verdicts, tasks, models;
    std::optional<double> minSpeedup;
    bool verified = false, includeUnverified = false, includeFlagged = false, duplicates = false,
         noSystem = false, json = false, force = false;
    double testFraction = 0;
    std::uint64_t seed = 1;
    int maxPairs = 0;
};

struct ExportCommands {
    CLI::App *sft, *prefs, *unpaired, *hf;
};

// The options every format shares.
void addCommonExportOptions(CLI::App* c, bool folder, ExportOpts& o) {
    addProjectOption(c, o.project);
    c->add_option("-o,--output", o.out,
                  folder ? "The dataset folder to write" : "The .jsonl file to write")
        ->required();
    c->add_option("--min-speedup", o.minSpeedup,
                  "Only samples at least this much faster than the baseline (the accepted side)");
    c->add_flag("--verified", o.verified, "Only samples verified on a GPU");
    c->add_flag("--include-unverified", o.includeUnverified,
                "Also export as positives samples without a GPU verification (none, or "
                "compile-only not-run)");
    c->add_flag("--include-flagged", o.includeFlagged,
                "Also export as positives samples that passed but are flagged "
                "(suspicious-timing, screening findings, "
                "not screened)");
    c->add_option("--task", o.tasks, "Only these tasks")->delimiter(',');
    c->add_option("--model", o.models, "Only these models")->delimiter(',');
    c->add_flag("--include-duplicates", o.duplicates, "Keep samples marked as duplicates");
    c->add_option("--test-fraction", o.testFraction,
                  "Share of tasks held out as the test split (by task)")
        ->check(CLI::Range(0.0, 0.9));
    addSeedOption(c, o.seed, "Seed of the split and the pairing (0 or more)", true);
    c->add_option("--system", o.system, "The system message for prompts without one");
    c->add_flag("--no-system", o.noSystem, "Add no system message");
    c->add_flag("--json", o.json, "Print the summary as JSON");
    c->add_flag("--force", o.force,
                folder
                    ? "Replace an earlier dataset folder of kwb (one holding nothing else)"
                    : "Replace an existing file (never a project, a database, a device or a link)");
    if (!folder)
        c->add_option("--test-output", o.testOut,
                      "Where the test split goes (with --test-fraction)");
}

ExportCommands addExportSubcommands(CLI::App* cmd, ExportOpts& o) {
    ExportCommands c;
    c.sft = cmd->add_subcommand(
        "sft", "SFT JSONL: {\"messages\": [system, user, assistant], ...} per accepted sample.");
    c.prefs = cmd->add_subcommand(
        "prefs", "Preference pairs JSONL: {\"prompt\", \"chosen\", \"rejected\", ...}.");
    c.unpaired = cmd->add_subcommand(
        "unpaired", "Unpaired JSONL: {\"prompt\", \"completion\", \"label\", ...}.");
    c.hf = cmd->add_subcommand(
        "hf", "A Hugging Face dataset folder: data/*.jsonl and a README.md dataset card.");
    for (auto* sub : {c.sft, c.prefs, c.unpaired, c.hf})
        addCommonExportOptions(sub, sub == c.hf, o);
    for (auto* sub : {c.sft, c.hf})
        sub->add_option("--verdict", o.verdicts, "Verdicts to export (default: accepted)")
            ->delimiter(',')
            ->check(CLI::IsMember({"unreviewed", "accepted", "rejected", "needs-work"}));
    for (auto* sub : {c.prefs, c.hf})
        sub->add_option("--max-pairs", o.maxPairs,
                        "At most this many pairs per prompt (default: as many as the larger side)");
    c.hf->add_option("--format", o.hfFormat, "Rows as sft, prefs or unpaired")
        ->check(CLI::IsMember({"sft", "prefs", "unpaired"}));
    c.hf->add_option("--license", o.license,
                     "The dataset's license id for the card (e.g. apache-2.0, cc-by-4.0)");
    c.hf->add_option("--name", o.name,
                     "The dataset's name for the card (default: the folder name)");
    return c;
}

ExportOptions exportOptions(const ExportCommands& c, const ExportOpts& o) {
    ExportOptions opts;
    opts.format = c.sft->parsed()        ? ExportFormat::Sft
                  : c.prefs->parsed()    ? ExportFormat::Preferences
                  : c.unpaired->parsed() ? ExportFormat::Unpaired
                                         : *parseExportFormat(o.hfFormat);
    for (const auto& v : o.verdicts)
        opts.verdicts.push_back(*parseVerdict(v));
    opts.minSpeedup = o.minSpeedup;
    opts.verifiedOnGpu = o.verified;
    opts.includeUnverified = o.includeUnverified;
    opts.includeFlagged = o.includeFlagged;
    opts.tasks = o.tasks;
    opts.models = o.models;
    opts.includeDuplicates = o.duplicates;
    opts.testFraction = o.testFraction;
    opts.seed = o.seed;
    opts.maxPairsPerPrompt = o.maxPairs;
    if (o.noSystem)
        opts.systemPrompt.clear();
    else if (!o.system.empty())
        opts.systemPrompt = o.system;
    return opts;
}

void printExported(const ExportSummary& sum, const ExportOpts& o) {
    if (!o.json) {
        std::cout << "Wrote " << o.out << " (" << toString(sum.format) << ")\n";
        printSummary(sum, std::cout);
        return;
    }
    nlohmann::json j = {{"output", o.out},
                        {"format", toString(sum.format)},
                        {"train_rows", sum.train.rows},
                        {"test_rows", sum.test.rows},
                        {"train_tasks", sum.split.train},
                        {"test_tasks", sum.split.test},
                        {"per_task", sum.train.perTask},
                        {"per_model", sum.train.perModel},
                        {"not_utf8_samples", sum.notUtf8Samples},
                        {"rows_by_gate_class", sum.rowsByGateClass},
                        {"excluded_by_gate_class", sum.excludedByGateClass},
                        {"negative_rows_suspected_hack", sum.negativeSuspectedHacks}};
    std::cout << j.dump(1) << "\n";
}

int runExport(const ExportCommands& c, const ExportOpts& o) {
    const ExportOptions opts = exportOptions(c, o);
    const bool folder = c.hf->parsed();
    if (!folder && o.testFraction > 0 && o.testOut.empty()) {
        std::cerr << "kwb export: --test-fraction needs --test-output\n";
        return kExitUsage;
    }
    auto store = openProject(o.project);
    if (!store) {
        std::cerr << "kwb export: " << store.error().message << "\n";
        return 2;
    }
    OutputPolicy policy;
    policy.replaceOurs = policy.replaceOthers = o.force;
    Result<ExportSummary> sum = Error{};
    if (folder) {
        DatasetCardInfo card;
        card.name = o.name;
        card.license = o.license;
        auto info = (*store)->info();
        if (info)
            card.projectName = info->name;
        sum = HfDatasetWriter::write(**store, opts, o.out, card, policy);
    } else {
        sum = DatasetExporter::exportJsonl(**store, opts, o.out, o.testOut, policy);
    }
    if (!sum) {
        const bool forceHelps = sum.error().code == kOutputExists;
        std::cerr << "kwb export: " << sum.error().message
                  << (forceHelps ? "; --force replaces it" : "") << " (nothing was written)\n";
        return 2;
    }
    warnNotUtf8(*sum);
    for (const auto& line :
         gateExclusionLines(*sum)) // never a surprise: what the gate left out, and why
        std::cerr << "kwb export: " << line << "\n";
    printExported(*sum, o);
    return 0;
}

} // namespace

Runner addExportCommand(CLI::App& app) {
    auto* cmd = app.add_subcommand(
        "export", "Write training data from reviewed samples (README: \"Exports\").");
    cmd->require_subcommand(1);
    auto o = std::make_shared<ExportOpts>();
    const ExportCommands c = addExportSubcommands(cmd, *o);
    return [=]() -> int {
        if (!cmd->parsed())
            return -1;
        return runExport(c, *o);
    };
}

} // namespace kwb::cli
