#include "core/verify/verification_record.h"

#include "core/record/record_identity.h"

namespace kwb {

Result<VerificationRecord> VerificationRecord::fromJson(const nlohmann::json& j) {
    auto data = verification::fromJson(j);
    if (!data)
        return data.error();
    return VerificationRecord(verification::sealed(std::move(*data)));
}

VerificationRecord::VerificationRecord(verification::VerificationRecordData data)
    : m_data(std::move(data)), m_json(verification::toJson(m_data)) {}

} // namespace kwb
