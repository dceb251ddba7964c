#pragma once
// SjaakII playing any variant it can express, from definitions written by
// sjaakii_definitions.hpp (no hand-written engine file): each game's rules (the variant file with
// the sweep's rule options) give one definitions file per army pairing, named by a hash of its
// content, kept in `definitions_dir`; SjaakII is started on it (`sjaakii -xboard FILE`) and told
// `variant <white>-<black>`. Promotions are translated where SjaakII's letters differ from ours.
// An EnginePlayer underneath checks every move against our rules. SjaakII counts nodes exactly
// (`maxnodes`) and plays deterministically after `random off` (XboardQuirks).

#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <string_view>

#include "balance/core/error.hpp"
#include "balance/players/external/definitions_player.hpp"
#include "balance/players/external/process.hpp"
#include "balance/players/external/search_types.hpp"
#include "balance/players/player.hpp"

namespace balance::players::external {

// argv[0]: the program (/usr/games/sjaakii).
using SjaakiiPlayerConfig = DefinitionsPlayerConfig;

// The version of what sjaakii_definitions.hpp writes, part of a sjaakii player's identity in a
// results database: raise it when the definitions written for a variant change.
inline constexpr int kSjaakiiDefinitionsVersion = 1;

// `move` (coordinates, "e7e8q") with its promotion letter replaced by `letters`' image, if any.
[[nodiscard]] std::string translate_promotion(std::string_view move,
                                              const std::map<char, char>& letters);

// Started (with SjaakII's own default variant) to fail early when the program is missing.
[[nodiscard]] Result<std::unique_ptr<Player>> make_sjaakii_player(SjaakiiPlayerConfig config);

}  // namespace balance::players::external
