// `balance values --odds`: Muller's material-odds values from games whose start FEN lacks one
// piece. The odds piece is read from the FEN, scores are taken from the side with the extra
// material, and value = Elo(piece odds) / Elo(pawn odds).

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include <nlohmann/json.hpp>

#include "../support/temp_dir.hpp"
#include "balance/stats/odds_values.hpp"
#include "cli_runner.hpp"
#include "report_store_fixture.hpp"

namespace balance::cli {
namespace {

using balance::testing::TempDir;
using nlohmann::json;
using testing::run_balance;
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

TEST(ValuesOdds, CompensatedOddsAddThePlainOddsOfWhatWasGivenBack) {
    TempDir dir;
    TestStore store(dir.path() / "odds.sqlite");
    // Pawn odds (both colours) and knight odds (both colours), as above.
    store.add_counts(from("rnbqkbnr/pppppppp/8/8/8/8/PPPPP1PP/RNBQKBNR w KQkq - 0 1"), 6, 8, 6);
    store.add_counts(from("rnbqkbnr/ppppp1pp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), 9, 8, 3);
    store.add_counts(from("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1"), 4, 6, 10);
    store.add_counts(from("rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), 9, 7, 4);
    // Rook against knight + pawn: White without a1, Black without b8 and f7 (White 5-9-6, so
    // the rook side, Black, scores 6-9-5); and Black without a8, White without b1 and f2
    // (White 7-8-5, so Black 5-8-7, the rook side being White: 7-8-5).
    store.add_counts(from("r1bqkbnr/ppppp1pp/8/8/8/8/PPPPPPPP/1NBQKBNR w Kkq - 0 1"), 5, 9, 6);
    store.add_counts(from("1nbqkbnr/pppppppp/8/8/8/8/PPPPP1PP/R1BQKBNR w KQk - 0 1"), 7, 8, 5);
    // One piece against one piece is ambiguous and skipped; so is a piece against itself plus more.
    store.add_counts(from("r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w Kkq - 0 1"), 1, 0, 1);
    store.add_counts(from("r1bqkbnr/ppppp1pp/8/8/8/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1"), 1, 0, 1);

    const auto run = run_balance({"values", "--db", store.path().string(), "--odds", "--json"});
    ASSERT_EQ(run.status, 0) << run.err;
    const json out = json::parse(run.out);
    EXPECT_EQ(out["skipped_games"], 4);
    ASSERT_EQ(out["pieces"].size(), 3u);
    const json& rook = out["pieces"][2];
    EXPECT_EQ(rook["piece"], "rook");
    EXPECT_EQ(rook["against"], (json{{"knight", 1}, {"pawn", 1}}));
    EXPECT_FALSE(rook["calibration"].get<bool>());
    EXPECT_EQ(rook["removed_from_white"], 20);
    EXPECT_EQ(rook["removed_from_black"], 20);
    EXPECT_EQ(rook["wins"], 13);
    EXPECT_EQ(rook["draws"], 17);
    EXPECT_EQ(rook["losses"], 10);
    // value = (Elo(rook side) + Elo(knight odds) + Elo(pawn odds)) / Elo(pawn odds).
    const double expected = (elo(21.5 / 40) + elo(25.5 / 40) + elo(23.0 / 40)) / elo(23.0 / 40);
    EXPECT_NEAR(rook["value"].get<double>(), expected, 1e-9);
    const std::vector<stats::CompensationPart> parts{{stats::Wdl{19, 13, 8}, 1, false},
                                                     {stats::Wdl{}, 1, true}};
    const auto reference = stats::piece_value_from_compensated_odds(stats::Wdl{13, 17, 10}, parts,
                                                                    stats::Wdl{15, 16, 9}, 0.95);
    ASSERT_TRUE(reference.ok());
    EXPECT_NEAR(rook["value"].get<double>(), reference->value, 1e-9);
    EXPECT_EQ(rook["bounded"].get<bool>(), reference->bounded);

    const auto text = run_balance({"values", "--db", store.path().string(), "--odds"});
    ASSERT_EQ(text.status, 0) << text.err;
    EXPECT_NE(text.out.find("| rook against knight + pawn |"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("Compensated odds"), std::string::npos) << text.out;
}

TEST(ValuesOdds, CompensatedOddsNeedPlainOddsOfTheCompensation) {
    TempDir dir;
    TestStore store(dir.path() / "odds.sqlite");
    store.add_counts(from("rnbqkbnr/pppppppp/8/8/8/8/PPPPP1PP/RNBQKBNR w KQkq - 0 1"), 6, 8, 6);
    store.add_counts(from("r1bqkbnr/ppppp1pp/8/8/8/8/PPPPPPPP/1NBQKBNR w Kkq - 0 1"), 5, 9, 6);
    const auto run = run_balance({"values", "--db", store.path().string(), "--odds", "--json"});
    ASSERT_EQ(run.status, 0) << run.err;
    const json out = json::parse(run.out);
    ASSERT_EQ(out["pieces"].size(), 2u);
    EXPECT_EQ(out["pieces"][1]["error"], "no knight-odds games to value the compensation");
    EXPECT_TRUE(out["pieces"][1]["value"].is_null());
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
}  // namespace balance::cli
