#pragma once
// The evaluation's weights a player plays by (EngineOptions::eval_weights), read from an
// evaluation file named by a sweep player's `eval` key:
//
//   [players.tuned]
//   type = "engine"
//   nodes = 10000
//   eval = "configs/eval/chess.toml"   # "full" (the default) and "material" keep their meaning
//
// An evaluation file (what `balance tune` writes):
//
//   variant = "chess"          # required: the variant the weights are for
//   [terms]                    # general terms: [middlegame, endgame], or one number for a term
//   doubled_pawn = [-8, -16]   # with one phase (players/engine/eval_weights.hpp)
//   tempo = 10
//   [pieces.knight]            # per piece: material, mobility, centre, advance, king_attack,
//   material = [305, 290]      # each [middlegame, endgame]
//
// Terms and pieces it does not name keep the hand-set weights. Every weight is a whole number
// of centipawns; a fraction is rounded. Errors, naming the file and key: a file for another
// variant, an unknown term or piece (with a suggestion), a term a piece does not have (royal
// pieces have none, pawn-role pieces only material), a list of the wrong size, and a weight that
// is not a finite number within +-100000.

#include <filesystem>
#include <string>

#include "balance/core/error.hpp"
#include "balance/core/spec.hpp"
#include "balance/players/engine/eval_weights.hpp"

namespace balance::config {

[[nodiscard]] Result<players::engine::EvalWeights> load_eval_weights_file(
    const std::filesystem::path& path, const core::VariantSpec& spec);

// The variant an evaluation file is for (its `variant` key).
[[nodiscard]] Result<std::string> eval_file_variant(const std::filesystem::path& path);

// The text of an evaluation file holding every weight of `weights` (general terms and the
// pieces it names), `comment` above it as # lines.
[[nodiscard]] std::string eval_weights_toml(const players::engine::EvalWeights& weights,
                                            const core::VariantSpec& spec,
                                            const std::string& comment);

}  // namespace balance::config
