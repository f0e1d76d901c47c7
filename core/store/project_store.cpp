// ProjectStore: opening, creating, checking; task specs. Writes are in project_store_write.cpp,
// queries in project_store_query.cpp, statistics in project_store_stats.cpp.
#include "core/store/project_store.h"

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <sys/statvfs.h>
#include <unistd.h>

#include <sqlite3.h>

#include "core/store/project_schema.h"
#include "core/store/sqlite_connection.h"
#include "core/store/store_clock.h"
#include "core/store/write_transaction.h"
#include "core/sys/sha256.h"
#include "kwb/version.h"

namespace kwb {
namespace fs = std::filesystem;
namespace {

fs::path sidecar(const fs::path& p, const char* suffix) {
    return fs::path(p.string() + suffix);
}

Error corrupt(const fs::path& path, const std::string& detail) {
    return Error::make("project-corrupt", path.string() + " is damaged and was left as it is (" +
                                              detail +
                                              "). Restore it from a backup, or try `sqlite3 " +
                                              path.string() + " .recover` on a copy.");
}

// Only a finding of the checks, or SQLite's own "corrupt" or "not a database", calls a project
// damaged: a busy project, an unreadable file or one that cannot be opened keeps its own words.
Error openFailure(const fs::path& path, const Error& e) {
    if (e.code == "project-corrupt")
        return corrupt(path, e.message);
    if (e.code == "project-busy")
        return Error::make("project-busy",
                           path.string() +
                               " is busy: another program (an import, the workbench) "
                               "held it for longer than the busy timeout; try again (" +
                               e.message + ")");
    return Error::make("cannot-open", "cannot read " + path.string() + ": " + e.message);
}

// How the file can be opened. Writing needs the file and, for WAL's -wal and -shm sidecars, its
// folder; a file on read-only media is opened immutable when no sidecar is there (a clean close
// leaves none, so the file alone is the whole project), read-only when both are.
Result<SqliteConnection::Mode> accessOf(const fs::path& path) {
    std::error_code ec;
    const bool wal = fs::exists(sidecar(path, "-wal"), ec),
               shm = fs::exists(sidecar(path, "-shm"), ec);
    struct statvfs vfs {};
    if (::statvfs(path.c_str(), &vfs) == 0 && (vfs.f_flag & ST_RDONLY)) {
        if (!wal && !shm)
            return SqliteConnection::Mode::Immutable;
        if (wal && shm)
            return SqliteConnection::Mode::ReadOnly;
        return Error::make("cannot-open",
                           path.string() +
                               " is on read-only media with half of its write-ahead log (" +
                               (wal ? "-wal without -shm" : "-shm without -wal") +
                               "); copy the project with its sidecar files to a writable folder "
                               "and open the copy");
    }
    fs::path folder = path.has_parent_path() ? path.parent_path() : fs::path(".");
    if (::access(path.c_str(), W_OK) != 0 ||
        (::access(folder.c_str(), W_OK | X_OK) != 0 && !(wal && shm)))
        return SqliteConnection::Mode::ReadOnly;
    return SqliteConnection::Mode::ReadWrite;
}

// The damage check on open, at any size: SQLite's quick check (every b-tree page's format, cell
// pointers, overflow chains, the free list, page usage) for at most options.openCheckMs; when
// the file is too large to finish in that time, the structural check below covers the rest.
// Returns true when the quick check finished (its findings decide), false when it ran out.
Result<bool> quickCheck(SqliteConnection& db, const fs::path& path, const StoreOptions& options) {
    if (options.openCheckMs <= 0)
        return false;
    struct Budget {
        std::chrono::steady_clock::time_point deadline;
        bool ranOut = false;
    } budget{std::chrono::steady_clock::now() + std::chrono::milliseconds(options.openCheckMs)};
    sqlite3_progress_handler(
        db.handle(), 10000,
        [](void* p) -> int {
            auto* b = static_cast<Budget*>(p);
            b->ranOut = std::chrono::steady_clock::now() > b->deadline;
            return b->ranOut ? 1 : 0;
        },
        &budget);
    struct Unset {
        sqlite3* db;
        ~Unset() { sqlite3_progress_handler(db, 0, nullptr, nullptr); }
    } unset{db.handle()};
    auto st = db.prepare("PRAGMA quick_check(5)");
    if (!st)
        return openFailure(path, st.error());
    std::string problems;
    for (;;) {
        auto r = st->step();
        if (!r && budget.ranOut)
            return false;
        if (!r)
            return openFailure(path, r.error());
        if (!*r)
            break;
        if (auto line = st->textAt(0); line != "ok")
            problems += (problems.empty() ? "" : "; ") + line;
    }
    if (!problems.empty())
        return corrupt(path, problems);
    return true;
}

// Everything checked before the file is opened for writing: none of it writes.
Result<int> inspect(const fs::path& path, const StoreOptions& options,
                    SqliteConnection::Mode mode) {
    std::error_code ec;
    if (!fs::exists(path, ec))
        return Error::make("no-project", "there is no project at " + path.string());
    if (!fs::is_regular_file(path, ec))
        return Error::make("not-a-project", path.string() + " is not a file");
    const auto size = std::int64_t(fs::file_size(path, ec));
    char header[100] = {};
    {
        std::ifstream f(path, std::ios::binary);
        if (!f)
            return Error::make("not-readable", "cannot read " + path.string());
        f.read(header, sizeof header);
    }
    if (size < 100 || std::memcmp(header, "SQLite format 3", 16) != 0)
        return Error::make("not-a-project", path.string() +
                                                " is not a Kernel Workbench project (it is not an "
                                                "SQLite database); it was left as it is");
    auto db = SqliteConnection::open(
        path, mode == SqliteConnection::Mode::Immutable ? mode : SqliteConnection::Mode::ReadOnly);
    if (!db)
        return openFailure(path, db.error());
    // A writer (an import) may hold the file for a moment: wait for it as writes do.
    sqlite3_busy_timeout((*db)->handle(), options.busyTimeoutMs);
    auto appId = (*db)->queryInt("PRAGMA application_id");
    if (!appId)
        return openFailure(path, appId.error());
    if (*appId != project_schema::kApplicationId)
        return Error::make("not-a-project", path.string() +
                                                " is an SQLite database but not a Kernel Workbench "
                                                "project; it was left as it is");
    auto version = (*db)->queryInt("PRAGMA user_version");
    if (!version)
        return openFailure(path, version.error());
    if (*version > project_schema::kCurrentVersion)
        return Error::make("project-too-new",
                           path.string() + " was written by a newer Kernel Workbench (schema " +
                               std::to_string(*version) + "; this one reads up to " +
                               std::to_string(project_schema::kCurrentVersion) +
                               "). Update the workbench.");
    if (*version < 1)
        return corrupt(path, "it has no schema version");
    for (const char* const* t = project_schema::requiredTables(int(*version)); *t; ++t) {
        auto st = (*db)->prepare(std::string("SELECT count(*) FROM sqlite_master WHERE name = '") +
                                 *t + "'");
        if (!st)
            return openFailure(path, st.error());
        auto r = st->step();
        if (!r)
            return openFailure(path, r.error());
        if (st->int64At(0) != 1)
            return corrupt(path, std::string("the table ") + *t + " is missing");
    }
    auto finished = quickCheck(**db, path, options);
    if (!finished)
        return finished.error();
    if (!*finished) {
        // Structural: every table's first and last rows can be read, the file is as long as
        // its header says (when no write-ahead log holds newer pages).
        for (const char* const* t = project_schema::requiredTables(int(*version)); *t; ++t) {
            if (std::strcmp(*t, "sample_text") == 0)
                continue;
            // minhash_bands has no rowid (WITHOUT ROWID): its key orders it.
            const std::string key = std::strcmp(*t, "minhash_bands") == 0 ? "band_key" : "rowid";
            for (const char* order : {"ASC", "DESC"}) {
                auto st = (*db)->prepare(std::string("SELECT * FROM ") + *t + " ORDER BY " + key +
                                         " " + order + " LIMIT 1");
                if (!st)
                    return openFailure(path, st.error());
                if (auto r = st->step(); !r)
                    return openFailure(path, r.error());
            }
        }
        auto pages = (*db)->queryInt("PRAGMA page_count");
        auto pageSize = (*db)->queryInt("PRAGMA page_size");
        if (!pages || !pageSize)
            return corrupt(path, "its page count cannot be read");
        if (fs::file_size(sidecar(path, "-wal"), ec) == 0 && *pages * *pageSize > size)
            return corrupt(path, "the file is shorter than its header says: it was truncated");
    }
    return int(*version);
}

Status configure(SqliteConnection& db, const StoreOptions& options, SqliteConnection::Mode mode) {
    sqlite3_busy_timeout(db.handle(), options.busyTimeoutMs);
    if (mode != SqliteConnection::Mode::ReadWrite) // a read-only file is in WAL mode already
        return db.exec(
            "PRAGMA foreign_keys = ON; PRAGMA cache_size = -32768; PRAGMA temp_store = MEMORY;");
    // FULL: a committed verdict survives a power cut, not only a crash.
    return db.exec("PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA synchronous = FULL;"
                   "PRAGMA cache_size = -32768; PRAGMA temp_store = MEMORY;");
}

} // namespace

ProjectStore::ProjectStore(fs::path path, std::unique_ptr<SqliteConnection> db)
    : m_path(std::move(path)), m_db(std::move(db)) {}

ProjectStore::~ProjectStore() = default;

Result<std::unique_ptr<ProjectStore>> ProjectStore::open(const fs::path& path,
                                                         const StoreOptions& options) {
    std::error_code ec;
    const bool hadWal = fs::exists(sidecar(path, "-wal"), ec),
               hadShm = fs::exists(sidecar(path, "-shm"), ec);
    auto mode = accessOf(path);
    if (!mode)
        return mode.error();
    auto version = inspect(path, options, *mode);
    if (!version) {
        // A read-only look at a WAL file leaves empty sidecars; take back what this call made.
        if (!hadWal && fs::exists(sidecar(path, "-wal"), ec) &&
            fs::file_size(sidecar(path, "-wal"), ec) == 0)
            fs::remove(sidecar(path, "-wal"), ec);
        if (!hadShm && !fs::exists(sidecar(path, "-wal"), ec))
            fs::remove(sidecar(path, "-shm"), ec);
        return version.error();
    }
    auto db = SqliteConnection::open(path, *mode);
    if (!db)
        return openFailure(path, db.error());
    if (auto s = configure(**db, options, *mode); !s)
        return openFailure(path, s.error());
    if (*version < project_schema::kCurrentVersion) {
        if (*mode != SqliteConnection::Mode::ReadWrite)
            return Error::make("project-read-only",
                               "the project is read-only: " + path.string() + " is at schema " +
                                   std::to_string(*version) + " and needs migrating to " +
                                   std::to_string(project_schema::kCurrentVersion) +
                                   ", which writes; open a writable copy once");
        if (!options.migrate)
            return Error::make("project-needs-migration",
                               path.string() + " is at schema " + std::to_string(*version) +
                                   " and needs migrating to " +
                                   std::to_string(project_schema::kCurrentVersion));
        if (auto s = project_schema::migrate(**db, *version); !s)
            return s.error();
    }
    std::unique_ptr<ProjectStore> store(new ProjectStore(path, std::move(*db)));
    store->m_textProbeMaxHits = options.textProbeMaxHits;
    return store;
}

Result<std::unique_ptr<ProjectStore>>
ProjectStore::create(const fs::path& path, const std::string& name, const StoreOptions& options) {
    std::error_code ec;
    if (fs::exists(path, ec))
        return Error::make("project-exists", path.string() + " already exists");
    if (path.has_parent_path())
        fs::create_directories(path.parent_path(), ec);
    // Built under a temporary name and moved into place: a project file is complete or absent.
    const fs::path tmp = path.parent_path() /
                         ("." + path.filename().string() + ".new-" + std::to_string(::getpid()));
    fs::remove(tmp, ec);
    {
        auto db = SqliteConnection::open(tmp, SqliteConnection::Mode::Create);
        if (!db)
            return db.error();
        Status s = project_schema::migrate(**db, 0);
        if (s) {
            auto tx = WriteTransaction::begin(**db);
            if (!tx)
                s = tx.error();
            else {
                auto st = (*db)->prepare("INSERT INTO project_meta(key, value) VALUES (?, ?)");
                if (!st)
                    s = st.error();
                const std::pair<const char*, std::string> meta[] = {
                    {"name", name.empty() ? path.stem().string() : name},
                    {"created_at", utcNowIso()},
                    {"created_by", std::string("kwb ") + kVersion}};
                for (const auto& [k, v] : meta)
                    if (s)
                        s = st->bind(1, k).bind(2, v).run();
                if (s)
                    s = tx->commit();
            }
        }
        if (!s) {
            db->reset();
            fs::remove(tmp, ec);
            return s.error();
        }
    }
    if (::renameat2(AT_FDCWD, tmp.c_str(), AT_FDCWD, path.c_str(), RENAME_NOREPLACE) != 0) {
        int err = errno;
        fs::remove(tmp, ec);
        if (err == EEXIST)
            return Error::make("project-exists", path.string() + " already exists");
        return Error::make("not-writable",
                           "cannot create " + path.string() + ": " + std::strerror(err));
    }
    return open(path, options);
}

Result<ProjectInfo> ProjectStore::info() {
    ProjectInfo i;
    i.path = m_path;
    std::error_code ec;
    i.fileBytes = std::int64_t(fs::file_size(m_path, ec));
    auto wal = fs::file_size(sidecar(m_path, "-wal"), ec);
    i.walBytes = ec ? 0 : std::int64_t(wal);
    auto v = m_db->queryInt("PRAGMA user_version");
    if (!v)
        return v.error();
    i.schemaVersion = int(*v);
    auto meta = m_db->prepare("SELECT key, value FROM project_meta");
    if (!meta)
        return meta.error();
    for (;;) {
        auto r = meta->step();
        if (!r)
            return r.error();
        if (!*r)
            break;
        const std::string k = meta->textAt(0);
        if (k == "name")
            i.name = meta->textAt(1);
        else if (k == "created_at")
            i.createdAt = meta->textAt(1);
        else if (k == "created_by")
            i.createdBy = meta->textAt(1);
    }
    const std::pair<std::int64_t*, const char*> counts[] = {
        {&i.samples, "SELECT count(*) FROM samples"},
        {&i.reviews, "SELECT count(*) FROM reviews"},
        {&i.verifications, "SELECT count(*) FROM verifications"},
        {&i.tasks, "SELECT count(DISTINCT task_id) FROM samples"},
        {&i.duplicates, "SELECT count(*) FROM samples WHERE duplicate_of IS NOT NULL"}};
    for (const auto& [dst, sql] : counts) {
        auto n = m_db->queryInt(sql);
        if (!n)
            return n.error();
        *dst = *n;
    }
    return i;
}

Result<IntegrityReport> ProjectStore::checkIntegrity() {
    IntegrityReport rep;
    auto collect = [&](const std::string& what, const std::string& sql, bool okRow) -> Status {
        rep.checks.push_back(what);
        auto st = m_db->prepare(sql);
        if (!st)
            return st.error();
        for (int n = 0;; ++n) {
            auto r = st->step();
            if (!r) {
                rep.problems.push_back(what + ": " + r.error().message);
                return okStatus();
            }
            if (!*r)
                break;
            std::string line = st->textAt(0);
            if (okRow && line == "ok")
                continue;
            if (n < 20)
                rep.problems.push_back(what + ": " + line);
        }
        return okStatus();
    };
    const std::pair<const char*, const char*> checks[] = {
        {"SQLite integrity check", "PRAGMA integrity_check"},
        {"foreign keys", "SELECT \"table\" || ' row ' || rowid || ' refers to a missing ' || "
                         "parent FROM pragma_foreign_key_check"},
        {"verdicts agree with the review history",
         "SELECT 'sample ' || s.id || ' says ' || s.verdict || ', its history says ' || "
         "coalesce(r.verdict, 'unreviewed') "
         "FROM samples s LEFT JOIN reviews r ON r.id = (SELECT max(id) FROM reviews WHERE "
         "sample_id = s.id) "
         "WHERE s.verdict <> coalesce(r.verdict, 'unreviewed') OR s.review_id IS NOT r.id"},
        {"latest verifications agree with the records",
         "SELECT 'sample ' || s.id || ' names verification ' || coalesce(s.verification_id, "
         "'none') "
         "FROM samples s LEFT JOIN verifications v ON v.rowid = (SELECT max(rowid) FROM "
         "verifications WHERE sample_id = s.id) "
         "WHERE s.verification_id IS NOT v.id OR s.verification_verdict <> coalesce(v.verdict, '') "
         "OR s.speedup IS NOT v.speedup"},
        {"verifications are of the sample's source",
         "SELECT 'verification ' || v.id || ' is of another source than sample ' || s.id FROM "
         "verifications v "
         "JOIN samples s ON s.id = v.sample_id WHERE json_extract(v.record_json, '$.source_hash') "
         "<> s.source_hash"},
        {"every sample has its content",
         "SELECT 'sample ' || s.id || ' has no content' FROM samples s LEFT JOIN sample_content c "
         "ON c.sample_id = s.id "
         "WHERE c.sample_id IS NULL"},
        {"generated samples agree with their generation records",
         "SELECT 'generation ' || g.generation_id || ' disagrees with sample ' || s.id FROM "
         "generations g "
         "JOIN samples s ON s.id = g.sample_id WHERE s.task_id <> g.task_id OR s.model <> g.model "
         "OR s.provider <> g.provider OR s.origin <> 'model'"},
        {"duplicates point at originals", "SELECT 'sample ' || s.id || ' duplicates ' || "
                                          "s.duplicate_of || ', itself a duplicate' FROM samples s "
                                          "JOIN samples o ON o.id = s.duplicate_of WHERE "
                                          "o.duplicate_of IS NOT NULL OR o.id >= s.id"}};
    for (const auto& [what, sql] : checks)
        if (auto s = collect(what, sql, std::strcmp(what, "SQLite integrity check") == 0); !s)
            return s.error();
    // Content hashes: every stored source still hashes to what was recorded when it was added.
    rep.checks.push_back("sources match their hashes");
    auto st = m_db->prepare("SELECT s.id, s.source_hash, c.source FROM samples s JOIN "
                            "sample_content c ON c.sample_id = s.id");
    if (!st)
        return st.error();
    for (;;) {
        auto r = st->step();
        if (!r) {
            rep.problems.push_back("sources match their hashes: " + r.error().message);
            break;
        }
        if (!*r)
            break;
        if (sha256Hex(st->blobAt(2)) != st->textAt(1))
            rep.problems.push_back("sample " + std::to_string(st->int64At(0)) +
                                   "'s source does not match its hash");
    }
    return rep;
}

Result<std::int64_t> ProjectStore::recordTaskSpec(const Task& task) {
    auto tx = WriteTransaction::begin(*m_db);
    if (!tx)
        return tx.error();
    auto id = recordTaskSpecLocked(task);
    if (!id)
        return id;
    if (auto s = tx->commit(); !s)
        return s.error();
    return id;
}

Result<std::int64_t> ProjectStore::recordTaskSpecLocked(const Task& task) {
    const std::string spec = nlohmann::json(task).dump();
    const std::string hash = sha256Hex(spec);
    auto find = m_db->cached("SELECT id FROM task_specs WHERE spec_hash = ?");
    if (!find)
        return find.error();
    (*find)->bind(1, hash);
    auto r = (*find)->step();
    if (!r)
        return r.error();
    if (*r) {
        std::int64_t id = (*find)->int64At(0);
        (*find)->reset();
        return id;
    }
    (*find)->reset();
    auto ins = m_db->cached(
        "INSERT INTO task_specs(task_id, spec_hash, spec_json, created_at) VALUES (?, ?, ?, ?)");
    if (!ins)
        return ins.error();
    if (auto s = (*ins)->bind(1, task.id).bind(2, hash).bind(3, spec).bind(4, utcNowIso()).run();
        !s)
        return s.error();
    return m_db->lastInsertRowid();
}

Result<Task> ProjectStore::taskSpec(std::int64_t specId) {
    auto st = m_db->cached("SELECT spec_json FROM task_specs WHERE id = ?");
    if (!st)
        return st.error();
    (*st)->bind(1, specId);
    auto r = (*st)->step();
    if (!r)
        return r.error();
    if (!*r)
        return Error::make("unknown-task-spec",
                           "no task spec #" + std::to_string(specId) + " in this project");
    auto j = nlohmann::json::parse((*st)->textAt(0), nullptr, false);
    (*st)->reset();
    if (j.is_discarded())
        return Error::make("project-corrupt",
                           "task spec #" + std::to_string(specId) + " is not valid JSON");
    return taskFromJson(j);
}

namespace {
Result<std::vector<std::string>> column(SqliteConnection& db, const char* sql) {
    auto st = db.prepare(sql);
    if (!st)
        return st.error();
    std::vector<std::string> out;
    for (;;) {
        auto r = st->step();
        if (!r)
            return r.error();
        if (!*r)
            return out;
        out.push_back(st->textAt(0));
    }
}
} // namespace

Result<std::vector<std::string>> ProjectStore::taskIds() {
    return column(*m_db, "SELECT DISTINCT task_id FROM samples ORDER BY task_id");
}

Result<std::vector<std::string>> ProjectStore::models() {
    return column(*m_db, "SELECT DISTINCT model FROM samples ORDER BY model");
}

Result<std::vector<std::string>> ProjectStore::reviewers() {
    return column(*m_db,
                  "SELECT DISTINCT reviewer FROM reviews WHERE reverts IS NULL ORDER BY reviewer");
}

Result<std::vector<std::string>> ProjectStore::reviewTags() {
    return column(*m_db, "SELECT DISTINCT t.value FROM samples s JOIN reviews r ON r.id = "
                         "s.review_id, json_each(r.tags_json) t ORDER BY t.value");
}

} // namespace kwb
