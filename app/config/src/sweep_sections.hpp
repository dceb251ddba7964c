#pragma once
// Reading a sweep file's [openings], [adjudication] and [adaptive] tables.
//
//   [openings]      type = "none" (default) | "random-plies" | "book"
//     random-plies: plies (required), max_imbalance_cp (0 = no filter), min_imbalance_cp (0;
//                   at most max_imbalance_cp), imbalance_nodes (2000; at most
//                   1,000,000), attempts (50)
//     book:         file (EPD or FEN, one position per line; relative to the sweep file) or
//                   positions (inline); plies (0: random plies after the book position), and
//                   with plies the filter keys above, measured from the book position's score
//   [adjudication]  max_plies (400; 0 = off)
//     [adjudication.resign]  enabled (true), score_cp (800), moves (4)
//     [adjudication.draw]    enabled (true), score_cp (15), moves (10), after_ply (80)
//   [adaptive]      target_half_width (required), budget (required), initial_games (20),
//                   wave_games (200)

#include <filesystem>
#include <string>

#include <toml++/toml.h>

#include "balance/core/error.hpp"
#include "balance/tournament/sweep.hpp"

namespace balance::config {

// `dir`: the sweep file's directory, for relative book paths.
[[nodiscard]] Result<tournament::OpeningSpec> read_openings(const toml::table& table,
                                                            const std::string& file,
                                                            const std::filesystem::path& dir);
[[nodiscard]] Result<tournament::AdjudicationSpec> read_adjudication(const toml::table& table,
                                                                     const std::string& file);
[[nodiscard]] Result<tournament::AdaptiveSpec> read_adaptive(const toml::table& table,
                                                             const std::string& file);

}  // namespace balance::config
