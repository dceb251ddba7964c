// SjaakII definitions written from variant files (players/external/sjaakii_definitions.hpp):
// orthodox chess against a hand-checked text, Asymmetric Humans vs Humans against the
// hand-written configs/engines/sjaakii-asymmetric.txt, the spare letters and promotion letters
// of a pairing of two different armies, the encodings of fairy moves, and the errors for what
// SjaakII cannot express. sjaakii_generated_perft_test checks the texts with SjaakII's perft.

#include "balance/players/external/sjaakii_definitions.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "../support/variants.hpp"

namespace balance::players::external {
namespace {

using balance::testing::load_shipped;

std::string variant_text(const core::VariantSpec& spec, const std::string& white,
                         const std::string& black) {
    auto variant = sjaakii_variant(spec, white, black);
    EXPECT_TRUE(variant.ok()) << variant.error().to_string();
    return variant ? variant->text : "";
}

std::string sjaakii_refusal(const core::VariantSpec& spec, const std::string& white,
                            const std::string& black) {
    auto variant = sjaakii_variant(spec, white, black);
    EXPECT_FALSE(variant.ok()) << variant->text;
    return variant ? "" : variant.error().to_string();
}

bool has(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

TEST(SjaakiiDefinitions, OrthodoxChessAsHandChecked) {
    // Pawn steps as SjaakII's own pawns (steps, the double step by rank from the zone of the
    // pawns' start rank), values in centipawns, castling under the king; no move counters.
    EXPECT_EQ(variant_text(load_shipped("chess"), "fide", "fide"),
              "Variant: fide-fide (8x8)\n"
              "Board: 8x8\n"
              "FEN: \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\"\n"
              "Zone: rank8 = a8,b8,c8,d8,e8,f8,g8,h8\n"
              "Zone: rank7 = a7,b7,c7,d7,e7,f7,g7,h7\n"
              "Zone: rank2 = a2,b2,c2,d2,e2,f2,g2,h2\n"
              "Zone: rank1 = a1,b1,c1,d1,e1,f1,g1,h1\n"
              "\n"
              "Piece: Pawn\n"
              "Move: step N\n"
              "Capture: step NE,NW\n"
              "Special: rank2, rank7, step 2N\n"
              "Symbol: \" \", \"P,p\"\n"
              "Flags: set_ep,take_ep\n"
              "Promotion: rank8, rank1, \"NBRQ\"\n"
              "Value: 100\n"
              "\n"
              "Piece: Knight\n"
              "Move: leap (2,1)\n"
              "Symbol: \"N\", \"N,n\"\n"
              "Value: 300\n"
              "\n"
              "Piece: Bishop\n"
              "Move: slide (D,A)\n"
              "Symbol: \"B\", \"B,b\"\n"
              "Value: 300\n"
              "\n"
              "Piece: Rook\n"
              "Move: slide (H,V)\n"
              "Symbol: \"R\", \"R,r\"\n"
              "Value: 500\n"
              "\n"
              "Piece: Queen\n"
              "Move: slide (D,A,H,V)\n"
              "Symbol: \"Q\", \"Q,q\"\n"
              "Value: 900\n"
              "\n"
              "Piece: King\n"
              "Move: leap (1,0)|(1,1)\n"
              "Symbol: \"K\", \"K,k\"\n"
              "Flags: royal\n"
              "Castle: white e1-g1 with h1\n"
              "Castle: white e1-c1 with a1\n"
              "Castle: black e8-g8 with h8\n"
              "Castle: black e8-c8 with a8\n"
              "\n"
              "Rule: checkmate = win\n"
              "Rule: stalemate = draw\n"
              "Rule: repeat3 = draw\n");
}

// The lines of a variant that say what SjaakII plays: without the variant's and the pieces'
// names, blank lines and comments.
std::vector<std::string> rule_lines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        if (const auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
        while (!line.empty() && line.back() == ' ') line.pop_back();
        if (line.empty() || line.rfind("Variant:", 0) == 0 || line.rfind("Piece:", 0) == 0)
            continue;
        out.push_back(line);
    }
    return out;
}

// The hand-written file's one complete pairing: the same lines but for the king's leap, written
// W first, as SjaakII's own chess has it.
TEST(SjaakiiDefinitions, AsymmetricHumansAgainstHumansIsTheHandWrittenVariant) {
    std::ifstream in(std::string(BALANCE_SOURCE_DIR) + "/configs/engines/sjaakii-asymmetric.txt");
    std::ostringstream file;
    file << in.rdbuf();
    const std::string all = file.str();
    const auto from = all.find("Variant: asym-human-human");
    ASSERT_NE(from, std::string::npos);
    std::string hand = all.substr(from, all.find("\n# ", from) - from);
    const std::string king = "leap (0,1)|(1,1)";
    ASSERT_TRUE(has(hand, king));
    hand.replace(hand.find(king), king.size(), "leap (1,0)|(1,1)");
    EXPECT_EQ(rule_lines(variant_text(load_shipped("asymmetric"), "humans", "humans")),
              rule_lines(hand));
}

// Uneven's two armies without castling (its castling is not SjaakII's): a type per army for
// what only one has (the pawns too: their promotion choices differ), one type for the pieces both
// have under one letter. Spare letters come from the piece's name where free; they are the SAN
// and promotion letters SjaakII writes.
TEST(SjaakiiDefinitions, TwoArmiesGetSpareLettersAndTheirPromotionLetters) {
    auto spec = load_shipped("uneven");
    spec.castling.enabled = false;
    auto variant = sjaakii_variant(spec, "white", "black");
    ASSERT_TRUE(variant.ok()) << variant.error().to_string();
    const std::string& text = variant->text;
    EXPECT_TRUE(has(text, "FEN: \"roncqkwndr/aaaaaaaaaa/10/10/10/10/AAAAAAAAAA/RBNPQKMNIR w - -\""))
        << text;
    EXPECT_TRUE(has(text,
                    "Piece: Pawn (white)\nMove: step N\nCapture: step NE,NW\n"
                    "Special: rank2, empty, step 2N\nSymbol: \" \", \"A,e\"\n"))
        << text;
    EXPECT_TRUE(has(text, "Promotion: rank8, rank1, \"NMBPIRQ\"\nValue: 100\n")) << text;
    EXPECT_TRUE(has(text,
                    "Piece: Pawn (black)\nMove: step N\nCapture: step NE,NW\n"
                    "Special: empty, rank7, step 2N\nSymbol: \" \", \"J,a\"\n"))
        << text;
    EXPECT_TRUE(has(text, "Promotion: rank8, rank1, \"LZRTUNQ\"\n")) << text;
    EXPECT_TRUE(has(text,
                    "Piece: Crab (black)\nMove: aleap (1,2)|(-1,2)|(2,-1)|(-2,-1)\n"
                    "Symbol: \"L\", \"L,c\"\nValue: 150\n"))
        << text;
    EXPECT_TRUE(has(text, "Piece: Kirin (white)\nMove: leap (1,1)|(2,0)\nSymbol: \"G\", \"I,g\"\n"))
        << text;
    EXPECT_TRUE(has(text, "Piece: Knight\nMove: leap (2,1)\nSymbol: \"N\", \"N,n\"\n")) << text;
    EXPECT_FALSE(has(text, "Castle:")) << text;
    const std::map<char, char> white = {{'b', 's'}, {'i', 'g'}, {'m', 'f'}, {'p', 'h'}};
    const std::map<char, char> black = {{'c', 'l'}, {'d', 'u'}, {'o', 't'}, {'w', 'z'}};
    EXPECT_EQ(variant->promotion_letters[0], white);
    EXPECT_EQ(variant->promotion_letters[1], black);
}

TEST(SjaakiiDefinitions, CapablancaCastlesThreeSquaresWithTheRookBesideTheKing) {
    const std::string text = variant_text(load_shipped("capablanca"), "capablanca", "capablanca");
    EXPECT_TRUE(has(text, "Board: 10x8\n")) << text;
    EXPECT_TRUE(has(text, "Castle: white f1-i1 with j1\nCastle: white f1-c1 with a1\n")) << text;
    EXPECT_TRUE(has(text, "Castle: black f8-i8 with j8\nCastle: black f8-c8 with a8\n")) << text;
    EXPECT_TRUE(has(text, "Piece: Archbishop\nMove: slide (D,A)\nMove: leap (2,1)\n")) << text;
    EXPECT_TRUE(has(text, "Promotion: rank8, rank1, \"NBRACQ\"\n")) << text;
}

// Lame leaps, one-way slides, range limits and leaps in some directions only.
TEST(SjaakiiDefinitions, FairyMovesAsSjaakIIWritesThem) {
    auto spec = load_shipped("chess");
    const std::map<std::string, std::string> betza = {
        {"knight", "WafsW"}, {"bishop", "FnA"}, {"rook", "fRbWsW"}, {"queen", "BWnD"}};
    for (auto& p : spec.pieces)
        if (betza.contains(p.name)) p.betza = betza.at(p.name);
    const std::string text = variant_text(spec, "fide", "fide");
    EXPECT_TRUE(has(text, "Piece: Knight\nMove: leap ((1,0)+(1,1))&((1,0)|(2,1))\n")) << text;
    EXPECT_TRUE(has(text, "Piece: Bishop\nMove: leap ((1,1)+(1,1))&((1,1)|(2,2))\n")) << text;
    EXPECT_TRUE(has(text, "Piece: Rook\nMove: aleap (0,-1)|(1,0)|(-1,0)\nMove: step 7N\n")) << text;
    EXPECT_TRUE(
        has(text, "Piece: Queen\nMove: slide (D,A)\nMove: leap ((1,0)+(1,0))&((1,0)|(2,0))\n"))
        << text;
    // A sideways pawn step: SjaakII would let the pawn stay unpromoted on the last rank.
    const std::string sideways =
        variant_text(load_shipped("chess", {"pawn-sideways"}), "fide", "fide");
    EXPECT_TRUE(has(sideways, "Move: step N,E,W\n")) << sideways;
    EXPECT_TRUE(
        has(sideways, "Promotion: rank8, rank1, \"NBRQ\"\nOptional promotion: empty, empty\n"))
        << sideways;
    // Double steps from any rank (torpedo) and from ranks 2 and 3 (semi-torpedo).
    EXPECT_TRUE(has(variant_text(load_shipped("chess", {"torpedo"}), "fide", "fide"),
                    "Special: all, all, step 2N\n"));
    const std::string semi = variant_text(load_shipped("chess", {"semi-torpedo"}), "fide", "fide");
    EXPECT_TRUE(has(semi, "Special: ranks2_3, ranks6_7, step 2N\n")) << semi;
    EXPECT_TRUE(has(semi, "Zone: ranks2_3 = a2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3\n"))
        << semi;
    EXPECT_TRUE(has(variant_text(load_shipped("chess", {"stalemate-win"}), "fide", "fide"),
                    "Rule: stalemate = win\n"));
}

TEST(SjaakiiDefinitions, WholeFileHasOneVariantPerPairing) {
    auto text = sjaakii_definitions(load_shipped("chess"), {{"fide", "fide"}});
    ASSERT_TRUE(text.ok()) << text.error().to_string();
    EXPECT_EQ(text->rfind("# SjaakII definitions written by Balance", 0), 0u) << *text;
    EXPECT_TRUE(
        has(*text, "\n# chess: fide (White) against fide (Black)\nVariant: fide-fide (8x8)\n"));
}

// The Asymmetric Ranger (jB) and Wyvern (jR) ski-slide: every Elf and Orc army has one. It is
// named before the Sprite's and Guard's rule-8 e.p. steps, which SjaakII cannot follow either.
TEST(SjaakiiDefinitions, SkiSlidersAreRefusedNamingThePiece) {
    const auto spec = load_shipped("asymmetric");
    const std::string elves = sjaakii_refusal(spec, "humans", "elves");
    EXPECT_TRUE(has(elves, "SjaakII cannot play piece 'ranger' (jB): a ski-slide")) << elves;
    EXPECT_TRUE(has(elves, "asymmetric.toml:")) << elves;
    const std::string orcs = sjaakii_refusal(spec, "orcs", "orcs");
    EXPECT_TRUE(has(orcs, "piece 'wyvern' (jR): a ski-slide")) << orcs;
    // Without ski-sliders (the hand-written file's partial armies), rule 8 is what is left.
    auto partial = spec;
    for (auto& p : partial.pieces)
        if (p.name == "ranger") p.betza = "B";
    const std::string sprite = sjaakii_refusal(partial, "humans", "elves");
    EXPECT_TRUE(has(sprite, "piece 'sprite' (fmceFifmnA): a step onto the e.p. square")) << sprite;
    EXPECT_TRUE(has(sprite, "Asymmetric rule 8")) << sprite;
    auto chess = load_shipped("chess");
    for (auto& p : chess.pieces)
        if (p.name == "bishop") p.betza = "jB";
    EXPECT_TRUE(has(sjaakii_refusal(chess, "fide", "fide"), "piece 'bishop' (jB): a ski-slide"));
}

// Castling set per wing is written as the rules resolve it: a queenside king landing on b1 with
// its rook on c1 (beside it) is SjaakII's castling; the rook on d1 is not, and is refused.
TEST(SjaakiiDefinitions, CastlingPerWing) {
    auto spec = load_shipped("chess");
    auto& queenside = spec.castling.wings[core::Queenside];
    queenside.king_to = 1;
    queenside.rook_to_file = 2;
    const std::string text = variant_text(spec, "fide", "fide");
    EXPECT_TRUE(has(text, "Castle: white e1-b1 with a1")) << text;
    EXPECT_TRUE(has(text, "Castle: black e8-b8 with a8")) << text;
    EXPECT_TRUE(has(text, "Castle: white e1-g1 with h1")) << text;
    queenside.rook_to_file = 3;
    EXPECT_TRUE(has(sjaakii_refusal(spec, "fide", "fide"),
                    "castling of army 'fide' with the king to b1 and the rook to d1"));
    spec.castling.wings[core::Queenside] = {};
    spec.armies.front().castling.from_move = 10;
    EXPECT_TRUE(has(sjaakii_refusal(spec, "fide", "fide"), "castle only from a later move"));
}

TEST(SjaakiiDefinitions, WhatSjaakIICannotExpressIsNamed) {
    // Uneven's castling: the rook lands beside the king's start square.
    EXPECT_TRUE(has(sjaakii_refusal(load_shipped("uneven"), "white", "black"),
                    "cannot castle a king 3 squares with the rook landing beside the king's "
                    "start square"));
    EXPECT_TRUE(
        has(sjaakii_refusal(load_shipped("contrast"), "fide", "fide"), "colour of its square"));
    EXPECT_TRUE(has(sjaakii_refusal(load_shipped("antirelay"), "fide", "fide"), "anti-relay"));
    EXPECT_TRUE(has(sjaakii_refusal(load_shipped("chess", {"self-capture"}), "fide", "fide"),
                    "self-capture"));
    EXPECT_TRUE(has(sjaakii_refusal(load_shipped("chess", {"no-castling-10"}), "fide", "fide"),
                    "castling only from move 11"));
    EXPECT_TRUE(has(sjaakii_refusal(load_shipped("chess", {"pawn-back"}), "fide", "fide"),
                    "piece 'pawn' (fmWfceFifmnD): a move limited by the rank it ends on"));
    EXPECT_TRUE(has(sjaakii_refusal(load_shipped("asymmetric", {"footman-ep-on-straight-step=on"}),
                                    "humans", "humans"),
                    "Asymmetric rule 8"));
    EXPECT_TRUE(has(
        sjaakii_refusal(load_shipped("asymmetric", {"promote-to-captured"}), "humans", "humans"),
        "promotion to captured units"));
    auto spec = load_shipped("chess");
    for (auto& p : spec.pieces)
        if (p.name == "bishop") p.betza = "nH";
    EXPECT_TRUE(has(sjaakii_refusal(spec, "fide", "fide"), "a lame leap over 2 squares"));
    for (auto& p : spec.pieces)
        if (p.name == "bishop") p.betza = "BasF";
    EXPECT_TRUE(has(sjaakii_refusal(spec, "fide", "fide"), "either of two first squares (asF)"));
    for (auto& p : spec.pieces)
        if (p.name == "bishop") p.betza = "lR";
    EXPECT_TRUE(has(sjaakii_refusal(spec, "fide", "fide"), "not left-right symmetric"));
    for (auto& p : spec.pieces)
        if (p.name == "bishop") p.betza = "hrN";
    EXPECT_TRUE(has(sjaakii_refusal(spec, "fide", "fide"),
                    "piece 'bishop' (hrN): a chiral half (hr, hl): SjaakII mirrors Black's leaps"));
}

}  // namespace
}  // namespace balance::players::external
