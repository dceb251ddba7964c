#pragma once
// Where games start: the variant's start position, a few seeded random plies from it (optionally
// redrawn until a quick search calls the position roughly level), or a position from an EPD/FEN
// book. The opening is a pure function of the opening seed and the game index.

#include <cstdint>
#include <string>
#include <vector>

#include "balance/core/game.hpp"
#include "balance/core/rules.hpp"
#include "balance/players/engine/engine.hpp"
#include "balance/tournament/sweep.hpp"

namespace balance::tournament {

struct Opening {
    core::Game game;       // at the position after the opening, the opening's moves in its history
    std::string moves;     // UCI moves from the variant start, space-separated ("" for a book)
    int imbalance_cp = 0;  // the filter's score (side to move's view); 0 when not filtered
};

// `evaluator` scores random openings for the imbalance filter; it may be null when the filter is
// off. Errors: a book position that does not fit the rules, or no random line of `plies` plies
// that leaves the game running.
[[nodiscard]] Result<Opening> make_opening(const OpeningSpec& spec, const core::AnyRules& rules,
                                           std::uint64_t seed, int index,
                                           players::engine::Engine* evaluator);

// Reads an EPD or FEN file: one position per line; blank lines and lines starting with '#' are
// skipped; EPD operations after the four position fields are dropped and "0 1" clocks added.
[[nodiscard]] Result<std::vector<std::string>> read_book(const std::string& file);

// One EPD or FEN line as a FEN: EPD operations after the four position fields dropped, "0 1"
// clocks added when missing.
[[nodiscard]] std::string epd_to_fen(const std::string& line);

}  // namespace balance::tournament
