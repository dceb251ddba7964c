// The Asymmetric definitions Balance writes for Fairy-Max (fairymax_ini.hpp, every pairing in one
// file) checked by Fairy-Max itself: for every test vector of RULES.md 1.8 the engine must accept
// exactly the listed destinations of the piece and answer "Illegal move" to every other square;
// further checks cover black pawns, en-passant victims, promotion choices (Orcs: Harpy only) and
// castling with the Pegasus and the Wyvern.

#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "../mocks/mock_support.hpp"
#include "../support/temp_dir.hpp"
#include "../support/variants.hpp"
#include "balance/players/external/fairymax_ini.hpp"
#include "balance/players/external/fairymax_player.hpp"
#include "balance/players/external/xboard_client.hpp"
#include "external/xboard_protocol.hpp"

namespace balance::players::external {
namespace {

using namespace balance::mocks::debian_engines;

using Squares = std::set<std::string>;

// The generated file, written once for the tests of this file (into a directory that lives as
// long as they do).
const std::string& ini() {
    static const balance::testing::TempDir dir;
    static const std::string path = [] {
        const auto spec = balance::testing::load_shipped("asymmetric");
        auto text = fairymax_ini(spec, fairymax_pairings(spec));
        EXPECT_TRUE(text.ok()) << text.error().to_string();
        auto written = write_definitions(dir.path(), text ? *text : std::string());
        EXPECT_TRUE(written.ok()) << written.error().to_string();
        return written ? written->string() : std::string();
    }();
    return path;
}

// One Fairy-Max process per game, started on first use (each start takes ~10 ms).
class FairymaxGames {
  public:
    XboardClient& game(const std::string& name) {
        auto& client = clients_[name];
        if (!client) {
            XboardConfig config;
            config.process.argv = {fairymax, "12", ini()};  // tiny hash: `variant` clears it
            config.variant = name;
            client = std::make_unique<XboardClient>(config);
            auto started = client->start();
            EXPECT_TRUE(started.ok()) << name << ": " << started.error().to_string();
        }
        return *client;
    }

  private:
    std::map<std::string, std::unique_ptr<XboardClient>> clients_;
};

FairymaxGames& games() {
    static FairymaxGames instance;  // shared by the tests of this file: one start per game
    return instance;
}

// Whether Fairy-Max accepts `moves` after `before` from `fen` in `game`. Anything but a clean
// acceptance or an "Illegal move" answer fails the test.
bool accepts(const std::string& game, const std::string& fen, std::vector<std::string> moves) {
    auto result = games().game(game).set_position(fen, moves);
    if (result.ok()) return true;
    EXPECT_EQ(result.fault(), Fault::Protocol) << result.error().to_string();
    EXPECT_NE(result.error().message.find("Illegal move"), std::string::npos)
        << result.error().to_string();
    return false;
}

std::vector<std::string> all_squares() {
    std::vector<std::string> squares;
    for (char file = 'a'; file <= 'h'; ++file) {
        for (char rank = '1'; rank <= '8'; ++rank) squares.push_back(std::string{file, rank});
    }
    return squares;
}

// The square of the Hero of the side to move after `before` (no vector moves it beforehand).
std::string own_hero(const std::string& fen, const std::vector<std::string>& before) {
    const char hero = white_to_move(fen, before.size()) ? 'K' : 'k';
    auto placement = parse_placement(fen);
    EXPECT_TRUE(placement.ok());
    for (const auto& piece : placement->pieces) {
        if (piece.letter == hero) return square_name(piece.file, piece.rank);
    }
    return "";
}

// The destinations Fairy-Max accepts for the piece on `from`, trying every other square except
// the mover's own Hero: Fairy-Max reads "a move onto one's own king" as castling notation and
// turns it into a king move, so that input says nothing about the piece's moves.
Squares destinations(const std::string& game, const std::string& fen,
                     const std::vector<std::string>& before, const std::string& from) {
    EXPECT_TRUE(accepts(game, fen, before)) << "the position itself is refused";
    const std::string hero = own_hero(fen, before);
    Squares accepted;
    for (const auto& to : all_squares()) {
        if (to == from || to == hero) continue;
        std::vector<std::string> moves = before;
        moves.push_back(from + to);
        if (accepts(game, fen, moves)) accepted.insert(to);
    }
    return accepted;
}

#define SKIP_UNLESS_FAIRYMAX() \
    if (!balance::mocks::executable(fairymax)) GTEST_SKIP() << fairymax << " is not installed"

const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

TEST(ExternalFairymaxAsymmetric, ListsAllNinePairings) {
    SKIP_UNLESS_FAIRYMAX();
    const auto& variants = games().game("humans-humans").features().at("variants");
    EXPECT_EQ(variants,
              "humans-humans,humans-elves,humans-orcs,elves-humans,elves-elves,"
              "elves-orcs,orcs-humans,orcs-elves,orcs-orcs");
}

TEST(ExternalFairymaxAsymmetric, ElvesVectors) {
    SKIP_UNLESS_FAIRYMAX();
    const std::string g = "elves-humans";
    EXPECT_EQ(destinations(g, start, {}, "d2"), (Squares{"b4", "c3", "e3", "f4"}));
    EXPECT_EQ(destinations(g, start, {}, "b1"), Squares{});
    EXPECT_EQ(destinations(g, start, {}, "c1"), (Squares{"a3", "e3", "f4", "g5", "h6"}));
    EXPECT_EQ(destinations(g, start, {}, "a1"), (Squares{"a3", "a4"}));
    EXPECT_EQ(destinations(g, "4k3/8/8/2P1p3/3N4/8/8/4K3 w - - 0 1", {}, "d4"),
              (Squares{"b3", "c2", "c3", "e2", "e3", "e5", "f3"}));
    EXPECT_EQ(destinations(g, "4k3/8/3p4/8/1P1R2n1/8/3P4/4K3 w - - 0 1", {}, "d4"),
              (Squares{"a4", "c4", "d1", "d3", "d5", "d6", "d7", "e4", "f4", "g4"}));
    EXPECT_EQ(destinations(g, "4k3/6p1/8/2p5/3B4/2P5/8/4K3 w - - 0 1", {}, "d4"),
              (Squares{"a1", "a7", "b2", "b6", "f2", "f6", "g1", "g7"}));
    // Vector 5 needs the e.p. square, which edit mode cannot set: Black plays e7-e5 first.
    EXPECT_EQ(destinations(g, "4k3/4p3/8/3P4/8/8/8/4K3 b - - 0 1", {"e7e5"}, "d5"),
              (Squares{"c6", "e6"}));
    EXPECT_EQ(destinations(g, "4k3/8/8/8/8/3P4/2P5/4K3 w - - 0 1", {}, "c2"),
              (Squares{"a4", "b3"}));
}

TEST(ExternalFairymaxAsymmetric, OrcsVectors) {
    SKIP_UNLESS_FAIRYMAX();
    const std::string g = "orcs-humans";
    EXPECT_EQ(destinations(g, start, {}, "e2"), (Squares{"e3", "e4"}));
    EXPECT_EQ(destinations(g, start, {}, "g1"), Squares{});
    EXPECT_EQ(destinations(g, start, {}, "a1"), (Squares{"a3", "a4", "a5", "a6", "a7"}));
    EXPECT_EQ(destinations(g, start, {}, "c1"), (Squares{"a3", "e3"}));
    EXPECT_EQ(destinations(g, "4k3/8/8/3nPP2/8/8/8/4K3 w - - 0 1", {}, "e5"),
              (Squares{"d5", "e6"}));
    EXPECT_EQ(destinations(g, "4k3/8/8/3P4/3Np3/8/8/4K3 w - - 0 1", {}, "d4"),
              (Squares{"b3", "b5", "c2", "c4", "d3", "e2", "e4"}));
    EXPECT_EQ(destinations(g, "4k3/3p4/2P5/8/8/8/8/4K3 b - - 0 1", {"d7d5"}, "c6"),
              (Squares{"c7", "d6"}));
    EXPECT_EQ(destinations(g, "3rk3/8/8/8/r2RP2b/8/3p4/7K w - - 0 1", {}, "d4"),
              (Squares{"a4", "b4", "d2", "d6", "d7", "d8", "f4", "g4", "h4"}));
    EXPECT_EQ(destinations(g, "4k3/8/8/4B3/3B4/2p5/8/4K3 w - - 0 1", {}, "d4"),
              (Squares{"b2", "b6", "c3", "c5", "e3", "f2", "f6"}));
    EXPECT_EQ(destinations(g, "4k3/8/8/3p4/2PQ4/8/8/4K3 w - - 0 1", {}, "d4"),
              (Squares{"b3", "b5", "c2", "c6", "d1", "d2", "d3", "d5", "e2", "e4", "e6", "f3", "f4",
                       "f5", "g4", "h4"}));
}

TEST(ExternalFairymaxAsymmetric, HumansAgainstFairyAttackers) {
    SKIP_UNLESS_FAIRYMAX();
    // Black Sprite d7-f5 passes e6: the Footman captures e.p. diagonally, steps there plainly.
    const std::string sprite = "4k3/3p4/8/3PP3/8/8/8/4K3 b - - 0 1";
    EXPECT_EQ(destinations("humans-elves", sprite, {"d7f5"}, "d5"), (Squares{"d6", "e6"}));
    EXPECT_EQ(destinations("humans-elves", sprite, {"d7f5"}, "e5"), (Squares{"e6"}));
    EXPECT_EQ(destinations("humans-elves", "4k3/8/8/8/2b5/8/5PPP/4K2R w K - 0 1", {}, "e1"),
              (Squares{"d1", "d2"}));  // the Ranger c4 hits e2 and f1: no O-O
    EXPECT_EQ(destinations("humans-elves", "7k/8/8/8/4r3/4P3/4N3/4K3 w - - 0 1", {}, "e1"),
              (Squares{"d1", "d2", "f1", "f2"}));  // the Pegasus checks across e3 and e2
    const std::string werewolf = "4k3/8/8/8/8/3n4/8/1N2K3 w - - 0 1";
    EXPECT_EQ(destinations("humans-orcs", werewolf, {}, "b1"), (Squares{"d2"}));
    EXPECT_EQ(destinations("humans-orcs", werewolf, {}, "e1"), (Squares{"d1", "e2", "f1"}));
    EXPECT_EQ(destinations("humans-orcs", "7k/8/8/4r3/4K3/8/8/8 w - - 0 1", {}, "e4"),
              (Squares{"d3", "d4", "d5", "e5", "f3", "f4", "f5"}));  // Wyvern e5
    EXPECT_EQ(destinations("humans-elves", "7k/8/8/4b3/4K3/8/8/8 w - - 0 1", {}, "e4"),
              (Squares{"d3", "d4", "d5", "e3", "e5", "f3", "f4", "f5"}));  // Ranger e5
}

TEST(ExternalFairymaxAsymmetric, BlackPawnsMoveTowardRankOne) {
    SKIP_UNLESS_FAIRYMAX();
    EXPECT_EQ(destinations("humans-elves", "4k3/3p4/8/8/8/8/8/4K3 b - - 0 1", {}, "d7"),
              (Squares{"b5", "c6", "e6", "f5"}));
    EXPECT_EQ(destinations("humans-orcs", "4k3/4p3/8/8/8/8/8/4K3 b - - 0 1", {}, "e7"),
              (Squares{"e5", "e6"}));
    // A double step never captures: an enemy on the target square stops it.
    EXPECT_EQ(destinations("elves-humans", "4k3/8/8/8/4n3/8/2P5/4K3 w - - 0 1", {}, "c2"),
              (Squares{"a4", "b3", "d3"}));
    // Black Guard d5 next to a White Footman on e5: sideways capture, no sideways move.
    EXPECT_EQ(destinations("humans-orcs", "4k3/8/8/3pP3/8/8/8/4K3 b - - 0 1", {}, "d5"),
              (Squares{"d4", "e5"}));
}

// The e.p. captures above remove the pawn that made the double step: afterwards a slider can
// pass the square it stood on. The control games make a different move and stay blocked.
TEST(ExternalFairymaxAsymmetric, EnPassantRemovesTheVictim) {
    SKIP_UNLESS_FAIRYMAX();
    // Sprite d5 takes e.p. on e6; the Phoenix c3 then passes e5 to reach f6.
    const std::string elves = "4k3/4p3/8/3P4/8/2Q5/8/4K3 b - - 0 1";
    EXPECT_TRUE(accepts("elves-humans", elves, {"e7e5", "d5e6", "e8f8", "c3f6"}));
    EXPECT_FALSE(accepts("elves-humans", elves, {"e7e5", "e1e2", "e8f8", "c3f6"}));
    // Guard c6 takes e.p. sideways on d6; the Wyvern a5 then passes d5 to reach e5.
    const std::string orcs = "4k3/3p4/2P5/R7/8/8/8/4K3 b - - 0 1";
    EXPECT_TRUE(accepts("orcs-humans", orcs, {"d7d5", "c6d6", "e8f8", "a5e5"}));
    EXPECT_FALSE(accepts("orcs-humans", orcs, {"d7d5", "e1e2", "e8f8", "a5e5"}));
    // Footman d5 takes the Sprite f5 e.p. on e6; the Griffin f1 then passes f5. The Footman e5
    // stepping to e6 instead is a plain move: f5 stays and blocks.
    const std::string humans = "4k3/3p4/8/3PP3/8/8/8/4KR2 b - - 0 1";
    EXPECT_TRUE(accepts("humans-elves", humans, {"d7f5", "d5e6", "e8d8", "f1f7"}));
    EXPECT_FALSE(accepts("humans-elves", humans, {"d7f5", "e5e6", "e8d8", "f1f7"}));
}

TEST(ExternalFairymaxAsymmetric, OrcsPromoteToHarpyOnly) {
    SKIP_UNLESS_FAIRYMAX();
    const std::string white = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
    EXPECT_TRUE(accepts("orcs-humans", white, {"b7b8"}));
    EXPECT_TRUE(accepts("orcs-humans", white, {"b7b8b"}));
    for (const char* refused : {"b7b8n", "b7b8r", "b7b8q", "b7b8k", "b7b8p"}) {
        EXPECT_FALSE(accepts("orcs-humans", white, {refused})) << refused;
    }
    // The default promotion is a Harpy: it leaps b8-d6, which no other Orcish unit can.
    EXPECT_TRUE(accepts("orcs-humans", white, {"b7b8", "e8f7", "b8d6"}));
    EXPECT_FALSE(accepts("orcs-humans", white, {"b7b8", "e8f7", "b8b1"}));
    // Black Guards promote to Black's Harpy (Fairy-Max piece 9).
    const std::string black = "4k3/8/8/8/8/8/1p6/4K3 b - - 0 1";
    EXPECT_FALSE(accepts("humans-orcs", black, {"b2b1q"}));
    EXPECT_TRUE(accepts("humans-orcs", black, {"b2b1", "e1f2", "b1d3"}));
    EXPECT_FALSE(accepts("humans-orcs", black, {"b2b1", "e1f2", "b1b8"}));
}

TEST(ExternalFairymaxAsymmetric, SpritesPromoteToElvishUnits) {
    SKIP_UNLESS_FAIRYMAX();
    const std::string white = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
    for (const char* move : {"b7c8", "b7c8n", "b7c8b", "b7c8r", "b7c8q", "b7a8q"}) {
        EXPECT_TRUE(accepts("elves-humans", white, {move})) << move;
    }
    EXPECT_FALSE(accepts("elves-humans", white, {"b7c8p"}));
    EXPECT_FALSE(accepts("elves-humans", white, {"b7c8k"}));
    EXPECT_FALSE(accepts("elves-humans", white, {"b7b8"}));  // no straight step at all
    // Default: Phoenix. Only the Phoenix both steps one square diagonally and slides three.
    EXPECT_TRUE(accepts("elves-humans", white, {"b7c8", "e8f8", "c8d7"}));
    EXPECT_TRUE(accepts("elves-humans", white, {"b7c8", "e8f8", "c8f5"}));
    const std::string black = "4k3/8/8/8/8/8/1p6/4K3 b - - 0 1";
    EXPECT_TRUE(accepts("humans-elves", black, {"b2c1", "e1f1", "c1d2"}));
    EXPECT_TRUE(accepts("humans-elves", black, {"b2c1", "e1f1", "c1f4"}));
}

// Known deviation from RULES 1.3b, which lets any pawn on its own second rank double-step:
// Fairy-Max allows the double step only to a pawn that has not moved, so a Guard that captured
// sideways along rank 2 loses it. (Only the Guard can stay on rank 2 after moving.)
TEST(ExternalFairymaxAsymmetric, GuardLosesDoubleStepAfterSidewaysCapture) {
    SKIP_UNLESS_FAIRYMAX();
    const std::string fen = "4k3/8/8/8/8/8/3nP3/4K3 w - - 0 1";
    EXPECT_TRUE(accepts("orcs-humans", fen, {"e2e4"}));  // unmoved: double step
    EXPECT_TRUE(accepts("orcs-humans", fen, {"e2d2", "e8f8", "d2d3"}));
    EXPECT_FALSE(accepts("orcs-humans", fen, {"e2d2", "e8f8", "d2d4"}));
}

TEST(ExternalFairymaxAsymmetric, PegasusAndWyvernCastleLikeRooks) {
    SKIP_UNLESS_FAIRYMAX();
    const std::string fen = "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1";
    const Squares king = {"c1", "d1", "d2", "e2", "f1", "f2", "g1"};
    EXPECT_EQ(destinations("elves-humans", fen, {}, "e1"), king);
    EXPECT_EQ(destinations("orcs-humans", fen, {}, "e1"), king);
    // Castling moves the corner piece: afterwards the Pegasus on f1 leaps to f4.
    EXPECT_TRUE(accepts("elves-humans", fen, {"e1g1", "e8d8", "f1f4"}));
}

// Fairy-Max plays every pairing from the start position: 60 plies at depth 2 without errors, with
// each reply a legal move by its own reckoning (replayed into the next position) or a result.
TEST(ExternalFairymaxAsymmetric, EveryPairingPlays) {
    SKIP_UNLESS_FAIRYMAX();
    Limits limits;
    limits.depth = 2;
    for (const char* white : {"humans", "elves", "orcs"}) {
        for (const char* black : {"humans", "elves", "orcs"}) {
            const std::string name = fairymax_game_name(white, black);
            XboardClient& client = games().game(name);
            std::vector<std::string> moves;
            while (moves.size() < 60) {
                auto reply = client.go("startpos", moves, limits);
                ASSERT_TRUE(reply.ok())
                    << name << " ply " << moves.size() << ": " << reply.error().to_string();
                if (reply->kind != ReplyKind::Move) break;  // a game may end early
                moves.push_back(reply->move);
            }
            EXPECT_GE(moves.size(), 20u) << name;
        }
    }
}

}  // namespace
}  // namespace balance::players::external
