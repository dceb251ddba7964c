#pragma once
// Reads the [scoring] section of a variant file (Stylish chess points, RULES.md §3) into
// core::ScoringSpec. Every scalar is required once the section exists; names must be pieces of
// the variant. Whether every piece has every entry is checked when the rules are compiled
// (core::compile_scoring), against the pieces each pairing actually uses.

#include <string>
#include <vector>

#include <toml++/toml.h>

#include "balance/core/error.hpp"
#include "balance/core/spec.hpp"

namespace balance::config {

[[nodiscard]] Result<core::ScoringSpec> read_scoring(const toml::table& table,
                                                     const std::vector<core::PieceSpec>& pieces,
                                                     const std::string& file);

}  // namespace balance::config
