#pragma once
// Strength ladders: a player's search limit given as a list of values, each value a rung with
// cells of its own.
//
//   [players.balance]  nodes = [4000, 16000, 64000]   ->  players "balance:nodes=4000",
//                                                          "balance:nodes=16000", ...
//
// Matchups are written with the sweep file's names and expand rung by rung:
//   * a plain player against a plain player: as written;
//   * a laddered player against a plain one (either colour): every rung against it;
//   * two laddered players (itself included: self-play): rung i against rung i, so both
//     ladders need the same number of rungs. A mixed matchup of two ladders thus compares the
//     players at matching strength steps (our nodes rung i against Fairy-Max's depth rung i),
//     not every rung against every rung.
// Rung gaps (Sweep::rung_gap_games > 0): for every ladder in a self-play matchup, neighbouring
// rungs i and i+1 against each other, both colour orders, so a report can say what a step up
// the ladder buys in Elo.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "balance/core/error.hpp"
#include "balance/tournament/sweep.hpp"

namespace balance::tournament {

// "balance:nodes=4000".
[[nodiscard]] std::string rung_name(const std::string& player, const std::string& limit,
                                    std::int64_t value);

// A rung's name taken apart; nullopt for a plain player's name.
struct RungName {
    std::string player;  // "balance"
    std::string limit;   // "nodes", "depth" or "movetime_ms"
    std::int64_t value = 0;
};
[[nodiscard]] std::optional<RungName> parse_rung_name(const std::string& name);

// One player per value of `limit` ("nodes", "depth" or "movetime_ms"), from `base` (its other
// settings); values must be distinct and ascending (weakest first).
[[nodiscard]] Result<std::vector<PlayerSpec>> make_rungs(const PlayerSpec& base,
                                                         const std::string& limit,
                                                         const std::vector<std::int64_t>& values);

// The players a sweep file's name stands for: its rungs in order, or the one plain player.
[[nodiscard]] std::vector<const PlayerSpec*> players_named(const std::vector<PlayerSpec>& players,
                                                           const std::string& written);

// The written matchups expanded rung by rung (see above), plus the rung-gap matchups when
// `rung_gaps`. Errors name the matchup whose ladders differ in length.
[[nodiscard]] Result<std::vector<Matchup>> expand_matchups(const std::vector<PlayerSpec>& players,
                                                           const std::vector<Matchup>& written,
                                                           bool rung_gaps);

}  // namespace balance::tournament
