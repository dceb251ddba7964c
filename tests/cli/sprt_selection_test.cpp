// `balance sprt`: which games a test counts (both colour orders from army A's view, one cell, one
// colour), pentanomial only when the store shows paired openings, and the verdicts.

#include <gtest/gtest.h>

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "../support/temp_dir.hpp"
#include "balance/stats/balance_sprt.hpp"
#include "cli_runner.hpp"
#include "report_store_fixture.hpp"

namespace balance::cli {
namespace {

using balance::testing::TempDir;
using nlohmann::json;
using testing::asymmetric;
using testing::run_balance;
using testing::TestGame;
using testing::TestStore;

json sprt_json(const std::filesystem::path& db, std::vector<std::string> selection,
               const std::string& margin = "0.05") {
    std::vector<std::string> args{"sprt", "--db", db.string(), "--margin", margin, "--json"};
    args.insert(args.end(), selection.begin(), selection.end());
    const auto run = run_balance(args);
    EXPECT_EQ(run.status, 0) << run.err;
    return run.status == 0 ? json::parse(run.out) : json{};
}

stats::BalanceSprtParameters margin(double m) {
    stats::BalanceSprtParameters p;
    p.margin = m;
    return p;
}

TEST(SprtSelection, PoolsBothColourOrdersTrinomiallyWithoutPairedOpenings) {
    TempDir dir;
    TestStore store(dir.path() / "s.sqlite");
    store.add_counts(asymmetric("humans", "elves"), 20, 10, 10);
    store.add_counts(asymmetric("elves", "humans"), 15, 5, 20);
    const json out = sprt_json(store.path(), {"--white", "Human", "--black", "elves"});
    EXPECT_EQ(out["side"], "humans");
    EXPECT_EQ(out["opponent"], "elves");
    EXPECT_EQ(out["games"], 80);
    EXPECT_EQ(out["wins"], 40);  // 20 as White + 20 as Black
    EXPECT_EQ(out["draws"], 15);
    EXPECT_EQ(out["losses"], 25);
    EXPECT_EQ(out["model"], "trinomial");
    EXPECT_NE(out["model_reason"].get<std::string>().find("same stored position"),
              std::string::npos)
        << out["model_reason"];
    const auto expected = stats::balance_sprt(stats::Wdl{40, 15, 25}, margin(0.05));
    ASSERT_TRUE(expected.ok());
    EXPECT_DOUBLE_EQ(out["side_test"]["llr"].get<double>(), expected->side.llr);
    EXPECT_DOUBLE_EQ(out["opponent_test"]["llr"].get<double>(), expected->opponent.llr);
    EXPECT_DOUBLE_EQ(out["side_test"]["upper"].get<double>(), expected->side.bounds.upper);
}

// Game i of Humans-Elves and game i of Elves-Humans start from opening "o<i>".
void add_paired(TestStore& store, int index, double humans_white, double elves_white,
                const std::string& opening) {
    TestGame he = asymmetric("humans", "elves");
    he.game_index = index;
    he.white_score = humans_white;
    he.opening = opening;
    store.add(he);
    TestGame eh = asymmetric("elves", "humans");
    eh.game_index = index;
    eh.white_score = elves_white;
    eh.opening = opening;
    store.add(eh);
}

TEST(SprtSelection, CountsGamePairsWhenTheSweepPairedOpenings) {
    TempDir dir;
    TestStore store(dir.path() / "s.sqlite");
    // Humans' points in (Humans White, Humans Black): WW, WD, DD, WL, LD, LL, DW.
    add_paired(store, 0, 1.0, 0.0, "o0");
    add_paired(store, 1, 1.0, 0.5, "o1");
    add_paired(store, 2, 0.5, 0.5, "o2");
    add_paired(store, 3, 1.0, 1.0, "o3");
    add_paired(store, 4, 0.0, 0.5, "o4");
    add_paired(store, 5, 0.0, 1.0, "o5");
    add_paired(store, 6, 0.5, 0.0, "o6");
    TestGame lone = asymmetric("humans", "elves");  // no partner: left out of the pairs
    lone.game_index = 7;
    lone.opening = "o7";
    store.add(lone);
    const json out = sprt_json(store.path(), {"--white", "humans", "--black", "elves"});
    EXPECT_EQ(out["model"], "pentanomial");
    EXPECT_EQ(out["pairs"], json::array({1, 1, 2, 2, 1}));  // LL, LD, DD+WL, WD, WW
    EXPECT_EQ(out["games"], 15);
    EXPECT_NE(out["model_reason"].get<std::string>().find("1 games without a partner"),
              std::string::npos);
    const auto expected = stats::balance_sprt(stats::Pentanomial{1, 1, 2, 2, 1}, margin(0.05));
    ASSERT_TRUE(expected.ok());
    EXPECT_DOUBLE_EQ(out["side_test"]["llr"].get<double>(), expected->side.llr);

    const json forced =
        sprt_json(store.path(), {"--white", "humans", "--black", "elves", "--trinomial"});
    EXPECT_EQ(forced["model"], "trinomial");
}

TEST(SprtSelection, DifferentOpeningsAtOneIndexMeanNoPairing) {
    TempDir dir;
    TestStore store(dir.path() / "s.sqlite");
    add_paired(store, 0, 1.0, 0.0, "o0");
    TestGame he = asymmetric("humans", "elves");
    he.game_index = 1;
    he.opening = "o1";
    store.add(he);
    TestGame eh = asymmetric("elves", "humans");
    eh.game_index = 1;
    eh.opening = "something else";
    store.add(eh);
    const json out = sprt_json(store.path(), {"--white", "humans", "--black", "elves"});
    EXPECT_EQ(out["model"], "trinomial");
    EXPECT_NE(out["model_reason"].get<std::string>().find("not the opening"), std::string::npos);
}

TEST(SprtSelection, OneCellAndOneColour) {
    TempDir dir;
    TestStore store(dir.path() / "s.sqlite");
    store.add_counts(asymmetric("humans", "elves"), 20, 10, 10);
    store.add_counts(asymmetric("elves", "humans"), 15, 5, 20);
    const json cell = sprt_json(store.path(), {"--cell", "asymmetric|elves|humans||engine|engine"});
    EXPECT_EQ(cell["side"], "elves");
    EXPECT_EQ(cell["games"], 40);
    EXPECT_EQ(cell["wins"], 15);
    const json one =
        sprt_json(store.path(), {"--white", "humans", "--black", "elves", "--one-colour"});
    EXPECT_EQ(one["games"], 40);
    EXPECT_EQ(one["wins"], 20);
    EXPECT_EQ(one["scope"], "humans White only");
}

TEST(SprtSelection, ErrorsNameWhatTheStoreHas) {
    TempDir dir;
    TestStore store(dir.path() / "s.sqlite");
    store.add_counts(asymmetric("humans", "elves"), 2, 2, 2);
    TestGame other = asymmetric("humans", "elves");
    other.white_player = other.black_player = "other";
    store.add(other);
    const auto ambiguous = run_balance({"sprt", "--db", store.path().string(), "--white", "humans",
                                        "--black", "elves", "--margin", "0.05"});
    EXPECT_EQ(ambiguous.status, 1);
    EXPECT_NE(ambiguous.err.find("several variants or player pairings"), std::string::npos)
        << ambiguous.err;
    const auto chosen = run_balance({"sprt", "--db", store.path().string(), "--white", "humans",
                                     "--black", "elves", "--player", "other", "--margin", "0.05"});
    EXPECT_EQ(chosen.status, 0) << chosen.err;
    const auto missing = run_balance({"sprt", "--db", store.path().string(), "--white", "orcs",
                                      "--black", "elves", "--margin", "0.05"});
    EXPECT_EQ(missing.status, 1);
    EXPECT_NE(missing.err.find("cells: asymmetric|humans|elves||engine|engine"), std::string::npos)
        << missing.err;
    const auto neither = run_balance({"sprt", "--db", store.path().string(), "--margin", "0.05"});
    EXPECT_EQ(neither.status, 1);
}

// Two players each played both armies: two comparisons (a with humans against b with elves, and
// the other way round). --player names the first army's player, both colour orders pooled.
TEST(SprtSelection, PlayerNamesTheFirstArmysPlayer) {
    TempDir dir;
    TestStore store(dir.path() / "s.sqlite");
    // a wins every game it plays with the humans; with b playing them every game is drawn.
    for (const auto& [white, black] : {std::pair{"humans", "elves"}, {"elves", "humans"}}) {
        for (const auto& [wp, bp] : {std::pair{"a", "b"}, {"b", "a"}}) {
            TestGame g = asymmetric(white, black);
            g.white_player = wp;
            g.black_player = bp;
            const bool humans_white = std::string(white) == "humans";
            const bool a_humans = std::string(humans_white ? wp : bp) == "a";
            if (!a_humans)
                store.add_counts(g, 0, 3, 0);
            else if (humans_white)
                store.add_counts(g, 3, 0, 0);
            else
                store.add_counts(g, 0, 0, 3);
        }
    }
    const auto ambiguous = run_balance({"sprt", "--db", store.path().string(), "--white", "humans",
                                        "--black", "elves", "--margin", "0.05"});
    EXPECT_EQ(ambiguous.status, 1);
    EXPECT_NE(ambiguous.err.find("--player (the player of humans)"), std::string::npos)
        << ambiguous.err;
    const json a =
        sprt_json(store.path(), {"--white", "humans", "--black", "elves", "--player", "a"});
    EXPECT_EQ(a["games"], 6);  // 3 as White, 3 as Black
    EXPECT_EQ(a["wins"], 6);
    EXPECT_NE(a["players"].get<std::string>().find("a (humans) vs b (elves)"), std::string::npos)
        << a["players"];
    const json b =
        sprt_json(store.path(), {"--white", "humans", "--black", "elves", "--player", "b"});
    EXPECT_EQ(b["games"], 6);
    EXPECT_EQ(b["draws"], 6);
    const auto nobody = run_balance({"sprt", "--db", store.path().string(), "--white", "humans",
                                     "--black", "elves", "--player", "c", "--margin", "0.05"});
    EXPECT_EQ(nobody.status, 1);
}

// A misspelt army is named with a suggestion, not reported as a selection without games.
TEST(SprtSelection, UnknownArmyIsNamed) {
    TempDir dir;
    TestStore store(dir.path() / "s.sqlite");
    store.add_counts(asymmetric("humans", "elves"), 2, 2, 2);
    const auto run = run_balance({"sprt", "--db", store.path().string(), "--white", "elvs",
                                  "--black", "humans", "--margin", "0.05"});
    EXPECT_EQ(run.status, 1);
    EXPECT_NE(
        run.err.find("--white: no army 'elvs' in the database's games; did you mean 'elves'?"),
        std::string::npos)
        << run.err;
}

TEST(SprtSelection, DecidesBalancedAndUnbalanced) {
    TempDir dir;
    TestStore even(dir.path() / "even.sqlite");
    even.add_counts(asymmetric("humans", "orcs"), 250, 500, 250);
    even.add_counts(asymmetric("orcs", "humans"), 250, 500, 250);
    const auto balanced = run_balance({"sprt", "--db", even.path().string(), "--white", "humans",
                                       "--black", "orcs", "--margin", "0.05"});
    ASSERT_EQ(balanced.status, 0) << balanced.err;
    EXPECT_NE(balanced.out.find("decision: balanced"), std::string::npos) << balanced.out;
    EXPECT_NE(balanced.out.find("model trinomial"), std::string::npos);

    TestStore lopsided(dir.path() / "lopsided.sqlite");
    lopsided.add_counts(asymmetric("humans", "orcs"), 10, 20, 70);
    lopsided.add_counts(asymmetric("orcs", "humans"), 70, 20, 10);
    const auto unbalanced = run_balance({"sprt", "--db", lopsided.path().string(), "--white",
                                         "humans", "--black", "orcs", "--margin", "0.05"});
    ASSERT_EQ(unbalanced.status, 0) << unbalanced.err;
    EXPECT_NE(unbalanced.out.find("decision: unbalanced: favours orcs"), std::string::npos)
        << unbalanced.out;
}

// Undecided, it says how many more games it expects to need; decided, it says nothing of it.
TEST(SprtSelection, UndecidedSaysTheGamesItExpectsToNeed) {
    TempDir dir;
    TestStore few(dir.path() / "few.sqlite");
    few.add_counts(asymmetric("humans", "orcs"), 8, 10, 7);
    few.add_counts(asymmetric("orcs", "humans"), 7, 10, 8);
    const auto undecided = run_balance({"sprt", "--db", few.path().string(), "--white", "humans",
                                        "--black", "orcs", "--margin", "0.05"});
    ASSERT_EQ(undecided.status, 0) << undecided.err;
    EXPECT_NE(undecided.out.find("decision: undecided: play more games\nexpected: about "),
              std::string::npos)
        << undecided.out;
    const json j = sprt_json(few.path(), {"--white", "humans", "--black", "orcs"});
    ASSERT_TRUE(j["expected_more_games"].is_number()) << j.dump();
    // Score 0.5 in 50 games: the expected sample number of the GSPRT at 0.5 vs 0.55.
    EXPECT_GT(j["expected_more_games"].get<double>(), 50.0);
    EXPECT_NE(undecided.out.find(
                  fmt::format("about {:.0f} more games", j["expected_more_games"].get<double>())),
              std::string::npos)
        << undecided.out;

    TestStore even(dir.path() / "even.sqlite");
    even.add_counts(asymmetric("humans", "orcs"), 250, 500, 250);
    even.add_counts(asymmetric("orcs", "humans"), 250, 500, 250);
    EXPECT_TRUE(
        sprt_json(even.path(), {"--white", "humans", "--black", "orcs"})["expected_more_games"]
            .is_null());
}

}  // namespace
}  // namespace balance::cli
