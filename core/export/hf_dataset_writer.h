#pragma once
// A Hugging Face dataset folder: data/train.jsonl (and data/test.jsonl with a test split) in
// one of the export formats, plus README.md, a dataset card with a YAML header (license,
// task category, configs naming the split files) and statistics: rows per task and model,
// speedups, GPUs, and .kwb-dataset, the marker by which a later export knows the folder as
// ours. Built under a temporary name and swapped into place when complete; the folder must be
// new, empty, or (when the policy allows replacing ours) an earlier export holding nothing else.
#include <filesystem>
#include <string>

#include "core/export/dataset_exporter.h"

namespace kwb {

struct DatasetCardInfo {
    std::string name; // pretty name; default: the folder's name
    std::string license =
        "other"; // an SPDX-like id Hugging Face knows: "apache-2.0", "cc-by-4.0", ...
    std::string projectName;
};

class HfDatasetWriter {
public:
    static Result<ExportSummary> write(ProjectStore& store, const ExportOptions& options,
                                       const std::filesystem::path& folder,
                                       const DatasetCardInfo& card,
                                       const OutputPolicy& policy = {});
    // The README.md text for a summary (public for tests).
    static std::string cardText(const ExportSummary& sum, const ExportOptions& options,
                                const DatasetCardInfo& card);
};

} // namespace kwb
