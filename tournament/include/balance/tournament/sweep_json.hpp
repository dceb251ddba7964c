#pragma once
// The JSON texts stored with runs and games: the resolved sweep (runs.config_json, compared to
// refuse mixing two sweeps in one database), player settings (games.players_json, part of
// runs.engines_json) and per-game details (games.details_json).

#include <optional>
#include <string>
#include <vector>

#include "balance/tournament/game_runner.hpp"
#include "balance/tournament/sweep.hpp"

namespace balance::tournament {

// Every setting that decides which games are played and how, defaults included, with keys in a
// fixed order; not the sweep file's path (shards run elsewhere must still match).
[[nodiscard]] std::string config_json(const Sweep& sweep);

// A player's evaluation weights as its settings store them (`eval_weights`): {"terms": {key:
// [mg, eg] or one number}, "pieces": {name: {term: [mg, eg]}}}.
[[nodiscard]] std::string eval_weights_json(const players::engine::EvalWeights& weights);

// The top-level settings in which two config_json texts differ, comma-separated in the first
// one's key order ("seed, players"); empty when they describe the same games. The sizes
// (games_per_cell, rung_gap_games) are not compared: a game's key and seed depend only on its cell
// and index, so raising them extends a study with new games and leaves the stored ones as they are.
// A text that is not a JSON object differs in "(the whole configuration)".
[[nodiscard]] std::string config_differences(const std::string& a, const std::string& b);

// {"white": {settings}, "black": {settings}}.
[[nodiscard]] std::string players_json(const PlayerSpec& white, const PlayerSpec& black);

// {"<player name>": {"type": ..., "id": <identity>, settings...}, ...}; `ids` parallel to
// sweep.players ("" for players that were not started).
[[nodiscard]] std::string engines_json(const Sweep& sweep, const std::vector<std::string>& ids);

// What the imbalance filter found of a game's opening (Opening's fields).
struct OpeningScore {
    int imbalance_cp = 0;  // White's view, less the centre
    int centre_cp = 0;
    bool missed = false;
};

// {"failure": {...} (only after a failure), "scores": [...], "think_ms": [w, b],
//  "nodes": [w, b], and when the filter scored the opening "opening_imbalance_cp",
//  "opening_centre_cp" and "opening_missed"}.
[[nodiscard]] std::string details_json(const GameRecord& record,
                                       const std::optional<OpeningScore>& opening);

// "<status>: <detail>" of the failure a details_json text records ("illegal-move: ..."); empty
// when it records none or is not JSON.
[[nodiscard]] std::string failure_detail(const std::string& details_json);

}  // namespace balance::tournament
