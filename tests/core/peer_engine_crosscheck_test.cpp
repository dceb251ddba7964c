// Cross-check of core's perft against the Debian engines where they play the same rules:
// Stockfish and Fairy-Stockfish for orthodox chess (= Asymmetric Humans vs Humans), Fairy-Stockfish
// for the AlphaZero study's rules its variants.ini can express, SjaakII
// for Uneven Pieces Chess (tests/data/sjaakii-uneven.txt; positions and depths where Uneven's
// castling and per-side promotions cannot occur, which SjaakII cannot express) and SjaakII for
// every Asymmetric unit it can express (configs/engines/sjaakii-asymmetric.txt: all but the
// Ranger and Wyvern; positions without them and without rule-8 e.p. steps within the depth).
// A test is skipped only when the engine binary is missing (setup.sh installs all of them).

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <span>
#include <sstream>

#include <unistd.h>

#include "../support/peer_perft.hpp"
#include "../support/variants.hpp"

namespace balance::testing {
namespace {

std::uint64_t uci_perft(const char* engine, const std::string& fen, int depth) {
    const auto lines =
        converse({engine}, {"uci", "position fen " + fen, "go perft " + std::to_string(depth)},
                 std::regex("^Nodes searched"));
    for (const auto& l : lines)
        if (l.rfind("Nodes searched: ", 0) == 0) return std::stoull(l.substr(16));
    ADD_FAILURE() << engine << " gave no perft answer";
    return 0;
}

const std::vector<std::string>& orthodox_positions = orthodox_perft_positions();

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

// Fairy-Stockfish (Debian's 11.1) plays three of the AlphaZero study's rule features through a
// variants.ini: doubleStep = false (pawn-one-square), doubleStepRank (a double step from one
// given rank only: our ranked moves, with from_ranks = [3, 3], e.p. included) and castling =
// false (no-castling: it then ignores castling rights in a FEN). It has no double-step region
// (torpedo, semi-torpedo), no backward or sideways pawn steps, no self-capture and no castling
// move number: the reference generator is their cross-check (study_rules_perft_test).
std::uint64_t fairy_variant_perft(const std::string& variant, const std::string& fen, int depth) {
    const auto ini = std::filesystem::temp_directory_path() /
                     ("balance-study-rules-" + std::to_string(::getpid()) + ".ini");
    {
        std::ofstream out(ini);
        out << "[onesquare:chess]\ndoubleStep = false\n\n"
               "[rankthree:chess]\ndoubleStepRank = 3\n\n"
               "[castlingoff:chess]\ncastling = false\n\n"
               "[queensideb:chess]\ncastlingQueensideFile = b\n";
    }
    const auto lines = converse({"/usr/games/fairy-stockfish"},
                                {"uci", "setoption name VariantPath value " + ini.string(),
                                 "setoption name UCI_Variant value " + variant,
                                 "position fen " + fen, "go perft " + std::to_string(depth)},
                                std::regex("^Nodes searched"));
    std::filesystem::remove(ini);
    for (const auto& l : lines)
        if (l.rfind("Nodes searched: ", 0) == 0) return std::stoull(l.substr(16));
    ADD_FAILURE() << "fairy-stockfish gave no perft answer for " << variant;
    return 0;
}

TEST(PeerEngines, FairyStockfishAgreesOnTheStudyRulesItPlays) {
    if (!std::filesystem::exists("/usr/games/fairy-stockfish"))
        GTEST_SKIP() << "fairy-stockfish not installed";
    // A double step from the third rank only: a ranked move of a test variant.
    auto rank_three = load_shipped("chess");
    for (auto& piece : rank_three.pieces)
        if (piece.name == "pawn") {
            piece.betza = "fmWfceF";
            piece.ranked = {core::RankedMovesSpec{"fmnD", 3, 3, 1, 0, ""}};
        }
    const struct {
        const char* fairy;
        core::VariantSpec ours;
        bool castling;
    } cases[] = {
        {"onesquare", load_shipped("chess", {"pawn-one-square"}), true},
        {"rankthree", rank_three, true},
        {"castlingoff", load_shipped("chess", {"no-castling"}), false},
    };
    for (const auto& c : cases)
        for (const auto& given : orthodox_positions) {
            // Without the e.p. square (a double step these rules may not have made), and for
            // us without castling rights where castling is off (Fairy-Stockfish ignores them).
            std::istringstream in(given);
            std::string board, stm, rights, ep, rest;
            in >> board >> stm >> rights >> ep;
            std::getline(in, rest);
            const std::string fen = board + " " + stm + " " + rights + " -" + rest;
            const std::string ours =
                board + " " + stm + " " + (c.castling ? rights : "-") + " -" + rest;
            const int depth = 4;
            EXPECT_EQ(our_perft(c.ours, ours, depth), fairy_variant_perft(c.fairy, fen, depth))
                << c.fairy << " " << fen;
        }
}

// Castling per wing: Fairy-Stockfish's castlingQueensideFile = b sends the king to b1 (b8) with
// the rook beside it on c1 (c8), our [castling.queenside] king_to = "b" with rook_to =
// "next-to-king-destination". Positions: the orthodox ones, and castling past attacks on the
// squares the king crosses on its longer way.
TEST(PeerEngines, FairyStockfishAgreesOnCastlingPerWing) {
    if (!std::filesystem::exists("/usr/games/fairy-stockfish"))
        GTEST_SKIP() << "fairy-stockfish not installed";
    auto spec = load_shipped("chess");
    spec.castling.wings[core::Queenside].king_to = 1;
    spec.castling.wings[core::Queenside].rook_to = core::CastlingRookTo::NextToKingDestination;
    std::vector<std::string> positions = orthodox_positions;
    positions.insert(positions.end(), {
                                          "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
                                          "r3k2r/1b6/8/8/8/8/6B1/R3K2R w KQkq - 0 1",
                                          "r3k2r/2n5/8/8/8/8/3N4/R3K2R b KQkq - 0 1",
                                      });
    for (const auto& fen : positions)
        EXPECT_EQ(our_perft(spec, fen, 3), fairy_variant_perft("queensideb", fen, 3)) << fen;
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

std::uint64_t sjaak_uneven_perft(const std::string& fen, int depth) {
    const std::string defs = std::string(BALANCE_SOURCE_DIR) + "/tests/data/sjaakii-uneven.txt";
    return sjaak_perft(defs, "uneven_test", to_sjaak(fen), depth);
}

TEST(PeerEngines, SjaakIIAgreesOnUnevenPerft) {
    if (!std::filesystem::exists("/usr/games/sjaakii")) GTEST_SKIP() << "sjaakii not installed";
    const auto spec = load_shipped("uneven");
    const std::string start = "roncqkwndr/aaaaaaaaaa/10/10/10/10/AAAAAAAAAA/RBNPQKMNIR w - - 0 1";
    for (int depth = 1; depth <= 4; ++depth)
        EXPECT_EQ(our_perft(spec, start, depth), sjaak_uneven_perft(start, depth)) << depth;
    // Middlegames reached by play, without castling rights and with no pawn near promotion.
    const std::vector<std::string> middlegames = {
        "r1nc1k1n1r/aaa1qaaaaa/3a1w4/3dA5/2I1d5/2N2M4/AAAA1AAAAA/RB1PQK2NR w - - 2 7",
        "r3qk2dr/aaaa1aaaaa/2nc1w1n2/4a5/2A1A3I1/3P4N1/AA1A1AAAAA/RBN1QKM2R b - - 0 6",
    };
    for (const auto& fen : middlegames)
        EXPECT_EQ(our_perft(spec, fen, 3), sjaak_uneven_perft(fen, 3)) << fen;
}

// ---- Asymmetric Chess: configs/engines/sjaakii-asymmetric.txt ---------------------------------
// Its FENs use our slot letters for every army, so positions pass unchanged. Only Humans vs
// Humans is complete; the other pairings are its "-partial" variants without the ski-sliders.

const std::string asym_defs =
    std::string(BALANCE_SOURCE_DIR) + "/configs/engines/sjaakii-asymmetric.txt";

struct AsymPosition {
    std::string white, black;  // our army names
    std::string fen;
    int depth;
};

std::string sjaak_asym_variant(const std::string& white, const std::string& black) {
    const std::map<std::string, std::string> names = {
        {"humans", "human"}, {"elves", "elf"}, {"orcs", "orc"}};
    const bool complete = white == "humans" && black == "humans";
    return "asym-" + names.at(white) + "-" + names.at(black) + (complete ? "" : "-partial");
}

void expect_same_perft(const std::vector<AsymPosition>& positions) {
    const auto spec = load_shipped("asymmetric");
    for (const auto& p : positions) {
        EXPECT_EQ(our_perft(spec, p.fen, p.depth, p.white, p.black),
                  sjaak_perft(asym_defs, sjaak_asym_variant(p.white, p.black), p.fen, p.depth))
            << p.white << " vs " << p.black << ": " << p.fen;
    }
}

TEST(PeerEngines, SjaakIIListsTheAsymmetricPairings) {
    if (!std::filesystem::exists("/usr/games/sjaakii")) GTEST_SKIP() << "sjaakii not installed";
    const auto lines = converse({"/usr/games/sjaakii", "-xboard", asym_defs},
                                {"xboard", "protover 2"}, std::regex("feature done=1"));
    const std::string expected =
        "variants=\"asym-human-human,asym-human-elf-partial,asym-human-orc-partial,"
        "asym-elf-human-partial,asym-elf-elf-partial,asym-elf-orc-partial,"
        "asym-orc-human-partial,asym-orc-elf-partial,asym-orc-orc-partial,";
    bool found = false;
    for (const auto& l : lines) found = found || l.find(expected) != std::string::npos;
    EXPECT_TRUE(found) << "the file's variants are not the first ones SjaakII offers";
}

// Every pairing from its start array (Rangers and Wyverns removed) to depth 4: all units' first
// moves, Sprite and Guard double steps, captures among all armies, no e.p. step within reach.
TEST(PeerEngines, SjaakIIAgreesOnAsymmetricPerftFromTheStart) {
    if (!std::filesystem::exists("/usr/games/sjaakii")) GTEST_SKIP() << "sjaakii not installed";
    const std::map<std::string, std::pair<std::string, std::string>> back_rank = {
        {"humans", {"rnbqkbnr", "KQ"}}, {"elves", {"rn1qk1nr", "KQ"}}, {"orcs", {"1nbqkbn1", ""}}};
    std::vector<AsymPosition> positions;
    for (const auto& [white, w] : back_rank) {
        for (const auto& [black, b] : back_rank) {
            std::string upper = w.first;
            for (char& c : upper) c = static_cast<char>(std::toupper(c));
            std::string lower_rights = b.second;
            for (char& c : lower_rights) c = static_cast<char>(std::tolower(c));
            const std::string rights = w.second + lower_rights;
            positions.push_back({white, black,
                                 b.first + "/pppppppp/8/8/8/8/PPPPPPPP/" + upper + " w " +
                                     (rights.empty() ? "-" : rights) + " - 0 1",
                                 4});
        }
    }
    expect_same_perft(positions);
}

// Positions aimed at each unit and rule: e.p. after Sprite and Footman double steps (Footman's
// diagonal e.p., its straight step stays quiet; Guard's sideways e.p.), castling with the Pegasus
// past lame-leaper attacks, promotions (Guards to the Harpy only), and middlegames with every
// expressible unit.
TEST(PeerEngines, SjaakIIAgreesOnAsymmetricUnitsInTestPositions) {
    if (!std::filesystem::exists("/usr/games/sjaakii")) GTEST_SKIP() << "sjaakii not installed";
    expect_same_perft({
        {"humans", "elves", "4k3/3p4/8/3PP3/8/8/8/4K3 b - - 0 1", 3},
        {"orcs", "humans", "4k3/3p4/2P5/8/8/8/8/4K3 b - - 0 1", 3},
        {"elves", "elves", "4k3/2p5/8/1P1P4/8/8/8/4K3 b - - 0 1", 3},
        {"elves", "humans", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1", 3},
        {"elves", "orcs", "4k3/8/8/8/8/3n4/8/R3K2R w KQ - 0 1", 3},
        {"humans", "elves", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", 4},
        {"orcs", "orcs", "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1", 4},
        {"humans", "orcs", "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1", 4},
        {"orcs", "humans", "n3k3/1P6/8/8/8/8/6p1/4K3 b - - 0 1", 4},
        {"humans", "elves", "r1nqk2r/ppp2ppp/4p3/2np4/3P4/2N1PN2/PPP2PPP/R2QK2R w KQkq - 0 1", 3},
        {"orcs", "elves", "r1nqk2r/ppp2ppp/4p3/2np4/8/2NPPN2/PPP2PPP/2BQK1N1 w kq - 0 1", 3},
        {"elves", "orcs", "1n1qk1n1/ppp2ppp/3bp3/8/3P4/2N1PN2/PPP2PPP/R2QK2R b KQ - 0 1", 3},
        {"orcs", "humans", "rnbqk2r/ppp2ppp/3bpn2/3p4/3PP3/2N2N2/PPP2PPP/2BQKB2 w kq - 0 1", 3},
        {"humans", "orcs", "1nbqkbn1/ppp2ppp/4p3/3p4/2PP4/2N2N2/PP2PPPP/R1BQKB1R b KQ - 0 1", 3},
        {"elves", "elves", "rn1qk2r/ppp2ppp/4p3/8/8/4P3/PPP2PPP/RN1QK2R w KQkq - 0 1", 3},
        {"orcs", "orcs", "1n1qkbn1/ppp2ppp/3b4/3pp3/3PP3/3B4/PPP2PPP/1N1QKBN1 w - - 0 1", 3},
    });
}

// Why Sprites and Guards are not playable in SjaakII even without ski-sliders (rule 8): a step
// onto the e.p. square is only the e.p. capture in our rules, SjaakII also lists a quiet twin.
// If a SjaakII version stops doing that, this test fails and the definitions' header is stale.
TEST(PeerEngines, SjaakIIAddsAQuietTwinToRule8EnPassantSteps) {
    if (!std::filesystem::exists("/usr/games/sjaakii")) GTEST_SKIP() << "sjaakii not installed";
    const auto spec = load_shipped("asymmetric");
    const struct {
        std::string white, black, fen, step;
    } cases[] = {
        {"elves", "humans", "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1", "d5"},  // Sprite after e7-e5
        {"orcs", "elves", "4k3/8/8/4Pp2/8/8/8/4K3 w - e6 0 1", "e5"},    // Guard after d7-f5
    };
    for (const auto& c : cases) {
        const auto lines = sjaak_perft_lines(asym_defs, sjaak_asym_variant(c.white, c.black), c.fen,
                                             "perft 1 1", 1);
        int quiet = 0, capture = 0;
        for (const auto& l : lines) {
            quiet += l.find(" " + c.step + "-e6 ") != std::string::npos;
            capture += l.find(" " + c.step + "xe6 ") != std::string::npos;
        }
        EXPECT_EQ(quiet, 1) << c.fen;
        EXPECT_EQ(capture, 1) << c.fen;
        EXPECT_EQ(our_perft(spec, c.fen, 1, c.white, c.black) + 1,
                  sjaak_perft(asym_defs, sjaak_asym_variant(c.white, c.black), c.fen, 1))
            << c.fen;
    }
}

// Fairy-Stockfish's perft (`UCI_Variant` `variant`) of `fen` at `depth`.
std::uint64_t built_in_perft(const std::string& variant, const std::string& fen, int depth) {
    const auto lines = converse({"/usr/games/fairy-stockfish"},
                                {"uci", "setoption name UCI_Variant value " + variant,
                                 "position fen " + fen, "go perft " + std::to_string(depth)},
                                std::regex("^Nodes searched"));
    for (const auto& l : lines)
        if (l.rfind("Nodes searched: ", 0) == 0) return std::stoull(l.substr(16));
    return 0;
}

// Our perft at depth 3 from each position equals Fairy-Stockfish's built-in `variant`'s.
void expect_built_in_perft(const core::VariantSpec& spec, const std::string& variant,
                           std::span<const char* const> positions) {
    for (const char* fen : positions) {
        const std::uint64_t theirs = built_in_perft(variant, fen, 3);
        EXPECT_GT(theirs, 0u) << fen;
        EXPECT_EQ(our_perft(spec, fen, 3), theirs) << fen;
    }
}

// Capablanca chess (configs/variants/capablanca.toml), a variant written from its published
// rules for this check: Fairy-Stockfish's built-in `capablanca` plays the same rules (10x8,
// archbishop and chancellor, the king castling three squares with the rook landing beside it).
// Positions: the start, both sides free to castle either way, a middle game, and promotions to
// all six types.
TEST(PeerEngines, FairyStockfishAgreesOnCapablancaChess) {
    if (!std::filesystem::exists("/usr/games/fairy-stockfish"))
        GTEST_SKIP() << "fairy-stockfish not installed";
    const auto spec = load_shipped("capablanca");
    const char* positions[] = {
        "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
        "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1",
        // Where the rook lands after castling matters here (h1 behind the h-pawn, not g1): the
        // rule of rook_to = "next-to-king-destination" gives 22,176, the other 22,016.
        "r4k3r/7p2/10/10/10/10/7P2/R4K3R w KQkq - 0 1",
        "r1a1qk1c1r/pp1ppp1ppp/2n1b1b1n1/2p3p3/3P2P3/2N1B1B1N1/PPP1PP1PPP/R1A1QK1C1R w KQkq - 0 6",
        "4k5/2P7/10/10/10/10/7p2/4K5 w - - 0 1",
    };
    expect_built_in_perft(spec, "capablanca", positions);
}

// Chigorin Chess (configs/variants/chigorin.toml), written from its published rules: White's
// knights and chancellor against Black's bishops and queen. Fairy-Stockfish's built-in
// `chigorin` has the same arrays and moves (start perft 5: 6,624,527 both) but lets either side
// promote to any of knight, bishop, rook, chancellor and queen, where the published rule allows a
// side only the pieces it started with: at a promotion the counts differ by exactly that.
TEST(PeerEngines, FairyStockfishAgreesOnChigorinChess) {
    if (!std::filesystem::exists("/usr/games/fairy-stockfish"))
        GTEST_SKIP() << "fairy-stockfish not installed";
    const auto spec = load_shipped("chigorin");
    const char* positions[] = {
        "rbbqkbbr/pppppppp/8/8/8/8/PPPPPPPP/RNNCKNNR w KQkq - 0 1",
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
        "r1b1kb1r/pp1ppppp/2p2b2/q7/3P4/2N2N2/PPP1PPPP/R1NCK2R w KQkq - 4 5",
        "rb2k2r/ppp2ppp/2b1q3/3pp3/4P3/2NN1N2/PPPP1PPP/R2CK2R b KQkq - 1 6",
    };
    expect_built_in_perft(spec, "chigorin", positions);
    // A White pawn on b7 and a Black one on g2: Fairy-Stockfish promotes each to five pieces, the
    // published rule to three (White: knight, rook, chancellor; Black: bishop, rook, queen).
    for (const char* fen :
         {"4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1", "4k3/1P6/8/8/8/8/6p1/4K3 b - - 0 1"})
        EXPECT_EQ(our_perft(spec, fen, 1) + 2, built_in_perft("chigorin", fen, 1)) << fen;
    const auto white = make_game(spec, "", "", "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1");
    std::set<std::string> promotions;
    for (auto m : white.legal_moves())
        if (white.uci(m).size() == 5) promotions.insert(white.uci(m));
    EXPECT_EQ(promotions, (std::set<std::string>{"b7b8c", "b7b8n", "b7b8r"}));
}

}  // namespace
}  // namespace balance::testing
