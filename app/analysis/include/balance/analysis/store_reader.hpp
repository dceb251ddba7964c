#pragma once
// Reads a results store for the reports: tournament::ResultStore (the one SQLite reader and
// writer, tournament/RESULTS_SCHEMA.md, schema 1 or 2) opened read-only, with each game's engine
// failure (if any) taken out of details_json. Every report, value fit and SPRT is recomputed
// from these rows, so statistics can improve without replaying a single game.

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "balance/core/error.hpp"
#include "balance/tournament/store.hpp"

namespace balance::analysis {

using StoredRun = tournament::RunRow;

// A stored game and who failed in it.
struct StoredGame : tournament::GameRow {
    // The side whose engine failed ("white" / "black") and how ("timeout", "crashed",
    // "illegal-move", ...): from details_json.failure, else from a "<side>-<status>"
    // termination; empty when the game did not end by an engine failure.
    std::string failure_side;
    std::string failure_status;
    // Points variants: the board's result (White's score: the mated side loses, a draw is
    // 1/2) from details_json.board_score; white_score is then the result by points. nullopt
    // for every other game (white_score is the board's result).
    std::optional<double> board_white_score;
    // The opening missed the sweep's imbalance window: the closest of its draws was played
    // (tournament::OpeningMisses).
    bool opening_missed = false;
};

struct Store {
    std::filesystem::path path;
    std::vector<StoredRun> runs;
    std::vector<StoredGame> games;  // ordered by cell_key, then game_index
    // Attempts voided because an engine could not be started (table failed_games): no results.
    std::vector<tournament::FailedGameCount> failed_attempts;
    // The rules the games were played under (empty for schema 1): VariantCatalog's source.
    std::vector<tournament::RuleSpecRow> specs;
};

// Opens `path` read-only and reads every run and game. Errors name the file: missing file, not
// a results database, a schema this balance does not read, a white_score outside [0, 1].
[[nodiscard]] Result<Store> read_store(const std::filesystem::path& path);

// The failure encoded in a termination such as "black-illegal-move": {"black", "illegal-move"};
// empty strings when the game did not end by an engine failure.
struct FailureTag {
    std::string side;
    std::string status;
};
[[nodiscard]] FailureTag failure_from_termination(const std::string& termination);

}  // namespace balance::analysis
