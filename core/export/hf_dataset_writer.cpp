#include "core/export/hf_dataset_writer.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "core/export/atomic_directory.h"
#include "core/store/store_clock.h"
#include "kwb/version.h"

namespace kwb {
namespace {

std::string fmt(double v, const char* f = "%.3f") {
    char b[64];
    std::snprintf(b, sizeof b, f, v);
    return b;
}

// YAML scalars are written double-quoted with JSON escaping, which YAML accepts.
std::string yamlString(const std::string& s) {
    return nlohmann::json(s).dump();
}

std::string sizeCategory(std::int64_t n) {
    if (n < 1000)
        return "n<1K";
    if (n < 10000)
        return "1K<n<10K";
    if (n < 100000)
        return "10K<n<100K";
    if (n < 1000000)
        return "100K<n<1M";
    return "1M<n<10M";
}

double median(std::vector<double> v) {
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    std::size_t m = v.size() / 2;
    return v.size() % 2 ? v[m] : 0.5 * (v[m - 1] + v[m]);
}

double geomean(const std::vector<double>& v) {
    double s = 0;
    for (double x : v)
        s += std::log(std::max(x, 1e-12));
    return v.empty() ? 0 : std::exp(s / double(v.size()));
}

const char* formatDescription(ExportFormat f) {
    switch (f) {
    case ExportFormat::Sft:
        return "Supervised fine-tuning rows: `messages` is the conversation (system, user, "
               "assistant); the "
               "assistant's turn is the kernel as a fenced CUDA block.";
    case ExportFormat::Preferences:
        return "Preference pairs: `prompt` (system and user messages), `chosen` (an accepted "
               "kernel) and "
               "`rejected` (a rejected kernel for the same prompt), each a one-message assistant "
               "turn.";
    case ExportFormat::Unpaired:
        return "Unpaired preference rows: `prompt`, `completion` (one assistant turn) and `label` "
               "(true for an "
               "accepted kernel, false for a rejected one).";
    }
    return "";
}

} // namespace

// What the export gate let in and left out (dataset_exporter.h), so a reader of the card knows
// how much of the positive side was verified and how much an override let in.
static std::string gateSection(const ExportSummary& sum, const ExportOptions& options) {
    auto count = [](const std::map<std::string, std::int64_t>& m, const char* cls) {
        auto it = m.find(cls);
        return it == m.end() ? std::int64_t(0) : it->second;
    };
    const auto& rows = sum.rowsByGateClass;
    const auto& out = sum.excludedByGateClass;
    std::ostringstream o;
    o << "## Verification gate\n\n"
         "Positive rows (SFT rows, `label: true`, the `chosen` side) come only from samples whose "
         "latest "
         "verification passed on a GPU with no host-code screening findings, unless an override "
         "below let others in; "
         "each row says so in `verified` and `flagged` (`chosen_verified`, `chosen_flagged` in "
         "pairs). Failed "
         "samples and suspected hacks are never positives; a suspected hack is only ever a "
         "negative "
         "(`suspected_hack`, `rejected_suspected_hack` in pairs).\n\n"
      << "| | count |\n|---|---:|\n"
      << "| positive rows verified on a GPU, clean | " << count(rows, kGateClean) << " |\n"
      << "| positive rows verified on a GPU, flagged (let in by --include-flagged) | "
      << count(rows, kGateFlagged) << " |\n"
      << "| positive rows not verified on a GPU (let in by --include-unverified) | "
      << count(rows, kGateUnverified) << " |\n"
      << "| positive rows not verified on a GPU and flagged (let in by both) | "
      << count(rows, kGateUnverifiedFlagged) << " |\n"
      << "| samples the gate excluded | " << sum.excludedTotal() << " |\n"
      << "| - suspected hacks | " << count(out, kGateHack) << " |\n"
      << "| - failed verification | " << count(out, kGateFailed) << " |\n"
      << "| - not verified on a GPU | "
      << count(out, kGateUnverified) + count(out, kGateUnverifiedFlagged) << " |\n"
      << "| - flagged | " << count(out, kGateFlagged) << " |\n"
      << "| negative rows that are suspected hacks (rejected side, `label: false`) | "
      << sum.negativeSuspectedHacks << " |\n\n"
      << "Overrides: --include-unverified " << (options.includeUnverified ? "on" : "off")
      << ", --include-flagged " << (options.includeFlagged ? "on" : "off")
      << ". The GPUs the rows were verified on are listed under GPUs.\n\n";
    return o.str();
}

// The card's tables of rows per task (with speedups) and per model, and the GPUs.
static std::string rowTables(const ExportSummary& sum) {
    std::ostringstream o;
    o << "\n## Rows per task\n\n| task | rows | speedups | min | median | geometric mean | max |\n"
         "|---|---:|---:|---:|---:|---:|---:|\n";
    std::map<std::string, std::int64_t> perTask;
    std::map<std::string, std::vector<double>> speedups;
    std::map<std::string, std::int64_t> perModel;
    std::set<std::string> gpus;
    for (const SplitCounts* c : {&sum.train, &sum.test}) {
        for (const auto& [k, n] : c->perTask)
            perTask[k] += n;
        for (const auto& [k, n] : c->perModel)
            perModel[k] += n;
        for (const auto& [k, v] : c->speedupsByTask)
            speedups[k].insert(speedups[k].end(), v.begin(), v.end());
        gpus.insert(c->gpus.begin(), c->gpus.end());
    }
    for (const auto& [task, n] : perTask) {
        const auto& v = speedups[task];
        o << "| " << task << " | " << n << " | " << v.size();
        if (v.empty())
            o << " | - | - | - | - |\n";
        else
            o << " | " << fmt(*std::min_element(v.begin(), v.end()), "%.2fx") << " | "
              << fmt(median(v), "%.2fx") << " | " << fmt(geomean(v), "%.2fx") << " | "
              << fmt(*std::max_element(v.begin(), v.end()), "%.2fx") << " |\n";
    }
    o << "\nSpeedup is the library baseline's median time over the kernel's, as the geometric mean "
         "over the task's "
         "shapes, measured by Kernel Workbench's verifier.\n\n## Rows per model\n\n| model | rows "
         "|\n|---|---:|\n";
    for (const auto& [model, n] : perModel)
        o << "| "
          << (model.empty() ? std::string("(none: written or imported by a person)") : model)
          << " | " << n << " |\n";
    o << "\n## GPUs\n\n";
    if (gpus.empty())
        o << "None of these rows was timed on a GPU.\n";
    for (const auto& g : gpus)
        o << "- " << g << "\n";
    return o.str();
}

std::string HfDatasetWriter::cardText(const ExportSummary& sum, const ExportOptions& options,
                                      const DatasetCardInfo& card) {
    std::ostringstream o;
    const std::int64_t total = sum.train.rows + sum.test.rows;
    o << "---\n";
    o << "pretty_name: " << yamlString(card.name) << "\n";
    o << "license: " << card.license << "\n";
    o << "language:\n- en\n";
    o << "task_categories:\n- text-generation\n";
    o << "tags:\n- code\n- cuda\n- gpu-kernels\n- kernel-workbench\n";
    o << "size_categories:\n- " << sizeCategory(total) << "\n";
    o << "configs:\n- config_name: default\n  data_files:\n  - split: train\n    path: "
         "data/train.jsonl\n";
    if (sum.test.rows > 0 || !sum.split.test.empty())
        o << "  - split: test\n    path: data/test.jsonl\n";
    o << "---\n\n";
    o << "# " << card.name << "\n\n";
    o << "CUDA kernels written by language models (or people), each compiled and checked on a GPU "
         "against a "
         "library baseline and reviewed by a person in Kernel Workbench";
    if (!card.projectName.empty())
        o << " (project \"" << card.projectName << "\")";
    o << ".\n\n## Format\n\n" << formatDescription(sum.format) << "\n\n";
    o << "Every row names the sample it came from (`sample_id`, or `chosen_sample_id` and "
         "`rejected_sample_id`) and "
         "the verification record of that sample (`verification_id`; null when the sample was not "
         "verified), so each "
         "row can be traced back to its source, prompt, model and timing in the project.\n\n";
    o << "Selection: ";
    if (sum.format == ExportFormat::Sft) {
        std::string v;
        for (auto verdict :
             options.verdicts.empty() ? std::vector<Verdict>{Verdict::Accepted} : options.verdicts)
            v += (v.empty() ? "" : ", ") + toString(verdict);
        o << "verdict " << v;
    } else {
        o << "accepted and rejected samples";
    }
    if (options.minSpeedup)
        o << "; speedup at least " << fmt(*options.minSpeedup, "%.2f") << "x";
    if (options.verifiedOnGpu)
        o << "; verified on a GPU";
    o << (options.includeDuplicates ? "; duplicates included" : "; duplicates left out") << ".\n\n";
    o << gateSection(sum, options);
    o << "## Splits\n\nThe split is by task (seed " << options.seed << "): no task is in both.\n\n";
    o << "| split | rows | tasks |\n|---|---:|---|\n";
    auto join = [](const std::set<std::string>& s) {
        std::string r;
        for (const auto& x : s)
            r += (r.empty() ? "" : ", ") + x;
        return r.empty() ? std::string("-") : r;
    };
    o << "| train | " << sum.train.rows << " | " << join(sum.split.train) << " |\n";
    if (!sum.split.test.empty())
        o << "| test | " << sum.test.rows << " | " << join(sum.split.test) << " |\n";
    o << rowTables(sum);
    o << "\n## License\n\n";
    if (card.license == "other")
        o << "Not stated: set it with `kwb export hf --license` before publishing. Check the terms "
             "of the models "
             "that wrote the kernels.\n";
    else
        o << "`" << card.license << "`. Check the terms of the models that wrote the kernels.\n";
    o << "\n---\nExported by kwb " << kVersion << " on " << utcNowIso().substr(0, 10) << ".\n";
    return o.str();
}

Result<ExportSummary> HfDatasetWriter::write(ProjectStore& store, const ExportOptions& options,
                                             const std::filesystem::path& named,
                                             const DatasetCardInfo& card,
                                             const OutputPolicy& policy) {
    OutputPolicy checked = policy;
    checked.kind = OutputKind::DatasetFolder;
    checked.protectedFiles.push_back(store.path());
    if (auto s = checkOutput(named, checked); !s)
        return s.error();
    const std::filesystem::path folder = normalOutputPath(named);
    auto dir = AtomicDirectory::create(folder, datasetFolderFiles());
    if (!dir)
        return dir.error();
    // Errors name the folder the user asked for, not the temporary one it is built in.
    const std::string tmpName = dir->path().string();
    auto asNamed = [&](Error e) {
        for (std::size_t at; (at = e.message.find(tmpName)) != std::string::npos;)
            e.message.replace(at, tmpName.size(), named.string());
        return e;
    };
    std::error_code ec;
    std::filesystem::create_directories(dir->path() / "data", ec);
    if (ec)
        return asNamed(
            Error::make("not-writable",
                        "cannot create " + (dir->path() / "data").string() + ": " + ec.message()));
    auto marker = AtomicFile::create(dir->path() / kDatasetMarker);
    if (!marker)
        return asNamed(marker.error());
    nlohmann::json files = nlohmann::json::array();
    for (const auto& f : datasetFolderFiles())
        files.push_back(f.generic_string());
    const nlohmann::json markerJson = {{"written_by", "kwb"},
                                       {"version", kVersion},
                                       {"format", toString(options.format)},
                                       {"files", files}};
    if (auto s = marker->write(markerJson.dump(1) + "\n"); !s)
        return asNamed(s.error());
    if (auto s = marker->commit(); !s)
        return asNamed(s.error());
    auto train = AtomicFile::create(dir->path() / "data" / "train.jsonl");
    if (!train)
        return asNamed(train.error());
    std::optional<AtomicFile> test;
    if (options.testFraction > 0) {
        auto t = AtomicFile::create(dir->path() / "data" / "test.jsonl");
        if (!t)
            return asNamed(t.error());
        test.emplace(std::move(*t));
    }
    DatasetExporter exporter(store, options);
    auto sum = exporter.write(*train, test ? &*test : nullptr);
    if (!sum)
        return asNamed(sum.error());
    if (auto s = train->commit(); !s)
        return asNamed(s.error());
    if (test)
        if (auto s = test->commit(); !s)
            return asNamed(s.error());
    DatasetCardInfo info = card;
    if (info.name.empty())
        info.name = folder.filename().string();
    auto readme = AtomicFile::create(dir->path() / "README.md");
    if (!readme)
        return asNamed(readme.error());
    if (auto s = readme->write(cardText(*sum, options, info)); !s)
        return asNamed(s.error());
    if (auto s = readme->commit(); !s)
        return asNamed(s.error());
    if (auto s = dir->commit(); !s)
        return s.error();
    return sum;
}

} // namespace kwb
