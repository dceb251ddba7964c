#pragma once
// Reading a sweep file's [players.<name>] tables into tournament::PlayerSpec.
//
//   [players.<name>]   type = "engine" | "random" | "greedy" | "uci" | "xboard"
//     limits (engine, uci, xboard; at least one):  nodes, depth, movetime_ms; one of them
//                      may be a list, a strength ladder: nodes = [4000, 16000] makes players
//                      "<name>:nodes=4000", ... (balance/tournament/ladder.hpp)
//     engine:          hash_mb (16; at most: a node-limited search uses 64 bytes per node,
//                      at least 1 MB), random_plies (8), random_margin_cp (25),
//                      eval ("full" | "material": piece values alone),
//                      values (piece values it plays by: an inline table or a values file;
//                      balance/config/piece_values_reader.hpp)
//     uci, xboard:     command (program, required), args ([]), working_dir (""),
//                      options ({ Name = value, ... }), variant (""; may hold {white} and
//                      {black}: the game's armies, renamed by army_names = { ours = "theirs" }),
//                      timeout_margin_ms (2000)
//     uci only:        variant_path (Fairy-Stockfish VariantPath, "")

#include <filesystem>
#include <string>
#include <vector>

#include <toml++/toml.h>

#include "balance/core/error.hpp"
#include "balance/tournament/sweep.hpp"

namespace balance::config {

// What reading players needs from the sweep: its file (named in messages), its directory (for
// relative values files) and the variant (its armies for army_names, its pieces for values).
struct PlayerContext {
    std::string file;
    std::filesystem::path dir;
    const core::VariantSpec& variant;
};

// The players in file order, a laddered player as its rungs.
[[nodiscard]] Result<std::vector<tournament::PlayerSpec>> read_players(
    const toml::table& players, const PlayerContext& context);

}  // namespace balance::config
