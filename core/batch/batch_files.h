#pragma once
// The per-item files of a batch folder (core/batch/batch_manifest.h): an item's input, written
// by the submitting host, and its result, written by the array task that verified it. Both are
// written whole (AtomicFile), so a reader sees a complete file or none.
#include <filesystem>
#include <optional>
#include <string>

#include "core/model/error.h"
#include "core/model/verification.h"
#include "core/verify/stored_sample_verification.h"

namespace kwb {

// Item n's input: the sample's id, its task as the sample used it with that spec's hash (its
// version), its source. Read back, the hash is checked against the task, so an item whose
// spec was changed in the shared folder is refused rather than verified as another task.
Status writeItemFile(const std::filesystem::path& batchDir, int item,
                     const SampleVerification& sample);
// Error codes: "no-item" (no file), "bad-item" (not what writeItemFile wrote).
Result<SampleVerification> readItemFile(const std::filesystem::path& batchDir, int item);

// What an array task made of item n: the sealed record, or the error that kept it from one.
struct ItemResult {
    std::int64_t sampleId = 0;
    std::optional<verification::VerificationRecordData> record;
    std::optional<Error> error; // set when record is not
};

Status writeItemResult(const std::filesystem::path& batchDir, int item, const ItemResult& r);
// None where the item has no result file yet. Error code "bad-result": a file that is not a
// result, or whose record does not carry the id of its own content (changed after sealing).
Result<std::optional<ItemResult>> readItemResult(const std::filesystem::path& batchDir, int item);

} // namespace kwb
