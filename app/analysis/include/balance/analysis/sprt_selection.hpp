#pragma once
// Which stored games an SPRT looks at, and how they are counted. A pairing (--white A --black B)
// pools the cells A-B and B-A from A's point of view; a single cell (--cell KEY, or
// --one-colour) is White's score in that cell. Games are counted as game pairs (pentanomial)
// when the sweep paired openings: the A-B and B-A games with the same game_index start from the
// same opening (equal `opening` moves and equal board in start_fen) and the openings vary.
// Otherwise each game counts alone (trinomial). The output says which, and why.

#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "balance/analysis/store_reader.hpp"
#include "balance/analysis/variant_catalog.hpp"
#include "balance/core/error.hpp"
#include "balance/stats/counts.hpp"

namespace balance::analysis {

struct SprtQuery {
    std::string cell;   // a cell_key; when set, the other fields are ignored
    std::string white;  // army names or aliases
    std::string black;
    std::string rules;        // "" = defaults
    std::string variant;      // empty: whichever variant has the armies (must be unique)
    std::string player;       // empty: any players (must be unique)
    bool one_colour = false;  // only the cell with `white` as White
    bool force_trinomial = false;
};

struct SprtSample {
    std::string variant;
    std::string rules;
    std::string side;  // whose score is tested (canonical army name)
    std::string opponent;
    std::string players;  // label
    std::string scope;    // "both colour orders" / "A White only" / "cell <key>"
    std::int64_t side_white_games = 0;
    std::int64_t side_black_games = 0;
    stats::Wdl wdl;                           // every selected game, side's view
    std::optional<stats::Pentanomial> pairs;  // set when the games are paired by opening
    std::int64_t unpaired_games = 0;          // left out of the pair counts
    std::string model_reason;                 // why pentanomial / trinomial
};

// Errors: no matching games (the message lists what the store has), an ambiguous selection.
[[nodiscard]] Result<SprtSample> select_sprt_sample(std::span<const StoredGame> games,
                                                    const SprtQuery& query,
                                                    VariantCatalog& catalog);

}  // namespace balance::analysis
