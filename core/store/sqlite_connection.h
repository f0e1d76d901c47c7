#pragma once
// One SQLite connection (RAII) with a cache of prepared statements. Not shared between
// threads: whoever owns the ProjectStore owns this connection.
#include <filesystem>
#include <map>
#include <memory>
#include <string>

#include "core/model/error.h"
#include "core/store/sqlite_statement.h"

struct sqlite3;

namespace kwb {

class SqliteConnection {
public:
    // Immutable: read-only, and SQLite is told nothing can change the file (no locks, no -shm):
    // for a file on read-only media, which a WAL database could not otherwise be read from.
    enum class Mode { ReadOnly, ReadWrite, Create, Immutable };

    static Result<std::unique_ptr<SqliteConnection>> open(const std::filesystem::path& path,
                                                          Mode mode);
    ~SqliteConnection();
    SqliteConnection(const SqliteConnection&) = delete;
    SqliteConnection& operator=(const SqliteConnection&) = delete;

    sqlite3* handle() const { return m_db; }
    // Runs one or more statements that return no rows.
    Status exec(const std::string& sql);
    Result<SqliteStatement> prepare(const std::string& sql);
    // A prepared statement kept for the connection's life, reset and ready to bind.
    Result<SqliteStatement*> cached(const std::string& sql);
    // The first column of the first row of a query, as an integer (0 when there is no row).
    Result<std::int64_t> queryInt(const std::string& sql);
    std::int64_t lastInsertRowid() const;
    // Rows the latest INSERT, UPDATE or DELETE changed.
    std::int64_t changes() const;

private:
    explicit SqliteConnection(sqlite3* db) : m_db(db) {}
    sqlite3* m_db = nullptr;
    std::map<std::string, std::unique_ptr<SqliteStatement>> m_cache;
};

} // namespace kwb
