// Fairy-Max definitions written from variant files (players/external/fairymax_ini.hpp): the
// orthodox game and Asymmetric's Elves against Orcs against hand-checked texts, the type sharing
// Uneven needs, and the errors for what Fairy-Max cannot express.

#include "balance/players/external/fairymax_ini.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "../support/variants.hpp"

namespace balance::players::external {
namespace {

using balance::testing::load_shipped;

std::vector<std::string> words(const std::string& line) {
    std::istringstream in(line);
    std::vector<std::string> out;
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

// A piece line with its rays sorted: "n:330 14,7 ..." -> "n:330 -14,7 ...".
std::string sorted_rays(const std::string& line) {
    auto w = words(line);
    if (w.empty()) return line;
    std::sort(w.begin() + 1, w.end());
    std::string out;
    for (const auto& x : w) out += (out.empty() ? "" : " ") + x;
    return out;
}

// Game name -> its lines (board, arrays, pieces with sorted rays), read from an ini text.
std::map<std::string, std::vector<std::string>> games_of(const std::string& text) {
    std::map<std::string, std::vector<std::string>> games;
    std::istringstream in(text);
    std::string line, current;
    while (std::getline(in, line)) {
        if (line.rfind("Game: ", 0) == 0) {
            current = line.substr(6);
            continue;
        }
        if (current.empty()) continue;
        if (line.empty() || line.rfind("//", 0) == 0) {
            current.clear();
            continue;
        }
        games[current].push_back(line.find(':') != std::string::npos ? sorted_rays(line) : line);
    }
    return games;
}

TEST(FairymaxIni, OrthodoxChessAsHandChecked) {
    const auto spec = load_shipped("chess");
    auto game = fairymax_game(spec, "fide", "fide");
    ASSERT_TRUE(game.ok()) << game.error().to_string();
    // White's types 3-6 (knight, bishop, rook, king), its queen at 7 (the promotion piece),
    // Black's king 8, queen 9, then knight, bishop, rook. Pawns: fmW = -16,6 (move only),
    // fceF = -15,5 -17,5 (capture only, e.p. being every pawn capture in Fairy-Max), ifmnD =
    // -16,24 (blockable double step); Black's mirrored (+16). Pawns are no promotion choice
    // (value ending in 3); kings are royal (-1) and castle (1,34 -1,34). Letters: minor pieces
    // lower case (centralised), rook and queen upper case. Black's symmetric pieces use White's
    // lines.
    EXPECT_EQ(*game,
              "8x8\n"
              "5 3 4 7 6 4 3 5\n"
              "12 10 11 9 8 11 10 12\n"
              "p:103 -16,6 -15,5 -17,5 -16,24\n"
              "p:103 16,6 17,5 15,5 16,24\n"
              "n:300 -14,7 18,7 -18,7 14,7 -31,7 33,7 -33,7 31,7\n"
              "b:300 -15,3 17,3 -17,3 15,3\n"
              "R:500 1,3 -1,3 -16,3 16,3\n"
              "k:-1 1,34 -1,34 1,7 -1,7 -16,7 16,7 -15,7 17,7 -17,7 15,7\n"
              "Q:900 1,3 -1,3 -16,3 16,3 -15,3 17,3 -17,3 15,3\n"
              "k:-1 1,34 -1,34 1,7 -1,7 -16,7 16,7 -15,7 17,7 -17,7 15,7\n"
              "Q:900 1,3 -1,3 -16,3 16,3 -15,3 17,3 -17,3 15,3\n"
              "n:300 -14,7 18,7 -18,7 14,7 -31,7 33,7 -33,7 31,7\n"
              "b:300 -15,3 17,3 -17,3 15,3\n"
              "R:500 1,3 -1,3 -16,3 16,3\n");
}

// A chiral half turns right for both sides: Black's rays are White's turned half a circle,
// which for hrN's four-fold turning set are the same rays; a mirrored hlN would be -31, 31, 18,
// -18's mirror images.
TEST(FairymaxIni, ChiralHalfTurnsTheSameWayForBlack) {
    auto spec = load_shipped("chess");
    for (auto& p : spec.pieces)
        if (p.name == "knight") p.betza = "hrN";
    auto game = fairymax_game(spec, "fide", "fide");
    ASSERT_TRUE(game.ok()) << game.error().to_string();
    // hrN: (1,2) = -31, (2,-1) = 18, (-1,-2) = 31, (-2,1) = -18 on Fairy-Max's board.
    const std::string white = "n:300 -18,7 -31,7 18,7 31,7";  // rays sorted as text
    const auto lines = games_of("Game: g\n" + *game)["g"];
    EXPECT_EQ(std::count(lines.begin(), lines.end(), white), 2) << *game;
}

TEST(FairymaxIni, FileHasEveryPairingAndEndsWithALine) {
    const auto spec = load_shipped("asymmetric");
    auto ini = fairymax_ini(spec, fairymax_pairings(spec));
    ASSERT_TRUE(ini.ok()) << ini.error().to_string();
    EXPECT_EQ(ini->rfind("version 4.8(w)\n8x8\n", 0), 0u);  // the default game first
    EXPECT_EQ(games_of(*ini).size(), 9u);
    EXPECT_NE(ini->find("Game: elves-orcs\n"), std::string::npos);
    // Fairy-Max reads past the end of a file whose last game is not followed by a line.
    EXPECT_EQ(ini->substr(ini->size() - 15), "// end of file\n");
    auto again = fairymax_ini(spec, fairymax_pairings(spec));
    EXPECT_EQ(*again, *ini);  // deterministic
}

// The Elves against the Orcs, every unorthodox Asymmetric piece of both sides, against the
// hand-checked lines of the Fairy-Max file these studies once used (Fairy-Max itself checks the
// generated moves against RULES.md 1.8 in external_fairymax_asymmetric_test.cpp). Rays are
// compared as sets: Fairy-Max breaks ties between equal moves by their order, the rules do not
// depend on it. Sprite -15,7 -17,7 and the double step -15,24 -17,24; Guard 16,7, sideways
// capture 1,5 -1,5, double step 16,24 (Black's, mirrored); Unicorn F plus lame N through the
// diagonal (-15,70,1: forward-right, then right); Ranger -30,3,-15 (first landing two diagonal
// steps away, sliding on); Pegasus W, D, H leaps; Werewolf W plus lame N through the orthogonal
// (the Xiangqi horse, -16,70,-15); Harpy F and A leaps; Wyvern 2,3,1; Dragon R + N. Values in
// centipawns, 3 as the last digit for what nobody promotes to (pawns, Werewolf, Wyvern, Dragon).
TEST(FairymaxIni, AsymmetricElvesAgainstOrcsAsHandChecked) {
    const auto spec = load_shipped("asymmetric");
    auto game = fairymax_game(spec, "elves", "orcs");
    ASSERT_TRUE(game.ok()) << game.error().to_string();
    const auto lines = games_of("Game: g\n" + *game)["g"];
    const std::vector<std::string> hand = {
        "8x8",
        "5 3 4 7 6 4 3 5",
        "11 10 9 12 8 9 10 11",
        "p:123 -15,7 -17,7 -15,24 -17,24",
        "p:113 16,7 1,5 -1,5 16,24",
        "n:410 15,7 17,7 -15,7 -17,7 -15,70,1 -15,70,-16 -17,70,-1 -17,70,-16 15,70,-1 15,70,16 "
        "17,70,1 17,70,16",
        "b:220 -30,3,-15 -34,3,-17 30,3,15 34,3,17",
        "R:510 1,7 -1,7 16,7 -16,7 2,7 -2,7 32,7 -32,7 3,7 -3,7 48,7 -48,7",
        "k:-1 1,34 -1,34 1,7 16,7 15,7 17,7 -1,7 -16,7 -15,7 -17,7",
        "Q:860 15,3 17,3 -15,3 -17,3 14,7 31,7 33,7 18,7 -14,7 -31,7 -33,7 -18,7",
        "k:-1 1,34 -1,34 1,7 16,7 15,7 17,7 -1,7 -16,7 -15,7 -17,7",
        "b:290 15,7 17,7 -15,7 -17,7 30,7 34,7 -30,7 -34,7",
        "n:393 1,7 -1,7 16,7 -16,7 -16,70,-15 -16,70,-17 16,70,15 16,70,17 1,70,17 1,70,-15 "
        "-1,70,15 -1,70,-17",
        "R:483 2,3,1 -2,3,-1 32,3,16 -32,3,-16",
        "Q:903 1,3 16,3 -1,3 -16,3 14,7 31,7 33,7 18,7 -14,7 -31,7 -33,7 -18,7",
    };
    std::vector<std::string> expected;
    for (const auto& line : hand)
        expected.push_back(line.find(':') != std::string::npos ? sorted_rays(line) : line);
    EXPECT_EQ(lines, expected) << *game;
}

// Uneven's armies have 18 piece types between them; pieces alike for both colours (rook,
// knight, queen, king) share a type to fit Fairy-Max's 15. (Uneven's castling, 3 squares with the
// rook beside the king's start square, is not Fairy-Max's: switched off here to see the rest.) The
// Crab (ffNbsN) is Black's only and mirrored (2 ranks towards rank 1: +31, +33), and a promotion
// choice of Black (150, not ending in 3).
TEST(FairymaxIni, UnevenSharesTypesToFit) {
    auto spec = load_shipped("uneven");
    spec.castling.enabled = false;
    auto game = fairymax_game(spec, "white", "black");
    ASSERT_TRUE(game.ok()) << game.error().to_string();
    std::vector<std::string> pieces;
    std::istringstream in(*game);
    for (std::string line; std::getline(in, line);)
        if (line.find(':') != std::string::npos) pieces.push_back(line);
    EXPECT_EQ(pieces.size(), 14u);
    EXPECT_NE(game->find("c:150 33,7 31,7 -14,7 -18,7\n"), std::string::npos) << *game;
    EXPECT_NE(game->find("k:-1 1,7 -1,7 "), std::string::npos) << *game;  // no castling
    EXPECT_NE(game->find("Q:975 "), std::string::npos) << *game;          // 39 quarter-pawns
    EXPECT_EQ(pieces[6].substr(0, 2), "Q:");                              // both promote to type 7
}

std::string error_of(const core::VariantSpec& spec, const std::string& white = "fide",
                     const std::string& black = "fide") {
    auto game = fairymax_game(spec, white, black);
    EXPECT_FALSE(game.ok());
    return game ? "" : game.error().to_string();
}

core::PieceSpec& piece(core::VariantSpec& spec, const std::string& name) {
    for (auto& p : spec.pieces)
        if (p.name == name) return p;
    ADD_FAILURE() << name;
    return spec.pieces.front();
}

TEST(FairymaxIni, NamesWhatFairyMaxCannotExpress) {
    const auto contains = [](const std::string& text, const std::string& part) {
        return text.find(part) != std::string::npos;
    };
    {  // Castling only from a later move (chess's no-castling-10): Fairy-Max would castle early.
        auto spec = load_shipped("chess");
        spec.castling.from_move = 11;
        const std::string e = error_of(spec);
        EXPECT_TRUE(contains(e, "castling only from move 11 (army 'fide')")) << e;
    }
    {  // Contrast chess: moves by square colour
        const std::string e = error_of(load_shipped("contrast"));
        EXPECT_TRUE(contains(e, "piece 'pawn'")) << e;
        EXPECT_TRUE(contains(e, "colour of its square")) << e;
    }
    {
        auto spec = load_shipped("chess");
        piece(spec, "knight").betza = "NcabK";
        const std::string e = error_of(spec);
        EXPECT_TRUE(contains(e, "piece 'knight' (NcabK)")) << e;
        EXPECT_TRUE(contains(e, "no shots")) << e;
    }
    {
        auto spec = load_shipped("chess");
        piece(spec, "bishop").betza = "BifmD";
        EXPECT_TRUE(contains(error_of(spec), "initial-only leap")) << error_of(spec);
    }
    {
        auto spec = load_shipped("chess");
        piece(spec, "rook").betza = "R6";
        EXPECT_TRUE(contains(error_of(spec), "limited to 6 squares")) << error_of(spec);
        piece(spec, "rook").betza = "R3";
        auto game = fairymax_game(spec, "fide", "fide");
        ASSERT_TRUE(game.ok()) << game.error().to_string();
        EXPECT_NE(game->find("R:500 1,443 -1,443 -16,443 16,443\n"), std::string::npos) << *game;
    }
    {
        auto spec = load_shipped("chess");
        piece(spec, "pawn").betza = "fmWfcFifmnD";  // captures without e.p.
        EXPECT_TRUE(contains(error_of(spec), "capture without e.p.")) << error_of(spec);
    }
    EXPECT_TRUE(contains(error_of(load_shipped("antirelay")), "anti-relay"));
    EXPECT_TRUE(
        contains(error_of(load_shipped("asymmetric", {"stalemate-win"}), "humans", "humans"),
                 "stalemate wins"));
    EXPECT_TRUE(contains(
        error_of(load_shipped("asymmetric", {"footman-ep-on-straight-step=on"}), "humans", "elves"),
        "move-only step"));
    {
        const std::string e = error_of(load_shipped("uneven"), "white", "black");
        EXPECT_TRUE(contains(e, "castle a king from the f file 3 squares on a board 10 files wide"))
            << e;
    }
    {  // Castling per wing: the king to b1 queenside, its rook to c1
        auto spec = load_shipped("chess");
        spec.castling.wings[core::Queenside].king_to = 1;
        spec.castling.wings[core::Queenside].rook_to_file = 2;
        spec.castling.wings[core::Queenside].section = "[castling.queenside]";
        const std::string e = error_of(spec);
        EXPECT_TRUE(contains(e,
                             "Fairy-Max cannot play the castling of army 'fide': it castles on "
                             "both wings alike, the king 2 squares from a central file and the "
                             "corner piece landing beside it; this army castles queenside from "
                             "the e file with the king to the b file and the rook to the c file"))
            << e;
    }
    {  // Castling per army: one wing off
        auto spec = load_shipped("chess");
        spec.armies.front().castling_wings[core::Kingside].enabled = false;
        const std::string e = error_of(spec);
        EXPECT_TRUE(contains(e, "; this army does not castle kingside")) << e;
        // Both wings off: the king just does not castle, as with castling.enabled = false.
        spec.armies.front().castling.enabled = false;
        spec.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";
        auto game = fairymax_game(spec, "fide", "fide");
        ASSERT_TRUE(game.ok()) << game.error().to_string();
        EXPECT_NE(game->find("k:-1 1,7 "), std::string::npos) << *game;
    }
    {  // Per-wing keys that give the orthodox squares are still Fairy-Max's castling.
        auto spec = load_shipped("chess");
        spec.castling.wings[core::Kingside].king_to = 6;
        spec.castling.wings[core::Kingside].rook_to_file = 5;
        auto game = fairymax_game(spec, "fide", "fide");
        ASSERT_TRUE(game.ok()) << game.error().to_string();
        EXPECT_NE(game->find("k:-1 1,34 -1,34 "), std::string::npos) << *game;
    }
    {
        auto spec = load_shipped("chess");
        spec.start_fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
        EXPECT_TRUE(contains(error_of(spec), "P on e4")) << error_of(spec);
    }
}

// What the shipped variants' defaults allow (docs/sweeps.md lists it).
TEST(FairymaxIni, ShippedVariants) {
    for (const std::string v : {"chess", "asymmetric", "stylish"}) {
        const auto spec = load_shipped(v);
        auto ini = fairymax_ini(spec, fairymax_pairings(spec));
        EXPECT_TRUE(ini.ok()) << v << ": " << ini.error().to_string();
    }
    // Asymmetric's double-step options: the Sprite's jump (ifmA: Fairy-Max's E4, unblockable
    // and e.p.-immune) or none, and no Guard double step.
    for (const std::string option :
         {"sprite-double-step=leap", "sprite-double-step=none", "guard-double-step=off"}) {
        const auto spec = load_shipped("asymmetric", {option});
        auto ini = fairymax_ini(spec, fairymax_pairings(spec));
        EXPECT_TRUE(ini.ok()) << option << ": " << ini.error().to_string();
        if (option == "sprite-double-step=leap") {
            EXPECT_NE(ini->find("p:123 -15,7 -17,7 -15,E4 -17,E4\n"), std::string::npos) << *ini;
        }
    }
    for (const std::string v : {"contrast", "antirelay", "uneven"}) {
        const auto spec = load_shipped(v);
        EXPECT_FALSE(fairymax_ini(spec, fairymax_pairings(spec)).ok()) << v;
    }
}

}  // namespace
}  // namespace balance::players::external
