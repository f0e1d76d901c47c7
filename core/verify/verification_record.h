#pragma once
// An immutable record of one verification of one sample on one GPU (or compile-only): every
// stage's outcome, per-shape errors and timings with raw samples, device, compiler, seed and
// source hash. Versioned JSON; its id is the SHA-256 of its canonical form.
#include <string>

#include <nlohmann/json.hpp>

#include "core/model/error.h"

namespace kwb {

class VerificationRecord {
public:
    static constexpr int kSchemaVersion = 1;

    // Checks the schema version and the fields every record has.
    static Result<VerificationRecord> fromJson(nlohmann::json j);

    const nlohmann::json& json() const { return m_data; }
    const std::string& id() const { return m_id; }
    std::string verdict() const { return m_data.value("verdict", ""); }
    std::string detail() const { return m_data.value("detail", ""); }
    std::string taskId() const { return m_data.value("task_id", ""); }
    bool passed() const { return verdict() == "pass"; }
    bool ran() const { return verdict() != "not-run" && verdict() != "compile-error"; }

private:
    nlohmann::json m_data;
    std::string m_id;
};

// Exit code of `kwb verify` for a verdict: 0 pass, 1 fail, 3 not run (compile-only).
int verdictExitCode(const std::string& verdict);

} // namespace kwb
