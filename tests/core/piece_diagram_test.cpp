// Piece diagrams (what `balance pieces` and the HTML report draw): a piece's reach from a
// central square, hand-counted.

#include "balance/core/piece_diagram.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "../support/variants.hpp"

namespace balance::core {
namespace {

const PieceSpec& piece_named(const VariantSpec& spec, const std::string& name) {
    const auto it = std::find_if(spec.pieces.begin(), spec.pieces.end(),
                                 [&](const PieceSpec& p) { return p.name == name; });
    EXPECT_NE(it, spec.pieces.end()) << name;
    return *it;
}

PieceDiagram drawn(const VariantSpec& spec, const std::string& name) {
    auto d = piece_diagram(spec, piece_named(spec, name));
    EXPECT_TRUE(d.ok()) << (d ? "" : d.error().to_string());
    EXPECT_TRUE(d && *d);
    return d && *d ? **d : PieceDiagram{};
}

TEST(PieceDiagram, KnightAndPawnFromD4) {
    const VariantSpec chess = balance::testing::load_shipped("chess");
    const PieceDiagram knight = drawn(chess, "knight");
    ASSERT_EQ(knight.boards.size(), 1u);
    const PieceBoard& board = knight.boards.front();
    EXPECT_EQ(board.from, 3 + 3 * 8);  // d4
    EXPECT_EQ(board.moves, 8);
    EXPECT_EQ(board.captures, 8);
    EXPECT_EQ(knight.letter, 'N');
    for (const int sq : {2 + 5 * 8, 4 + 5 * 8, 1 + 4 * 8, 5 + 4 * 8, 1 + 2 * 8, 5 + 2 * 8,
                         2 + 1 * 8, 4 + 1 * 8})  // c6 e6 b5 f5 b3 f3 c2 e2
        EXPECT_EQ(board.reach[static_cast<std::size_t>(sq)], ReachMove | ReachCapture) << sq;
    // A pawn off its start rank: one step forward to move, two diagonals to capture.
    const PieceBoard pawn = drawn(chess, "pawn").boards.front();
    EXPECT_EQ(pawn.moves, 1);
    EXPECT_EQ(pawn.captures, 2);
    EXPECT_EQ(pawn.reach[3 + 4 * 8], ReachMove);                         // d5
    EXPECT_EQ(pawn.reach[2 + 4 * 8], ReachCapture);                      // c5
    EXPECT_EQ(pawn.reach[3 + 2 * 8], static_cast<unsigned>(ReachNone));  // d3: no step back
}

TEST(PieceDiagram, SymbolsOfTheTextDiagram) {
    EXPECT_EQ(reach_symbol(ReachNone), '.');
    EXPECT_EQ(reach_symbol(ReachMove), 'o');
    EXPECT_EQ(reach_symbol(ReachCapture), 'x');
    EXPECT_EQ(reach_symbol(ReachMove | ReachCapture), '*');
    EXPECT_EQ(reach_symbol(ReachShot), '!');
    EXPECT_EQ(reach_symbol(ReachShot | ReachCapture), '+');
}

}  // namespace
}  // namespace balance::core
