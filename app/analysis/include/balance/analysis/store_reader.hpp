#pragma once
// Reads a results store for the reports: tournament::ResultStore (the one SQLite reader and
// writer, tournament/RESULTS_SCHEMA.md, schema 1 or 2) opened read-only, with each game's engine
// failure (if any) taken out of details_json. Every report, value fit and SPRT is recomputed
// from these rows, so statistics can improve without replaying a single game.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
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
    // What was played (played_fingerprint of the start position, opening and moves), to count
    // repeated games: read_store sets it, also when it leaves the moves out; a game made
    // otherwise has none, and its fields give it.
    std::optional<std::uint64_t> fingerprint;
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

// What read_store keeps of each game's long text (tournament::PlayedText).
enum class GameText {
    Kept,  // all of it: piece values and anything else that replays or shows the games
    // None of it (start_fen, opening, moves and details_json left empty): a report without piece
    // values needs only what read_store takes from that text itself (the failure, the board's
    // score, the opening miss, the fingerprint). A fraction of the memory and time.
    Dropped,
};

// Opens `path` read-only and reads every run and game. Errors name the file: missing file, not
// a results database, a schema this balance does not read, a white_score outside [0, 1].
[[nodiscard]] Result<Store> read_store(const std::filesystem::path& path,
                                       GameText text = GameText::Kept);

// A store read and kept, then read again where the last read stopped: games are only ever added
// to a store, so each later read takes only the games stored since (and the runs, failed
// attempts and rules whole, which are few). A store that changed otherwise (another file in its
// place, fewer games than it counts) is read whole again. What `balance serve` keeps per
// database, so that a new game costs its page one row read, not the whole store.
class StoreFollower {
  public:
    StoreFollower(std::filesystem::path path, GameText text) : path_(std::move(path)), text_(text) {
        store_.path = path_;
    }

    // The store as it is now (valid until the next update). Errors as read_store's; after one,
    // the next update reads the store whole.
    [[nodiscard]] Result<const Store*> update();
    // The games the last update read: every game, or those stored since the update before.
    [[nodiscard]] std::int64_t games_read() const { return games_read_; }
    // Whether the last update read the store whole (the first, or the store changed otherwise).
    [[nodiscard]] bool read_whole() const { return read_whole_; }
    // The store's stamp the last update read it up to (its games are those up to
    // stamp().last_game).
    [[nodiscard]] const tournament::StoreStamp& stamp() const { return stamp_; }

  private:
    std::filesystem::path path_;
    GameText text_;
    Store store_;
    std::int64_t last_rowid_ = 0;                                  // the largest rowid read
    std::optional<std::pair<std::uint64_t, std::uint64_t>> file_;  // device and inode, when read
    std::int64_t games_read_ = 0;
    bool read_whole_ = false;
    tournament::StoreStamp stamp_;
};

// A game's identity for counting repeats: a 64-bit hash of what was played (a collision among a
// cell's games is ~n^2 / 2^65: never in practice).
[[nodiscard]] std::uint64_t played_fingerprint(std::string_view start_fen, std::string_view opening,
                                               std::string_view moves);

// The failure encoded in a termination such as "black-illegal-move": {"black", "illegal-move"};
// empty strings when the game did not end by an engine failure.
struct FailureTag {
    std::string side;
    std::string status;
};
[[nodiscard]] FailureTag failure_from_termination(const std::string& termination);

}  // namespace balance::analysis
