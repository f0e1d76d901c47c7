#include "core/record/record_identity.h"

#include "core/sys/sha256.h"

namespace kwb::verification {

std::string recordIdOf(const nlohmann::json& recordJson) {
    if (!recordJson.is_object() || !recordJson.contains("id"))
        return sha256Hex(recordJson.dump()).substr(0, 32);
    nlohmann::json withoutId = recordJson;
    withoutId.erase("id");
    return sha256Hex(withoutId.dump()).substr(0, 32);
}

Result<VerificationRecordData> readRecord(const nlohmann::json& recordJson) {
    auto record = fromJson(recordJson);
    if (!record)
        return record.error();
    record->id = recordIdOf(recordJson);
    return record;
}

VerificationRecordData sealed(VerificationRecordData record) {
    record.schemaVersion = VerificationRecordData::kSchemaVersion;
    record.id.clear();
    record.id = recordIdOf(toJson(record));
    return record;
}

bool isSealed(const VerificationRecordData& record) {
    return record.schemaVersion == VerificationRecordData::kSchemaVersion && !record.id.empty() &&
           record.id == recordIdOf(toJson(record));
}

} // namespace kwb::verification
