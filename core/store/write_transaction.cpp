#include "core/store/write_transaction.h"

#include "core/store/sqlite_connection.h"

namespace kwb {

Result<WriteTransaction> WriteTransaction::begin(SqliteConnection& db) {
    if (auto s = db.exec("BEGIN IMMEDIATE"); !s)
        return s.error();
    return WriteTransaction(&db);
}

WriteTransaction::~WriteTransaction() {
    if (m_db)
        (void)m_db->exec("ROLLBACK");
}

Status WriteTransaction::commit() {
    if (!m_db)
        return Error::make("database-error", "the transaction is already finished");
    auto s = m_db->exec("COMMIT");
    if (!s) {
        (void)m_db->exec("ROLLBACK");
        m_db = nullptr;
        return s;
    }
    m_db = nullptr;
    return okStatus();
}

} // namespace kwb
