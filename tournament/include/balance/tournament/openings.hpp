#pragma once
// Where games start: the variant's start position, a few seeded random plies from it (optionally
// redrawn until a quick search scores the position within a window around the start's own
// score), or a position from an EPD/FEN book. The opening is a pure function of the opening seed
// and the game index.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "balance/core/game.hpp"
#include "balance/core/rules.hpp"
#include "balance/players/engine/engine.hpp"
#include "balance/tournament/sweep.hpp"

namespace balance::tournament {

struct Opening {
    core::Game game;    // at the position after the opening, the opening's moves in its history
    std::string moves;  // UCI moves from the variant start, space-separated ("" for a book)
    // The filter's score, White's view, less the window's centre; 0 when not filtered.
    int imbalance_cp = 0;
    int centre_cp = 0;    // the window's centre, White's view (OpeningSpec::centre)
    bool missed = false;  // no draw landed in the window: the closest one seen
};

// `evaluator` scores random openings for the imbalance filter; it may be null when the filter is
// off. Errors: a book position that does not fit the rules, or no random line of `plies` plies
// that leaves the game running. An opening that misses the window is returned marked `missed`
// whatever spec.on_miss says: refusing it is the caller's (it knows the game's cell).
[[nodiscard]] Result<Opening> make_opening(const OpeningSpec& spec, const core::AnyRules& rules,
                                           std::uint64_t seed, int index,
                                           players::engine::Engine* evaluator);

// Whether make_opening scores openings against a window (random plies, a window, an evaluator).
[[nodiscard]] bool filters_openings(const OpeningSpec& spec);

// The first draw of game `index`'s opening scored against the window, as make_opening would
// score it: what `balance check` samples to tell whether a window is met. nullopt when the draw
// ended the game (make_opening draws again then).
struct OpeningDraw {
    int imbalance_cp = 0;  // White's view, less the centre
    int centre_cp = 0;
    bool within = false;
};
[[nodiscard]] Result<std::optional<OpeningDraw>> first_opening_draw(
    const OpeningSpec& spec, const core::AnyRules& rules, std::uint64_t seed, int index,
    players::engine::Engine& evaluator);

// Reads an EPD or FEN file: one position per line; blank lines and lines starting with '#' are
// skipped; EPD operations after the four position fields are dropped and "0 1" clocks added.
[[nodiscard]] Result<std::vector<std::string>> read_book(const std::string& file);

// One EPD or FEN line as a FEN: EPD operations after the four position fields dropped, "0 1"
// clocks added when missing.
[[nodiscard]] std::string epd_to_fen(const std::string& line);

}  // namespace balance::tournament
