#include "balance/players/external/fairy_stockfish_runtime.hpp"

#include <unistd.h>

#include <cstdlib>
#include <sstream>

#include "external/definitions_files.hpp"

#ifndef BALANCE_FAIRY_STOCKFISH_DEFAULT_MODULE
#define BALANCE_FAIRY_STOCKFISH_DEFAULT_MODULE ".deps/node_modules/fairy-stockfish-nnue.wasm"
#endif

namespace balance::players::external {

namespace {

const char* const kSetup = " (./setup.sh installs it)";

bool executable(const std::filesystem::path& path) {
    std::error_code ec;
    return std::filesystem::is_regular_file(path, ec) && ::access(path.c_str(), X_OK) == 0;
}

// The program as given, or found on PATH; empty when there is none.
std::filesystem::path find_program(const std::string& program) {
    if (program.find('/') != std::string::npos) return executable(program) ? program : "";
    const char* path = std::getenv("PATH");
    std::istringstream dirs(path ? path : "");
    std::string dir;
    while (std::getline(dirs, dir, ':')) {
        const std::filesystem::path candidate =
            std::filesystem::path(dir.empty() ? "." : dir) / program;
        if (executable(candidate)) return candidate;
    }
    return {};
}

std::filesystem::path module_of(const FairyStockfishRuntime& runtime) {
    return runtime.module_dir.empty() ? default_fairy_stockfish_module() : runtime.module_dir;
}

}  // namespace

std::filesystem::path default_fairy_stockfish_module() {
    if (const char* given = std::getenv("BALANCE_FAIRY_STOCKFISH_MODULE"); given && *given)
        return given;
    return BALANCE_FAIRY_STOCKFISH_DEFAULT_MODULE;
}

Result<void> check_fairy_stockfish_runtime(const FairyStockfishRuntime& runtime) {
    if (find_program(runtime.node).empty())
        return make_error("Fairy-Stockfish runs under Node: no program '" + runtime.node + "'" +
                          kSetup);
    const auto dir = module_of(runtime);
    std::error_code ec;
    for (const char* file : {"stockfish.js", "stockfish.wasm", "stockfish.worker.js"})
        if (!std::filesystem::is_regular_file(dir / file, ec))
            return make_error(std::string("Fairy-Stockfish: no ") + kFairyStockfishPackage +
                              " in " + dir.string() + " (no " + file +
                              "; ./setup.sh installs it, BALANCE_FAIRY_STOCKFISH_MODULE or the "
                              "player's module key names another folder)");
    return {};
}

const std::string& fairy_stockfish_launcher_source() {
    static const std::string source =
        R"JS(// Fairy-Stockfish compiled to WebAssembly (npm: fairy-stockfish-nnue.wasm) as a UCI engine on
// stdin and stdout. Usage: node launcher.js <folder of the package>
// The module cannot see the disk: a variants file named by `setoption name VariantPath value
// <file>` or `check <file>` is copied into the module's own file system first.
'use strict';
const fs = require('fs');
const path = require('path');
const readline = require('readline');

const dir = process.argv[2] || '';
const entry = path.resolve(dir, 'stockfish.js');
if (!fs.existsSync(entry) || !fs.existsSync(path.resolve(dir, 'stockfish.wasm'))) {
  process.stderr.write(`fairy-stockfish: no fairy-stockfish-nnue.wasm in '${dir}' (run ./setup.sh)\n`);
  process.exit(2);
}
// Without fetch the module reads its .wasm from the disk; with it, it tries the network.
delete globalThis.fetch;

let engine = null;
const pending = [];
let closed = false;

function quit() {
  if (engine) engine.postMessage('quit');
  // The module ends the process once its engine has read every command before `quit`.
  setTimeout(() => process.exit(0), 60000).unref();
}

function handle(line) {
  const file = /^(\s*setoption\s+name\s+VariantPath\s+value\s+|\s*check\s+)(.+?)\s*$/i.exec(line);
  if (file) {
    let text;
    try {
      text = fs.readFileSync(file[2]);
    } catch (e) {
      process.stdout.write(`info string cannot read ${file[2]}: ${e.message}\n`);
      return;
    }
    engine.FS.writeFile('/variants.ini', text);
    engine.postMessage(file[1] + '/variants.ini');
    return;
  }
  if (line.trim() === 'quit') {
    quit();
    return;
  }
  engine.postMessage(line);
}

const input = readline.createInterface({ input: process.stdin });
input.on('line', (line) => (engine ? handle(line) : pending.push(line)));
input.on('close', () => {
  closed = true;
  if (engine) quit();
});

require(entry)().then((sf) => {
  engine = sf;
  sf.addMessageListener((line) => process.stdout.write(line + '\n'));
  for (const line of pending.splice(0)) handle(line);
  if (closed) quit();
}, (e) => {
  process.stderr.write(`fairy-stockfish: the module did not start: ${e}\n`);
  process.exit(3);
});
)JS";
    return source;
}

Result<std::vector<std::string>> fairy_stockfish_command(const FairyStockfishRuntime& runtime,
                                                         const std::filesystem::path& dir) {
    if (auto ok = check_fairy_stockfish_runtime(runtime); !ok) return ok.error();
    auto launcher = write_definitions_file(dir, "fairy-stockfish-launcher", "js",
                                           fairy_stockfish_launcher_source());
    if (!launcher) return launcher.error();
    std::error_code ec;
    const auto module = std::filesystem::absolute(module_of(runtime), ec);
    return std::vector<std::string>{runtime.node, launcher->string(), module.string()};
}

}  // namespace balance::players::external
