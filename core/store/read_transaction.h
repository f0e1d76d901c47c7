#pragma once
// A read transaction: everything read until it ends sees one snapshot of the project (WAL),
// however other processes write meanwhile. Writers are not blocked. Exports hold one so that
// every row comes from the same moment. Ends (COMMIT) when destroyed.
#include "core/model/error.h"

namespace kwb {

class SqliteConnection;

class ReadTransaction {
public:
    static Result<ReadTransaction> begin(SqliteConnection& db);
    ReadTransaction(ReadTransaction&& o) noexcept : m_db(o.m_db) { o.m_db = nullptr; }
    ReadTransaction& operator=(ReadTransaction&&) = delete;
    ReadTransaction(const ReadTransaction&) = delete;
    ~ReadTransaction();

private:
    explicit ReadTransaction(SqliteConnection* db) : m_db(db) {}
    SqliteConnection* m_db = nullptr;
};

} // namespace kwb
