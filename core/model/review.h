#pragma once
// Review: one entry of a sample's review history. History is append-only; the latest entry's
// verdict is the sample's verdict. An undo is itself an entry (reverts = the entry it takes
// back, verdict = the verdict in force before that entry), so every change stays auditable.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace kwb {

enum class Verdict { Unreviewed, Accepted, Rejected, NeedsWork };

// Stable spellings: "unreviewed", "accepted", "rejected", "needs-work".
std::string toString(Verdict v);
std::optional<Verdict> parseVerdict(const std::string& s);

struct Review {
    std::int64_t id = 0;
    std::int64_t sampleId = 0;
    Verdict verdict = Verdict::Unreviewed; // the sample's verdict once this entry is written
    std::optional<std::int64_t> reverts;   // set on an undo entry: the entry it takes back
    std::string reviewer;
    std::string note;
    std::vector<std::string> tags;
    std::string createdAt; // ISO 8601 UTC

    bool isUndo() const { return reverts.has_value(); }
    bool operator==(const Review&) const = default;
};

void to_json(nlohmann::json& j, const Review& r);

} // namespace kwb
