#pragma once
// Transitional: the window's view of a verification record while ui/ moves to the typed record
// (core/model/verification.h). A thin wrapper over VerificationRecordData that also offers the
// record's JSON form for code that still reads it by key. Nothing in core/ or app/ uses it;
// remove it once ui/ reads VerificationRecordData.
#include <string>

#include <nlohmann/json.hpp>

#include "core/model/error.h"
#include "core/model/verification.h"

namespace kwb {

class VerificationRecord {
public:
    static constexpr int kSchemaVersion = verification::VerificationRecordData::kSchemaVersion;

    // A new record from its JSON form (any readable version), sealed: current version, own id.
    static Result<VerificationRecord> fromJson(const nlohmann::json& j);

    // Wraps a typed record as it is (a stored one keeps the id it was stored under).
    VerificationRecord(verification::VerificationRecordData data); // implicit: the window takes the verifier's result as is
    operator const verification::VerificationRecordData&() const { return m_data; }
    const verification::VerificationRecordData& data() const { return m_data; }

    const nlohmann::json& json() const { return m_json; }
    const std::string& id() const { return m_data.id; }
    std::string verdict() const { return m_data.verdict.text(); }
    const std::string& detail() const { return m_data.detail; }
    const std::string& taskId() const { return m_data.taskId; }
    bool passed() const { return m_data.passed(); }
    bool ran() const { return verification::ran(m_data.verdict.value); }

private:
    verification::VerificationRecordData m_data;
    nlohmann::json m_json;
};

} // namespace kwb
