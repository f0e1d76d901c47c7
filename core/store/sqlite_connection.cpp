#include "core/store/sqlite_connection.h"

#include <cctype>

#include <sqlite3.h>

namespace kwb {

namespace {
// A file name as the path of a file: URI: every byte but the unreserved ones and '/' escaped.
std::string uriPath(const std::string& path) {
    static const char hex[] = "0123456789ABCDEF";
    std::string out;
    for (unsigned char c : path) {
        if (std::isalnum(c) || c == '/' || c == '-' || c == '_' || c == '.' || c == '~')
            out += char(c);
        else
            out += {'%', hex[c >> 4], hex[c & 15]};
    }
    return out;
}
} // namespace

Result<std::unique_ptr<SqliteConnection>> SqliteConnection::open(const std::filesystem::path& path,
                                                                 Mode mode) {
    int flags = SQLITE_OPEN_NOFOLLOW;
    std::string name = path.string();
    switch (mode) {
    case Mode::ReadOnly:
        flags |= SQLITE_OPEN_READONLY;
        break;
    case Mode::ReadWrite:
        flags |= SQLITE_OPEN_READWRITE;
        break;
    case Mode::Create:
        flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
        break;
    case Mode::Immutable:
        flags |= SQLITE_OPEN_READONLY | SQLITE_OPEN_URI;
        name = "file:" + uriPath(name) + "?immutable=1";
        break;
    }
    sqlite3* db = nullptr;
    int rc = sqlite3_open_v2(name.c_str(), &db, flags, nullptr);
    if (rc != SQLITE_OK) {
        Error e = sqliteError(db, rc, "cannot open " + path.string());
        sqlite3_close(db);
        return e;
    }
    sqlite3_extended_result_codes(db, 1);
    return std::unique_ptr<SqliteConnection>(new SqliteConnection(db));
}

SqliteConnection::~SqliteConnection() {
    m_cache.clear(); // statements first: sqlite3_close refuses while any is alive
    sqlite3_close(m_db);
}

Status SqliteConnection::exec(const std::string& sql) {
    char* err = nullptr;
    int rc = sqlite3_exec(m_db, sql.c_str(), nullptr, nullptr, &err);
    if (rc != SQLITE_OK) {
        std::string msg = err ? err : sqlite3_errstr(rc);
        sqlite3_free(err);
        Error e = sqliteError(nullptr, rc, "running \"" + sql.substr(0, 60) + "\"");
        e.message += " (" + msg + ")";
        return e;
    }
    return okStatus();
}

Result<SqliteStatement> SqliteConnection::prepare(const std::string& sql) {
    sqlite3_stmt* stmt = nullptr;
    int rc = sqlite3_prepare_v3(m_db, sql.c_str(), int(sql.size()), SQLITE_PREPARE_PERSISTENT,
                                &stmt, nullptr);
    if (rc != SQLITE_OK)
        return sqliteError(m_db, rc, "preparing \"" + sql.substr(0, 60) + "\"");
    return SqliteStatement(m_db, stmt);
}

Result<SqliteStatement*> SqliteConnection::cached(const std::string& sql) {
    auto it = m_cache.find(sql);
    if (it != m_cache.end()) {
        it->second->reset();
        return it->second.get();
    }
    auto st = prepare(sql);
    if (!st)
        return st.error();
    auto* p = new SqliteStatement(std::move(*st));
    m_cache.emplace(sql, std::unique_ptr<SqliteStatement>(p));
    return p;
}

Result<std::int64_t> SqliteConnection::queryInt(const std::string& sql) {
    auto st = prepare(sql);
    if (!st)
        return st.error();
    auto r = st->step();
    if (!r)
        return r.error();
    return *r ? st->int64At(0) : 0;
}

std::int64_t SqliteConnection::lastInsertRowid() const {
    return sqlite3_last_insert_rowid(m_db);
}

std::int64_t SqliteConnection::changes() const {
    return sqlite3_changes(m_db);
}

} // namespace kwb
