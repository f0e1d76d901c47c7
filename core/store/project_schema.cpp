#include "core/store/project_schema.h"

#include <vector>

#include "core/store/duplicate_finder.h"
#include "core/store/sqlite_connection.h"
#include "core/store/write_transaction.h"

namespace kwb::project_schema {
namespace {

// Version 1. Derived columns of samples (verdict .. similarity) are kept current by
// ProjectStore in the same transaction as the review, verification or insert they follow.
// samples rows stay small (content lives in sample_content) so that scans and counts are
// quick; samples_filter covers every filter column, so a filtered count reads only it.
const char* const kSchema1 = R"sql(
CREATE TABLE project_meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE task_specs(
  id INTEGER PRIMARY KEY,
  task_id TEXT NOT NULL,
  spec_hash TEXT NOT NULL UNIQUE,
  spec_json TEXT NOT NULL,
  created_at TEXT NOT NULL);
CREATE INDEX task_specs_task ON task_specs(task_id);
CREATE TABLE imports(
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL,
  origin TEXT NOT NULL,
  created_at TEXT NOT NULL,
  sample_count INTEGER NOT NULL);
CREATE TABLE samples(
  id INTEGER PRIMARY KEY,
  task_id TEXT NOT NULL,
  task_spec_id INTEGER NOT NULL REFERENCES task_specs(id),
  created_at TEXT NOT NULL,
  origin TEXT NOT NULL CHECK(origin IN ('model','person','import','demo')),
  model TEXT NOT NULL DEFAULT '',
  provider TEXT NOT NULL DEFAULT '',
  author TEXT NOT NULL DEFAULT '',
  label TEXT NOT NULL DEFAULT '',
  parent_id INTEGER REFERENCES samples(id),
  import_id INTEGER REFERENCES imports(id),
  prompt_tokens INTEGER NOT NULL DEFAULT 0,
  completion_tokens INTEGER NOT NULL DEFAULT 0,
  cost_usd REAL NOT NULL DEFAULT 0,
  source_hash TEXT NOT NULL,
  norm_hash TEXT NOT NULL,
  prompt_hash TEXT NOT NULL,
  verdict TEXT NOT NULL DEFAULT 'unreviewed'
    CHECK(verdict IN ('unreviewed','accepted','rejected','needs-work')),
  review_id INTEGER REFERENCES reviews(id),
  verification_id TEXT REFERENCES verifications(id),
  verification_verdict TEXT NOT NULL DEFAULT '',
  on_gpu INTEGER NOT NULL DEFAULT 0,
  speedup REAL,
  gpu TEXT NOT NULL DEFAULT '',
  duplicate_of INTEGER REFERENCES samples(id),
  duplicate_kind TEXT NOT NULL DEFAULT '',
  similarity REAL NOT NULL DEFAULT 0,
  queue_rank INTEGER GENERATED ALWAYS AS (
    CASE verdict
      WHEN 'unreviewed' THEN (verification_id IS NULL) + 2 * (duplicate_of IS NOT NULL)
      WHEN 'needs-work' THEN 4 + (verification_id IS NULL)
    END) VIRTUAL);
CREATE INDEX samples_task ON samples(task_id, id);
CREATE INDEX samples_verdict ON samples(verdict, id);
CREATE INDEX samples_model ON samples(model, id);
CREATE INDEX samples_speedup ON samples(speedup);
CREATE INDEX samples_filter ON samples(verdict, task_id, model, on_gpu, verification_verdict, speedup, duplicate_of);
CREATE INDEX samples_norm ON samples(task_id, norm_hash);
CREATE INDEX samples_parent ON samples(parent_id) WHERE parent_id IS NOT NULL;
CREATE INDEX samples_queue ON samples(queue_rank, id) WHERE queue_rank IS NOT NULL;
CREATE INDEX samples_queue_task ON samples(task_id, queue_rank, id) WHERE queue_rank IS NOT NULL;
CREATE TABLE sample_content(
  sample_id INTEGER PRIMARY KEY REFERENCES samples(id),
  source TEXT NOT NULL,
  messages_json TEXT NOT NULL DEFAULT '[]',
  raw_response TEXT NOT NULL DEFAULT '',
  parameters_json TEXT NOT NULL DEFAULT '{}');
CREATE TABLE verifications(
  id TEXT PRIMARY KEY,
  sample_id INTEGER NOT NULL REFERENCES samples(id),
  created_at TEXT NOT NULL,
  added_at TEXT NOT NULL,
  verdict TEXT NOT NULL,
  on_gpu INTEGER NOT NULL,
  gpu TEXT NOT NULL DEFAULT '',
  speedup REAL,
  record_json TEXT NOT NULL);
CREATE INDEX verifications_sample ON verifications(sample_id);
CREATE TABLE reviews(
  id INTEGER PRIMARY KEY,
  sample_id INTEGER NOT NULL REFERENCES samples(id),
  verdict TEXT NOT NULL CHECK(verdict IN ('unreviewed','accepted','rejected','needs-work')),
  reverts INTEGER REFERENCES reviews(id),
  reviewer TEXT NOT NULL,
  note TEXT NOT NULL DEFAULT '',
  tags_json TEXT NOT NULL DEFAULT '[]',
  created_at TEXT NOT NULL);
CREATE INDEX reviews_sample ON reviews(sample_id, id);
CREATE TRIGGER task_specs_immutable BEFORE UPDATE ON task_specs
  BEGIN SELECT RAISE(ABORT, 'task specs as used are immutable'); END;
CREATE TRIGGER task_specs_kept BEFORE DELETE ON task_specs
  BEGIN SELECT RAISE(ABORT, 'task specs as used are immutable'); END;
CREATE TRIGGER samples_provenance_immutable BEFORE UPDATE OF
  id, task_id, task_spec_id, created_at, origin, model, provider, author, label, parent_id, import_id,
  prompt_tokens, completion_tokens, cost_usd, source_hash, norm_hash, prompt_hash ON samples
  BEGIN SELECT RAISE(ABORT, 'a sample''s provenance is immutable'); END;
CREATE TRIGGER samples_kept BEFORE DELETE ON samples
  BEGIN SELECT RAISE(ABORT, 'samples are never deleted: reject them instead'); END;
CREATE TRIGGER sample_content_immutable BEFORE UPDATE ON sample_content
  BEGIN SELECT RAISE(ABORT, 'a sample''s content is immutable'); END;
CREATE TRIGGER sample_content_kept BEFORE DELETE ON sample_content
  BEGIN SELECT RAISE(ABORT, 'a sample''s content is immutable'); END;
CREATE TRIGGER verifications_immutable BEFORE UPDATE ON verifications
  BEGIN SELECT RAISE(ABORT, 'verification records are immutable'); END;
CREATE TRIGGER verifications_kept BEFORE DELETE ON verifications
  BEGIN SELECT RAISE(ABORT, 'verification records are immutable'); END;
CREATE TRIGGER reviews_append_only BEFORE UPDATE ON reviews
  BEGIN SELECT RAISE(ABORT, 'review history is append-only'); END;
CREATE TRIGGER reviews_kept BEFORE DELETE ON reviews
  BEGIN SELECT RAISE(ABORT, 'review history is append-only'); END;
)sql";

// Version 2: near duplicates and text search. The backfill fingerprints every existing sample
// in id order, so earlier samples stay the originals.
const char* const kSchema2 = R"sql(
CREATE TABLE sample_minhash(
  sample_id INTEGER PRIMARY KEY REFERENCES samples(id),
  signature BLOB NOT NULL);
CREATE TABLE minhash_bands(
  band_key INTEGER NOT NULL,
  sample_id INTEGER NOT NULL REFERENCES samples(id),
  PRIMARY KEY(band_key, sample_id)) WITHOUT ROWID;
CREATE VIRTUAL TABLE sample_text USING fts5(label, model, source, content='', tokenize='unicode61');
)sql";

// Version 3: generations. Every answer a generation run receives (kwb generate, the GUI's
// batches) is one row: the run, the turn, the repair link (a repair turn to the answer whose
// failure was sent back; samples.parent_id stays "a person edited it"), the provider as used,
// the response metadata, the cost (NULL: no price was known, which is not the same as free) and
// the run's check summary. An answer with code is also a sample (sample_id) whose content holds
// the messages and the raw response; an answer without code is not a sample (nothing to review,
// verify or export), so its messages, raw response and parameters are kept in this row.
const char* const kSchema3 = R"sql(
CREATE TABLE generations(
  id INTEGER PRIMARY KEY,
  generation_id TEXT NOT NULL UNIQUE,
  sample_id INTEGER UNIQUE REFERENCES samples(id),
  task_id TEXT NOT NULL,
  task_spec_id INTEGER NOT NULL REFERENCES task_specs(id),
  provider TEXT NOT NULL,
  model TEXT NOT NULL,
  run_id TEXT NOT NULL DEFAULT '',
  turn INTEGER NOT NULL DEFAULT 0 CHECK(turn >= 0),
  repair_of INTEGER REFERENCES generations(id) CHECK(repair_of IS NULL OR turn > 0),
  created_at TEXT NOT NULL,
  prompt_tokens INTEGER NOT NULL DEFAULT 0,
  completion_tokens INTEGER NOT NULL DEFAULT 0,
  cost_usd REAL,
  provider_json TEXT NOT NULL DEFAULT '{}',
  response_json TEXT NOT NULL DEFAULT '{}',
  check_json TEXT NOT NULL DEFAULT 'null',
  messages_json TEXT,
  raw_response TEXT,
  parameters_json TEXT,
  CHECK((sample_id IS NULL) = (messages_json IS NOT NULL)));
CREATE INDEX generations_first ON generations(task_id, provider, model) WHERE turn = 0;
CREATE INDEX generations_repair ON generations(repair_of) WHERE repair_of IS NOT NULL;
CREATE INDEX generations_run ON generations(run_id, id);
CREATE TRIGGER generations_immutable BEFORE UPDATE ON generations
  BEGIN SELECT RAISE(ABORT, 'generation records are immutable'); END;
CREATE TRIGGER generations_kept BEFORE DELETE ON generations
  BEGIN SELECT RAISE(ABORT, 'generation records are immutable'); END;
)sql";

// Version 4: evaluation runs. A run is one plan (its name unique in the project, the plan as
// read kept for resume); a cell is one answer slot of it, keyed by model, condition, task and
// sample index, written once its answer (and any repair turns) is stored and checked. It links
// to the first and the final generation of its chain and to the final answer's verification;
// its compiled flag, tokens, cost and latency are the chain's, kept for reports over many cells.
const char* const kSchema4 = R"sql(
CREATE TABLE eval_runs(
  id INTEGER PRIMARY KEY,
  run_id TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL UNIQUE,
  plan_json TEXT NOT NULL,
  created_at TEXT NOT NULL);
CREATE TABLE eval_cells(
  id INTEGER PRIMARY KEY,
  eval_run INTEGER NOT NULL REFERENCES eval_runs(id),
  model TEXT NOT NULL,
  condition TEXT NOT NULL,
  task_id TEXT NOT NULL,
  sample_index INTEGER NOT NULL CHECK(sample_index >= 0),
  first_generation INTEGER NOT NULL REFERENCES generations(id),
  generation INTEGER NOT NULL UNIQUE REFERENCES generations(id),
  turns INTEGER NOT NULL CHECK(turns >= 1),
  verification_id TEXT REFERENCES verifications(id),
  compiled INTEGER NOT NULL CHECK(compiled IN (0, 1)),
  prompt_tokens INTEGER NOT NULL,
  completion_tokens INTEGER NOT NULL,
  cost_usd REAL,
  latency_ms REAL NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE(eval_run, model, condition, task_id, sample_index));
CREATE TRIGGER eval_runs_immutable BEFORE UPDATE ON eval_runs
  BEGIN SELECT RAISE(ABORT, 'evaluation runs are immutable'); END;
CREATE TRIGGER eval_runs_kept BEFORE DELETE ON eval_runs
  BEGIN SELECT RAISE(ABORT, 'evaluation runs are immutable'); END;
CREATE TRIGGER eval_cells_immutable BEFORE UPDATE ON eval_cells
  BEGIN SELECT RAISE(ABORT, 'evaluation cells are immutable'); END;
CREATE TRIGGER eval_cells_kept BEFORE DELETE ON eval_cells
  BEGIN SELECT RAISE(ABORT, 'evaluation cells are immutable'); END;
)sql";

// Version 5: profiles (kwb samples profile, the window's Profile tab). A profile is a sealed
// verification record with its "profile" section (one shape, correctness only, Nsight Compute's
// figures for one call of the candidate and one of the baseline); kept apart from the sample's
// verifications, so profiling a sample never changes its verdict or its speedup.
const char* const kSchema5 = R"sql(
CREATE TABLE profiles(
  id TEXT PRIMARY KEY,
  sample_id INTEGER NOT NULL REFERENCES samples(id),
  created_at TEXT NOT NULL,
  shape TEXT NOT NULL,
  record_json TEXT NOT NULL);
CREATE INDEX profiles_sample ON profiles(sample_id);
)sql";

Status backfill2(SqliteConnection& db) {
    auto st =
        db.prepare("SELECT s.id, s.task_id, s.label, s.model, c.source, s.duplicate_of "
                   "FROM samples s JOIN sample_content c ON c.sample_id = s.id ORDER BY s.id");
    if (!st)
        return st.error();
    DuplicateFinder finder(db);
    for (;;) {
        auto row = st->step();
        if (!row)
            return row.error();
        if (!*row)
            break;
        const std::int64_t id = st->int64At(0);
        const std::string task = st->textAt(1), source = st->textAt(4);
        auto fp = fingerprintSource(source);
        if (st->isNull(5)) {
            auto match = finder.findNear(task, fp.signature, id);
            if (!match)
                return match.error();
            if (match->duplicateOf) {
                auto up = db.cached("UPDATE samples SET duplicate_of = ?, duplicate_kind = 'near', "
                                    "similarity = ? WHERE id = ?");
                if (!up)
                    return up.error();
                if (auto s = (*up)
                                 ->bind(1, *match->duplicateOf)
                                 .bind(2, match->similarity)
                                 .bind(3, id)
                                 .run();
                    !s)
                    return s;
            }
        }
        if (auto s = finder.record(id, task, fp.signature); !s)
            return s;
        auto fts =
            db.cached("INSERT INTO sample_text(rowid, label, model, source) VALUES (?, ?, ?, ?)");
        if (!fts)
            return fts.error();
        if (auto s = (*fts)
                         ->bind(1, id)
                         .bind(2, st->textAt(2))
                         .bind(3, st->textAt(3))
                         .bind(4, source)
                         .run();
            !s)
            return s;
    }
    return okStatus();
}

struct Step {
    int version;
    const char* sql;
    Status (*backfill)(SqliteConnection&);
};

const std::vector<Step>& steps() {
    static const std::vector<Step> s = {{1, kSchema1, nullptr},
                                        {2, kSchema2, backfill2},
                                        {3, kSchema3, nullptr},
                                        {4, kSchema4, nullptr},
                                        {5, kSchema5, nullptr}};
    return s;
}

} // namespace

Status migrate(SqliteConnection& db, int from, int to) {
    if (from > to || to > kCurrentVersion)
        return Error::make("project-too-new", "cannot migrate a project from schema " +
                                                  std::to_string(from) + " to " +
                                                  std::to_string(to));
    for (const auto& step : steps()) {
        if (step.version <= from || step.version > to)
            continue;
        auto tx = WriteTransaction::begin(db);
        if (!tx)
            return tx.error();
        // Another process may have migrated while this one waited for the lock.
        auto now = db.queryInt("PRAGMA user_version");
        if (!now)
            return now.error();
        if (*now >= step.version)
            continue;
        if (auto s = db.exec(step.sql); !s)
            return Error::make("migration-failed",
                               "schema " + std::to_string(step.version) + ": " + s.error().message);
        if (step.backfill)
            if (auto s = step.backfill(db); !s)
                return Error::make("migration-failed", "schema " + std::to_string(step.version) +
                                                           ": " + s.error().message);
        if (auto s = db.exec("PRAGMA application_id = " + std::to_string(kApplicationId) +
                             "; PRAGMA user_version = " + std::to_string(step.version));
            !s)
            return s;
        if (auto s = tx->commit(); !s)
            return s;
    }
    return okStatus();
}

const char* const* requiredTables(int version) {
    static const char* const v1[] = {"project_meta",   "task_specs",    "imports", "samples",
                                     "sample_content", "verifications", "reviews", nullptr};
    static const char* const v2[] = {"project_meta",   "task_specs",    "imports", "samples",
                                     "sample_content", "verifications", "reviews", "sample_minhash",
                                     "minhash_bands",  "sample_text",   nullptr};
    static const char* const v3[] = {"project_meta", "task_specs",     "imports",
                                     "samples",      "sample_content", "verifications",
                                     "reviews",      "sample_minhash", "minhash_bands",
                                     "sample_text",  "generations",    nullptr};
    static const char* const v4[] = {
        "project_meta",  "task_specs", "imports",        "samples",       "sample_content",
        "verifications", "reviews",    "sample_minhash", "minhash_bands", "sample_text",
        "generations",   "eval_runs",  "eval_cells",     nullptr};
    static const char* const v5[] = {
        "project_meta",  "task_specs", "imports",        "samples",       "sample_content",
        "verifications", "reviews",    "sample_minhash", "minhash_bands", "sample_text",
        "generations",   "eval_runs",  "eval_cells",     "profiles",      nullptr};
    return version >= 5 ? v5 : version >= 4 ? v4 : version >= 3 ? v3 : version >= 2 ? v2 : v1;
}

} // namespace kwb::project_schema
