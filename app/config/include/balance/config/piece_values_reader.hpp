#pragma once
// Piece values a player believes (EngineOptions::piece_values), read from a sweep file's
// `values` key: an inline table, or the name of a values file.
//
//   [players.fitted]
//   type = "engine"
//   nodes = 10000
//   values = { knight = 3.05, bishop = 3.33 }       # inline: pieces not named keep theirs
//   # values = "results/piece-values/chess.toml"    # or a values file (below)
//
// A values file (what `balance values --write-values FILE` writes):
//
//   variant = "chess"            # required: the variant the values are for
//   value_unit = "pawn"          # optional; must match the variant's when given
//   [values]
//   knight = 3.05
//
// Values are in the variant's value_unit. Errors, naming the file and key: a piece the
// variant does not have (with a suggestion), a royal piece, a value that is not a finite
// positive number, and a file written for another variant or unit.

#include <filesystem>
#include <map>
#include <string>

#include <toml++/toml.h>

#include "balance/core/error.hpp"
#include "balance/core/spec.hpp"

namespace balance::config {

using PieceValues = std::map<std::string, double>;

// Reads one [values] table. `section` names it in messages ("[players.fitted] values").
[[nodiscard]] Result<PieceValues> read_piece_values(const toml::table& values,
                                                    const std::string& section,
                                                    const std::string& file,
                                                    const core::VariantSpec& spec);

// Reads a values file written for `spec`'s variant.
[[nodiscard]] Result<PieceValues> load_piece_values_file(const std::filesystem::path& path,
                                                         const core::VariantSpec& spec);

// The values file text for `values` (keys in the variant's piece order, then any others).
[[nodiscard]] std::string piece_values_toml(const PieceValues& values,
                                            const core::VariantSpec& spec,
                                            const std::string& comment);

}  // namespace balance::config
