#pragma once
// A current Fairy-Stockfish (WebAssembly, under Node: fairy_stockfish_runtime.hpp) playing any
// variant it can express, from a variants.ini written by fairy_stockfish_ini.hpp: each game's
// rules (the variant file with the sweep's rule options) give one file per army pairing, named
// by a hash of its content and kept in `definitions_dir`. Before the first game of a pairing the
// file is verified against our move generation (fairy_stockfish_verify.hpp; the verdict is
// cached), and what Fairy-Stockfish cannot express or misreads is refused: that game's engine
// does not start, and the failure names the piece or rule. The engine runs over UCI with the
// file as its VariantPath; an EnginePlayer underneath checks every move against our rules.

#include <chrono>
#include <filesystem>
#include <memory>

#include "balance/core/error.hpp"
#include "balance/players/external/definitions_player.hpp"
#include "balance/players/external/fairy_stockfish_runtime.hpp"
#include "balance/players/player.hpp"

namespace balance::players::external {

// The version of what fairy_stockfish_ini.hpp writes, part of a fairy-stockfish player's
// identity in a results database: raise it when the definitions written for a variant change.
inline constexpr int kFairyStockfishDefinitionsVersion = 1;

// Its first start on a busy machine compiles the module: well over the 10 s other engines get.
inline constexpr std::chrono::milliseconds kFairyStockfishHandshake{120'000};

struct FairyStockfishPlayerConfig {
    // process.argv is made by the player (node, launcher, package); its name and logs are kept.
    DefinitionsPlayerConfig base;
    FairyStockfishRuntime runtime;
    int hash_mb = 16;
    int threads = 1;
};

// Fails early, without starting the engine, when Node or the package is missing.
[[nodiscard]] Result<std::unique_ptr<Player>> make_fairy_stockfish_player(
    FairyStockfishPlayerConfig config);

}  // namespace balance::players::external
