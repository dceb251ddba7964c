// Cross-check of core's perft against the Debian engines where they play the same rules:
// Stockfish and Fairy-Stockfish for orthodox chess (= Asymmetric Humans vs Humans) and SjaakII
// for Uneven Pieces Chess (tests/data/sjaakii-uneven.txt; positions and depths where Uneven's
// castling and per-side promotions cannot occur, which SjaakII cannot express).
// A test is skipped only when the engine binary is missing (setup.sh installs all of them).

#include <gtest/gtest.h>

#include <filesystem>
#include <regex>

#include "../support/variants.hpp"
#include "balance/core/perft.hpp"
#include "balance/players/external/process.hpp"

namespace balance::testing {
namespace {

using namespace std::chrono_literals;
namespace ext = players::external;

// Sends `commands` to an engine and collects its output until a line matches `done`.
std::vector<std::string> converse(const std::vector<std::string>& argv,
                                  const std::vector<std::string>& commands,
                                  const std::regex& done) {
    auto proc = ext::Process::spawn(ext::ProcessOptions{argv});
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

std::uint64_t uci_perft(const char* engine, const std::string& fen, int depth) {
    const auto lines =
        converse({engine}, {"uci", "position fen " + fen, "go perft " + std::to_string(depth)},
                 std::regex("^Nodes searched"));
    for (const auto& l : lines)
        if (l.rfind("Nodes searched: ", 0) == 0) return std::stoull(l.substr(16));
    ADD_FAILURE() << engine << " gave no perft answer";
    return 0;
}

std::uint64_t our_perft(const core::VariantSpec& spec, const std::string& fen, int depth) {
    core::PerftRequest req;
    req.fen = fen;
    req.depth = depth;
    auto r = core::run_perft(spec, req);
    EXPECT_TRUE(r.ok()) << (r ? "" : r.error().to_string());
    return r ? r->nodes : 0;
}

const std::vector<std::string> orthodox_positions = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r1bqkbnr/pppp1ppp/2n5/4p3/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq d3 0 3",
};

TEST(PeerEngines, StockfishAgreesOnOrthodoxPerft) {
    if (!std::filesystem::exists("/usr/games/stockfish")) GTEST_SKIP() << "stockfish not installed";
    const auto spec = load_shipped("asymmetric");  // Humans vs Humans is orthodox chess
    for (const auto& fen : orthodox_positions)
        EXPECT_EQ(our_perft(spec, fen, 3), uci_perft("/usr/games/stockfish", fen, 3)) << fen;
}

TEST(PeerEngines, FairyStockfishAgreesOnOrthodoxPerft) {
    if (!std::filesystem::exists("/usr/games/fairy-stockfish"))
        GTEST_SKIP() << "fairy-stockfish not installed";
    const auto spec = load_shipped("chess");
    for (const auto& fen : orthodox_positions)
        EXPECT_EQ(our_perft(spec, fen, 3), uci_perft("/usr/games/fairy-stockfish", fen, 3)) << fen;
}

// Our Uneven letters (A = pawn, P = phoenix) in SjaakII's definition (P = pawn, F = phoenix).
std::string to_sjaak(std::string fen) {
    const auto board_end = fen.find(' ');
    for (size_t i = 0; i < board_end; ++i) {
        char& ch = fen[i];
        if (ch == 'P')
            ch = 'F';
        else if (ch == 'p')
            ch = 'f';
        else if (ch == 'A')
            ch = 'P';
        else if (ch == 'a')
            ch = 'p';
    }
    return fen;
}

std::uint64_t sjaak_perft(const std::string& fen, int depth) {
    const std::string defs = std::string(BALANCE_SOURCE_DIR) + "/tests/data/sjaakii-uneven.txt";
    const auto lines = converse({"/usr/games/sjaakii", "-xboard", defs},
                                {"xboard", "protover 2", "new", "variant uneven_test", "force",
                                 "setboard " + to_sjaak(fen), "perft " + std::to_string(depth)},
                                std::regex("^\\s*" + std::to_string(depth) + "\\s+\\d+\\s"));
    const std::regex row("^\\s*(\\d+)\\s+(\\d+)\\s");
    std::smatch m;
    for (const auto& l : lines)
        if (std::regex_search(l, m, row) && std::stoi(m[1]) == depth) return std::stoull(m[2]);
    ADD_FAILURE() << "sjaakii gave no perft " << depth << " answer";
    return 0;
}

TEST(PeerEngines, SjaakIIAgreesOnUnevenPerft) {
    if (!std::filesystem::exists("/usr/games/sjaakii")) GTEST_SKIP() << "sjaakii not installed";
    const auto spec = load_shipped("uneven");
    const std::string start = "roncqkwndr/aaaaaaaaaa/10/10/10/10/AAAAAAAAAA/RBNPQKMNIR w - - 0 1";
    for (int depth = 1; depth <= 4; ++depth)
        EXPECT_EQ(our_perft(spec, start, depth), sjaak_perft(start, depth)) << depth;
    // Middlegames reached by play, without castling rights and with no pawn near promotion.
    const std::vector<std::string> middlegames = {
        "r1nc1k1n1r/aaa1qaaaaa/3a1w4/3dA5/2I1d5/2N2M4/AAAA1AAAAA/RB1PQK2NR w - - 2 7",
        "r3qk2dr/aaaa1aaaaa/2nc1w1n2/4a5/2A1A3I1/3P4N1/AA1A1AAAAA/RBN1QKM2R b - - 0 6",
    };
    for (const auto& fen : middlegames)
        EXPECT_EQ(our_perft(spec, fen, 3), sjaak_perft(fen, 3)) << fen;
}

}  // namespace
}  // namespace balance::testing
