#pragma once
// The project file's schema: PRAGMA application_id marks a Kernel Workbench project and
// PRAGMA user_version is its schema version. Migrations only go forward, each in one
// transaction with its data backfill, so a project is always at one version or the next.
#include <string>

#include "core/model/error.h"

namespace kwb {

class SqliteConnection;

namespace project_schema {

inline constexpr int kApplicationId = 0x4B575042; // "KWPB"
inline constexpr int kCurrentVersion = 5;

// Brings a project at `from` (0: empty file) up to `to` (<= kCurrentVersion), one step per
// transaction. Versions: 1 tasks, samples, verifications, reviews, exact duplicates;
// 2 near duplicates (MinHash) and full-text search over samples; 3 generations (every answer of
// a teacher model with its run, turn, repair link and cost, code or not); 4 evaluation runs and
// their cells.
Status migrate(SqliteConnection& db, int from, int to = kCurrentVersion);

// Tables every project at `version` has (for the structural check on open).
const char* const* requiredTables(int version);

} // namespace project_schema
} // namespace kwb
