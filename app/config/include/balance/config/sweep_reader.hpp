#pragma once
// The sweep file reader: configs/sweeps/*.toml -> tournament::Sweep, with every default filled
// in and every rule set loaded through the variant loader. Strict like the variant reader:
// unknown keys are errors with a nearest-name suggestion, and every error names file:line.
//
// Top level
//   name            sweep name (default: the file name); names the database results/<name>.db
//   description     one line of text
//   variant         variant name or file (required)
//   seed            master seed (1); every game's seed derives from it and the game's key
//   pairings        "all" (default: every White army x Black army the variant allows) or a list
//                   of [white, black] army names
//   rule_sets       { <name> = [options...], ... } (default { baseline = [] })
//   matchups        list of [white player, black player] (default: the only player vs itself);
//                   laddered players expand rung by rung (balance/tournament/ladder.hpp)
//   games_per_cell  games in every cell; or instead an [adaptive] table
//   rung_gap_games  games per rung-gap cell: neighbouring rungs of a self-playing ladder
//                   against each other, both colours, mirror pairings only (fixed mode)
// Tables: [players.<name>] (config/sweep_players.hpp); [openings], [adjudication], [adaptive]
// (config/sweep_sections.hpp).

#include <filesystem>

#include "balance/core/error.hpp"
#include "balance/tournament/sweep.hpp"

namespace balance::config {

[[nodiscard]] Result<tournament::Sweep> load_sweep(const std::filesystem::path& file);

}  // namespace balance::config
