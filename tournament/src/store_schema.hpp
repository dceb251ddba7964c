#pragma once
// Creating, migrating and checking the results schema (tournament/RESULTS_SCHEMA.md, version
// kSchemaVersion).

#include "balance/core/error.hpp"
#include "balance/tournament/store.hpp"
#include "sqlite_database.hpp"

namespace balance::tournament {

// Refuses a database that is not ours or that this balance cannot write (touching nothing), sets
// WAL and synchronous=FULL, then creates the tables in a new database, migrates a schema-1
// database (its rules from `resolver`; none: refused) or checks the version of a current one.
// Returns the version the database has afterwards (kSchemaVersion).
[[nodiscard]] Result<int> prepare_schema(Database& db, const SpecResolver& resolver);

// Checks that an existing database has a schema this balance reads (kOldestSchemaVersion up to
// kSchemaVersion) and returns it (for read-only use, which never migrates), or kEmptyDatabase
// for a SQLite file without tables (an empty file included).
[[nodiscard]] Result<int> check_schema(Database& db);

}  // namespace balance::tournament
