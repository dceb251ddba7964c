#pragma once
// Piece values from material-odds games (H. G. Muller's method): a game whose start position
// lacks one piece of one side measures what that piece is worth in Elo; pawn-odds games (the
// calibration piece removed) give the Elo of a pawn, and value(X) = Elo(X odds) / Elo(pawn odds)
// in pawns (stats::piece_value_from_odds, Fieller interval).
//
// Which piece a game's odds are is read from its start FEN: its material is compared with the
// pairing's normal start array. Exactly one piece missing on one side makes an odds game of
// that piece; one piece X missing on one side and a set S on the other makes a compensated-odds
// game of X (Muller's way to measure a piece whose plain odds win almost every game): value(X)
// = (Elo of the X side + the plain-odds Elos of S's pieces) / Elo(pawn odds), so every piece of
// S needs plain-odds games of its own (stats::piece_value_from_compensated_odds). Equal material
// is an ordinary game (not used here); anything else is skipped and counted. So an odds sweep's
// openings must not capture (or the capture would count as odds). Scores are from the view of the
// side that HAS the extra material; games with the piece removed from White and from Black are
// pooled (both colours, so White's first move averages out when the two are played equally often;
// the split is reported).

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "balance/analysis/store_reader.hpp"
#include "balance/analysis/variant_catalog.hpp"
#include "balance/core/error.hpp"
#include "balance/stats/counts.hpp"
#include "balance/stats/odds_values.hpp"

namespace balance::analysis {

struct OddsRow {
    std::string piece;
    std::map<std::string, int> against;  // compensated odds: what the other side gave up
    double documented = 0.0;
    stats::Wdl advantaged;                // from the view of the side with the extra material
    std::int64_t removed_from_white = 0;  // games (White gave the odds)
    std::int64_t removed_from_black = 0;
    std::optional<stats::PieceValue> value;  // in calibration units, times unit_value
    std::string error;                       // why there is no value
};

struct OddsValues {
    std::string calibration;    // the pawn whose odds calibrate the scale
    double unit_value = 1.0;    // its value in the output (documented value, or as given)
    std::vector<OddsRow> rows;  // calibration first, then variant order (plain, then compensated)
    std::int64_t ordinary_games = 0;  // no odds (equal material)
    std::int64_t skipped_games = 0;   // other material differences, engine failures, bad FEN
    double confidence = 0.95;
};

// A row's name: the piece, and for compensated odds what the other side gave up
// ("queen against 2 x knight + bishop").
[[nodiscard]] std::string odds_row_label(const std::string& piece,
                                         const std::map<std::string, int>& against);

// Odds values of one variant's games. `calibration` empty: the first pawn-role piece.
// Errors: the variant cannot be loaded, the calibration piece is unknown, no calibration games.
[[nodiscard]] Result<OddsValues> odds_values(std::span<const StoredGame> games,
                                             const std::string& variant, VariantCatalog& catalog,
                                             const std::string& calibration,
                                             std::optional<double> unit_value, double confidence);

// Whether at least half of `games` (of `variant`, not failed) start, after their openings, with
// other material than their armies' start array: games from a book of designed odds starts, for
// which the odds-starts fit is the one to use (random opening plies leave the material as it was
// in nearly every game; different armies are not odds). Errors: rules that cannot be compiled.
[[nodiscard]] Result<bool> mostly_odds_starts(std::span<const StoredGame> games,
                                              const std::string& variant, VariantCatalog& catalog);

}  // namespace balance::analysis
