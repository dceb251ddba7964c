// Stylish chess end to end: a sweep stores both results of every game (by points in white_score
// with the two totals, by the board in details_json.board_score) and the report shows the
// points section and the series beside the ordinary tables; games without points stay out.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>

#include "../support/temp_dir.hpp"
#include "balance/tournament/store.hpp"
#include "cli_runner.hpp"

namespace balance::cli {
namespace {

using balance::testing::TempDir;
using nlohmann::json;

struct StylishSweep {
    TempDir dir;
    std::filesystem::path db = dir.path() / "stylish.db";

    StylishSweep() {
        const auto sweep = dir.write("stylish-small.toml", R"(name = "stylish-small"
variant = "stylish"
seed = 13
games_per_cell = 4
rule_sets = { stylish = [], orthodox = ["points=off"] }
[players.greedy]
type = "greedy"
[openings]
type = "random-plies"
plies = 4
[adjudication]
max_plies = 80
resign = { enabled = false }
)");
        const auto run = testing::run_balance(
            {"sweep", sweep.string(), "--db", db.string(), "--threads", "1", "--quiet"});
        EXPECT_EQ(run.status, 0) << run.err;
    }
};

TEST(ReportPoints, EveryStylishGameStoresBothResults) {
    StylishSweep s;
    auto store = tournament::ResultStore::open_existing(s.db);
    ASSERT_TRUE(store.ok()) << store.error().to_string();
    auto games = store->games();
    ASSERT_TRUE(games.ok());
    int scored = 0, plain = 0;
    for (const auto& g : *games) {
        const json details = json::parse(g.details_json);
        if (g.rules.empty()) {  // stylish: decided by points
            ++scored;
            ASSERT_TRUE(g.white_points && g.black_points) << g.game_key;
            ASSERT_TRUE(details.contains("board_score")) << g.details_json;
            const double diff = *g.white_points - *g.black_points;
            EXPECT_EQ(g.white_score, diff > 0 ? 1.0 : diff < 0 ? 0.0 : 0.5) << g.game_key;
            const double board = details["board_score"].get<double>();
            if (g.termination == "checkmate") {
                EXPECT_NE(board, 0.5);
            } else {
                EXPECT_EQ(board, 0.5) << g.termination;
            }
        } else {  // points=off: orthodox chess
            ++plain;
            EXPECT_FALSE(g.white_points);
            EXPECT_FALSE(details.contains("board_score"));
        }
    }
    EXPECT_EQ(scored, 4);
    EXPECT_EQ(plain, 4);
}

TEST(ReportPoints, ReportShowsPointsBesideTheBoardAndTheSeries) {
    StylishSweep s;
    const auto run = testing::run_balance({"report", "--db", s.db.string(), "--format", "json"});
    ASSERT_EQ(run.status, 0) << run.err;
    const json report = json::parse(run.out);
    ASSERT_EQ(report["points"].size(), 1u) << report["points"].dump(2);
    const json& cell = report["points"][0];
    EXPECT_EQ(cell["rules"], "");
    EXPECT_EQ(cell["by_points"]["games"], 4);
    EXPECT_EQ(cell["by_board"]["games"], 4);
    EXPECT_EQ(cell["difference"]["games"], 4);
    EXPECT_LE(cell["disagree"].get<int>(), 4);
    EXPECT_LE(cell["mates_not_won"].get<int>(), cell["mates"].get<int>());
    // The main cells table of the stylish cell is the result by points.
    for (const json& c : report["cells"]) {
        if (c["rules"] != "") continue;
        EXPECT_EQ(c["white_wins"], cell["by_points"]["wins"]);
        EXPECT_EQ(c["black_wins"], cell["by_points"]["losses"]);
    }
    ASSERT_EQ(report["series"].size(), 1u);
    EXPECT_EQ(report["series"][0]["series"], 2);  // games 0-1 and 2-3 of the self-play cell

    const auto md = testing::run_balance({"report", "--db", s.db.string()});
    ASSERT_EQ(md.status, 0) << md.err;
    EXPECT_NE(md.out.find("## Points (games decided by points)"), std::string::npos);
    EXPECT_NE(md.out.find("### Series"), std::string::npos);
    const auto csv = testing::run_balance(
        {"report", "--db", s.db.string(), "--format", "csv", "--table", "series"});
    ASSERT_EQ(csv.status, 0) << csv.err;
    EXPECT_EQ(csv.out.rfind("first_cell,", 0), 0u) << csv.out;
    const auto html =
        testing::run_balance({"report", "--db", s.db.string(), "--format", "html", "--no-values"});
    ASSERT_EQ(html.status, 0) << html.err;
    EXPECT_NE(html.out.find("id=\"points\""), std::string::npos);
}

}  // namespace
}  // namespace balance::cli
