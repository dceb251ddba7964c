// The baseline players: legal, reproducible by seed, and (Greedy) materially greedy.

#include <gtest/gtest.h>

#include <set>

#include "balance/players/baselines.hpp"
#include "engine/match.hpp"
#include "engine_support.hpp"

namespace balance::testing {
namespace {

TEST(BaselinePlayers, RandomIsLegalSeededAndVaried) {
    const auto game = make_game(load_shipped("chess"), "", "");
    const auto legal = game.legal_moves();
    players::RandomPlayer random;
    std::set<std::uint32_t> seen;
    for (std::uint64_t seed = 0; seed < 40; ++seed) {
        const auto r = random.choose_move(game, {}, seed);
        ASSERT_EQ(r.status, players::MoveStatus::Ok);
        EXPECT_NE(std::find(legal.begin(), legal.end(), r.move), legal.end());
        EXPECT_EQ(random.choose_move(game, {}, seed).move, r.move);
        seen.insert(r.move.raw());
    }
    EXPECT_GE(seen.size(), 10u);  // 40 draws over 20 moves
}

TEST(BaselinePlayers, GreedyTakesTheMostMaterial) {
    // The d4 knight can take a pawn (b5) or the queen (f5); the rook can take a rook (a8).
    const auto game =
        make_game(load_shipped("chess"), "", "", "r3k3/8/8/1p3q2/3N4/8/8/R3K3 w Q - 0 1");
    players::GreedyPlayer greedy;
    for (std::uint64_t seed = 0; seed < 5; ++seed)
        EXPECT_EQ(game.uci(greedy.choose_move(game, {}, seed).move), "d4f5");
}

TEST(BaselinePlayers, GreedyMatesAndUsesConfiguredValues) {
    players::GreedyPlayer greedy;
    const auto mate =
        make_game(load_shipped("chess"), "", "", "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    EXPECT_EQ(mate.uci(greedy.choose_move(mate, {}, 0).move), "d1d8");
    // Asymmetric: an Elf Unicorn (4.1) is worth more than an Orc Harpy (2.9): a Footman that
    // can take either takes the Unicorn.
    const auto asym = make_game(load_shipped("asymmetric"), "humans", "elves",
                                "4k3/8/8/2b1n3/3P4/8/8/4K3 w - - 0 1");
    EXPECT_EQ(asym.uci(greedy.choose_move(asym, {}, 0).move), "d4e5");
}

TEST(BaselinePlayers, GreedyBreaksTiesBySeed) {
    // From the start every move keeps material level: the seed decides.
    const auto game = make_game(load_shipped("chess"), "", "");
    players::GreedyPlayer greedy;
    std::set<std::uint32_t> seen;
    for (std::uint64_t seed = 0; seed < 20; ++seed)
        seen.insert(greedy.choose_move(game, {}, seed).move.raw());
    EXPECT_GE(seen.size(), 5u);
}

TEST(BaselinePlayers, NoMoveWhenTheGameIsOver) {
    const auto mated =
        make_game(load_shipped("chess"), "", "", "3R2k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1");
    players::RandomPlayer random;
    players::GreedyPlayer greedy;
    EXPECT_EQ(random.choose_move(mated, {}, 0).status, players::MoveStatus::NoMove);
    EXPECT_EQ(greedy.choose_move(mated, {}, 0).status, players::MoveStatus::NoMove);
}

TEST(BaselinePlayers, PlayGameRecordsAFinishedGame) {
    players::RandomPlayer a, b;
    const auto rec =
        players::engine::play_game(a, b, make_game(load_shipped("uneven"), "", ""), {}, 7, 1000);
    EXPECT_EQ(rec.failure, players::MoveStatus::Ok);
    EXPECT_EQ(rec.moves.size(), rec.uci.size());
    // Random games end by rule well within 1000 plies (50-move rule at the latest).
    EXPECT_TRUE(rec.outcome.over());
    EXPECT_FALSE(rec.truncated);
    // Replaying the recorded moves reaches the same end.
    auto replay = make_game(load_shipped("uneven"), "", "");
    for (const auto& m : rec.uci) ASSERT_TRUE(replay.play(m).ok()) << m;
    EXPECT_EQ(replay.outcome().termination, rec.outcome.termination);
}

}  // namespace
}  // namespace balance::testing
