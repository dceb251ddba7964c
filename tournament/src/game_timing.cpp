#include "balance/tournament/game_timing.hpp"

#include "sqlite_database.hpp"

namespace balance::tournament {

Result<GameTiming> game_timing(const std::filesystem::path& file) {
    auto db = Database::open(file, Database::Mode::ReadOnly);
    if (!db) return db.error();
    auto tables = (*db)->prepare("SELECT count(*) FROM sqlite_master WHERE name = 'games'");
    if (!tables) return tables.error();
    if (tables->step() != SQLITE_ROW) return (*db)->error("reading the schema");
    if (tables->integer(0) == 0) return GameTiming{};
    auto stmt = (*db)->prepare("SELECT count(*), coalesce(sum(duration_ms), 0) FROM games");
    if (!stmt) return stmt.error();
    if (stmt->step() != SQLITE_ROW) return (*db)->error("counting the games");
    return GameTiming{stmt->integer(0), stmt->integer(1)};
}

}  // namespace balance::tournament
