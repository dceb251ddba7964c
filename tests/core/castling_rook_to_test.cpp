// [castling] rook_to: where the rook lands when the king castles three squares. Capablanca
// chess puts it beside the king's destination (Kf1-i1, Rj1-h1; Kf1-c1, Ra1-d1); Uneven Pieces
// beside the king's start (Kf1-i1, Rj1-g1; Kf1-c1, Ra1-e1).

#include <gtest/gtest.h>

#include <string>

#include "../support/variants.hpp"
#include "balance/core/game.hpp"

namespace balance::testing {
namespace {

// The board after White castles with king move `uci` from the position `fen`.
std::string after_castling(const std::string& variant, const std::string& fen,
                           const std::string& uci) {
    const auto spec = load_shipped(variant);
    core::Game game = make_game(spec, spec.default_white, spec.default_black, fen);
    auto move = game.parse_move(uci);
    EXPECT_TRUE(move.ok()) << uci << ": " << (move ? "" : move.error().to_string());
    if (!move) return "";
    game.play(*move);
    const std::string after = game.fen();
    return after.substr(after.rfind('/') + 1, after.find(' ') - after.rfind('/') - 1);
}

TEST(CastlingRookTo, CapablancaRookLandsBesideTheKingsDestination) {
    const std::string fen = "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1";
    EXPECT_EQ(after_castling("capablanca", fen, "f1i1"), "R6RK1");  // rook on h1
    EXPECT_EQ(after_castling("capablanca", fen, "f1c1"), "2KR5R");  // rook on d1
}

TEST(CastlingRookTo, UnevenRookLandsBesideTheKingsStart) {
    const std::string fen = "r4k3r/aaaaaaaaaa/10/10/10/10/AAAAAAAAAA/R4K3R w KQkq - 0 1";
    EXPECT_EQ(after_castling("uneven", fen, "f1i1"), "R5R1K1");  // rook on g1
    EXPECT_EQ(after_castling("uneven", fen, "f1c1"), "2K1R4R");  // rook on e1
}

}  // namespace
}  // namespace balance::testing
