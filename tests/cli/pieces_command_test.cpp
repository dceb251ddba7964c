// `balance pieces`: each piece's moves from a central square, drawn from the compiled rules.

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "../support/temp_dir.hpp"
#include "cli_runner.hpp"

namespace balance::cli {
namespace {

using testing::CliRun;
using testing::run_balance;

bool has(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

TEST(PiecesCommand, KnightDiagramAsHandChecked) {
    const CliRun r = run_balance({"pieces", "chess", "knight"});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out,
              "knight (N, fide White), value 3 pawn\n"
              "  N on d4:\n"
              "   8 . . . . . . . .\n"
              "   7 . . . . . . . .\n"
              "   6 . . * . * . . .\n"
              "   5 . * . . . * . .\n"
              "   4 . . . N . . . .\n"
              "   3 . * . . . * . .\n"
              "   2 . . * . * . . .\n"
              "   1 . . . . . . . .\n"
              "     a b c d e f g h\n"
              "     8 squares to move to, 8 to capture on\n"
              "\n* moves or captures   o moves only   x captures only   ! captures without "
              "moving   + both * and !\n");
}

// Move-only and capture-only squares: the pawn steps to d5 (o) and captures on c5 and e5 (x);
// its double step is an initial move, not shown away from its start rank.
TEST(PiecesCommand, PawnMovesAndCapturesApart) {
    const CliRun r = run_balance({"pieces", "chess", "pawn"});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(has(r.out, "   5 . . x o x . . .\n")) << r.out;
    EXPECT_TRUE(has(r.out, "   6 . . . . . . . .\n")) << r.out;
    EXPECT_TRUE(has(r.out, "1 square to move to, 2 to capture on")) << r.out;
}

// Lame and skipping moves as compiled: the Werewolf's knight squares through the orthogonal
// square, the Wyvern's ski-slide skipping the adjacent squares.
TEST(PiecesCommand, AsymmetricUnits) {
    const CliRun r = run_balance({"pieces", "asymmetric"});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(has(r.out, "werewolf (WafsW, orcs White), value 3.9 pawn\n")) << r.out;
    EXPECT_TRUE(has(r.out,
                    "wyvern (jR, orcs White), value 4.8 pawn\n  R on d4:\n"
                    "   8 . . . * . . . .\n   7 . . . * . . . .\n   6 . . . * . . . .\n"
                    "   5 . . . . . . . .\n   4 * * . R . * * *\n"))
        << r.out;
    // Every one of the 16 pieces once.
    std::size_t count = 0;
    for (auto at = r.out.find(" on d4:"); at != std::string::npos;
         at = r.out.find(" on d4:", at + 1))
        ++count;
    EXPECT_EQ(count, 16u);
}

// Moves by square colour: both squares shown; the Strong Queen's shots ('+' where it also moves).
TEST(PiecesCommand, ContrastShowsBothSquareColours) {
    const CliRun r = run_balance({"pieces", "contrast", "queen"});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(has(r.out, "Q on d4 (a dark square):")) << r.out;
    EXPECT_TRUE(has(r.out, "Q on e4 (a light square):")) << r.out;
    EXPECT_TRUE(has(r.out, "   4 * * * + Q + * *\n")) << r.out;
    EXPECT_TRUE(has(r.out, "16 squares to move to, 16 to capture on")) << r.out;  // Q2
}

// An army that plays Black only is shown as Black (lower-case letter, moving down the board).
TEST(PiecesCommand, BlackOnlyArmyAsBlack) {
    const CliRun r = run_balance({"pieces", "uneven", "crab"});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(has(r.out, "crab (ffNbsN, black Black), value 6 quarter-pawn\n  c on e4:\n"))
        << r.out;
    EXPECT_TRUE(has(r.out, "   5 . . * . . . * . . .\n")) << r.out;
    EXPECT_TRUE(has(r.out, "   2 . . . * . * . . . .\n")) << r.out;
}

TEST(PiecesCommand, WritesFairyMaxDefinitions) {
    balance::testing::TempDir dir;
    const std::string path = (dir.path() / "asym.ini").string();
    const CliRun r = run_balance({"pieces", "asymmetric", "--fairymax", path});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(has(r.out, "wrote Fairy-Max's definitions of 9 pairings of asymmetric to"))
        << r.out;
    std::ifstream in(path);
    std::ostringstream text;
    text << in.rdbuf();
    EXPECT_EQ(text.str().rfind("version 4.8(w)\n", 0), 0u);
    EXPECT_TRUE(has(text.str(), "Game: elves-orcs\n"));

    const CliRun refused =
        run_balance({"pieces", "contrast", "--fairymax", (dir.path() / "c.ini").string()});
    EXPECT_NE(refused.status, 0);
    EXPECT_TRUE(has(refused.err, "Fairy-Max cannot play piece 'pawn'")) << refused.err;
}

TEST(PiecesCommand, WritesSjaakIIDefinitions) {
    balance::testing::TempDir dir;
    const std::string path = (dir.path() / "capablanca.txt").string();
    const CliRun r = run_balance({"pieces", "capablanca", "--sjaakii", path});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(has(r.out, "wrote SjaakII's definitions of 1 pairing of capablanca to")) << r.out;
    std::ifstream in(path);
    std::ostringstream text;
    text << in.rdbuf();
    EXPECT_TRUE(has(text.str(), "Variant: capablanca-capablanca (10x8)\n")) << text.str();

    const CliRun refused =
        run_balance({"pieces", "asymmetric", "--sjaakii", (dir.path() / "a.txt").string()});
    EXPECT_NE(refused.status, 0);
    EXPECT_TRUE(has(refused.err, "SjaakII cannot play piece 'ranger' (jB)")) << refused.err;
}

// A chiral half: White's right-turning knight moves from d4 (e6, f3, c2, b5), and the caption
// says the other side's turns the same way, which one diagram cannot show.
TEST(PiecesCommand, ChiralPieceSaysBlackTurnsTheSameWay) {
    balance::testing::TempDir dir;
    const auto path = dir.write("chiral.toml", R"(start_fen = "4k3/8/8/8/8/8/8/3NK3 w - - 0 1"
[pieces.king]
betza = "K"
role = "king"
[pieces.righthand]
betza = "hrN"
[armies.solo]
letters = { K = "king", N = "righthand" }
)");
    const CliRun r = run_balance({"pieces", path.string(), "righthand"});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(has(r.out,
                    "righthand (hrN, solo White), value 0 pawn\n"
                    "  chiral: the other side's piece turns the same way (its moves turned half "
                    "a circle)\n"))
        << r.out;
    EXPECT_TRUE(has(r.out,
                    "   6 . . . . * . . .\n   5 . * . . . . . .\n   4 . . . N . . . .\n"
                    "   3 . . . . . * . .\n   2 . . * . . . . .\n"))
        << r.out;
    const CliRun knight = run_balance({"pieces", "chess", "knight"});
    EXPECT_FALSE(has(knight.out, "chiral")) << knight.out;
}

TEST(PiecesCommand, UnknownPieceIsNamed) {
    const CliRun r = run_balance({"pieces", "chess", "kinght"});
    EXPECT_NE(r.status, 0);
    EXPECT_TRUE(has(r.err, "unknown piece 'kinght' in variant 'chess'; did you mean 'knight'?"))
        << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
}

// A FEN letter, either case, names each army's piece with that letter.
TEST(PiecesCommand, ALetterNamesEachArmysPiece) {
    const CliRun chess = run_balance({"pieces", "chess", "n"});
    ASSERT_EQ(chess.status, 0) << chess.err;
    EXPECT_EQ(chess.out, run_balance({"pieces", "chess", "knight"}).out);
    const CliRun asym = run_balance({"pieces", "asymmetric", "N"});
    ASSERT_EQ(asym.status, 0) << asym.err;
    for (const char* piece : {"knight (", "unicorn (", "werewolf ("})
        EXPECT_TRUE(has(asym.out, piece)) << piece << asym.out;
    EXPECT_FALSE(has(asym.out, "pegasus (")) << asym.out;
}

}  // namespace
}  // namespace balance::cli
