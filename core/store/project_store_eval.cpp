// ProjectStore: evaluation runs and their cells (schema 4). A cell is written in the transaction
// of the answer that ends its chain, so a run killed at any moment holds every finished cell
// once, with its answer, and no cell whose answer is missing.
#include <random>

#include "core/store/project_store.h"
#include "core/store/sqlite_connection.h"
#include "core/store/store_clock.h"
#include "core/store/write_transaction.h"

namespace kwb {
namespace {

std::string newRunId() {
    std::random_device rd;
    std::uint64_t v = (std::uint64_t(rd()) << 32) ^ rd();
    static const char* const hex = "0123456789abcdef";
    std::string s(16, '0');
    for (int i = 15; i >= 0; --i, v >>= 4)
        s[std::size_t(i)] = hex[v & 15];
    return s;
}

const char* const kRunColumns =
    "r.id, r.run_id, r.name, r.plan_json, r.created_at, "
    "(SELECT count(*) FROM eval_cells c WHERE c.eval_run = r.id) FROM eval_runs r ";

EvalRunRecord readRun(const SqliteStatement& st) {
    EvalRunRecord r;
    r.id = st.int64At(0);
    r.runId = st.textAt(1);
    r.name = st.textAt(2);
    auto plan = nlohmann::json::parse(st.textAt(3), nullptr, false);
    r.plan = plan.is_discarded() ? nlohmann::json::object() : plan;
    r.createdAt = st.textAt(4);
    r.cells = st.int64At(5);
    return r;
}

// The first keys that differ between two plans, for the message when a plan changed.
std::string changedKeys(const nlohmann::json& a, const nlohmann::json& b) {
    std::string out;
    for (const auto& [k, v] : b.items())
        if (!a.contains(k) || a[k] != v)
            out += (out.empty() ? "" : ", ") + k;
    return out.empty() ? "its form" : out;
}

} // namespace

Result<std::vector<EvalRunRecord>> ProjectStore::evalRuns() {
    auto st = m_db->cached(std::string("SELECT ") + kRunColumns + "ORDER BY r.id");
    if (!st)
        return st.error();
    std::vector<EvalRunRecord> out;
    for (;;) {
        auto r = (*st)->step();
        if (!r)
            return r.error();
        if (!*r)
            break;
        out.push_back(readRun(**st));
    }
    (*st)->reset();
    return out;
}

Result<std::optional<EvalRunRecord>> ProjectStore::evalRun(const std::string& idOrName) {
    auto st = m_db->cached(std::string("SELECT ") + kRunColumns +
                           "WHERE r.run_id = ?1 OR r.name = ?1 ORDER BY r.run_id = ?1 DESC");
    if (!st)
        return st.error();
    (*st)->bind(1, idOrName);
    auto r = (*st)->step();
    if (!r)
        return r.error();
    std::optional<EvalRunRecord> out;
    if (*r)
        out = readRun(**st);
    (*st)->reset();
    return out;
}

Result<EvalRunRecord> ProjectStore::openEvalRun(const std::string& name,
                                                const nlohmann::json& plan) {
    if (name.empty())
        return Error::make("bad-eval-run", "an evaluation run needs a name");
    auto tx = WriteTransaction::begin(*m_db);
    if (!tx)
        return tx.error();
    auto known = evalRun(name);
    if (!known)
        return known.error();
    if (*known && (*known)->name == name) {
        if ((*known)->plan != plan)
            return Error::make("eval-plan-changed",
                               "the project's run \"" + name + "\" (" + (*known)->runId +
                                   ") was made from another plan (it differs in " +
                                   changedKeys((*known)->plan, plan) +
                                   "); give the changed plan another name");
        return **known;
    }
    auto ins = m_db->cached(
        "INSERT INTO eval_runs(run_id, name, plan_json, created_at) VALUES (?, ?, ?, ?)");
    if (!ins)
        return ins.error();
    EvalRunRecord r;
    r.runId = newRunId();
    r.name = name;
    r.plan = plan;
    r.createdAt = utcNowIso();
    if (auto s =
            (*ins)->bind(1, r.runId).bind(2, name).bind(3, plan.dump()).bind(4, r.createdAt).run();
        !s)
        return s.error();
    r.id = m_db->lastInsertRowid();
    if (auto s = tx->commit(); !s)
        return s.error();
    return r;
}

Result<StoredGeneration>
ProjectStore::addEvalAnswer(std::int64_t evalRun, const Task& task,
                            const GenerationRecord& generation,
                            const std::optional<verification::VerificationRecordData>& verification,
                            const std::optional<EvalCellRecord>& cell) {
    auto tx = WriteTransaction::begin(*m_db);
    if (!tx)
        return tx.error();
    auto spec = recordTaskSpecLocked(task);
    if (!spec)
        return spec.error();
    auto out = addGenerationLocked(task, *spec, generation, verification, std::nullopt);
    if (!out)
        return out;
    if (cell) {
        auto ins = m_db->cached(
            "INSERT INTO eval_cells(eval_run, model, condition, task_id, sample_index, "
            "first_generation, generation, turns, verification_id, compiled, prompt_tokens, "
            "completion_tokens, cost_usd, latency_ms, created_at) SELECT ?1, ?2, ?3, ?4, ?5, "
            "f.id, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15 FROM generations f "
            "WHERE f.generation_id = ?6 AND NOT EXISTS (SELECT 1 FROM eval_cells c WHERE "
            "c.eval_run = ?1 AND c.model = ?2 AND c.condition = ?3 AND c.task_id = ?4 AND "
            "c.sample_index = ?5)");
        if (!ins)
            return ins.error();
        auto& st = **ins;
        const EvalCellRecord& c = *cell;
        st.bind(1, evalRun).bind(2, c.key.model).bind(3, c.key.condition).bind(4, c.key.taskId);
        st.bind(5, c.key.sampleIndex)
            .bind(6, c.firstGenerationId)
            .bind(7, out->id)
            .bind(8, c.turns);
        st.bind(9, verification ? std::optional<std::string>(verification->id) : std::nullopt)
            .bind(10, c.compiled ? 1 : 0)
            .bind(11, c.promptTokens)
            .bind(12, c.completionTokens);
        st.bind(13, c.costUsd).bind(14, c.latencyMs).bind(15, utcNowIso());
        if (auto s = st.run(); !s)
            return s.error();
        if (m_db->changes() != 1)
            return Error::make("eval-cell-exists", "cell " + c.key.model + " / " + c.key.condition +
                                                       " / " + c.key.taskId + " #" +
                                                       std::to_string(c.key.sampleIndex) +
                                                       " is stored already, or its first answer " +
                                                       c.firstGenerationId + " is not");
    }
    if (auto s = tx->commit(); !s)
        return s.error();
    return out;
}

Status ProjectStore::forEachEvalCell(std::int64_t evalRun,
                                     const std::function<void(const EvalCellRow&)>& visit) {
    auto st = m_db->prepare(
        "SELECT c.id, c.model, c.condition, c.task_id, c.sample_index, g.generation_id, "
        "f.generation_id, g.sample_id, c.verification_id, "
        "coalesce(v.verdict, json_extract(g.check_json, '$.verdict'), ''), v.speedup, "
        "coalesce(v.on_gpu, 0), c.turns, c.compiled, c.prompt_tokens, c.completion_tokens, "
        "c.cost_usd, c.latency_ms, coalesce(v.gpu, ''), g.task_spec_id FROM eval_cells c JOIN "
        "generations g ON g.id = c.generation "
        "JOIN generations f ON f.id = c.first_generation "
        "LEFT JOIN verifications v ON v.id = c.verification_id WHERE c.eval_run = ? ORDER BY c.id");
    if (!st)
        return st.error();
    st->bind(1, evalRun);
    for (;;) {
        auto r = st->step();
        if (!r)
            return r.error();
        if (!*r)
            return okStatus();
        EvalCellRow row;
        int i = 0;
        row.id = st->int64At(i++);
        row.key = {st->textAt(i), st->textAt(i + 1), st->textAt(i + 2), int(st->int64At(i + 3))};
        i += 4;
        row.generationId = st->textAt(i++);
        row.firstGenerationId = st->textAt(i++);
        row.sampleId = st->optionalInt64At(i++);
        if (!st->isNull(i))
            row.verificationId = st->textAt(i);
        ++i;
        row.verdict = st->textAt(i++);
        row.speedup = st->optionalDoubleAt(i++);
        row.onGpu = st->int64At(i++) != 0;
        row.turns = int(st->int64At(i++));
        row.compiled = st->int64At(i++) != 0;
        row.promptTokens = st->int64At(i++);
        row.completionTokens = st->int64At(i++);
        row.costUsd = st->optionalDoubleAt(i++);
        row.latencyMs = st->doubleAt(i++);
        row.gpu = st->textAt(i++);
        row.taskSpecId = st->int64At(i++);
        visit(row);
    }
}

} // namespace kwb
