#include "core/generate/project_examples.h"

#include <set>

#include "core/store/project_store.h"

namespace kwb {

Result<std::vector<PromptExample>> acceptedExamples(ProjectStore& store, const std::string& taskId,
                                                    int k) {
    std::vector<PromptExample> out;
    if (k <= 0)
        return out;
    SampleFilter f;
    f.tasks = {taskId};
    f.verdicts = {Verdict::Accepted};
    f.includeDuplicates = true; // an accepted near-duplicate is still a distinct answer; exact
                                // copies are skipped below
    PageRequest page;
    page.limit = 200;
    page.order = SampleOrder::NewestFirst;
    std::set<std::string> seen;
    for (;;) {
        auto rows = store.listSamples(f, page);
        if (!rows)
            return rows.error();
        for (const auto& row : rows->rows) {
            auto s = store.sample(row.id);
            if (!s)
                return s.error();
            if (s->source.empty() || !seen.insert(s->source).second)
                continue;
            out.push_back({taskId, "Sample #" + std::to_string(s->id), s->source});
            if (int(out.size()) == k)
                return out;
        }
        page.offset += page.limit;
        if (rows->rows.empty() || page.offset >= rows->total)
            return out;
    }
}

} // namespace kwb
