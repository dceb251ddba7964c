#pragma once
// Before a sweep plays (and in `balance check`): every fairy-stockfish player's definitions,
// written for each rule set and army pairing it plays, verified against our move generation
// (players/external/fairy_stockfish_verify.hpp), so that what Fairy-Stockfish misreads is refused
// before any game rather than charged to it game by game. Verdicts are cached in the temporary
// directory: only the first check of a set of rules starts the engine.

#include <string>
#include <vector>

#include "balance/core/error.hpp"
#include "balance/tournament/sweep.hpp"

namespace balance::tournament {

// Notes on what was verified (empty when the sweep has no fairy-stockfish player in a matchup),
// or the first refusal, naming the player, the pairing and the rules.
[[nodiscard]] Result<std::vector<std::string>> verify_fairy_stockfish_players(const Sweep& sweep);

}  // namespace balance::tournament
