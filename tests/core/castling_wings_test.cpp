// Castling per army and per wing ([armies.<name>.castling], [castling.kingside] /
// [castling.queenside]): hand-checked move lists, the rook's landing square, castling through
// attacked squares, FEN rights, a hand-counted perft and perft against the reference generator
// (reference_movegen.hpp, told the destinations independently).

#include <gtest/gtest.h>

#include <random>
#include <set>
#include <string>

#include "../support/temp_dir.hpp"
#include "../support/variants.hpp"
#include "balance/config/variant_loader.hpp"
#include "balance/core/game.hpp"
#include "balance/core/perft.hpp"
#include "reference_movegen.hpp"

namespace balance::testing {
namespace {

namespace ref = reference;

// Orthodox pieces in two armies, "long" and "plain"; `castling` adds the castling tables.
std::string orthodox_armies(const std::string& castling) {
    const std::string letters =
        "letters = { K = \"king\", Q = \"queen\", R = \"rook\", B = \"bishop\", N = \"knight\", "
        "P = \"pawn\" }\npromotions = [\"queen\", \"rook\", \"bishop\", \"knight\"]\n";
    return "start_fen = \"r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1\"\n"
           "[pieces.king]\nbetza = \"K\"\nrole = \"king\"\n"
           "[pieces.queen]\nbetza = \"Q\"\n[pieces.rook]\nbetza = \"R\"\n"
           "[pieces.bishop]\nbetza = \"B\"\n[pieces.knight]\nbetza = \"N\"\n"
           "[pieces.pawn]\nbetza = \"fmWfceFifmnD\"\nrole = \"pawn\"\n"
           "[armies.long]\n" +
           letters + "[armies.plain]\n" + letters + castling;
}

// Per army: the long army's king castles queenside to b1 (b8) with its rook to c1 (c8); the plain
// army castles as in chess.
const std::string kPerArmy =
    orthodox_armies("[armies.long.castling.queenside]\nking_to = \"b\"\nrook_to = \"c\"\n");

// Per wing, for every army: kingside the king lands on its rook's square (h1) and the rook
// jumps it to g1; queenside the king goes to b1 with the rook beside it (c1). The plain army
// sends its king to c1 queenside: its own wing table wins over the variant's, while the rook
// rule still comes from the variant's wing (next to the king's destination: d1).
const std::string kPerWing = orthodox_armies(
    "[castling.kingside]\nking_to = \"h\"\nrook_to = \"g\"\n"
    "[castling.queenside]\nking_to = \"b\"\nrook_to = \"next-to-king-destination\"\n"
    "[armies.plain.castling.queenside]\nking_to = \"c\"\n");

core::VariantSpec load_text(const TempDir& dir, const std::string& text) {
    auto spec = config::load_variant(dir.write("wings.toml", text));
    if (!spec) ADD_FAILURE() << spec.error().to_string();
    return spec ? *spec : core::VariantSpec{};
}

const std::string kOpen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
const std::string kOpenBlack = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1";
// Pawns shield the corners from the rooks across the board (a king may land on h1 here).
const std::string kShielded = "r3k2r/p6p/8/8/8/8/P6P/R3K2R w KQkq - 0 1";
const std::string kShieldedBlack = "r3k2r/p6p/8/8/8/8/P6P/R3K2R b KQkq - 0 1";

// The FEN without its army metadata (" {W:long B:plain}").
std::string fen_of(const core::Game& game) {
    const std::string fen = game.fen();
    return fen.substr(0, fen.find(" {"));
}

// The first rank after White plays `uci` (a castling) in `fen`, or the last rank for Black.
std::string back_rank_after(const core::VariantSpec& spec, const std::string& white,
                            const std::string& black, const std::string& fen,
                            const std::string& uci) {
    core::Game game = make_game(spec, white, black, fen);
    auto move = game.play(uci);
    EXPECT_TRUE(move.ok()) << uci << ": " << (move ? "" : move.error().to_string());
    EXPECT_EQ(move ? move->kind() : core::MoveKind::Normal, core::MoveKind::Castling) << uci;
    const std::string after = fen_of(game);
    const std::string board = after.substr(0, after.find(' '));
    return game.side_to_move() == core::Color::Black ? board.substr(board.rfind('/') + 1)
                                                     : board.substr(0, board.find('/'));
}

TEST(CastlingPerArmy, EachArmyCastlesItsOwnWay) {
    TempDir dir;
    const auto spec = load_text(dir, kPerArmy);
    // Long against plain: White's king castles to b1 and g1, Black's to c8 and g8.
    EXPECT_EQ(destinations(make_game(spec, "long", "plain", kOpen), "e1"),
              set_of({"b1", "d1", "d2", "e2", "f2", "f1", "g1"}));
    EXPECT_EQ(destinations(make_game(spec, "long", "plain", kOpenBlack), "e8"),
              set_of({"c8", "d8", "d7", "e7", "f7", "f8", "g8"}));
    // The other way round.
    EXPECT_EQ(destinations(make_game(spec, "plain", "long", kOpen), "e1"),
              set_of({"c1", "d1", "d2", "e2", "f2", "f1", "g1"}));
    EXPECT_EQ(destinations(make_game(spec, "plain", "long", kOpenBlack), "e8"),
              set_of({"b8", "d8", "d7", "e7", "f7", "f8", "g8"}));
}

TEST(CastlingPerArmy, TheRookLandsWhereItsArmySays) {
    TempDir dir;
    const auto spec = load_text(dir, kPerArmy);
    EXPECT_EQ(back_rank_after(spec, "long", "plain", kOpen, "e1b1"), "1KR4R");
    EXPECT_EQ(back_rank_after(spec, "long", "plain", kOpen, "e1g1"), "R4RK1");
    EXPECT_EQ(back_rank_after(spec, "long", "plain", kOpenBlack, "e8c8"), "2kr3r");
    EXPECT_EQ(back_rank_after(spec, "plain", "long", kOpenBlack, "e8b8"), "1kr4r");
    EXPECT_EQ(back_rank_after(spec, "plain", "long", kOpen, "e1c1"), "2KR3R");
}

// The king may not castle out of check, through an attacked square or onto one; the rook's
// square may be attacked. The long army's O-O-O crosses d1 and c1 and lands on b1.
TEST(CastlingPerArmy, NotOutOfThroughOrIntoCheck) {
    TempDir dir;
    const auto spec = load_text(dir, kPerArmy);
    const auto castles_long = [&](const std::string& fen) {
        return destinations(make_game(spec, "long", "plain", fen), "e1").count("b1") == 1;
    };
    EXPECT_TRUE(castles_long("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"));
    EXPECT_TRUE(castles_long("r3k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"));    // a1 attacked: allowed
    EXPECT_FALSE(castles_long("1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"));  // b1: lands in check
    EXPECT_FALSE(castles_long("2r1k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"));  // c1 crossed
    EXPECT_FALSE(castles_long("3rk3/8/8/8/8/8/8/R3K2R w KQ - 0 1"));   // d1 crossed
    EXPECT_FALSE(castles_long("4k3/4r3/8/8/8/8/8/R3K2R w KQ - 0 1"));  // in check
    // A bishop on f4 sees c1 through e3 and d2: crossing c1 is forbidden.
    EXPECT_FALSE(castles_long("4k3/8/8/8/5b2/8/8/R3K2R w KQ - 0 1"));
    // Squares between king and rook must be empty: a piece on b1, c1 or d1 blocks.
    EXPECT_FALSE(castles_long("4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1"));
    EXPECT_FALSE(castles_long("4k3/8/8/8/8/8/8/R1N1K2R w KQ - 0 1"));
    EXPECT_FALSE(castles_long("4k3/8/8/8/8/8/8/R2NK2R w KQ - 0 1"));
}

// Hand-counted: king 5 steps + O-O + O-O-O, the a1 rook 7 up + 3 along, the h1 rook 7 + 2.
TEST(CastlingPerArmy, PerftCountedByHand) {
    TempDir dir;
    const auto spec = load_text(dir, kPerArmy);
    for (const auto& [white, black, fen] :
         {std::tuple{"long", "plain", "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"},
          std::tuple{"plain", "long", "r3k2r/8/8/8/8/8/8/4K3 b kq - 0 1"}}) {
        auto r = core::run_perft(spec, {white, black, fen, 1, false, false});
        ASSERT_TRUE(r.ok()) << r.error().to_string();
        EXPECT_EQ(r->nodes, 26u) << fen;
    }
}

TEST(CastlingPerWing, KingAndRookLandOnTheirWingsFiles) {
    TempDir dir;
    const auto spec = load_text(dir, kPerWing);
    EXPECT_EQ(destinations(make_game(spec, "long", "plain", kShielded), "e1"),
              set_of({"b1", "d1", "d2", "e2", "f2", "f1", "h1"}));
    EXPECT_EQ(back_rank_after(spec, "long", "plain", kShielded, "e1h1"), "R5RK");
    EXPECT_EQ(back_rank_after(spec, "long", "plain", kShielded, "e1b1"), "1KR4R");
    // The plain army: its own queenside king file (c), the variant's rook rule (d1).
    EXPECT_EQ(destinations(make_game(spec, "long", "plain", kShieldedBlack), "e8"),
              set_of({"c8", "d8", "d7", "e7", "f7", "f8", "h8"}));
    EXPECT_EQ(back_rank_after(spec, "long", "plain", kShieldedBlack, "e8c8"), "2kr3r");
    EXPECT_EQ(back_rank_after(spec, "long", "plain", kShieldedBlack, "e8h8"), "r5rk");
    // Kingside the king crosses f1 and g1: an attack on g1 forbids it; g1 must be empty.
    const auto castles_short = [&](const std::string& fen) {
        return destinations(make_game(spec, "long", "plain", fen), "e1").count("h1") == 1;
    };
    EXPECT_TRUE(castles_short("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"));
    EXPECT_FALSE(castles_short("4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1"));
    EXPECT_FALSE(castles_short("4k3/8/8/8/8/8/8/R3K1NR w KQ - 0 1"));
    EXPECT_FALSE(castles_short("4k2r/8/8/8/8/8/8/R3K2R w KQ - 0 1"));  // h1 attacked: lands there
}

// Rights stay KQkq whatever the destinations: FEN text and hash survive a round trip, after
// moves that spend some of them.
TEST(CastlingPerWing, FenRightsRoundTrip) {
    TempDir dir;
    const auto spec = load_text(dir, kPerWing);
    core::Game game = make_game(spec, "long", "plain", kShielded);
    for (const auto& [uci, fen] : {
             std::pair{"a1b1", "r3k2r/p6p/8/8/8/8/P6P/1R2K2R b Kkq - 1 1"},
             std::pair{"e8c8", "2kr3r/p6p/8/8/8/8/P6P/1R2K2R w K - 2 2"},
             std::pair{"e1h1", "2kr3r/p6p/8/8/8/8/P6P/1R4RK b - - 3 2"},
         }) {
        ASSERT_TRUE(game.play(uci).ok()) << uci;
        EXPECT_EQ(fen_of(game), fen);
        const core::Game again = make_game(spec, "long", "plain", fen);
        EXPECT_EQ(fen_of(again), fen);
        const auto key = [](const core::Game& g) {
            return g.visit([](const auto& pos) { return pos.key(); });
        };
        EXPECT_EQ(key(again), key(game)) << fen;
    }
}

// An army that does not castle on a wing has no such right, and the shared start array's
// rights for it are dropped; from_move per army.
TEST(CastlingPerArmy, WingsOffAndFromMove) {
    TempDir dir;
    const auto spec = load_text(dir, orthodox_armies("[armies.plain.castling.kingside]\n"
                                                     "enabled = false\n"
                                                     "[armies.long.castling]\nfrom_move = 2\n"));
    const core::Game plain_white = make_game(spec, "plain", "long");
    EXPECT_EQ(fen_of(plain_white), "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w Qkq - 0 1");
    EXPECT_EQ(
        destinations(make_game(spec, "plain", "long", "r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1"), "e1"),
        set_of({"c1", "d1", "d2", "e2", "f2", "f1"}));
    auto bad = core::Game::start(spec, "plain", "long", kOpen);
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().message, "castling right 'K' does not exist in this variant");
    // The long army castles from its second move on; the plain one at once.
    const auto long_black_castles = [&](const std::string& fen) {
        return destinations(make_game(spec, "plain", "long", fen), "e8").count("c8") == 1;
    };
    EXPECT_FALSE(long_black_castles("r3k2r/8/8/8/8/8/8/R3K2R b Qkq - 0 1"));
    EXPECT_TRUE(long_black_castles("r3k2r/8/8/8/8/8/8/R3K2R b Qkq - 0 2"));
    EXPECT_EQ(
        destinations(make_game(spec, "plain", "long", "r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1"), "e1")
            .count("c1"),
        1u);
}

// --- The reference generator, told each pairing's destinations by hand ----------------------

struct Destinations {
    std::string white, black;
    // [colour][wing] files of the king and the rook (a = 0).
    std::array<std::array<int, 2>, 2> king_to, rook_to;
};

ref::Pos reference_position(const Destinations& d, const std::string& fen) {
    auto p = ref::from_fen(fen, ref::humans(), ref::humans(), 8, 8, 2);
    p.castle_king_to = d.king_to;
    p.castle_rook_to = d.rook_to;
    return p;
}

const std::string kKiwipete =
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const std::string kCastlingRich =
    "r3k2r/pbppqpb1/1pn3p1/7p/1N2pPn1/1PP4N/PB1P2PP/R3K2R b KQkq f3 0 1";

void expect_reference_agrees(const std::string& text, const std::vector<Destinations>& cases) {
    TempDir dir;
    const auto spec = load_text(dir, text);
    std::mt19937_64 rng(20260517);
    for (const auto& d : cases) {
        for (const auto& fen : {kKiwipete, kCastlingRich}) {
            auto ours = core::run_perft(spec, {d.white, d.black, fen, 3, false, false});
            ASSERT_TRUE(ours.ok()) << ours.error().to_string();
            EXPECT_EQ(ours->nodes, ref::perft(reference_position(d, fen), 3))
                << d.white << " vs " << d.black << ": " << fen;
        }
        int castles = 0;
        for (int g = 0; g < 8; ++g) {
            auto game = make_game(spec, d.white, d.black, kOpen);
            for (int ply = 0; ply < 60 && !game.outcome().over(); ++ply) {
                const auto moves = game.legal_moves();
                ASSERT_EQ(uci_moves(game), ref::legal_move_texts(reference_position(d, game.fen())))
                    << d.white << " vs " << d.black << " at " << game.fen();
                if (moves.empty()) break;
                // Castle whenever a coin says so, so that every game's tree holds castlings.
                auto m = moves[rng() % moves.size()];
                for (const auto c : moves)
                    if (c.kind() == core::MoveKind::Castling && rng() % 2 == 0) m = c;
                castles += m.kind() == core::MoveKind::Castling;
                game.play(m);
            }
        }
        EXPECT_GT(castles, 0) << d.white << " vs " << d.black;
    }
}

TEST(CastlingPerArmy, ReferenceGeneratorAgrees) {
    const std::array<int, 2> orthodox_king{6, 2}, orthodox_rook{5, 3};
    const std::array<int, 2> long_king{6, 1}, long_rook{5, 2};
    expect_reference_agrees(
        kPerArmy, {{"long", "plain", {long_king, orthodox_king}, {long_rook, orthodox_rook}},
                   {"plain", "long", {orthodox_king, long_king}, {orthodox_rook, long_rook}}});
}

TEST(CastlingPerWing, ReferenceGeneratorAgrees) {
    const std::array<int, 2> long_king{7, 1}, long_rook{6, 2};
    const std::array<int, 2> plain_king{7, 2}, plain_rook{6, 3};
    expect_reference_agrees(kPerWing,
                            {{"long", "plain", {long_king, plain_king}, {long_rook, plain_rook}},
                             {"plain", "long", {plain_king, long_king}, {plain_rook, long_rook}}});
}

}  // namespace
}  // namespace balance::testing
