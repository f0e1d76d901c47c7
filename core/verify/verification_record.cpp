#include "core/verify/verification_record.h"

#include "core/sys/sha256.h"

namespace kwb {

Result<VerificationRecord> VerificationRecord::fromJson(nlohmann::json j) {
    if (!j.is_object())
        return Error::make("bad-record", "a verification record must be a JSON object");
    if (j.value("schema_version", 0) != kSchemaVersion)
        return Error::make("bad-record", "unknown verification record version " +
                                             std::to_string(j.value("schema_version", 0)));
    for (const char* key : {"task_id", "verdict", "source_hash", "created_at"})
        if (!j.contains(key) || !j[key].is_string())
            return Error::make("bad-record", std::string("the record has no \"") + key + "\"");
    j.erase("id");
    VerificationRecord r;
    r.m_id = sha256Hex(j.dump()).substr(0, 32); // nlohmann sorts keys: the dump is canonical
    j["id"] = r.m_id;
    r.m_data = std::move(j);
    return r;
}

int verdictExitCode(const std::string& verdict) {
    if (verdict == "pass")
        return 0;
    if (verdict == "not-run")
        return 3;
    return 1;
}

} // namespace kwb
