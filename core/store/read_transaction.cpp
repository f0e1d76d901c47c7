#include "core/store/read_transaction.h"

#include "core/store/sqlite_connection.h"

namespace kwb {

Result<ReadTransaction> ReadTransaction::begin(SqliteConnection& db) {
    // BEGIN is deferred: the snapshot starts with the first read, made here at once.
    if (auto s = db.exec("BEGIN; SELECT count(*) FROM project_meta;"); !s)
        return s.error();
    return ReadTransaction(&db);
}

ReadTransaction::~ReadTransaction() {
    if (m_db)
        (void)m_db->exec("COMMIT");
}

} // namespace kwb
