#pragma once
// A write transaction (BEGIN IMMEDIATE): takes the project's write lock at once, waiting up to
// the connection's busy timeout, so two writers queue instead of failing halfway. Rolls back
// unless commit() succeeded. Keep them short: the GUI and a kwb batch share the lock.
#include <memory>

#include "core/model/error.h"

namespace kwb {

class SqliteConnection;

class WriteTransaction {
public:
    static Result<WriteTransaction> begin(SqliteConnection& db);
    WriteTransaction(WriteTransaction&& o) noexcept : m_db(o.m_db) { o.m_db = nullptr; }
    WriteTransaction& operator=(WriteTransaction&&) = delete;
    WriteTransaction(const WriteTransaction&) = delete;
    ~WriteTransaction();

    Status commit();

private:
    explicit WriteTransaction(SqliteConnection* db) : m_db(db) {}
    SqliteConnection* m_db = nullptr; // null once committed or rolled back
};

} // namespace kwb
