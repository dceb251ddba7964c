// The third oracle of our move generation, beside the reference generator and the Debian
// engines (tests/core/peer_engine_crosscheck_test): a current Fairy-Stockfish (WebAssembly under
// Node, installed by ./setup.sh) on the variants.ini our writer makes, on every shipped variant and
// rule option it can express. Perft divided by root move from the start, and from positions of
// seeded random games, must be equal. Skipped only when Node or the package is missing.
//
// Uneven is compared without castling (positions without castling rights): Fairy-Stockfish puts
// a castling rook beside the king's destination, Uneven beside the king's start square, so the
// writer refuses Uneven's castling. Disagreements found so far: none.

#include <gtest/gtest.h>

#include <fstream>

#include "../support/fairy_stockfish.hpp"
#include "../support/temp_dir.hpp"
#include "../support/variants.hpp"
#include "balance/core/splitmix64.hpp"

namespace balance::testing {
namespace {

namespace ext = players::external;

struct OracleCase {
    std::string label;
    core::VariantSpec spec;
    std::string white, black;
    int start_depth;   // perft depth from the start position
    int random_depth;  // and from each random position
};

core::VariantSpec without_castling(core::VariantSpec spec) {
    spec.castling.enabled = false;
    const auto fields = spec.start_fen.find(' ');
    spec.start_fen = spec.start_fen.substr(0, fields) + " w - - 0 1";
    return spec;
}

std::vector<OracleCase> oracle_cases() {
    std::vector<OracleCase> cases = {
        {"chess", load_shipped("chess"), "fide", "fide", 4, 3},
        {"capablanca", load_shipped("capablanca"), "capablanca", "capablanca", 3, 2},
        {"chigorin", load_shipped("chigorin"), "knights", "bishops", 3, 3},
        {"uneven-no-castling", without_castling(load_shipped("uneven")), "white", "black", 3, 2},
        {"asymmetric-humans", load_shipped("asymmetric"), "humans", "humans", 3, 3},
    };
    for (const char* option :
         {"torpedo", "semi-torpedo", "pawn-one-square", "no-castling", "stalemate-win"})
        cases.push_back({std::string("chess-") + option, load_shipped("chess", {option}), "fide",
                         "fide", 3, 2});
    return cases;
}

// Positions of a random game from the start (seeded), every `every` plies while it lasts.
std::vector<std::string> random_positions(const OracleCase& c, std::uint64_t seed, int count) {
    auto game = make_game(c.spec, c.white, c.black);
    std::vector<std::string> out;
    core::SplitMix64 random(seed);
    for (int ply = 1; ply <= 12 * count && !game.outcome().over(); ++ply) {
        const auto moves = game.legal_moves();
        if (moves.empty()) break;
        game.play(moves[random.next() % moves.size()]);
        if (ply % 12 == 0) {
            std::string fen = game.fen();
            if (const auto brace = fen.find(" {"); brace != std::string::npos) fen.erase(brace);
            out.push_back(fen);
        }
    }
    return out;
}

void expect_same(const OracleCase& c, ext::FairyStockfishSession& session, const std::string& fen,
                 int depth) {
    auto ours = ext::our_divide(c.spec, c.white, c.black, fen, depth);
    ASSERT_TRUE(ours.ok()) << ours.error().to_string();
    auto theirs = session.perft(fen, depth);
    ASSERT_TRUE(theirs.ok()) << theirs.error().to_string();
    EXPECT_EQ(ours->nodes, theirs->nodes) << c.label << ": " << fen << " perft " << depth;
    EXPECT_EQ(ours->moves, theirs->moves) << c.label << ": " << fen << " perft " << depth;
}

TEST(FairyStockfishOracle, PerftEqualsOursOnEveryVariantItCanExpress) {
    const auto command = fairy_stockfish_command();
    if (!command) GTEST_SKIP() << "Node or fairy-stockfish-nnue.wasm missing (./setup.sh)";
    TempDir dir;
    const auto cases = oracle_cases();
    // One file of every case (one engine start), each section renamed after its case.
    std::string text;
    for (const auto& c : cases) {
        auto variant = ext::fairy_stockfish_variant(c.spec, c.white, c.black);
        ASSERT_TRUE(variant.ok()) << c.label << ": " << variant.error().to_string();
        text += "[oracle-" + c.label + "]" + variant->text.substr(variant->text.find('\n')) + "\n";
    }
    const auto ini = dir.path() / "oracle.ini";
    std::ofstream(ini) << text;
    auto session = ext::FairyStockfishSession::open(*command, ini, "oracle-" + cases[0].label,
                                                    kFairyStockfishTimeout);
    ASSERT_TRUE(session.ok()) << session.error().to_string();
    std::uint64_t seed = 1;
    for (const auto& c : cases) {
        SCOPED_TRACE(c.label);
        ASSERT_TRUE((*session)->choose("oracle-" + c.label).ok());
        expect_same(c, **session, c.spec.start_fen, c.start_depth);
        for (const auto& fen : random_positions(c, seed++, 3))
            expect_same(c, **session, fen, c.random_depth);
        // And the player's own verification of the file (pieces alone on every square,
        // castling, promotion and e.p. positions) passes, for the variants of other shapes.
        if (c.label == "chess" || c.label == "capablanca" || c.label == "uneven-no-castling") {
            const auto verified = ext::verify_fairy_stockfish(c.spec, c.white, c.black, **session);
            EXPECT_TRUE(verified.ok()) << verified.error().to_string();
        }
    }
}

}  // namespace
}  // namespace balance::testing
