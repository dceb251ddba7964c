// `balance report` pools a strength match (two different players) over armies and both colours
// from the first player's view, with hand-computed numbers; self-play cells stay out of it.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "../support/temp_dir.hpp"
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

json report_of(const std::filesystem::path& db) {
    const auto run = run_balance({"report", "--db", db.string(), "--format", "json"});
    EXPECT_EQ(run.status, 0) << run.err;
    return json::parse(run.out);
}

void add_match(TestStore& store) {
    TestGame alpha_white;
    alpha_white.white_player = "alpha";
    alpha_white.black_player = "beta";
    store.add_counts(alpha_white, 6, 2, 2);  // alpha's view: +6 =2 -2
    TestGame beta_white;
    beta_white.white_player = "beta";
    beta_white.black_player = "alpha";
    store.add_counts(beta_white, 3, 3, 4);  // White = beta: alpha's view +4 =3 -3
    TestGame self_play;                     // engine vs engine: not a head-to-head
    store.add_counts(self_play, 5, 0, 5);
    TestGame other_variant = asymmetric("humans", "elves");
    other_variant.white_player = "beta";
    other_variant.black_player = "alpha";
    store.add_counts(other_variant, 1, 0, 0);
}

TEST(ReportHeadToHead, PoolsBothColoursFromTheFirstPlayersView) {
    TempDir dir;
    TestStore store(dir.path() / "match.sqlite");
    add_match(store);
    const json report = report_of(store.path());
    ASSERT_EQ(report["players"].size(), 2u) << report["players"].dump(2);

    const json& asym = report["players"][0];  // "asymmetric" sorts before "chess"
    EXPECT_EQ(asym["variant"], "asymmetric");
    EXPECT_EQ(asym["pooled"]["losses"], 1);
    EXPECT_TRUE(asym["as_white"].is_null());

    const json& chess = report["players"][1];
    EXPECT_EQ(chess["variant"], "chess");
    EXPECT_EQ(chess["player"], "alpha");
    EXPECT_EQ(chess["opponent"], "beta");
    EXPECT_EQ(chess["as_white"]["wins"], 6);
    EXPECT_EQ(chess["as_black"]["wins"], 4);
    EXPECT_EQ(chess["as_black"]["losses"], 3);
    const json& pooled = chess["pooled"];
    EXPECT_EQ(pooled["games"], 20);
    EXPECT_EQ(pooled["wins"], 10);
    EXPECT_EQ(pooled["draws"], 5);
    EXPECT_EQ(pooled["losses"], 5);
    EXPECT_DOUBLE_EQ(pooled["score"].get<double>(), 0.625);
    EXPECT_DOUBLE_EQ(pooled["draw_rate"].get<double>(), 0.25);
    // Trinomial Wilson by hand: roots of (n + z^2) x^2 - (2ns + z^2) x + n s^2 + z^2 d/4 with
    // n = 20, s = 0.625, d = 0.25, z = 1.959963984540054; Elo = -400 log10(1/x - 1).
    EXPECT_NEAR(pooled["score_low"].get<double>(), 0.43723169609509355, 1e-12);
    EXPECT_NEAR(pooled["score_high"].get<double>(), 0.7724870143917015, 1e-12);
    EXPECT_NEAR(pooled["elo"].get<double>(), 88.73949984654251, 1e-8);
    EXPECT_NEAR(pooled["elo_low"].get<double>(), -43.84719665572026, 1e-8);
    EXPECT_NEAR(pooled["elo_high"].get<double>(), 212.35399918849404, 1e-8);
}

TEST(ReportHeadToHead, MarkdownAndCsvShowTheMatch) {
    TempDir dir;
    TestStore store(dir.path() / "match.sqlite");
    add_match(store);
    const auto md = run_balance({"report", "--db", store.path().string()});
    ASSERT_EQ(md.status, 0) << md.err;
    EXPECT_NE(md.out.find("## Players head to head"), std::string::npos) << md.out;
    EXPECT_NE(md.out.find("| chess | default | alpha | beta | 20 | 10-5-5 | 62.50% |"),
              std::string::npos)
        << md.out;
    const auto csv = run_balance(
        {"report", "--db", store.path().string(), "--format", "csv", "--table", "players"});
    ASSERT_EQ(csv.status, 0) << csv.err;
    EXPECT_NE(csv.out.find("pooled.score_low"), std::string::npos) << csv.out;
}

TEST(ReportHeadToHead, NoSectionWithoutAMatch) {
    TempDir dir;
    TestStore store(dir.path() / "self.sqlite");
    store.add_counts(TestGame{}, 3, 1, 2);
    const auto md = run_balance({"report", "--db", store.path().string()});
    ASSERT_EQ(md.status, 0) << md.err;
    EXPECT_EQ(md.out.find("head to head"), std::string::npos);
    EXPECT_TRUE(report_of(store.path())["players"].empty());
}

}  // namespace
}  // namespace balance::cli
