// kwb review accept|reject|needs-work|undo|history: the review workflow from the command line.
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>

#include "app/kwb/commands.h"
#include "app/kwb/project_lookup.h"
#include "app/kwb/terminal_text.h"
#include "core/llm/llm_settings.h"
#include "core/llm/redaction.h"

namespace kwb::cli {
namespace {

// --note-file FILE (or - for standard input): the note exactly as the file holds it.
Result<std::string> readNote(const std::string& path) {
    std::stringstream text;
    if (path == "-") {
        text << std::cin.rdbuf();
        return text.str();
    }
    std::ifstream f(path, std::ios::binary);
    if (!f)
        return Error::make("bad-note", "cannot read the note file " + path);
    text << f.rdbuf();
    if (f.bad())
        return Error::make("bad-note", "cannot read the note file " + path);
    return text.str();
}

struct ReviewOpts {
    std::string project, note, noteFile, reviewer;
    std::vector<std::string> tags;
    std::vector<std::int64_t> ids;
    bool json = false;
};

int runHistory(ProjectStore& store, const ReviewOpts& o) {
    auto h = store.reviewHistory(o.ids.front());
    auto s = store.sample(o.ids.front());
    if (!h || !s) {
        std::cerr << "kwb review history: " << (!s ? s.error() : h.error()).message << "\n";
        return 2;
    }
    if (o.json) {
        std::cout << nlohmann::json(*h).dump(1) << "\n";
        return 0;
    }
    // Stored text is shown with its control characters escaped (a note may hold anything).
    for (const auto& r : *h)
        std::cout << "#" << r.id << "  " << terminalSafe(r.createdAt) << "  "
                  << terminalSafe(r.reviewer) << ": " << toString(r.verdict)
                  << (r.reverts ? " (undo of #" + std::to_string(*r.reverts) + ")" : "")
                  << (r.note.empty() || r.reverts ? "" : " - " + terminalSafe(r.note, true))
                  << (r.tags.empty() ? "" : " " + terminalSafe(nlohmann::json(r.tags).dump()))
                  << "\n";
    std::cout << "Verdict in force: " << toString(s->status.verdict) << "\n";
    return 0;
}

// The reviewer, note and tags as they are stored: keys this machine knows stay out of the
// project, whatever field they were typed into.
struct ReviewText {
    std::string reviewer, note;
    std::vector<std::string> tags;
};

Result<ReviewText> reviewText(const ReviewOpts& o) {
    const std::vector<std::string> secrets = knownSecrets();
    ReviewText t;
    t.reviewer = redactForStorage(reviewerName(o.reviewer), secrets);
    std::string note = o.note;
    if (!o.noteFile.empty()) {
        auto text = readNote(o.noteFile);
        if (!text)
            return text.error();
        note = std::move(*text);
    }
    t.note = redactForStorage(note, secrets);
    for (const auto& tag : o.tags)
        t.tags.push_back(redactForStorage(tag, secrets));
    return t;
}

void printReviews(const std::vector<Review>& done, bool json) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& r : done) {
        if (json)
            out.push_back(r);
        else
            std::cout << "#" << r.sampleId << ": " << toString(r.verdict)
                      << (r.reverts ? " (undid review #" + std::to_string(*r.reverts) + ")" : "")
                      << "\n";
    }
    if (json)
        std::cout << out.dump(1) << "\n";
}

// `verdict`: the verdict to give; none for undo.
int runReview(ProjectStore& store, const ReviewOpts& o, std::optional<Verdict> verdict) {
    auto text = reviewText(o);
    if (!text) {
        std::cerr << "kwb review: " << text.error().message << "\n";
        return 2;
    }
    // One transaction for the batch: an unknown id (or one with nothing to undo) leaves every
    // sample as it was.
    Result<std::vector<Review>> done = Error{};
    if (!verdict) // the undo entry names who undid it; with --reviewer, only their own verdicts
        done = store.undoReviews(o.ids, o.reviewer.empty() ? std::string() : text->reviewer,
                                 text->reviewer);
    else
        done = store.reviewSamples(o.ids, *verdict, text->reviewer, text->note, text->tags);
    if (!done) {
        std::cerr << "kwb review: " << done.error().message << " (no sample was changed)\n";
        return 2;
    }
    printReviews(*done, o.json);
    return 0;
}

} // namespace

Runner addReviewCommand(CLI::App& app) {
    auto* cmd = app.add_subcommand(
        "review", "Give samples a verdict (the latest verdict wins; history is kept).");
    cmd->require_subcommand(1);
    auto o = std::make_shared<ReviewOpts>();
    std::vector<std::pair<CLI::App*, Verdict>> verdicts;
    for (auto [name, verdict, help] :
         {std::tuple{"accept", Verdict::Accepted, "Accept samples into the training set."},
          std::tuple{"reject", Verdict::Rejected, "Reject samples."},
          std::tuple{"needs-work", Verdict::NeedsWork, "Mark samples as needing work."}}) {
        auto* c = cmd->add_subcommand(name, help);
        c->add_option("id", o->ids, "Sample ids")->required();
        auto* note = c->add_option("--note", o->note, "A note for the record");
        c->add_option("--note-file", o->noteFile,
                      "The note, from a file (- for standard input), kept exactly")
            ->excludes(note);
        c->add_option("--tag", o->tags, "A tag (repeat for more)");
        verdicts.emplace_back(c, verdict);
    }
    auto* undo = cmd->add_subcommand(
        "undo", "Take back the verdict in force, by appending an undo entry that restores "
                "the one before it (nothing is deleted).");
    undo->add_option("id", o->ids, "Sample ids")->required();
    auto* history = cmd->add_subcommand("history", "A sample's review history, oldest first.");
    history->add_option("id", o->ids, "Sample id")->required()->expected(1);
    for (auto* c : cmd->get_subcommands({})) {
        addProjectOption(c, o->project);
        c->add_flag("--json", o->json, "Print JSON");
        if (c != history)
            c->add_option("--reviewer", o->reviewer,
                          "Who reviews (default: $KWB_REVIEWER, else $USER)");
    }

    return [=]() -> int {
        if (!cmd->parsed())
            return -1;
        auto store = openProject(o->project);
        if (!store) {
            std::cerr << "kwb review: " << store.error().message << "\n";
            return 2;
        }
        if (history->parsed())
            return runHistory(**store, *o);
        std::optional<Verdict> verdict;
        for (const auto& [c, v] : verdicts)
            if (c->parsed())
                verdict = v;
        if (!verdict && !undo->parsed())
            return -1;
        return runReview(**store, *o, verdict);
    };
}

} // namespace kwb::cli
