#pragma once
// Fairy-Stockfish reads some Betza and some variants.ini keys it cannot play as something else,
// without a word (a multi-leg FafsF plays as F, an unknown key is skipped), so a variants.ini
// written by fairy_stockfish_ini.hpp is verified against our move generation before any game:
//   - Fairy-Stockfish's own `check` of the file must report nothing (unknown keys, bad values);
//   - every piece of the pairing, alone with the two kings, from every square (pawns: every rank
//     but the first and last), for each colour that has it: the same legal moves;
//   - perft of the start position (depth 3), of the start with the back ranks emptied but for
//     the kings and the castling pieces (castling, depth 3), and of positions where pawns promote
//     and capture en passant (depth 2-3): the same move counts below every root move.
// Any difference refuses the pairing, naming the piece and square or the position, and the moves
// only one side has. The verdict is kept in a file named by a hash of the definitions, so games
// and later checks do not pay for it again.

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "balance/core/error.hpp"
#include "balance/core/spec.hpp"
#include "balance/players/external/fairy_stockfish_ini.hpp"

namespace balance::players::external {

class Process;

// The version of the verification: part of the verdict file's name.
inline constexpr int kFairyStockfishVerifyVersion = 1;

// Fairy-Stockfish answering perft over the launcher.
class FairyStockfishSession {
  public:
    // Started with `command` (fairy_stockfish_command), the file `ini` checked by the engine
    // (anything it reports is the error, in its own words) and loaded, `variant` chosen.
    [[nodiscard]] static Result<std::unique_ptr<FairyStockfishSession>> open(
        const std::vector<std::string>& command, const std::filesystem::path& ini,
        const std::string& variant, std::chrono::milliseconds timeout);
    ~FairyStockfishSession();
    FairyStockfishSession(const FairyStockfishSession&) = delete;
    FairyStockfishSession& operator=(const FairyStockfishSession&) = delete;

    // Another variant of the same file.
    [[nodiscard]] Result<void> choose(const std::string& variant);

    struct Divide {
        std::map<std::string, std::uint64_t> moves;  // root move (UCI text) -> nodes below
        std::uint64_t nodes = 0;
    };
    [[nodiscard]] Result<Divide> perft(const std::string& fen, int depth);

  private:
    FairyStockfishSession(std::unique_ptr<Process> process, std::chrono::milliseconds timeout);
    // Lines until one starts with `last` (included).
    [[nodiscard]] Result<std::vector<std::string>> read_until(const std::string& last);
    std::unique_ptr<Process> process_;
    std::chrono::milliseconds timeout_;
};

// Our perft divided by root move, for the same comparisons.
[[nodiscard]] Result<FairyStockfishSession::Divide> our_divide(const core::VariantSpec& spec,
                                                               const std::string& white,
                                                               const std::string& black,
                                                               const std::string& fen, int depth);

// Every verification of one pairing against a session open on its variant. `refused` (when
// given) says whether an error is a difference found rather than a failure to ask.
[[nodiscard]] Result<void> verify_fairy_stockfish(const core::VariantSpec& spec,
                                                  const std::string& white,
                                                  const std::string& black,
                                                  FairyStockfishSession& session,
                                                  bool* refused = nullptr);

// The verdict for the definitions file `ini` of `variant`: read from its verdict file in
// `cache_dir` (the temporary directory when empty) when there is one, else found by starting
// the engine with `command` and written there.
[[nodiscard]] Result<void> verified_fairy_stockfish(
    const core::VariantSpec& spec, const std::string& white, const std::string& black,
    const FairyStockfishVariant& variant, const std::filesystem::path& ini,
    const std::vector<std::string>& command, const std::filesystem::path& cache_dir,
    std::chrono::milliseconds timeout);

// One pairing's definitions written to `dir` (the temporary directory when empty) and verified
// (verified_fairy_stockfish, verdicts in the temporary directory, shared by every caller): the
// file's path, or why Fairy-Stockfish cannot play the pairing.
[[nodiscard]] Result<std::filesystem::path> verified_fairy_stockfish_file(
    const core::VariantSpec& spec, const std::string& white, const std::string& black,
    const std::vector<std::string>& command, const std::filesystem::path& dir,
    std::chrono::milliseconds timeout);

}  // namespace balance::players::external
