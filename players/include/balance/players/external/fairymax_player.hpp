#pragma once
// Fairy-Max playing any variant it can express, from definitions written by fairymax_ini.hpp
// (no hand-written engine file): each game's rules (the variant file with the sweep's rule
// options) give one definitions file per army pairing, named by a hash of its content, kept in
// `definitions_dir`; Fairy-Max is started on it and told `variant <white>-<black>`. An
// EnginePlayer underneath checks every move against our rules.

#include <filesystem>
#include <memory>
#include <string>

#include "balance/core/error.hpp"
#include "balance/players/external/definitions_player.hpp"
#include "balance/players/external/process.hpp"
#include "balance/players/external/search_types.hpp"
#include "balance/players/player.hpp"

namespace balance::players::external {

// argv[0]: the program (/usr/games/fairymax).
using FairymaxPlayerConfig = DefinitionsPlayerConfig;

// The version of what fairymax_ini.hpp writes, part of a fairymax player's identity in a
// results database: raise it when the definitions written for a variant change.
inline constexpr int kFairymaxDefinitionsVersion = 1;

// Fairy-Max's hash size (2^20 entries, 12 MB: starts in ~10 ms; notes/ENGINES.md).
inline constexpr int kFairymaxHashBits = 20;

// Writes `text` to `dir`/fairymax-<hash of text>.ini unless that file already holds it (written
// to a temporary name, then renamed: concurrent writers never leave a partial file), and
// returns its path.
[[nodiscard]] Result<std::filesystem::path> write_definitions(const std::filesystem::path& dir,
                                                              const std::string& text);

// Started (with Fairy-Max's own default definitions) to fail early when the program is missing.
[[nodiscard]] Result<std::unique_ptr<Player>> make_fairymax_player(FairymaxPlayerConfig config);

}  // namespace balance::players::external
