#include "core/model/review.h"

namespace kwb {

std::string toString(Verdict v) {
    switch (v) {
    case Verdict::Unreviewed:
        return "unreviewed";
    case Verdict::Accepted:
        return "accepted";
    case Verdict::Rejected:
        return "rejected";
    case Verdict::NeedsWork:
        return "needs-work";
    }
    return "unreviewed";
}

std::optional<Verdict> parseVerdict(const std::string& s) {
    for (Verdict v :
         {Verdict::Unreviewed, Verdict::Accepted, Verdict::Rejected, Verdict::NeedsWork})
        if (toString(v) == s)
            return v;
    return std::nullopt;
}

void to_json(nlohmann::json& j, const Review& r) {
    j = {{"id", r.id},
         {"sample_id", r.sampleId},
         {"verdict", toString(r.verdict)},
         {"reviewer", r.reviewer},
         {"note", r.note},
         {"tags", r.tags},
         {"created_at", r.createdAt}};
    j["reverts"] = r.reverts ? nlohmann::json(*r.reverts) : nlohmann::json(nullptr);
}

} // namespace kwb
