#pragma once
// Reading [pieces.*] and [armies.*] into core specs, with every cross reference checked:
// letters, promotions and cannot_mate must name pieces and letters that exist.

#include <string>
#include <vector>

#include <toml++/toml.h>

#include "balance/core/error.hpp"
#include "balance/core/spec.hpp"

namespace balance::app {

// The pieces in file order. `file` is the top file, for positions toml++ does not know.
[[nodiscard]] Result<std::vector<core::PieceSpec>> read_pieces(const toml::table& pieces,
                                                               const std::string& file);

// The armies in file order; also rejects pieces no army uses (usually a misspelt name).
[[nodiscard]] Result<std::vector<core::ArmySpec>> read_armies(
    const toml::table& armies, const std::vector<core::PieceSpec>& pieces, const std::string& file);

// The army whose name or alias is `name` (case-insensitive), or nullptr.
[[nodiscard]] const core::ArmySpec* find_army(const std::vector<core::ArmySpec>& armies,
                                              std::string_view name);

}  // namespace balance::app
