// kwb review accept|reject|needs-work|undo|history: the review workflow from the command line.
#include <iostream>

#include "app/kwb/commands.h"
#include "app/kwb/project_lookup.h"

namespace kwb::cli {

Runner addReviewCommand(CLI::App& app) {
    auto* cmd = app.add_subcommand("review", "Give samples a verdict (the latest verdict wins; history is kept).");
    cmd->require_subcommand(1);
    struct Opts {
        std::string project, note, reviewer;
        std::vector<std::string> tags;
        std::vector<std::int64_t> ids;
        bool json = false;
    };
    auto o = std::make_shared<Opts>();
    std::vector<std::pair<CLI::App*, Verdict>> verdicts;
    for (auto [name, verdict, help] : {std::tuple{"accept", Verdict::Accepted, "Accept samples into the training set."},
                                       std::tuple{"reject", Verdict::Rejected, "Reject samples."},
                                       std::tuple{"needs-work", Verdict::NeedsWork, "Mark samples as needing work."}}) {
        auto* c = cmd->add_subcommand(name, help);
        c->add_option("id", o->ids, "Sample ids")->required();
        c->add_option("--note", o->note, "A note for the record");
        c->add_option("--tag", o->tags, "A tag (repeat for more)");
        verdicts.emplace_back(c, verdict);
    }
    auto* undo = cmd->add_subcommand("undo", "Take back the verdict in force, by appending an undo entry that restores "
                                             "the one before it (nothing is deleted).");
    undo->add_option("id", o->ids, "Sample ids")->required();
    auto* history = cmd->add_subcommand("history", "A sample's review history, oldest first.");
    history->add_option("id", o->ids, "Sample id")->required()->expected(1);
    for (auto* c : cmd->get_subcommands({})) {
        addProjectOption(c, o->project);
        c->add_flag("--json", o->json, "Print JSON");
        if (c != history)
            c->add_option("--reviewer", o->reviewer, "Who reviews (default: $KWB_REVIEWER, else $USER)");
    }

    return [=]() -> int {
        if (!cmd->parsed())
            return -1;
        auto store = openProject(o->project);
        if (!store) {
            std::cerr << "kwb review: " << store.error().message << "\n";
            return 2;
        }
        if (history->parsed()) {
            auto h = (*store)->reviewHistory(o->ids.front());
            auto s = (*store)->sample(o->ids.front());
            if (!h || !s) {
                std::cerr << "kwb review history: " << (!s ? s.error() : h.error()).message << "\n";
                return 2;
            }
            if (o->json) {
                std::cout << nlohmann::json(*h).dump(1) << "\n";
                return 0;
            }
            for (const auto& r : *h)
                std::cout << "#" << r.id << "  " << r.createdAt << "  " << r.reviewer << ": " << toString(r.verdict)
                          << (r.reverts ? " (undo of #" + std::to_string(*r.reverts) + ")" : "")
                          << (r.note.empty() || r.reverts ? "" : " - " + r.note)
                          << (r.tags.empty() ? "" : " " + nlohmann::json(r.tags).dump()) << "\n";
            std::cout << "Verdict in force: " << toString(s->status.verdict) << "\n";
            return 0;
        }
        const std::string reviewer = reviewerName(o->reviewer);
        nlohmann::json out = nlohmann::json::array();
        int rc = 0;
        for (auto id : o->ids) {
            Result<Review> r = Error{};
            if (undo->parsed()) {
                r = (*store)->undoReview(id, o->reviewer.empty() ? std::string() : reviewer);
            } else {
                for (const auto& [c, v] : verdicts)
                    if (c->parsed())
                        r = (*store)->review(id, v, reviewer, o->note, o->tags);
            }
            if (!r) {
                std::cerr << "kwb review: sample #" << id << ": " << r.error().message << "\n";
                rc = 2;
                continue;
            }
            if (o->json)
                out.push_back(*r);
            else
                std::cout << "#" << id << ": " << toString(r->verdict)
                          << (r->reverts ? " (undid review #" + std::to_string(*r->reverts) + ")" : "") << "\n";
        }
        if (o->json)
            std::cout << out.dump(1) << "\n";
        return rc;
    };
}

} // namespace kwb::cli
