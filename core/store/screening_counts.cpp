#include "core/store/screening_counts.h"

#include "core/store/project_store.h"
#include "core/store/sqlite_connection.h"

namespace kwb {

Result<std::map<std::int64_t, std::optional<int>>>
latestScreeningFindings(ProjectStore& store, const std::vector<std::int64_t>& sampleIds) {
    // json_type is NULL when the record has no screen; json_array_length counts its findings.
    auto query = store.connection().cached(
        "SELECT json_type(v.record_json, '$.screening.findings'),"
        " json_array_length(v.record_json, '$.screening.findings')"
        " FROM samples s JOIN verifications v ON v.id = s.verification_id WHERE s.id = ?");
    if (!query)
        return query.error();
    std::map<std::int64_t, std::optional<int>> out;
    for (std::int64_t id : sampleIds) {
        (*query)->bind(1, id);
        auto row = (*query)->step();
        if (!row) {
            (*query)->reset();
            return row.error();
        }
        if (*row) {
            const bool screened = !(*query)->isNull(0) && (*query)->textAt(0) == "array";
            out.emplace(id,
                        screened ? std::optional<int>(int((*query)->int64At(1))) : std::nullopt);
        }
        (*query)->reset();
    }
    return out;
}

} // namespace kwb
