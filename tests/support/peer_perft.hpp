#pragma once
// Test helpers: perft by the Debian engines (Stockfish and Fairy-Stockfish over UCI, SjaakII over
// XBoard) beside ours, for cross-checks of core's move generation and of the engine definitions
// written from variant files.

#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <regex>
#include <string>
#include <vector>

#include "balance/core/perft.hpp"
#include "balance/players/external/process.hpp"

namespace balance::testing {

// Sends `commands` to an engine and collects its output until a line matches `done`.
inline std::vector<std::string> converse(const std::vector<std::string>& argv,
                                         const std::vector<std::string>& commands,
                                         const std::regex& done) {
    using namespace std::chrono_literals;
    players::external::ProcessOptions options;
    options.argv = argv;
    auto proc = players::external::Process::spawn(options);
    EXPECT_TRUE(proc.ok());
    std::vector<std::string> lines;
    if (!proc) return lines;
    for (const auto& c : commands) EXPECT_TRUE(proc->write_line(c).ok());
    while (true) {
        auto line = proc->read_line(120s);
        if (!line) break;
        lines.push_back(*line);
        if (std::regex_search(*line, done)) break;
    }
    (void)proc->write_line("quit");
    return lines;
}

// Orthodox chess positions for perft: the start, Kiwipete and the other classic test positions
// (castling, e.p., promotions, pins).
inline const std::vector<std::string>& orthodox_perft_positions() {
    static const std::vector<std::string> positions = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "r1bqkbnr/pppp1ppp/2n5/4p3/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq d3 0 3",
    };
    return positions;
}

inline std::uint64_t our_perft(const core::VariantSpec& spec, const std::string& fen, int depth,
                               const std::string& white = {}, const std::string& black = {}) {
    core::PerftRequest req;
    req.white_army = white;
    req.black_army = black;
    req.fen = fen;
    req.depth = depth;
    auto r = core::run_perft(spec, req);
    EXPECT_TRUE(r.ok()) << (r ? "" : r.error().to_string());
    return r ? r->nodes : 0;
}

inline constexpr const char* kSjaakii = "/usr/games/sjaakii";

// SjaakII's answer to `perft` (`perft depth` for the count, `perft 1 1` to list the moves) for
// `fen` in `variant` of the definitions file `defs`.
inline std::vector<std::string> sjaak_perft_lines(const std::string& defs,
                                                  const std::string& variant,
                                                  const std::string& fen, const std::string& perft,
                                                  int depth) {
    return converse(
        {kSjaakii, "-xboard", defs},
        {"xboard", "protover 2", "new", "variant " + variant, "force", "setboard " + fen, perft},
        std::regex("^\\s*" + std::to_string(depth) + "\\s+\\d+\\s"));
}

inline std::uint64_t sjaak_perft(const std::string& defs, const std::string& variant,
                                 const std::string& fen, int depth) {
    const auto lines =
        sjaak_perft_lines(defs, variant, fen, "perft " + std::to_string(depth), depth);
    const std::regex row("^\\s*(\\d+)\\s+(\\d+)\\s");
    std::smatch m;
    for (const auto& l : lines)
        if (std::regex_search(l, m, row) && std::stoi(m[1]) == depth) return std::stoull(m[2]);
    ADD_FAILURE() << "sjaakii gave no perft " << depth << " answer";
    return 0;
}

}  // namespace balance::testing
