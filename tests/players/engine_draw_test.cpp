// Draw rules inside the search: repetition, the 50-move rule, stalemate (draw, or a win for
// the stalemating side with Asymmetric's optional rule A), insufficient material. Each rule is
// shown to matter by searching the same position with the rule switched off in the spec.

#include <gtest/gtest.h>

#include "engine_support.hpp"

namespace balance::testing {
namespace {

using players::engine::Engine;
using players::engine::mate_in_moves;

players::engine::SearchResult draw_search(const core::VariantSpec& spec, const std::string& fen,
                                          int depth, const std::string& white = "",
                                          const std::string& black = "") {
    return search_fen(spec, white, black, fen, depth);
}

TEST(EngineDraw, PerpetualCheckSavesALostPosition) {
    // Black is a queen, a rook and two knights up; White's knight checks forever
    // (Nf7+ Kg8 Nh6+ Kh8 Nf7+ ...): the black knights box their own king in and cover neither
    // f7 nor h6.
    const std::string fen = "5n1k/6np/8/6N1/7K/8/8/rq6 w - - 0 1";
    auto spec = load_shipped("chess");
    const auto drawn = draw_search(spec, fen, 10);
    EXPECT_EQ(drawn.score, 0);
    spec.rules.repetition_count = 0;  // no repetition rule: the checks only postpone the loss
    const auto lost = draw_search(spec, fen, 10);
    EXPECT_LT(lost.score, -500);
}

TEST(EngineDraw, FiftyMoveRule) {
    // White is a queen up, but the 100th reversible ply is now: any quiet move draws.
    const std::string fen = "8/8/3k4/8/8/8/8/1Q4K1 w - - 99 80";
    auto spec = load_shipped("chess");
    EXPECT_EQ(draw_search(spec, fen, 6).score, 0);
    spec.rules.fifty_move_plies = 0;
    EXPECT_GT(draw_search(spec, fen, 6).score, 500);
}

TEST(EngineDraw, MateOnTheLastPlyStillWins) {
    // Rd8 mates on the 100th ply: mate takes precedence over the 50-move rule.
    const auto spec = load_shipped("chess");
    EXPECT_EQ(mate_in_moves(draw_search(spec, "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 99 80", 4).score),
              1);
}

TEST(EngineDraw, StalemateIsAvoidedWhenItDraws) {
    // Qg6 would stalemate; the engine mates instead.
    const std::string fen = "7k/8/5K2/8/8/8/8/1Q6 w - - 0 1";
    const auto spec = load_shipped("asymmetric");
    const auto r = draw_search(spec, fen, 6);
    EXPECT_EQ(mate_in_moves(r.score), 2);
    const auto game = make_game(spec, "", "", fen);
    EXPECT_NE(game.uci(r.best), "b1g6");
}

TEST(EngineDraw, StalemateWinsUnderRuleA) {
    // With optional rule A, Qg6 (stalemate) wins at once: a "mate in 1".
    const std::string fen = "7k/8/5K2/8/8/8/8/1Q6 w - - 0 1";
    const auto spec = load_shipped("asymmetric", {"stalemate-win"});
    ASSERT_EQ(spec.rules.stalemate, core::StalemateResult::WinForStalemater);
    const auto r = draw_search(spec, fen, 6);
    EXPECT_EQ(mate_in_moves(r.score), 1);
    auto game = make_game(spec, "", "", fen);
    EXPECT_EQ(game.uci(r.best), "b1g6");
    game.play(r.best);
    EXPECT_EQ(game.outcome().termination, core::Termination::Stalemate);
    EXPECT_EQ(game.outcome().winner, 0);
}

TEST(EngineDraw, StalematedSideLosesUnderRuleA) {
    // Black to move and stalemated: a draw normally, lost under rule A.
    const std::string fen = "7k/8/5KQ1/8/8/8/8/8 b - - 0 1";
    EXPECT_EQ(draw_search(load_shipped("asymmetric"), fen, 3).score, 0);
    EXPECT_LE(draw_search(load_shipped("asymmetric", {"stalemate-win"}), fen, 3).score,
              -players::engine::MateBound);
}

TEST(EngineDraw, InsufficientMaterial) {
    const auto chess = load_shipped("chess");
    EXPECT_EQ(draw_search(chess, "8/8/3k4/8/8/8/8/1B4K1 w - - 0 1", 6).score, 0);    // K+B vs K
    EXPECT_GT(draw_search(chess, "8/8/3k4/8/8/8/8/1R4K1 w - - 0 1", 6).score, 400);  // K+R vs K
    // Asymmetric's cannot_mate lists: Elves with two Rangers cannot mate; two Werewolves can.
    const auto asym = load_shipped("asymmetric");
    EXPECT_EQ(draw_search(asym, "8/8/3k4/8/8/8/8/1BB3K1 w - - 0 1", 6, "elves", "humans").score, 0);
    EXPECT_GT(draw_search(asym, "8/8/3k4/8/8/8/8/1NN3K1 w - - 0 1", 6, "orcs", "humans").score,
              400);
}

}  // namespace
}  // namespace balance::testing
