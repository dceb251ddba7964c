#pragma once
// Finding an army by name or alias: the one lookup used by rule compilation, FEN army metadata,
// command-line flags, sweep and variant files, and reports. Case-insensitive; names and aliases
// are unique that way (the config loader checks).

#include <span>
#include <string_view>

#include "balance/core/spec.hpp"

namespace balance::core {

// Whether `name_or_alias` names `army` (its name or one of its aliases).
[[nodiscard]] bool army_named(const ArmySpec& army, std::string_view name_or_alias);

// The army `name_or_alias` selects, or nullptr.
[[nodiscard]] const ArmySpec* find_army(std::span<const ArmySpec> armies,
                                        std::string_view name_or_alias);

}  // namespace balance::core
