// The variants.ini written for Fairy-Stockfish (players/external/fairy_stockfish_ini.hpp): what
// it says for chess, Capablanca and Uneven, and what it refuses, naming the piece or rule.

#include "balance/players/external/fairy_stockfish_ini.hpp"

#include <gtest/gtest.h>

#include "../support/variants.hpp"

namespace balance::testing {
namespace {

using players::external::fairy_stockfish_variant;

std::string ini_of(const core::VariantSpec& spec, const std::string& white = {},
                   const std::string& black = {}) {
    auto variant = fairy_stockfish_variant(spec, white.empty() ? spec.default_white : white,
                                           black.empty() ? spec.default_black : black);
    EXPECT_TRUE(variant.ok()) << (variant ? "" : variant.error().to_string());
    return variant ? variant->text : std::string();
}

std::string fairy_stockfish_refusal(const core::VariantSpec& spec, const std::string& white,
                                    const std::string& black) {
    auto variant = fairy_stockfish_variant(spec, white, black);
    EXPECT_FALSE(variant.ok()) << variant->text;
    return variant ? std::string() : variant.error().to_string();
}

TEST(FairyStockfishIni, ChessIsTheBuiltInPiecesWithOrthodoxRules) {
    const std::string ini = ini_of(load_shipped("chess"));
    for (const char* line :
         {"[balance-fide-fide]\n",
          "maxFile = 8\n",
          "maxRank = 8\n",
          "pawn = p\n",
          "knight = n\n",
          "bishop = b\n",
          "rook = r\n",
          "queen = q\n",
          "king = k\n",
          "startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n",
          "promotionRegionWhite = *8\n",
          "promotionRegionBlack = *1\n",
          "promotionPieceTypesWhite = nbrq\n",
          "doubleStepRegionWhite = *2\n",
          "doubleStepRegionBlack = *7\n",
          "castlingKingsideFile = g\n",
          "castlingQueensideFile = c\n",
          "castlingKingFile = e\n",
          "castlingRookPieces = r\n",
          "stalemateValue = draw\n",
          "nMoveRule = 50\n",
          "nFoldRule = 3\n"})
        EXPECT_NE(ini.find(line), std::string::npos) << line << "\n" << ini;
    EXPECT_EQ(ini.find("customPiece"), std::string::npos) << ini;
}

TEST(FairyStockfishIni, StudyRuleSetsItCanExpress) {
    EXPECT_NE(ini_of(load_shipped("chess", {"pawn-one-square"})).find("doubleStep = false\n"),
              std::string::npos);
    EXPECT_NE(
        ini_of(load_shipped("chess", {"semi-torpedo"})).find("doubleStepRegionWhite = *2 *3\n"),
        std::string::npos);
    EXPECT_NE(ini_of(load_shipped("chess", {"stalemate-win"})).find("stalemateValue = loss\n"),
              std::string::npos);
    const std::string no_castling = ini_of(load_shipped("chess", {"no-castling"}));
    EXPECT_NE(no_castling.find("castling = false\n"), std::string::npos);
    EXPECT_NE(no_castling.find("RNBQKBNR w - - 0 1\n"), std::string::npos);
}

TEST(FairyStockfishIni, StudyRuleSetsItCannotExpressAreNamed) {
    EXPECT_NE(fairy_stockfish_refusal(load_shipped("chess", {"self-capture"}), "fide", "fide")
                  .find("self-capture"),
              std::string::npos);
    EXPECT_NE(fairy_stockfish_refusal(load_shipped("chess", {"no-castling-10"}), "fide", "fide")
                  .find("castling only from move 11"),
              std::string::npos);
    EXPECT_NE(fairy_stockfish_refusal(load_shipped("chess", {"pawn-sideways"}), "fide", "fide")
                  .find("pawn 'pawn'"),
              std::string::npos);
    EXPECT_NE(
        fairy_stockfish_refusal(load_shipped("chess", {"pawn-back"}), "fide", "fide").find("bmW"),
        std::string::npos);
}

TEST(FairyStockfishIni, CapablancaCastlesWithTheRookBesideTheKingsDestination) {
    const std::string ini = ini_of(load_shipped("capablanca"));
    for (const char* line :
         {"maxFile = 10\n", "archbishop = a\n", "chancellor = c\n", "castlingKingsideFile = i\n",
          "castlingQueensideFile = c\n", "castlingKingFile = f\n", "castlingRookKingsideFile = j\n",
          "castlingRookQueensideFile = a\n", "promotionPieceTypesWhite = nbracq\n",
          "promotionRegionWhite = *8\n"})
        EXPECT_NE(ini.find(line), std::string::npos) << line << "\n" << ini;
}

TEST(FairyStockfishIni, UnevenCastlingIsRefusedByName) {
    // Uneven's king crosses three squares and its rook lands beside the king's start square
    // (Kf1-i1, Rj1-g1); Fairy-Stockfish always puts the rook beside the king's destination.
    const std::string why = fairy_stockfish_refusal(load_shipped("uneven"), "white", "black");
    EXPECT_NE(why.find("castling of army 'white' with the king to i1 and the rook to g1"),
              std::string::npos)
        << why;
}

TEST(FairyStockfishIni, UnevenWithoutCastlingHasItsOwnPiecesAndLetters) {
    auto spec = load_shipped("uneven");
    spec.castling.enabled = false;
    const std::string ini = ini_of(spec, "white", "black");
    for (const char* line :
         {"pawn = a\n", "knight = n\n", "bishop = b\n", "rook = r\n", "queen = q\n",
          "commoner = m\n", "wazir = w\n", "dragonHorse = d\n", "customPiece1 = c:ffNbsN\n",
          "customPiece2 = p:WA\n", "customPiece3 = i:FD\n", "customPiece4 = o:ND\n",
          "promotionPieceTypesWhite = nmbpirq\n", "promotionPieceTypesBlack = cwrodnq\n",
          "castling = false\n"})
        EXPECT_NE(ini.find(line), std::string::npos) << line << "\n" << ini;
    // Custom pieces get our values on its scale (quarter-pawns: the crab's 6 = 1.5 pawns).
    EXPECT_NE(ini.find("pieceValueMg = c:189"), std::string::npos) << ini;
}

TEST(FairyStockfishIni, AsymmetricSkiAndMultiLegPiecesAreRefusedByName) {
    auto spec = load_shipped("asymmetric");
    const std::string elves = fairy_stockfish_refusal(spec, "humans", "elves");
    EXPECT_NE(elves.find("piece 'unicorn' (FafsF): multi-leg moves (a)"), std::string::npos)
        << elves;
    const std::string orcs = fairy_stockfish_refusal(spec, "orcs", "humans");
    EXPECT_NE(orcs.find("piece 'werewolf' (WafsW): multi-leg moves (a)"), std::string::npos)
        << orcs;
    // Past the multi-leg pieces, the ski-sliders, then the pawns it has no form for.
    for (auto& piece : spec.pieces)
        if (piece.name == "unicorn" || piece.name == "werewolf") piece.betza = "N";
    EXPECT_NE(fairy_stockfish_refusal(spec, "elves", "humans")
                  .find("piece 'ranger' (jB): ski-slides (j)"),
              std::string::npos);
    EXPECT_NE(
        fairy_stockfish_refusal(spec, "humans", "orcs").find("piece 'wyvern' (jR): ski-slides (j)"),
        std::string::npos);
    for (auto& piece : spec.pieces)
        if (piece.name == "ranger" || piece.name == "wyvern") piece.betza = "B";
    EXPECT_NE(fairy_stockfish_refusal(spec, "elves", "elves").find("pawn 'sprite' (fmceFifmnA)"),
              std::string::npos);
    // Then letters: one letter, two pieces (the Humans' monk, the Elves' ranger).
    EXPECT_NE(fairy_stockfish_refusal(spec, "humans", "elves")
                  .find("letter B is the monk of army 'humans' and the ranger of army 'elves'"),
              std::string::npos);
    // The Humans' mirror is orthodox chess under Asymmetric's letters and rules.
    EXPECT_NE(ini_of(spec, "humans", "humans").find("pawn = p\n"), std::string::npos);
}

TEST(FairyStockfishIni, TheSameSpecWritesTheSameText) {
    const auto spec = load_shipped("capablanca");
    EXPECT_EQ(ini_of(spec), ini_of(spec));
}

}  // namespace
}  // namespace balance::testing
