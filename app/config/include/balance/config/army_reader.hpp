#pragma once
// Reading [pieces.*] and [armies.*] into core specs, with every cross reference checked:
// letters, promotions and cannot_mate must name pieces and letters that exist.

#include <string>
#include <string_view>
#include <vector>

#include <toml++/toml.h>

#include "balance/core/error.hpp"
#include "balance/core/spec.hpp"

namespace balance::config {

// The pieces in file order. `file` is the top file, for positions toml++ does not know.
[[nodiscard]] Result<std::vector<core::PieceSpec>> read_pieces(const toml::table& pieces,
                                                               const std::string& file);

// The armies in file order; also rejects pieces no army uses (usually a misspelt name).
[[nodiscard]] Result<std::vector<core::ArmySpec>> read_armies(
    const toml::table& armies, const std::vector<core::PieceSpec>& pieces, const std::string& file);

// The end of an "unknown army" message: "; did you mean 'elves'? (armies: humans, elves, orcs)".
// Names and aliases are candidates; the suggestion is the army's name. (core::find_army finds.)
[[nodiscard]] std::string unknown_army_hint(std::string_view given,
                                            const std::vector<core::ArmySpec>& armies);

}  // namespace balance::config
