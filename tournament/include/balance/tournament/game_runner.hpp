#pragma once
// One game between two Players: ask the side to move for a move, check it, play it, until the
// rules end the game, an adjudication rule does, a player resigns, or a player fails (a timeout,
// crash, illegal move or protocol error loses the game for that side). A player whose engine
// cannot be started at all (MoveStatus::Unavailable) ends the game without a result: it is void.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "balance/core/game.hpp"
#include "balance/players/player.hpp"
#include "balance/tournament/sweep.hpp"

namespace balance::tournament {

struct GameFailure {
    int side = 0;  // 0 White, 1 Black: the side that failed and lost
    players::MoveStatus status = players::MoveStatus::Ok;
    std::string detail;
};

// A finished game's result as a value, the same from the game to the store to every reader:
// White's score in [0, 1] (1 a win, 0 a loss, 1/2 a draw, or any share between for a rule set
// that scores games), how the game ended and, where the rule set defines them, its points.
struct GameResult {
    double white_score = 0.5;
    // checkmate, stalemate, ..., adjudication-*, or "<side>-<status>" ("black-timeout").
    std::string termination;
    std::optional<double> white_points;  // nullopt: the rule set has no scoring
    std::optional<double> black_points;
    // A rule set that scores games (Stylish chess) decides white_score by points; the board's
    // result (the mated side loses, a draw is 1/2) is kept here. nullopt: white_score is the
    // board's result.
    std::optional<double> board_white_score;

    // A decided game: `winner` 0 White, 1 Black, -1 a draw.
    [[nodiscard]] static GameResult decided(int winner, std::string termination);
    // "1-0", "0-1", "1/2-1/2"; any other score as White's and Black's shares, "0.75-0.25".
    [[nodiscard]] std::string text() const;
};

struct GameRecord {
    std::string start_fen;           // where the players started (after the opening)
    std::vector<std::string> moves;  // UCI, from start_fen
    GameResult result;
    std::vector<std::optional<int>> scores;  // per ply, White's view; nullopt when unknown
    std::optional<GameFailure> failure;
    // The game has no result: failure->status is Unavailable (the harness could not start an
    // engine), or Timeout of a node- or depth-limited search (the watchdog fired: the machine
    // starved the engine, the engine's play decided nothing). It must not be stored as a game,
    // only as a failed attempt, and is played again.
    bool void_game = false;
    double think_seconds[2] = {0.0, 0.0};  // time inside choose_move, per side
    std::uint64_t nodes[2] = {0, 0};
    double seconds = 0.0;  // the whole game, wall clock
};

struct SideSetup {
    players::Player* player = nullptr;
    players::SearchLimits limits;
};

// Plays from `game` (which may carry opening moves in its history, so players see the whole
// game). Both players get new_game() first and the same `seed` on every move (engines mix it
// with the position). A reply counts as scored when its depth is positive.
[[nodiscard]] GameRecord play_game(core::Game game, const SideSetup& white, const SideSetup& black,
                                   std::uint64_t seed, const AdjudicationSpec& adjudication);

}  // namespace balance::tournament
