#include "core/store/sqlite_statement.h"

#include <sqlite3.h>

namespace kwb {

Error sqliteError(sqlite3* db, int rc, const std::string& what) {
    std::string msg = what + ": " + (db ? sqlite3_errmsg(db) : sqlite3_errstr(rc));
    switch (rc & 0xff) {
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
        return Error::make("project-busy",
                           msg +
                               " (the project is busy: another program, such as an import, held it "
                               "for longer than the busy timeout; try again)");
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
        return Error::make("project-corrupt", msg);
    case SQLITE_FULL:
        return Error::make("disk-full", msg);
    case SQLITE_CONSTRAINT:
        return Error::make("constraint", msg);
    case SQLITE_READONLY: {
        // Every write to a project opened read-only (a read-only file or medium) ends here.
        const char* file = db ? sqlite3_db_filename(db, "main") : nullptr;
        return Error::make(
            "project-read-only",
            "the project is read-only: " + std::string(file && *file ? file : "its file") +
                " cannot be written (" + msg +
                "); commands that only read it (samples list and show, export, review history, "
                "project info) still work");
    }
    case SQLITE_CANTOPEN:
        return Error::make("cannot-open", msg);
    case SQLITE_PERM:
        return Error::make("not-writable", msg);
    default:
        return Error::make("database-error", msg);
    }
}

SqliteStatement::SqliteStatement(SqliteStatement&& o) noexcept
    : m_db(o.m_db), m_stmt(o.m_stmt), m_bindError(o.m_bindError) {
    o.m_stmt = nullptr;
}

SqliteStatement& SqliteStatement::operator=(SqliteStatement&& o) noexcept {
    if (this != &o) {
        sqlite3_finalize(m_stmt);
        m_db = o.m_db;
        m_stmt = o.m_stmt;
        m_bindError = o.m_bindError;
        o.m_stmt = nullptr;
    }
    return *this;
}

SqliteStatement::~SqliteStatement() {
    sqlite3_finalize(m_stmt);
}

SqliteStatement& SqliteStatement::bind(int index, std::int64_t v) {
    if (int rc = sqlite3_bind_int64(m_stmt, index, v); rc != SQLITE_OK && !m_bindError)
        m_bindError = rc;
    return *this;
}

SqliteStatement& SqliteStatement::bind(int index, double v) {
    if (int rc = sqlite3_bind_double(m_stmt, index, v); rc != SQLITE_OK && !m_bindError)
        m_bindError = rc;
    return *this;
}

SqliteStatement& SqliteStatement::bind(int index, std::string_view text) {
    int rc =
        sqlite3_bind_text64(m_stmt, index, text.data(), text.size(), SQLITE_TRANSIENT, SQLITE_UTF8);
    if (rc != SQLITE_OK && !m_bindError)
        m_bindError = rc;
    return *this;
}

SqliteStatement& SqliteStatement::bind(int index, std::nullptr_t) {
    if (int rc = sqlite3_bind_null(m_stmt, index); rc != SQLITE_OK && !m_bindError)
        m_bindError = rc;
    return *this;
}

SqliteStatement& SqliteStatement::bindBlob(int index, const void* data, std::size_t size) {
    if (int rc = sqlite3_bind_blob64(m_stmt, index, data, size, SQLITE_TRANSIENT);
        rc != SQLITE_OK && !m_bindError)
        m_bindError = rc;
    return *this;
}

Result<bool> SqliteStatement::step() {
    if (m_bindError) {
        int rc = m_bindError;
        m_bindError = 0;
        return sqliteError(m_db, rc, "binding a parameter");
    }
    int rc = sqlite3_step(m_stmt);
    if (rc == SQLITE_ROW)
        return true;
    if (rc == SQLITE_DONE)
        return false;
    Error e =
        sqliteError(m_db, rc, "running \"" + std::string(sqlite3_sql(m_stmt)).substr(0, 60) + "\"");
    sqlite3_reset(m_stmt);
    return e;
}

Status SqliteStatement::run() {
    for (;;) {
        auto r = step();
        if (!r) {
            reset();
            return r.error();
        }
        if (!*r)
            break;
    }
    reset();
    return okStatus();
}

void SqliteStatement::reset() {
    sqlite3_reset(m_stmt);
    sqlite3_clear_bindings(m_stmt);
    m_bindError = 0;
}

bool SqliteStatement::isNull(int col) const {
    return sqlite3_column_type(m_stmt, col) == SQLITE_NULL;
}
std::int64_t SqliteStatement::int64At(int col) const {
    return sqlite3_column_int64(m_stmt, col);
}
double SqliteStatement::doubleAt(int col) const {
    return sqlite3_column_double(m_stmt, col);
}

std::string SqliteStatement::textAt(int col) const {
    const auto* p = sqlite3_column_text(m_stmt, col);
    int n = sqlite3_column_bytes(m_stmt, col);
    return p ? std::string(reinterpret_cast<const char*>(p), std::size_t(n)) : std::string();
}

std::string_view SqliteStatement::blobAt(int col) const {
    const void* p = sqlite3_column_blob(m_stmt, col);
    int n = sqlite3_column_bytes(m_stmt, col);
    return p ? std::string_view(static_cast<const char*>(p), std::size_t(n)) : std::string_view();
}

std::optional<std::int64_t> SqliteStatement::optionalInt64At(int col) const {
    if (isNull(col))
        return std::nullopt;
    return int64At(col);
}

std::optional<double> SqliteStatement::optionalDoubleAt(int col) const {
    if (isNull(col))
        return std::nullopt;
    return doubleAt(col);
}

} // namespace kwb
