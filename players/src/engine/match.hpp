#pragma once
// Plays one game between two Players: the smallest driver for smoke runs, strength checks and
// tests (the tournament module has the real, parallel one).

#include <cstdint>
#include <string>
#include <vector>

#include "balance/core/game.hpp"
#include "balance/players/player.hpp"

namespace balance::players::engine {

struct GameRecord {
    core::Outcome outcome;                // termination None: stopped at max_plies or by a failure
    int winner = -1;                      // 0 White, 1 Black, -1 draw / unfinished
    bool truncated = false;               // max_plies reached before the game ended
    MoveStatus failure = MoveStatus::Ok;  // a player failed: it loses (winner is the other)
    std::string detail;
    std::string start_fen;
    std::vector<core::Move> moves;
    std::vector<std::string> uci;     // the moves as UCI text
    std::uint64_t nodes[2] = {0, 0};  // search nodes reported by each side
};

// Plays from `start` until the game ends or `max_plies` plies have been played. Every reply is
// checked against the legal moves; an illegal reply or a failure loses the game for that side.
// Each move uses `seed` (engines mix it with the position, so moves still differ).
[[nodiscard]] GameRecord play_game(Player& white, Player& black, core::Game start,
                                   const SearchLimits& limits, std::uint64_t seed, int max_plies);

}  // namespace balance::players::engine
