// `balance values --odds`: Muller's material-odds values from games whose start FEN lacks one
// piece. The odds piece is read from the FEN, scores are taken from the side with the extra
// material, and value = Elo(piece odds) / Elo(pawn odds).

#include <gtest/gtest.h>

#include <cmath>

#include <nlohmann/json.hpp>

#include "balance/stats/odds_values.hpp"
#include "cli_runner.hpp"
#include "report_store_fixture.hpp"
#include "../support/temp_dir.hpp"

namespace balance::app {
namespace {

using nlohmann::json;
using testing::run_balance;
using testing::TempDir;
using testing::TestGame;
using testing::TestStore;

TestGame from(const std::string& fen) {
    TestGame g;
    g.start_fen = fen;
    return g;
}

double elo(double s) {
    return -400.0 * std::log10(1.0 / s - 1.0);
}

TEST(ValuesOdds, KnightOddsCalibratedWithPawnOdds) {
    TempDir dir;
    TestStore store(dir.path() / "odds.sqlite");
    // White without the b1 knight: 4-6-10 for White = 10-6-4 for Black (who has the knight).
    store.add_counts(from("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1"), 4, 6, 10);
    // Black without the g8 knight: 9-7-4 for White (who has it).
    store.add_counts(from("rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), 9, 7, 4);
    // Pawn odds: White without f2 (6-8-6 for Black), Black without f7 (9-8-3 for White).
    store.add_counts(from("rnbqkbnr/pppppppp/8/8/8/8/PPPPP1PP/RNBQKBNR w KQkq - 0 1"), 6, 8, 6);
    store.add_counts(from("rnbqkbnr/ppppp1pp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), 9, 8, 3);
    // Not odds games: an ordinary start, and a start two pieces short.
    store.add_counts(from(testing::kChessStart), 3, 3, 3);
    store.add_counts(from("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKB1R w KQkq - 0 1"), 1, 0, 1);

    const auto run = run_balance({"values", "--db", store.path().string(), "--odds", "--json"});
    ASSERT_EQ(run.status, 0) << run.err;
    const json out = json::parse(run.out);
    EXPECT_EQ(out["calibration"], "pawn");
    EXPECT_EQ(out["ordinary_games"], 9);
    EXPECT_EQ(out["skipped_games"], 2);
    ASSERT_EQ(out["pieces"].size(), 2u);
    const json& pawn = out["pieces"][0];
    const json& knight = out["pieces"][1];
    EXPECT_EQ(pawn["piece"], "pawn");
    EXPECT_TRUE(pawn["calibration"].get<bool>());
    EXPECT_EQ(pawn["wins"], 15);
    EXPECT_EQ(pawn["draws"], 16);
    EXPECT_EQ(pawn["losses"], 9);
    EXPECT_EQ(knight["piece"], "knight");
    EXPECT_EQ(knight["removed_from_white"], 20);
    EXPECT_EQ(knight["removed_from_black"], 20);
    EXPECT_EQ(knight["wins"], 19);
    EXPECT_EQ(knight["draws"], 13);
    EXPECT_EQ(knight["losses"], 8);
    // Scores 25.5/40 and 23/40 from the side with the material: value = ratio of their Elos.
    EXPECT_NEAR(knight["value"].get<double>(), elo(25.5 / 40) / elo(23.0 / 40), 1e-9);
    EXPECT_NEAR(knight["elo"].get<double>(), elo(25.5 / 40), 1e-9);
    const auto reference =
        stats::piece_value_from_odds(stats::Wdl{19, 13, 8}, stats::Wdl{15, 16, 9}, 0.95);
    ASSERT_TRUE(reference.ok());
    EXPECT_EQ(knight["bounded"].get<bool>(), reference->bounded);
    if (reference->bounded) {
        EXPECT_NEAR(knight["value_low"].get<double>(), reference->lower, 1e-9);
        EXPECT_NEAR(knight["value_high"].get<double>(), reference->upper, 1e-9);
    }

    const auto text = run_balance({"values", "--db", store.path().string(), "--odds"});
    ASSERT_EQ(text.status, 0) << text.err;
    EXPECT_NE(text.out.find("| knight |"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("(calibration)"), std::string::npos);
}

TEST(ValuesOdds, WithoutPawnOddsThereIsNoScale) {
    TempDir dir;
    TestStore store(dir.path() / "odds.sqlite");
    store.add_counts(from("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1"), 4, 6, 10);
    const auto run = run_balance({"values", "--db", store.path().string(), "--odds"});
    EXPECT_EQ(run.status, 1);
    EXPECT_NE(run.err.find("no pawn-odds games to calibrate with"), std::string::npos) << run.err;
}

}  // namespace
}  // namespace balance::app
