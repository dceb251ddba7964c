#pragma once
// A sweep file's [fix] table (`balance fix`): which score to bring into which band, with which
// player, budget and round size, and which rule changes to try. Read after the rest of the
// sweep, whose players, pairings and variant it checks names against.

#include <filesystem>
#include <string>

#include <toml++/toml.h>

#include "balance/core/error.hpp"
#include "balance/tournament/sweep.hpp"

namespace balance::config {

// The edit kinds a [fix] table may list in `edits` (all of them by default).
inline constexpr const char* kFixEditKinds[] = {"options", "betza", "pawns", "swaps", "ranges"};

// The components a Betza edit adds when the table gives no `add` list: the common leapers.
inline constexpr const char* kDefaultAddedComponents[] = {"W", "F", "D", "A", "N"};

[[nodiscard]] Result<tournament::FixSpec> read_fix(const toml::table& table,
                                                   const tournament::Sweep& sweep,
                                                   const std::filesystem::path& variant,
                                                   const std::string& file);

}  // namespace balance::config
