#pragma once
// What runs Fairy-Stockfish: Node, a small launcher (written out by the player) and the npm
// package fairy-stockfish-nnue.wasm, a current Fairy-Stockfish compiled to WebAssembly that
// ./setup.sh installs at a pinned version into .deps/ of the checkout. The launcher speaks UCI
// on stdin and stdout and copies the variants file named by `setoption name VariantPath` (and
// by `check <file>`) into the module's own file system.

#include <filesystem>
#include <string>
#include <vector>

#include "balance/core/error.hpp"

namespace balance::players::external {

// The package version ./setup.sh installs: part of the player's identity in a results database.
inline constexpr const char* kFairyStockfishPackage = "fairy-stockfish-nnue.wasm@1.1.12";

struct FairyStockfishRuntime {
    std::string node = "node";  // the program: a path, or a name looked up on PATH
    // The package's folder (stockfish.js, stockfish.wasm); empty: default_fairy_stockfish_module.
    std::filesystem::path module_dir;
};

// $BALANCE_FAIRY_STOCKFISH_MODULE when set, else .deps/node_modules/fairy-stockfish-nnue.wasm
// of the source tree this binary was built from.
[[nodiscard]] std::filesystem::path default_fairy_stockfish_module();

// An error naming ./setup.sh when Node or the package is missing.
[[nodiscard]] Result<void> check_fairy_stockfish_runtime(const FairyStockfishRuntime& runtime);

// The launcher's source (JavaScript).
[[nodiscard]] const std::string& fairy_stockfish_launcher_source();

// The command that starts the engine: node, the launcher (written to `dir`, the temporary
// directory when empty), the package's folder.
[[nodiscard]] Result<std::vector<std::string>> fairy_stockfish_command(
    const FairyStockfishRuntime& runtime, const std::filesystem::path& dir);

}  // namespace balance::players::external
