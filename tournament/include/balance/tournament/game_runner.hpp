#pragma once
// One game between two Players: ask the side to move for a move, check it, play it, until the
// rules end the game, an adjudication rule does, or a player fails (a timeout, crash, illegal
// move or protocol error loses the game for that side).

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

struct GameRecord {
    std::string start_fen;           // where the players started (after the opening)
    std::vector<std::string> moves;  // UCI, from start_fen
    int winner = -1;                 // 0 White, 1 Black, -1 draw
    // checkmate, stalemate, ..., adjudication-*, or "<side>-<status>" ("black-timeout").
    std::string termination;
    std::vector<std::optional<int>> scores;  // per ply, White's view; nullopt when unknown
    // Points variants (Stylish chess): the final points [White, Black] and White's score by
    // them (winner/termination stay the board's result). A failing player loses by points too.
    std::optional<core::Points> points;
    double points_white_score = 0.5;
    std::optional<GameFailure> failure;
    double think_seconds[2] = {0.0, 0.0};  // time inside choose_move, per side
    std::uint64_t nodes[2] = {0, 0};
    double seconds = 0.0;  // the whole game, wall clock

    [[nodiscard]] std::string result() const;  // "1-0", "0-1", "1/2-1/2"
    [[nodiscard]] double white_score() const;  // 1, 0.5, 0
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
