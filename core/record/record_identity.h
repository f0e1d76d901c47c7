#pragma once
// Which verification record is which: a record's id is the first 32 hex digits of the SHA-256
// of its JSON form without the "id" key (nlohmann sorts keys, so the dump is canonical). A
// record stored by an older workbench keeps the id it was stored under, since the id is taken
// from the form it was stored in; a new record gets the id of its schema-2 form.
#include <string>

#include <nlohmann/json.hpp>

#include "core/model/error.h"
#include "core/model/verification.h"

namespace kwb::verification {

// The id of a record's JSON form (its "id" key, if any, left out).
std::string recordIdOf(const nlohmann::json& recordJson);

// A record as stored or printed (any readable schema version), with the id of that form.
Result<VerificationRecordData> readRecord(const nlohmann::json& recordJson);

// The record made final: the current schema version, and the id of its toJson form. A record
// changed after sealing must be sealed again.
VerificationRecordData sealed(VerificationRecordData record);

// Whether the record's id is the id of its toJson form (it was sealed and not changed since).
bool isSealed(const VerificationRecordData& record);

} // namespace kwb::verification
