// kwb samples list|show|next|stats|verify: browse a project's samples, the review queue and
// its statistics; verify a stored sample and keep the record.
#include <cstdio>
#include <iostream>

#include "app/kwb/commands.h"
#include "app/kwb/project_lookup.h"
#include "app/kwb/sample_filter_options.h"
#include "app/kwb/samples_verify.h"
#include "app/kwb/seed_option.h"
#include "app/kwb/terminal_text.h"
#include "app/kwb/verdict_text.h"
#include "core/store/sample_filter_sql.h"
#include "core/verify/stored_sample_verification.h"

namespace kwb::cli {
namespace {

std::string speedText(const std::optional<double>& s) {
    if (!s)
        return "-";
    char b[32];
    std::snprintf(b, sizeof b, "%.2fx", *s);
    return b;
}

// One table cell of stored text: control characters escaped (terminal_text.h), then clipped.
std::string clip(const std::string& raw, std::size_t n) {
    std::string s = terminalSafe(raw);
    return s.size() <= n ? s : s.substr(0, n - 1) + "~";
}

void printRows(const std::vector<SampleSummary>& rows) {
    std::printf("%7s  %-20s %-11s %-24s %8s  %-22s %s\n", "id", "task", "verdict", "verification",
                "speedup", "model", "label");
    for (const auto& r : rows) {
        std::string label = terminalSafe(r.label);
        if (r.status.duplicateOf)
            label += "  (duplicate of #" + std::to_string(*r.status.duplicateOf) + ")";
        const std::string checked =
            r.status.verificationId.empty() ? "unverified" : verdictCell(r.status.latestVerdict());
        std::printf("%7lld  %-20s %-11s %-24s %8s  %-22s %s\n", static_cast<long long>(r.id),
                    clip(r.taskId, 20).c_str(), toString(r.status.verdict).c_str(),
                    clip(checked, 24).c_str(), speedText(r.status.speedup).c_str(),
                    clip(r.model.empty() ? "-" : r.model, 22).c_str(), label.c_str());
    }
    std::fflush(stdout);
}

int fail(const std::string& what, const Error& e) {
    std::cerr << "kwb samples " << what << ": " << e.message << "\n";
    return 2;
}

struct SamplesOpts {
    std::string project, order = "newest", by = "task", after;
    SampleFilterOptions filter;
    bool json = false, noSource = false, noBench = false;
    int limit = 50, page = 1, timeout = 300;
    std::int64_t id = 0;
    std::uint64_t seed = 0;
    SamplesVerifyOpts verify;
    std::string gpus;
};

struct SamplesCommands {
    CLI::App *list, *show, *next, *stats, *verify;
};

SamplesCommands addSamplesSubcommands(CLI::App* cmd) {
    SamplesCommands c;
    c.list = cmd->add_subcommand("list", "One page of samples, newest first, with filters.");
    c.show = cmd->add_subcommand(
        "show", "Everything about one sample: provenance, verifications, review history, source.");
    c.next = cmd->add_subcommand(
        "next",
        "The next sample in the review queue (unreviewed first, verified before unverified).");
    c.stats =
        cmd->add_subcommand("stats", "Pass rate, accept rate and speedups per task or per model.");
    c.verify = cmd->add_subcommand(
        "verify",
        "Verify stored samples (as `kwb verify`) and keep the records in the project: builds in\n"
        "parallel, one verification at a time per GPU. A sample already verified with the same\n"
        "options on the same GPU is skipped unless --again.");
    return c;
}

void addFilterOptions(const SamplesCommands& c, SamplesOpts& o) {
    for (auto* sub : {c.list, c.stats, c.next, c.verify})
        addTaskModelOptions(sub, o.filter);
    for (auto* sub : {c.list, c.stats, c.verify})
        addNarrowingOptions(sub, o.filter);
}

void addVerifyOptions(CLI::App* verify, SamplesOpts& o) {
    SamplesVerifyOpts& v = o.verify;
    verify->add_option("ids", v.ids, "The sample ids");
    verify->add_flag("--all", v.all, "Every sample (or every one the filters select)");
    verify->add_flag("--unverified", v.unverified, "Only samples without a verification");
    verify->add_flag("--again", v.again, "Verify samples already verified alike again");
    verify->add_flag("--no-bench", v.noBench, "Check correctness only, no timing");
    verify->add_flag("--own-baselines", v.ownBaselines,
                     "Time the baseline in every sample's own job (by default a lane times a "
                     "task's baseline with the task's reference and reuses it for 10 minutes)");
    verify->add_option("--jobs", v.jobs, "Builds at once (default: the host's cores)")
        ->check(CLI::Range(1, 256));
    verify
        ->add_option("--built-ahead", v.builtAhead,
                     "Built samples waiting for each GPU lane before further builds wait too "
                     "(default 16; 0: no limit)")
        ->check(CLI::Range(0, 100000));
    verify->add_option("--gpus", o.gpus,
                       "GPU lanes, e.g. 0,1 (default: every device found, one lane each)");
    addSeedOption(verify, v.seed, "Seed for the inputs, 1 or more (default: random)");
    verify->add_option("--timeout", v.timeout, "Seconds before a job is killed")
        ->check(CLI::Range(5, 3600));
    verify->add_option("--build-timeout", v.buildTimeout, "Seconds before a build is stopped")
        ->check(CLI::Range(2, 3600));
}

void addSamplesOptions(const SamplesCommands& c, SamplesOpts& o) {
    for (auto* sub : {c.list, c.show, c.next, c.stats, c.verify}) {
        addProjectOption(sub, o.project);
        sub->add_flag("--json", o.json, "Print JSON");
    }
    addFilterOptions(c, o);
    c.list->add_option("--order", o.order, "newest, oldest or fastest")
        ->check(CLI::IsMember({"newest", "oldest", "fastest"}));
    c.list->add_option("--limit", o.limit, "Rows per page")->check(CLI::Range(1, 10000));
    c.list->add_option("--page", o.page, "Page number, from 1")->check(CLI::Range(1, 1 << 30));
    c.show->add_option("id", o.id, "The sample id")->required();
    c.show->add_flag("--no-source", o.noSource, "Leave out the source");
    c.next->add_option("--after", o.id, "The sample just reviewed: continue after it");
    c.stats->add_option("--by", o.by, "task or model")->check(CLI::IsMember({"task", "model"}));
    addVerifyOptions(c.verify, o);
}

SampleFilter filterOf(const SamplesOpts& o) {
    return o.filter.filter();
}

int runList(ProjectStore& ps, const SamplesOpts& o) {
    PageRequest pr;
    pr.limit = o.limit;
    pr.offset = std::int64_t(o.page - 1) * o.limit;
    pr.order = o.order == "oldest"    ? SampleOrder::OldestFirst
               : o.order == "fastest" ? SampleOrder::FastestFirst
                                      : SampleOrder::NewestFirst;
    auto page = ps.listSamples(filterOf(o), pr);
    if (!page)
        return fail("list", page.error());
    if (o.json) {
        std::cout << nlohmann::json{{"total", page->total},
                                    {"page", o.page},
                                    {"limit", o.limit},
                                    {"rows", page->rows}}
                         .dump(1)
                  << "\n";
        return 0;
    }
    printRows(page->rows);
    std::cout << page->rows.size() << " of " << page->total << " samples (page " << o.page << " of "
              << std::max<std::int64_t>(1, (page->total + o.limit - 1) / o.limit) << ")\n";
    if (auto noCode = ps.countGenerationsWithoutCode(); noCode && *noCode > 0)
        std::cout << *noCode
                  << " answers without code are not samples: `kwb samples no-code` lists them\n";
    return 0;
}

void printSampleText(const Sample& s, const std::vector<verification::VerificationRecordData>& recs,
                     const std::vector<Review>& history, bool withSource) {
    // Stored text is printed with its control characters escaped (terminal_text.h).
    auto t = [](const std::string& text) { return terminalSafe(text); };
    std::cout << "Sample #" << s.id << "  " << t(s.label) << "\n"
              << "  task          " << t(s.taskId) << " (spec #" << s.taskSpecId << " as used)\n"
              << "  origin        " << toString(s.origin)
              << (s.model.empty() ? "" : ", model " + t(s.model))
              << (s.provider.empty() ? "" : " via " + t(s.provider))
              << (s.author.empty() ? "" : ", by " + t(s.author)) << "\n"
              << "  created       " << t(s.createdAt) << "\n"
              << "  tokens        " << s.promptTokens << " in, " << s.completionTokens << " out, $"
              << s.costUsd << "\n";
    if (s.parentId)
        std::cout << "  edited from   #" << *s.parentId << "\n";
    if (s.status.duplicateOf)
        std::cout << "  duplicate of  #" << *s.status.duplicateOf << " (" << s.status.duplicateKind
                  << (s.status.duplicateKind == "near"
                          ? ", similarity " + std::to_string(s.status.similarity).substr(0, 4)
                          : "")
                  << ")\n";
    std::cout << "  verdict       " << toString(s.status.verdict) << "\n";
    for (const auto& r : recs)
        std::cout << "  verification  " << t(r.id) << ": " << recordVerdictLine(r)
                  << (r.geomeanSpeedup ? ", " + speedText(*r.geomeanSpeedup) : "")
                  << (r.device ? " on " + t(r.device->name) : "") << ", " << t(r.createdAt) << "\n";
    for (const auto& r : history)
        std::cout << "  review #" << r.id << "     " << t(r.createdAt) << " " << t(r.reviewer)
                  << ": " << toString(r.verdict)
                  << (r.note.empty() ? "" : " - " + terminalSafe(r.note, true))
                  << (r.tags.empty() ? "" : " [" + t(nlohmann::json(r.tags).dump()) + "]") << "\n";
    if (withSource)
        std::cout << "\n" << terminalSafe(s.source, true) << (s.source.ends_with('\n') ? "" : "\n");
}

int runShow(ProjectStore& ps, const SamplesOpts& o) {
    auto s = ps.sample(o.id);
    if (!s)
        return fail("show", s.error());
    auto history = ps.reviewHistory(o.id);
    auto recs = ps.verifications(o.id);
    if (!history || !recs)
        return fail("show", !history ? history.error() : recs.error());
    if (o.json) {
        nlohmann::json j = *s;
        j["reviews"] = *history;
        nlohmann::json v = nlohmann::json::array();
        for (const auto& r : *recs)
            v.push_back(verification::toJson(r));
        j["verifications"] = v;
        if (o.noSource)
            j.erase("source");
        std::cout << j.dump(1) << "\n";
        return 0;
    }
    printSampleText(*s, *recs, *history, !o.noSource);
    return 0;
}

int runNext(ProjectStore& ps, const SamplesOpts& o) {
    QueueFilter q{o.filter.tasks, o.filter.models};
    auto n = ps.nextInQueue(q, o.id ? std::optional<std::int64_t>(o.id) : std::nullopt);
    auto len = ps.queueLength(q);
    if (!n || !len)
        return fail("next", !n ? n.error() : len.error());
    if (o.json) {
        std::cout << nlohmann::json{{"queue_length", *len},
                                    {"next", *n ? nlohmann::json(**n) : nlohmann::json(nullptr)}}
                         .dump(1)
                  << "\n";
    } else if (*n) {
        printRows({**n});
        std::cout << *len << " samples in the review queue\n";
    } else {
        std::cout << "The review queue is empty.\n";
    }
    return *n ? 0 : 1;
}

nlohmann::json statsJson(const std::string& by, const GroupStats& g) {
    return {{by, g.key},
            {"samples", g.samples},
            {"duplicates", g.duplicates},
            {"verified", g.verified},
            {"passed", g.passed},
            {"pass_rate", g.passRate()},
            {"accepted", g.accepted},
            {"rejected", g.rejected},
            {"needs_work", g.needsWork},
            {"unreviewed", g.unreviewed},
            {"accept_rate", g.acceptRate()},
            {"speedup",
             {{"count", g.speedup.count},
              {"min", g.speedup.min},
              {"p25", g.speedup.p25},
              {"median", g.speedup.median},
              {"p75", g.speedup.p75},
              {"max", g.speedup.max},
              {"geomean", g.speedup.geomean},
              {"histogram", g.speedup.histogram},
              {"histogram_edges", SpeedupStats::histogramEdges()}}}};
}

int runStats(ProjectStore& ps, const SamplesOpts& o) {
    const SampleFilter f = filterOf(o);
    auto groups = o.by == "model" ? ps.statsByModel(f) : ps.statsByTask(f);
    if (!groups)
        return fail("stats", groups.error());
    if (o.json) {
        nlohmann::json out = nlohmann::json::array();
        for (const auto& g : *groups)
            out.push_back(statsJson(o.by, g));
        std::cout << out.dump(1) << "\n";
        return 0;
    }
    std::printf("%-24s %8s %9s %9s %9s %8s %8s %8s\n", o.by.c_str(), "samples", "verified",
                "pass %", "accept %", "median", "geomean", "max");
    for (const auto& g : *groups)
        std::printf("%-24s %8lld %9lld %8.1f%% %8.1f%% %8s %8s %8s\n",
                    clip(g.key.empty() ? "-" : g.key, 24).c_str(),
                    static_cast<long long>(g.samples), static_cast<long long>(g.verified),
                    100 * g.passRate(), 100 * g.acceptRate(),
                    g.speedup.count ? speedText(g.speedup.median).c_str() : "-",
                    g.speedup.count ? speedText(g.speedup.geomean).c_str() : "-",
                    g.speedup.count ? speedText(g.speedup.max).c_str() : "-");
    return 0;
}

// --gpus 0,1 as device numbers; an error names the bad entry.
Result<std::vector<int>> parseGpus(const std::string& text) {
    std::vector<int> gpus;
    std::size_t at = 0;
    while (!text.empty() && at <= text.size()) {
        const std::size_t comma = std::min(text.find(',', at), text.size());
        const std::string one = text.substr(at, comma - at);
        if (one.empty() || one.size() > 3 || one.find_first_not_of("0123456789") != one.npos)
            return Error::make("usage", "--gpus: \"" + one + "\" is not a device number");
        gpus.push_back(std::stoi(one));
        at = comma + 1;
    }
    return gpus;
}

// Through the verification queue; with one sample named, the output `kwb samples verify ID`
// always had (the record, or its verdict line).
int runVerify(ProjectStore& ps, const SamplesOpts& o, bool filtered) {
    SamplesVerifyOpts v = o.verify;
    v.json = o.json;
    auto gpus = parseGpus(o.gpus);
    if (!gpus) {
        std::cerr << "kwb samples verify: " << gpus.error().message << "\n";
        return kExitUsage;
    }
    v.gpus = *gpus;
    if (v.ids.empty() && !v.all && !v.unverified && !filtered) {
        std::cerr << "kwb samples verify: name the samples: ID..., --all, --unverified or the "
                     "filters of `kwb samples list`\n";
        return kExitUsage;
    }
    if (!v.ids.empty() && (v.all || v.unverified || filtered)) {
        std::cerr << "kwb samples verify: give sample ids or a selection, not both\n";
        return kExitUsage;
    }
    return runSamplesVerify(ps, filterOf(o), v);
}

} // namespace

Runner addSamplesCommand(CLI::App& app) {
    auto* cmd = app.add_subcommand(
        "samples", "List and show a project's samples, the review queue and statistics.");
    cmd->require_subcommand(1);
    auto o = std::make_shared<SamplesOpts>();
    const SamplesCommands c = addSamplesSubcommands(cmd);
    addSamplesOptions(c, *o);
    return [=]() -> int {
        if (!cmd->parsed())
            return -1;
        if (!c.list->parsed() && !c.show->parsed() && !c.next->parsed() && !c.stats->parsed() &&
            !c.verify->parsed())
            return -1; // another file's sub-command: `samples no-code`
                       // (samples_no_code_command.cpp)
        if (Status st = checkSearchText(o->filter.text); !st) {
            std::cerr << "kwb samples: " << st.error().message << "\n";
            return kExitUsage;
        }
        auto store = openProject(o->project);
        if (!store)
            return fail("", store.error());
        ProjectStore& ps = **store;
        if (c.list->parsed())
            return runList(ps, *o);
        if (c.show->parsed())
            return runShow(ps, *o);
        if (c.next->parsed())
            return runNext(ps, *o);
        if (c.stats->parsed())
            return runStats(ps, *o);
        return runVerify(ps, *o, o->filter.given());
    };
}

} // namespace kwb::cli
