// ProjectStore: the answers of generation runs (schema 3, table generations). An answer with
// code becomes a sample in the same transaction as its record; the record keeps what a sample
// has no place for (run, turn, repair link, provider as used, response metadata, an unknown
// cost, the run's check summary).
#include "core/store/project_store.h"
#include "core/store/sqlite_connection.h"
#include "core/store/store_clock.h"
#include "core/store/write_transaction.h"

namespace kwb {
namespace {

Status validateGeneration(const GenerationRecord& g, const Task& task,
                          const std::optional<verification::VerificationRecordData>& verification) {
    if (g.generationId.empty())
        return Error::make("bad-generation", "a generated answer needs its generation id");
    if (g.taskId != task.id)
        return Error::make("bad-generation", "the answer is for task \"" + g.taskId +
                                                 "\" but the spec is \"" + task.id + "\"");
    if (g.provider.empty() || g.model.empty())
        return Error::make("bad-generation", "a generated answer needs its provider and model");
    // A repair turn whose first answer is not known (an import of part of a run) links to none.
    if (g.turn < 0 || (g.turn == 0 && !g.repairOfGenerationId.empty()))
        return Error::make("bad-generation",
                           "only a repair turn (turn > 0) names an answer it repairs");
    if (!g.messages.is_array() || !g.parameters.is_object() || !g.providerInfo.is_object() ||
        !g.response.is_object())
        return Error::make(
            "bad-generation",
            "messages must be a JSON array; parameters, provider and response objects");
    if (g.code && g.code->empty())
        return Error::make("bad-generation",
                           "extracted code is empty: store the answer as \"no code\" instead");
    if (verification && !g.code)
        return Error::make("bad-generation", "an answer without code has no verification");
    return okStatus();
}

// The sample an answer with code becomes.
Sample sampleOf(const GenerationRecord& g) {
    Sample s;
    s.taskId = g.taskId;
    s.createdAt = g.createdAt;
    s.origin = SampleOrigin::Model;
    s.model = g.model;
    s.provider = g.provider;
    s.parameters = g.parameters;
    s.messages = g.messages;
    s.rawResponse = g.rawResponse;
    s.source = *g.code;
    s.promptTokens = g.promptTokens;
    s.completionTokens = g.completionTokens;
    s.costUsd = g.costUsd.value_or(0.0); // the generation record keeps "unknown" apart
    s.label = "generated " + g.generationId.substr(0, 8) +
              (g.turn > 0 ? " (repair " + std::to_string(g.turn) + ")" : "");
    return s;
}

nlohmann::json parsedOr(const std::string& text, nlohmann::json fallback) {
    auto j = nlohmann::json::parse(text, nullptr, false);
    return j.is_discarded() || j.type() != fallback.type() ? fallback : j;
}

// Columns read by readGenerations: the record, its parent's generation id, and the content of
// its sample (a no-code answer's own messages, raw response and parameters otherwise).
const char* const kGenerationColumns =
    "g.id, g.generation_id, g.run_id, g.turn, p.generation_id, g.repair_of, g.sample_id, "
    "g.task_id, g.provider, "
    "g.model, g.created_at, g.provider_json, coalesce(g.parameters_json, c.parameters_json), "
    "coalesce(g.messages_json, c.messages_json), coalesce(g.raw_response, c.raw_response), "
    "c.source, g.response_json, "
    "g.prompt_tokens, g.completion_tokens, g.cost_usd, g.check_json "
    "FROM generations g LEFT JOIN generations p ON p.id = g.repair_of "
    "LEFT JOIN sample_content c ON c.sample_id = g.sample_id ";

GenerationRecord readGeneration(const SqliteStatement& st) {
    GenerationRecord g;
    int c = 0;
    g.id = st.int64At(c++);
    g.generationId = st.textAt(c++);
    g.runId = st.textAt(c++);
    g.turn = int(st.int64At(c++));
    g.repairOfGenerationId = st.textAt(c++);
    g.repairOf = st.optionalInt64At(c++);
    g.sampleId = st.optionalInt64At(c++);
    g.taskId = st.textAt(c++);
    g.provider = st.textAt(c++);
    g.model = st.textAt(c++);
    g.createdAt = st.textAt(c++);
    g.providerInfo = parsedOr(st.textAt(c++), nlohmann::json::object());
    g.parameters = parsedOr(st.textAt(c++), nlohmann::json::object());
    g.messages = parsedOr(st.textAt(c++), nlohmann::json::array());
    g.rawResponse = st.textAt(c++);
    if (g.sampleId)
        g.code = st.textAt(c);
    ++c;
    g.response = parsedOr(st.textAt(c++), nlohmann::json::object());
    g.promptTokens = st.int64At(c++);
    g.completionTokens = st.int64At(c++);
    g.costUsd = st.optionalDoubleAt(c++);
    auto check = nlohmann::json::parse(st.textAt(c++), nullptr, false);
    g.check = check.is_discarded() ? nlohmann::json() : check;
    return g;
}

} // namespace

Result<StoredGeneration> ProjectStore::addGeneration(
    const Task& task, const GenerationRecord& g,
    const std::optional<verification::VerificationRecordData>& verification) {
    if (auto v = validateGeneration(g, task, verification); !v)
        return v.error();
    auto tx = WriteTransaction::begin(*m_db);
    if (!tx)
        return tx.error();
    auto spec = recordTaskSpecLocked(task);
    if (!spec)
        return spec.error();
    auto out = addGenerationLocked(task, *spec, g, verification, std::nullopt);
    if (!out || out->alreadyStored)
        return out; // nothing written, or all rolled back
    if (auto s = tx->commit(); !s)
        return s.error();
    return out;
}

Result<StoredGeneration> ProjectStore::addGenerationLocked(
    const Task& task, std::int64_t specId, const GenerationRecord& g,
    const std::optional<verification::VerificationRecordData>& verification,
    std::optional<std::int64_t> importId) {
    if (auto v = validateGeneration(g, task, verification); !v)
        return v.error();
    // Stored before (a store that committed although its caller saw an error): the first wins.
    auto known = m_db->cached("SELECT id, sample_id FROM generations WHERE generation_id = ?");
    if (!known)
        return known.error();
    (*known)->bind(1, g.generationId);
    auto k = (*known)->step();
    if (!k)
        return k.error();
    if (*k) {
        StoredGeneration out{(*known)->int64At(0), (*known)->optionalInt64At(1), true};
        (*known)->reset();
        return out;
    }
    (*known)->reset();
    std::optional<std::int64_t> repairOf;
    if (!g.repairOfGenerationId.empty()) {
        (*known)->bind(1, g.repairOfGenerationId);
        auto p = (*known)->step();
        if (!p)
            return p.error();
        if (*p)
            repairOf = (*known)->int64At(0);
        (*known)->reset();
        if (!repairOf)
            return Error::make("bad-generation", "repair turn " + std::to_string(g.turn) +
                                                     " repairs answer " + g.repairOfGenerationId +
                                                     ", which is not in this project");
    }
    StoredGeneration out;
    const std::string createdAt = g.createdAt.empty() ? utcNowIso() : g.createdAt;
    if (g.code) {
        Sample s = sampleOf(g);
        s.createdAt = createdAt;
        auto id = insertSample(s, specId, task, importId);
        if (!id)
            return id.error();
        out.sampleId = *id;
    }
    auto ins = m_db->cached("INSERT INTO generations(generation_id, sample_id, task_id, "
                            "task_spec_id, provider, model, run_id, turn, "
                            "repair_of, created_at, prompt_tokens, completion_tokens, cost_usd, "
                            "provider_json, response_json, check_json, "
                            "messages_json, raw_response, parameters_json) VALUES "
                            "(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
    if (!ins)
        return ins.error();
    auto& st = **ins;
    st.bind(1, g.generationId)
        .bind(2, out.sampleId)
        .bind(3, task.id)
        .bind(4, specId)
        .bind(5, g.provider)
        .bind(6, g.model);
    st.bind(7, g.runId)
        .bind(8, g.turn)
        .bind(9, repairOf)
        .bind(10, createdAt)
        .bind(11, g.promptTokens);
    st.bind(12, g.completionTokens)
        .bind(13, g.costUsd)
        .bind(14, g.providerInfo.dump())
        .bind(15, g.response.dump());
    st.bind(16, g.check.dump());
    if (g.code) { // the sample's content holds them
        st.bind(17, nullptr).bind(18, nullptr).bind(19, nullptr);
    } else {
        const auto replace = nlohmann::json::error_handler_t::replace;
        st.bind(17, g.messages.dump(-1, ' ', false, replace))
            .bind(18, g.rawResponse)
            .bind(19, g.parameters.dump(-1, ' ', false, replace));
    }
    if (auto r = st.run(); !r)
        return r.error();
    out.id = m_db->lastInsertRowid();
    if (verification)
        if (auto s = addVerificationLocked(*out.sampleId, *verification); !s)
            return s.error();
    return out;
}

Result<std::vector<GenerationRecord>>
ProjectStore::readGenerations(const std::string& where,
                              const std::variant<std::int64_t, std::string>& key) {
    auto st = m_db->cached(std::string("SELECT ") + kGenerationColumns + "WHERE " + where +
                           " ORDER BY g.id");
    if (!st)
        return st.error();
    std::visit([&](const auto& v) { (*st)->bind(1, v); }, key);
    std::vector<GenerationRecord> out;
    for (;;) {
        auto r = (*st)->step();
        if (!r)
            return r.error();
        if (!*r)
            break;
        out.push_back(readGeneration(**st));
    }
    (*st)->reset();
    return out;
}

Result<std::optional<GenerationRecord>> ProjectStore::generation(const std::string& generationId) {
    auto rows = readGenerations("g.generation_id = ?", generationId);
    if (!rows)
        return rows.error();
    if (rows->empty())
        return std::optional<GenerationRecord>();
    return std::optional<GenerationRecord>(std::move(rows->front()));
}

Result<std::optional<GenerationRecord>> ProjectStore::generationOfSample(std::int64_t sampleId) {
    auto rows = readGenerations("g.sample_id = ?", sampleId);
    if (!rows)
        return rows.error();
    if (rows->empty())
        return std::optional<GenerationRecord>();
    return std::optional<GenerationRecord>(std::move(rows->front()));
}

Result<std::vector<GenerationRecord>> ProjectStore::generationsOfRun(const std::string& runId) {
    return readGenerations("g.run_id = ?", runId);
}

Result<std::vector<GenerationRecord>>
ProjectStore::generationsWithoutCode(const std::string& taskId) {
    return readGenerations("g.sample_id IS NULL AND (?1 = '' OR g.task_id = ?1)", taskId);
}

Result<std::int64_t> ProjectStore::countGenerationsWithoutCode() {
    return m_db->queryInt("SELECT count(*) FROM generations WHERE sample_id IS NULL");
}

Result<std::int64_t> ProjectStore::countFirstGenerations(const std::string& taskId,
                                                         const std::string& provider,
                                                         const std::string& model) {
    auto st = m_db->cached("SELECT count(*) FROM generations WHERE task_id = ? AND provider = ? "
                           "AND model = ? AND turn = 0");
    if (!st)
        return st.error();
    (*st)->bind(1, taskId).bind(2, provider).bind(3, model);
    auto r = (*st)->step();
    if (!r)
        return r.error();
    const std::int64_t n = (*st)->int64At(0);
    (*st)->reset();
    return n;
}

Result<std::map<std::int64_t, RepairLink>>
ProjectStore::repairLinks(const std::vector<std::int64_t>& sampleIds) {
    auto own =
        m_db->cached("SELECT turn, repair_of FROM generations WHERE sample_id = ? AND turn > 0");
    if (!own)
        return own.error();
    auto up = m_db->cached("SELECT sample_id, repair_of FROM generations WHERE id = ?");
    if (!up)
        return up.error();
    std::map<std::int64_t, RepairLink> out;
    for (std::int64_t id : sampleIds) {
        (*own)->bind(1, id);
        auto r = (*own)->step();
        if (!r)
            return r.error();
        if (!*r) {
            (*own)->reset();
            continue;
        }
        RepairLink link{int((*own)->int64At(0)), std::nullopt};
        std::optional<std::int64_t> next = (*own)->optionalInt64At(1);
        (*own)->reset();
        // Up the chain (at most `turn` steps) to the first answer that has a sample.
        for (int step = 0; next && step < link.turn && !link.parentSampleId; ++step) {
            (*up)->bind(1, *next);
            auto p = (*up)->step();
            if (!p)
                return p.error();
            if (*p) {
                link.parentSampleId = (*up)->optionalInt64At(0);
                next = (*up)->optionalInt64At(1);
            } else {
                next.reset();
            }
            (*up)->reset();
        }
        out.emplace(id, link);
    }
    return out;
}

} // namespace kwb
