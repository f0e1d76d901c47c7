#pragma once
// A prepared SQLite statement (RAII): bind, step, read columns. Owned by one thread at a time.
// Binding mistakes are programming errors; they are kept and reported by the next step().
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/model/error.h"

struct sqlite3;
struct sqlite3_stmt;

namespace kwb {

class SqliteStatement {
public:
    SqliteStatement() = default;
    SqliteStatement(sqlite3* db, sqlite3_stmt* stmt) : m_db(db), m_stmt(stmt) {}
    SqliteStatement(SqliteStatement&& o) noexcept;
    SqliteStatement& operator=(SqliteStatement&& o) noexcept;
    SqliteStatement(const SqliteStatement&) = delete;
    SqliteStatement& operator=(const SqliteStatement&) = delete;
    ~SqliteStatement();

    // Parameters count from 1, as in SQLite.
    SqliteStatement& bind(int index, std::int64_t v);
    SqliteStatement& bind(int index, int v) { return bind(index, std::int64_t(v)); }
    SqliteStatement& bind(int index, double v);
    SqliteStatement& bind(int index, std::string_view text);
    SqliteStatement& bind(int index, const char* text) {
        return bind(index, std::string_view(text));
    }
    SqliteStatement& bind(int index, const std::string& text) {
        return bind(index, std::string_view(text));
    }
    SqliteStatement& bind(int index, std::nullptr_t);
    SqliteStatement& bindBlob(int index, const void* data, std::size_t size);
    template <typename T> SqliteStatement& bind(int index, const std::optional<T>& v) {
        return v ? bind(index, *v) : bind(index, nullptr);
    }

    // true: a row is ready to read; false: done. Errors carry SQLite's message.
    Result<bool> step();
    // Steps to the end (for statements that return no rows) and resets.
    Status run();
    // Ready to run again; bindings are cleared.
    void reset();

    bool isNull(int col) const;
    std::int64_t int64At(int col) const;
    double doubleAt(int col) const;
    std::string textAt(int col) const;
    std::string_view blobAt(int col) const;
    std::optional<std::int64_t> optionalInt64At(int col) const;
    std::optional<double> optionalDoubleAt(int col) const;

private:
    sqlite3* m_db = nullptr;
    sqlite3_stmt* m_stmt = nullptr;
    int m_bindError = 0;
};

// Maps an SQLite result code to an Error with a stable code ("project-busy", "project-corrupt",
// "disk-full", "constraint", "database-error") and SQLite's message.
Error sqliteError(sqlite3* db, int rc, const std::string& what);

} // namespace kwb
