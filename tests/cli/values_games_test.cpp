// Piece values from stored games end to end: replaying games from the store, sampling quiet
// positions (hand-checked on a short game), leaving out failed and unreadable games, and
// recovering known values from synthetic games (random legal chess games whose outcomes are
// drawn from a logistic model of their final material).

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include <nlohmann/json.hpp>

#include <sstream>

#include "../support/temp_dir.hpp"
#include "balance/analysis/material_samples.hpp"
#include "balance/analysis/odds_values.hpp"
#include "balance/analysis/rules_cache.hpp"
#include "balance/analysis/store_reader.hpp"
#include "balance/core/game.hpp"
#include "balance/players/engine/eval.hpp"
#include "cli_runner.hpp"
#include "report_store_fixture.hpp"

namespace balance::cli {
namespace {

using balance::testing::TempDir;
using nlohmann::json;
using testing::run_balance;
using testing::TestGame;
using testing::TestStore;

// 1. e4 Nf6 2. Nc3 Ng4 3. Qxg4 (ply 5 captures a knight), then 15 quiet plies without checks.
constexpr const char* kKnightUp =
    "e2e4 g8f6 b1c3 f6g4 d1g4 b8c6 g1f3 a7a6 a2a3 h7h6 h2h3 b7b6 b2b3 g7g6 g2g3 a6a5 a3a4 h6h5 "
    "h3h4 b6b5";

analysis::MaterialData sample(const std::filesystem::path& db, int min_ply, int per_game) {
    auto store = analysis::read_store(db);
    EXPECT_TRUE(store.ok()) << store.error().to_string();
    analysis::VariantCatalog catalog(store->specs);
    auto data = analysis::sample_material(store->games, "chess", catalog, {min_ply, per_game});
    EXPECT_TRUE(data.ok()) << data.error().to_string();
    return std::move(*data);
}

// Every piece of `pieces` (`balance values --json`, P N B R Q) identified, and its interval
// covering the model's value logit[k] / logit[pawn].
void expect_values_cover(const json& pieces, const std::vector<double>& logit) {
    ASSERT_EQ(pieces.size(), 5u);
    for (std::size_t k = 1; k < 5; ++k) {
        const double truth = logit[k] / logit[0];
        ASSERT_TRUE(pieces[k]["identified"].get<bool>()) << pieces[k];
        EXPECT_LE(pieces[k]["value_low"].get<double>(), truth) << pieces[k];
        EXPECT_GE(pieces[k]["value_high"].get<double>(), truth) << pieces[k];
    }
}

TEST(ValuesGames, QuietPositionsOfAReplayedGame) {
    TempDir dir;
    TestStore store(dir.path() / "g.sqlite");
    TestGame game;
    game.moves = kKnightUp;
    game.white_score = 1.0;
    store.add(game);
    const auto all = sample(store.path(), 6, 100);
    EXPECT_EQ(all.pieces, (std::vector<std::string>{"pawn", "knight", "bishop", "rook", "queen"}));
    EXPECT_EQ(all.first_pawn, "pawn");
    EXPECT_EQ(all.documented, (std::vector<double>{1, 3, 3, 5, 9}));
    // Plies 6..20 are quiet: 15 positions, each White a knight up and nothing else different.
    ASSERT_EQ(all.rows.size(), 15u);
    for (const auto& row : all.rows) EXPECT_EQ(row, (std::vector<double>{0, 1, 0, 0, 0}));
    EXPECT_EQ(all.outcomes, std::vector<double>(15, 1.0));
    EXPECT_EQ(all.games_used, 1);

    // From ply 4 the capture at ply 5 is not quiet and ply 4 still has equal material.
    const auto early = sample(store.path(), 4, 100);
    ASSERT_EQ(early.rows.size(), 16u);
    EXPECT_EQ(early.rows.front(), (std::vector<double>{0, 0, 0, 0, 0}));
    EXPECT_EQ(early.rows[1], (std::vector<double>{0, 1, 0, 0, 0}));

    const auto four = sample(store.path(), 6, 4);
    EXPECT_EQ(four.rows.size(), 4u);
    const auto none = sample(store.path(), 21, 4);
    EXPECT_TRUE(none.rows.empty());
    EXPECT_EQ(none.games_without_sample, 1);
}

TEST(ValuesGames, SettledPositionsLeaveOutMaterialAboutToChange) {
    TempDir dir;
    TestStore store(dir.path() / "g.sqlite");
    TestGame game;
    game.moves = kKnightUp;
    store.add(game);
    auto store_read = analysis::read_store(store.path());
    ASSERT_TRUE(store_read.ok());
    analysis::VariantCatalog catalog(store_read->specs);
    auto sample_with = [&](analysis::SamplingOptions options) {
        auto data = analysis::sample_material(store_read->games, "chess", catalog, options);
        EXPECT_TRUE(data.ok()) << data.error().to_string();
        return std::move(*data);
    };
    // Ply 4 is quiet but the knight is captured on the next ply: its material is about to
    // change, so a settled sample leaves it out. Plies 5.. are settled to the end of the game.
    analysis::SamplingOptions settled{4, 100};
    settled.settled_plies = 1;
    const auto one = sample_with(settled);
    ASSERT_EQ(one.rows.size(), 15u);
    for (const auto& row : one.rows) EXPECT_EQ(row, (std::vector<double>{0, 1, 0, 0, 0}));
    settled.min_ply = 2;
    settled.settled_plies = 3;  // plies 2, 3, 4 see the capture within 3 plies
    EXPECT_EQ(sample_with(settled).rows.size(), 15u);
    settled.settled_plies = 2;  // ply 2 does not
    EXPECT_EQ(sample_with(settled).rows.size(), 16u);
    EXPECT_TRUE(sample_with(settled).positional.empty());

    // The positional covariate: the engine's full evaluation minus its material, White's view,
    // recomputed here for the last position from the engine's own functions.
    analysis::SamplingOptions positional{20, 1};
    positional.positional = true;
    const auto last = sample_with(positional);
    ASSERT_EQ(last.rows.size(), 1u);
    ASSERT_EQ(last.positional.size(), 1u);
    analysis::RulesCache rules(catalog);
    const auto game_rules = rules.get(store_read->games.front());
    ASSERT_TRUE(game_rules.ok());
    auto replayed = core::Game::start(**game_rules, store_read->games.front().start_fen);
    ASSERT_TRUE(replayed.ok());
    std::istringstream moves(kKnightUp);
    for (std::string move; moves >> move;) ASSERT_TRUE(replayed->play(move).ok());
    const double expected = replayed->visit([](const auto& pos) {
        const auto tables = players::engine::build_eval_tables(pos.rules());
        const int stm = players::engine::evaluate(pos, tables);
        const int white = pos.side_to_move() == core::Color::White ? stm : -stm;
        return static_cast<double>(white - players::engine::material_balance(pos, tables));
    });
    EXPECT_DOUBLE_EQ(last.positional[0], expected);
}

TEST(ValuesGames, FailedAndUnreadableGamesAreLeftOutAndCounted) {
    TempDir dir;
    TestStore store(dir.path() / "g.sqlite");
    TestGame good;
    good.moves = kKnightUp;
    store.add(good);
    TestGame failed = good;
    failed.termination = "black-timeout";
    failed.white_score = 1.0;
    store.add(failed);
    TestGame illegal = good;
    illegal.moves = "e2e4 e7e5 e4e5";
    store.add(illegal);
    const auto data = sample(store.path(), 6, 4);
    EXPECT_EQ(data.games_used, 1);
    EXPECT_EQ(data.games_failed, 1);
    EXPECT_EQ(data.games_unreadable, 1);
    ASSERT_EQ(data.problems.size(), 1u);
    EXPECT_NE(data.problems[0].find("'e4e5' is not a legal move"), std::string::npos)
        << data.problems[0];
}

// Random legal chess games of 40 plies; the outcome is drawn from a logistic model of the final
// position's material, so sampling only that position (--min-ply 40 --per-game 1) must give
// back the model's values.
TEST(ValuesGames, RecoversKnownValuesFromSyntheticGames) {
    const std::vector<double> logit{0.30, 0.90, 1.00, 1.50, 2.70};  // P N B R Q
    constexpr double kIntercept = 0.10;
    TempDir dir;
    TestStore store(dir.path() / "synthetic.sqlite");
    testing::add_random_chess_games(store, 1500, 40, 424242, logit, kIntercept);

    const auto run = run_balance({"values", "--db", store.path().string(), "--min-ply", "40",
                                  "--per-game", "1", "--confidence", "0.999", "--json"});
    ASSERT_EQ(run.status, 0) << run.err;
    const json out = json::parse(run.out);
    EXPECT_EQ(out["normalize"], "pawn");
    EXPECT_GT(out["games"].get<int>(), 900);  // games whose last position was quiet
    expect_values_cover(out["pieces"], logit);
    EXPECT_NEAR(out["spearman"].get<double>(), 1.0, 0.06);  // documented N = B is a tie
}

// odds-starts samples the start position alone (its material, not what the game did with it),
// and still replays the game: one that does not replay is left out.
TEST(ValuesGames, OddsStartsSampleTheStartPosition) {
    TempDir dir;
    TestStore store(dir.path() / "g.sqlite");
    TestGame game;
    // Black without its b8 knight against White without three pawns; then White captures a
    // pawn (ply 3), which the start's material must not see.
    game.start_fen = "r1bqkbnr/pppppppp/8/8/8/8/PPPPP3/RNBQKBNR w KQkq - 0 1";
    game.moves = "e2e4 d7d5 e4d5 g8f6";
    store.add(game);
    TestGame broken = game;
    broken.moves = "e2e4 e7e5 e4e5";
    store.add(broken);
    auto read = analysis::read_store(store.path());
    ASSERT_TRUE(read.ok()) << read.error().to_string();
    analysis::VariantCatalog catalog(read->specs);
    analysis::SamplingOptions options;
    options.start_only = true;
    auto data = analysis::sample_material(read->games, "chess", catalog, options);
    ASSERT_TRUE(data.ok()) << data.error().to_string();
    ASSERT_EQ(data->rows.size(), 1u);
    EXPECT_EQ(data->rows[0], (std::vector<double>{-3, 1, 0, 0, 0}));
    EXPECT_EQ(data->games_unreadable, 1);
}

// The logit of each piece (P N B R Q) in the synthetic odds-start games, and their intercept.
const std::vector<double> kOddsLogit{0.40, 1.30, 1.40, 2.20, 4.00};
constexpr double kOddsIntercept = 0.10;

// Synthetic games from designed odds starts, four quiet moves each (legal from every start),
// their outcomes drawn from a logistic model of the start's material.
void add_odds_start_games(TestStore& store, int games) {
    struct Start {
        const char* fen;
        std::vector<double> material;  // White minus Black, P N B R Q
    };
    const std::vector<Start> starts = {
        {testing::kChessStart, {0, 0, 0, 0, 0}},  // White's first move alone: the intercept
        {"rnbqkbnr/pppppppp/8/8/8/8/1PPPPPPP/RNBQKBNR w KQkq - 0 1", {-1, 0, 0, 0, 0}},
        {"r1bqkbnr/pppppppp/8/8/8/8/PPPPP3/RNBQKBNR w KQkq - 0 1", {-3, 1, 0, 0, 0}},
        {"rnbqkbnr/ppppp3/8/8/8/8/PPPPPPPP/RN1QKBNR w KQkq - 0 1", {3, 0, -1, 0, 0}},
        {"1nbqkbnr/pppppppp/8/8/8/8/PPPPPP2/R1BQKBNR w KQk - 0 1", {-2, -1, 0, 1, 0}},
        {"2bqkbnr/pppppp1p/8/8/8/8/PPPPPPPP/RNB1KBNR w KQk - 0 1", {1, 1, 0, 1, -1}},
    };
    std::mt19937_64 rng(2020);
    std::uniform_real_distribution<double> uniform(0.0, 1.0);
    for (int i = 0; i < games; ++i) {
        const Start& start = starts[i % starts.size()];
        double x = kOddsIntercept;
        for (std::size_t k = 0; k < kOddsLogit.size(); ++k) x += kOddsLogit[k] * start.material[k];
        TestGame game;
        game.start_fen = start.fen;
        game.moves = "e2e4 e7e5 d2d3 d7d6";
        game.plies = 4;
        game.white_score = uniform(rng) < 1.0 / (1.0 + std::exp(-x)) ? 1.0 : 0.0;
        store.add(game);
    }
}

// The odds-starts fit gives the model's values back within its intervals.
TEST(ValuesGames, OddsStartsRecoverKnownValues) {
    TempDir dir;
    TestStore store(dir.path() / "odds.sqlite");
    add_odds_start_games(store, 3000);
    // No --method: most games start with uneven material, so odds-starts is the default.
    const auto run =
        run_balance({"values", "--db", store.path().string(), "--confidence", "0.999", "--json"});
    ASSERT_EQ(run.status, 0) << run.err;
    const json out = json::parse(run.out);
    EXPECT_EQ(out["method"], "odds-starts");
    EXPECT_EQ(out["games"].get<int>(), 3000);
    expect_values_cover(out["pieces"], kOddsLogit);
}

// Games count as odds starts when their start lacks material against their armies' array;
// different armies at their normal start are not odds, whatever their material difference.
TEST(ValuesGames, OddsStartsAreTheStartArrayChanged) {
    TempDir dir;
    TestStore armies(dir.path() / "armies.sqlite");
    for (int i = 0; i < 3; ++i) armies.add(testing::asymmetric("humans", "elves"));
    TestStore odds(dir.path() / "odds.sqlite");
    add_odds_start_games(odds, 12);
    for (const auto& [path, variant, expected] :
         {std::tuple{armies.path(), "asymmetric", false}, std::tuple{odds.path(), "chess", true}}) {
        auto read = analysis::read_store(path);
        ASSERT_TRUE(read.ok()) << read.error().to_string();
        analysis::VariantCatalog catalog(read->specs);
        auto found = analysis::mostly_odds_starts(read->games, variant, catalog);
        ASSERT_TRUE(found.ok()) << found.error().to_string();
        EXPECT_EQ(*found, expected) << variant;
    }
}

// The report adds the odds-starts fit beside texel and the regression when most games start
// from uneven material, and only then.
TEST(ValuesGames, ReportShowsOddsStartsForOddsGamesOnly) {
    TempDir dir;
    TestStore odds(dir.path() / "odds.sqlite");
    add_odds_start_games(odds, 3000);
    // --min-ply 2: the in-game fits sample the games' few moves too.
    const auto with = run_balance(
        {"report", "--db", odds.path().string(), "--values", "--min-ply", "2", "--format", "json"});
    ASSERT_EQ(with.status, 0) << with.err;
    const json values = json::parse(with.out)["values"];
    ASSERT_EQ(values.size(), 1u);
    ASSERT_FALSE(values[0]["odds_starts"].is_null()) << values[0];
    const auto& knight = values[0]["odds_starts"]["pieces"][1];
    EXPECT_EQ(knight["piece"], "knight");
    EXPECT_LE(knight["value_low"].get<double>(), kOddsLogit[1] / kOddsLogit[0]) << knight;
    EXPECT_GE(knight["value_high"].get<double>(), kOddsLogit[1] / kOddsLogit[0]) << knight;
    const auto markdown =
        run_balance({"report", "--db", odds.path().string(), "--values", "--min-ply", "2"});
    EXPECT_NE(markdown.out.find("| odds-starts |"), std::string::npos) << markdown.out;
    // CSV: one row per method and piece (the table fits the values by itself), no nested fits
    // left in a field.
    const auto csv = run_balance({"report", "--db", odds.path().string(), "--min-ply", "2",
                                  "--format", "csv", "--table", "values"});
    ASSERT_EQ(csv.status, 0) << csv.err;
    const std::size_t pieces = values[0]["pieces"].size();
    EXPECT_EQ(static_cast<std::size_t>(std::count(csv.out.begin(), csv.out.end(), '\n')),
              1 + 3 * pieces)
        << csv.out;
    for (const char* method : {"\ntexel,", "\nregression,", "\nodds-starts,"})
        EXPECT_NE(csv.out.find(method), std::string::npos) << method << csv.out;
    EXPECT_EQ(csv.out.find("[{"), std::string::npos) << csv.out;

    TestStore ordinary(dir.path() / "ordinary.sqlite");
    TestGame game;
    game.moves = kKnightUp;
    for (int i = 0; i < 4; ++i) ordinary.add(game);
    const auto without =
        run_balance({"report", "--db", ordinary.path().string(), "--values", "--format", "json"});
    ASSERT_EQ(without.status, 0) << without.err;
    EXPECT_TRUE(json::parse(without.out)["values"][0]["odds_starts"].is_null());
}

// Games that one material difference always decided leave the fit without an answer: the
// error says why in a designer's words, not only the statistician's.
TEST(ValuesGames, OneSidedGamesAreCalledSo) {
    TempDir dir;
    TestStore store(dir.path() / "g.sqlite");
    TestGame up;  // White a knight up wins every game; the same moves without the capture draw
    up.moves = kKnightUp;
    up.white_score = 1.0;
    TestGame level;
    level.moves =
        "e2e4 e7e5 g1f3 b8c6 b1c3 g8f6 a2a3 a7a6 h2h3 h7h6 b2b3 b7b6 g2g3 g7g6 a3a4 "
        "a6a5 h3h4 h6h5 b3b4 b6b5";
    for (int i = 0; i < 4; ++i) {
        store.add(up);
        store.add(level);
    }
    const auto run =
        run_balance({"values", "--db", store.path().string(), "--normalize", "knight"});
    EXPECT_NE(run.status, 0);
    EXPECT_NE(run.err.find("separation"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("game(s) are too few or too one-sided for this fit"), std::string::npos)
        << run.err;
}

// A pawn worth nothing in the model makes the pawn a unit no value can be divided by: the fit
// says so, names the best-determined piece, and --write-values refuses without --force.
TEST(ValuesGames, VagueValuesWarnAndAreNotWrittenSilently) {
    const std::vector<double> logit{0.0, 0.90, 1.00, 1.50, 2.70};  // P N B R Q
    TempDir dir;
    TestStore store(dir.path() / "vague.sqlite");
    testing::add_random_chess_games(store, 400, 40, 4242, logit, 0.1);
    const std::string db = store.path().string();
    const auto file = (dir.path() / "v.toml").string();
    const std::vector<std::string> fit{"values",     "--db", db,         "--min-ply", "40",
                                       "--per-game", "1",    "--method", "regression"};
    auto with = [&](std::vector<std::string> extra) {
        std::vector<std::string> args = fit;
        args.insert(args.end(), extra.begin(), extra.end());
        return run_balance(args);
    };
    const auto refused = with({"--write-values", file});
    EXPECT_EQ(refused.status, 1);
    EXPECT_NE(refused.err.find("not written: the values of"), std::string::npos) << refused.err;
    EXPECT_NE(refused.err.find("The unit, pawn, is itself barely determined"), std::string::npos)
        << refused.err;
    EXPECT_NE(refused.err.find("--force writes it anyway"), std::string::npos) << refused.err;
    EXPECT_FALSE(std::filesystem::exists(file));
    const auto forced = with({"--write-values", file, "--force"});
    EXPECT_EQ(forced.status, 0) << forced.err;
    EXPECT_TRUE(std::filesystem::exists(file));
    EXPECT_NE(forced.err.find("Warning: "), std::string::npos) << forced.err;
    EXPECT_NE(forced.out.find("Warning: "), std::string::npos) << forced.out;  // in the table
    // The unit it names is one whose values come out clear: no warning, the file is written.
    const auto json_run = with({"--json"});
    ASSERT_EQ(json_run.status, 0) << json_run.err;
    const std::string text = json::parse(json_run.out)["warning"].get<std::string>();
    const std::string marker = "(`--normalize ";
    const auto at = text.find(marker);
    ASSERT_NE(at, std::string::npos) << text;
    const std::string unit =
        text.substr(at + marker.size(), text.find('`', at + 2) - at - marker.size());
    EXPECT_NE(unit, "pawn");
    const auto better = with({"--normalize", unit, "--json"});
    ASSERT_EQ(better.status, 0) << better.err;
    const json warning = json::parse(better.out)["warning"];  // the pawn may still hold 0
    EXPECT_TRUE(warning.is_null() ||
                warning.get<std::string>().find("barely determined") == std::string::npos)
        << warning;
}

TEST(ValuesGames, ChoosesTheVariantAndRules) {
    TempDir dir;
    TestStore store(dir.path() / "g.sqlite");
    TestGame chess;
    chess.moves = kKnightUp;
    store.add(chess);
    store.add(testing::asymmetric("humans", "elves"));
    const auto ambiguous = run_balance({"values", "--db", store.path().string()});
    EXPECT_EQ(ambiguous.status, 1);
    EXPECT_NE(ambiguous.err.find("several variants (asymmetric, chess)"), std::string::npos)
        << ambiguous.err;
    const auto rules = run_balance(
        {"values", "--db", store.path().string(), "--variant", "chess", "--rules", "x"});
    EXPECT_EQ(rules.status, 1);
    EXPECT_NE(rules.err.find("no games of chess with rules 'x'"), std::string::npos) << rules.err;
}

}  // namespace
}  // namespace balance::cli
