// The game loop: real endings, adjudication, and every kind of player failure (fake players
// that crash, time out, break the protocol or play illegal moves; no processes involved).

#include <gtest/gtest.h>

#include <deque>
#include <string>

#include "../support/variants.hpp"
#include "balance/players/baselines.hpp"
#include "balance/tournament/game_runner.hpp"

namespace balance::tournament {
namespace {

using players::MoveReply;
using players::MoveStatus;

// Plays the listed UCI moves in order, then fails with `then`.
class ScriptedPlayer : public players::Player {
  public:
    ScriptedPlayer(std::deque<std::string> moves, MoveStatus then = MoveStatus::Crashed,
                   int score = 0, int depth = 0)
        : moves_(std::move(moves)), then_(then), score_(score), depth_(depth) {}
    std::string name() const override { return "scripted"; }
    void new_game() override { ++new_games; }
    MoveReply choose_move(const core::Game& game, const players::SearchLimits&,
                          std::uint64_t) override {
        MoveReply reply;
        reply.score_cp = score_;
        reply.depth = depth_;
        if (moves_.empty()) {
            reply.status = then_;
            reply.detail = "scripted failure";
            return reply;
        }
        const std::string text = moves_.front();
        moves_.pop_front();
        auto m = game.parse_move(text);
        EXPECT_TRUE(m.ok()) << text;
        if (m) reply.move = *m;
        return reply;
    }
    int new_games = 0;

  private:
    std::deque<std::string> moves_;
    MoveStatus then_;
    int score_, depth_;
};

// Answers with a move that is not legal in the position (a rook jumping over pawns).
class LiarPlayer : public players::Player {
  public:
    std::string name() const override { return "liar"; }
    MoveReply choose_move(const core::Game& game, const players::SearchLimits&,
                          std::uint64_t) override {
        // A move that is legal elsewhere (a rook on an open file) but not here, where the
        // rook on a1 is blocked and it is Black's move anyway: the player claims Ok.
        MoveReply reply;
        auto other = core::Game::start(spec_, "fide", "fide", "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
        reply.move = *other->parse_move("a1a8");
        EXPECT_FALSE(game.parse_move("a1a8").ok());
        return reply;
    }
    core::VariantSpec spec_ = balance::testing::load_shipped("chess");
};

core::Game chess_start() {
    static const core::VariantSpec spec = balance::testing::load_shipped("chess");
    return balance::testing::make_game(spec, "fide", "fide");
}

AdjudicationSpec no_adjudication() {
    AdjudicationSpec a;
    a.max_plies = 0;
    a.resign.enabled = false;
    a.draw.enabled = false;
    return a;
}

TEST(GameRunner, FoolsMateIsCheckmateForBlack) {
    ScriptedPlayer white({"f2f3", "g2g4"});
    ScriptedPlayer black({"e7e5", "d8h4"});
    const auto record = play_game(chess_start(), {&white, {}}, {&black, {}}, 1, no_adjudication());
    EXPECT_EQ(record.result.termination, "checkmate");
    EXPECT_EQ(record.result.text(), "0-1");
    EXPECT_EQ(record.result.white_score, 0.0);
    EXPECT_EQ(record.moves, (std::vector<std::string>{"f2f3", "e7e5", "g2g4", "d8h4"}));
    EXPECT_FALSE(record.failure);
    EXPECT_EQ(white.new_games, 1);
    EXPECT_EQ(black.new_games, 1);
    ASSERT_EQ(record.scores.size(), 4u);
    EXPECT_FALSE(record.scores[0]);  // depth 0: no score
}

TEST(GameRunner, EveryFailureLosesForTheFailingSide) {
    for (const MoveStatus status : {MoveStatus::Crashed, MoveStatus::Timeout,
                                    MoveStatus::ProtocolError, MoveStatus::NoMove}) {
        ScriptedPlayer white({"e2e4"});
        ScriptedPlayer black({"e7e5", "g8f6"}, status);
        // White's script ends after one move: White fails at its second move.
        const auto record =
            play_game(chess_start(), {&white, {}}, {&black, {}}, 1, no_adjudication());
        ASSERT_TRUE(record.failure) << players::move_status_name(status);
        EXPECT_EQ(record.failure->side, 0);
        EXPECT_EQ(record.failure->status, MoveStatus::Crashed);
        EXPECT_EQ(record.result.termination, "white-crashed");
        EXPECT_EQ(record.result.text(), "0-1");

        ScriptedPlayer white2({"e2e4", "d2d4"});
        ScriptedPlayer black2({"e7e5"}, status);
        const auto lost =
            play_game(chess_start(), {&white2, {}}, {&black2, {}}, 1, no_adjudication());
        ASSERT_TRUE(lost.failure);
        EXPECT_EQ(lost.failure->side, 1);
        EXPECT_EQ(lost.failure->status, status);
        EXPECT_EQ(lost.result.termination,
                  std::string("black-") + players::move_status_name(status));
        EXPECT_EQ(lost.result.text(), "1-0");
        EXPECT_EQ(lost.moves.size(), 3u);
        EXPECT_NE(lost.failure->detail.find("scripted failure"), std::string::npos);
    }
}

TEST(GameRunner, AResignationIsAResultNotAFailure) {
    ScriptedPlayer white({"e2e4", "d2d4"});
    ScriptedPlayer black({"e7e5"}, MoveStatus::Resigned);
    const auto record = play_game(chess_start(), {&white, {}}, {&black, {}}, 1, no_adjudication());
    EXPECT_FALSE(record.failure);
    EXPECT_FALSE(record.void_game);
    EXPECT_EQ(record.result.termination, "resignation");
    EXPECT_EQ(record.result.text(), "1-0");
}

TEST(GameRunner, AnUnavailableEngineVoidsTheGame) {
    ScriptedPlayer white({"e2e4", "d2d4"});
    ScriptedPlayer black({"e7e5"}, MoveStatus::Unavailable);
    const auto record = play_game(chess_start(), {&white, {}}, {&black, {}}, 1, no_adjudication());
    ASSERT_TRUE(record.failure);
    EXPECT_TRUE(record.void_game);
    EXPECT_EQ(record.failure->side, 1);
    EXPECT_EQ(record.failure->status, MoveStatus::Unavailable);

    ScriptedPlayer white2({"e2e4"});
    ScriptedPlayer black2({"e7e5"}, MoveStatus::Crashed);  // a crash stays a loss
    const auto lost = play_game(chess_start(), {&white2, {}}, {&black2, {}}, 1, no_adjudication());
    EXPECT_FALSE(lost.void_game);
}

TEST(GameRunner, AnIllegalAnswerIsAnIllegalMoveWhateverThePlayerClaims) {
    players::RandomPlayer white;
    LiarPlayer black;
    const auto record = play_game(chess_start(), {&white, {}}, {&black, {}}, 5, no_adjudication());
    ASSERT_TRUE(record.failure);
    EXPECT_EQ(record.failure->side, 1);
    EXPECT_EQ(record.failure->status, MoveStatus::IllegalMove);
    EXPECT_EQ(record.result.termination, "black-illegal-move");
    EXPECT_EQ(record.result.text(), "1-0");
}

TEST(GameRunner, ScoresAreStoredFromWhitesViewAndAdjudicate) {
    // Both sides say White is 900 cp up (Black reports -900 from its own view).
    ScriptedPlayer white({"e2e4", "d2d4", "g1f3"}, MoveStatus::Crashed, 900, 5);
    ScriptedPlayer black({"e7e5", "d7d6", "g8f6"}, MoveStatus::Crashed, -900, 5);
    AdjudicationSpec a = no_adjudication();
    a.resign = {true, 800, 2};
    const auto record = play_game(chess_start(), {&white, {}}, {&black, {}}, 1, a);
    EXPECT_EQ(record.result.termination, "adjudication-resign");
    EXPECT_EQ(record.result.text(), "1-0");
    EXPECT_EQ(record.moves.size(), 4u);
    for (const auto& s : record.scores) EXPECT_EQ(s, 900);
}

TEST(GameRunner, MaxPliesEndsInADraw) {
    players::RandomPlayer white, black;
    AdjudicationSpec a = no_adjudication();
    a.max_plies = 10;
    const auto record = play_game(chess_start(), {&white, {}}, {&black, {}}, 3, a);
    EXPECT_EQ(record.result.termination, "adjudication-max-plies");
    EXPECT_EQ(record.result.text(), "1/2-1/2");
    EXPECT_EQ(record.moves.size(), 10u);
}

TEST(GameRunner, SameSeedSameGame) {
    players::RandomPlayer w1, b1, w2, b2;
    AdjudicationSpec a = no_adjudication();
    a.max_plies = 60;
    const auto one = play_game(chess_start(), {&w1, {}}, {&b1, {}}, 99, a);
    const auto two = play_game(chess_start(), {&w2, {}}, {&b2, {}}, 99, a);
    const auto other = play_game(chess_start(), {&w2, {}}, {&b2, {}}, 100, a);
    EXPECT_EQ(one.moves, two.moves);
    EXPECT_NE(one.moves, other.moves);
}

// Stylish chess: the game keeps its board result and adds the points and the result by them.
core::Game stylish_game(const std::string& fen, const core::VariantSpec* spec = nullptr) {
    static const core::VariantSpec shipped = balance::testing::load_shipped("stylish");
    return balance::testing::make_game(spec ? *spec : shipped, "fide", "fide", fen);
}

TEST(GameRunner, StylishGamesCarryTheirPoints) {
    ScriptedPlayer white({"f7f8n"}), black({});
    const auto record = play_game(stylish_game("4K3/R4Pk1/5p2/3B4/8/8/8/7R w - - 0 1"),
                                  {&white, {}}, {&black, {}}, 1, no_adjudication());
    EXPECT_EQ(record.result.termination, "checkmate");
    EXPECT_EQ(record.result.white_points, 230.0);
    EXPECT_EQ(record.result.black_points, 0.0);
    EXPECT_EQ(record.result.white_score, 1.0);
    EXPECT_EQ(record.result.board_white_score, 1.0);
    const auto plain = play_game(chess_start(), {&white, {}}, {&black, {}}, 1, no_adjudication());
    EXPECT_FALSE(plain.result.white_points);
    EXPECT_FALSE(plain.result.board_white_score);
}

TEST(GameRunner, StylishMatedSideCanWinOnPoints) {
    auto spec = balance::testing::load_shipped("stylish");
    for (auto& row : spec.scoring.capture)
        if (row.capturer == "pawn") row.points["queen"] = 150;
    ScriptedPlayer white({"e1e8"}), black({"b7a6"});
    const auto record = play_game(stylish_game("7k/1p4pp/Q7/8/8/8/8/4R1K1 b - - 0 1", &spec),
                                  {&white, {}}, {&black, {}}, 1, no_adjudication());
    EXPECT_EQ(record.result.termination, "checkmate");
    EXPECT_EQ(record.result.board_white_score, 1.0);  // by the board
    EXPECT_EQ(record.result.white_points, 110.0);
    EXPECT_EQ(record.result.black_points, 150.0);
    EXPECT_EQ(record.result.white_score, 0.0);  // by points
    EXPECT_EQ(record.result.text(), "0-1");
}

TEST(GameRunner, StylishResignationLosesWhateverThePoints) {
    auto spec = balance::testing::load_shipped("stylish");
    for (auto& row : spec.scoring.capture)
        if (row.capturer == "pawn") row.points["queen"] = 150;
    ScriptedPlayer white({"g1g2"}), black({"b7a6"}, MoveStatus::Resigned);
    const auto record = play_game(stylish_game("7k/1p4pp/Q7/8/8/8/8/4R1K1 b - - 0 1", &spec),
                                  {&white, {}}, {&black, {}}, 1, no_adjudication());
    EXPECT_EQ(record.result.termination, "resignation");
    EXPECT_EQ(record.result.white_points, 0.0);
    EXPECT_EQ(record.result.black_points, 150.0);
    EXPECT_EQ(record.result.white_score, 1.0);  // Black resigned 150 points ahead
    EXPECT_EQ(record.result.board_white_score, 1.0);
    EXPECT_FALSE(record.failure);
}

TEST(GameRunner, StylishTurnsResignAdjudicationOffAndPaysAdjudicatedDraws) {
    ScriptedPlayer white({"e1f1", "f1e1"}, MoveStatus::Crashed, 900, 5);
    ScriptedPlayer black({"e8f8", "f8e8"}, MoveStatus::Crashed, -900, 5);
    AdjudicationSpec a = no_adjudication();
    a.resign = {true, 800, 1};
    a.max_plies = 4;
    const auto record = play_game(stylish_game("4k3/3np3/8/8/8/8/3N4/4K3 w - - 0 1"), {&white, {}},
                                  {&black, {}}, 1, a);
    EXPECT_EQ(record.result.termination, "adjudication-max-plies");
    EXPECT_EQ(record.result.white_points, 37.0);  // N against N+P
    EXPECT_EQ(record.result.black_points, 0.0);
    EXPECT_EQ(record.result.white_score, 1.0);
    EXPECT_EQ(record.result.board_white_score, 0.5);
}

TEST(GameResult, TextOfDecidedAndScoredGames) {
    EXPECT_EQ(GameResult::decided(0, "checkmate").text(), "1-0");
    EXPECT_EQ(GameResult::decided(1, "checkmate").text(), "0-1");
    EXPECT_EQ(GameResult::decided(-1, "stalemate").text(), "1/2-1/2");
    EXPECT_EQ(GameResult::decided(1, "checkmate").white_score, 0.0);
    GameResult scored;
    scored.white_score = 0.75;
    EXPECT_EQ(scored.text(), "0.75-0.25");
}

}  // namespace
}  // namespace balance::tournament
