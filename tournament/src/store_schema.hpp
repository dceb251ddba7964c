#pragma once
// Creating and checking the results schema (notes/RESULTS_SCHEMA.md, version kSchemaVersion).

#include "balance/core/error.hpp"
#include "sqlite_database.hpp"

namespace balance::tournament {

// Refuses a database that is not ours (touching nothing), sets WAL and synchronous=FULL, then
// creates the tables in a new database or checks the
// version of an existing one.
[[nodiscard]] Result<void> prepare_schema(Database& db);

// Checks that an existing database has our schema version (for read-only use).
[[nodiscard]] Result<void> check_schema(Database& db);

}  // namespace balance::tournament
