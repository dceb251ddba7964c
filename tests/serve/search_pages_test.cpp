// A fix search's and a calibration's pages: tiny searches stopped part-way with --max-games,
// served with the command line's search reader; the page shows what `balance fix --status
// --json` and `balance calibrate --status --json` print, and says so when the sweep file has gone.

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "../support/sample_sweeps.hpp"
#include "balance/analysis/render.hpp"
#include "balance/analysis/svg_charts.hpp"
#include "balance/analysis/text_format.hpp"
#include "balance/cli/search_status.hpp"
#include "balance/serve/snapshot.hpp"
#include "serve_support.hpp"

namespace balance::serve::testing {
namespace {

using balance::testing::kTinyCalibration;
using balance::testing::kTinyFix;
using balance::testing::TempDir;
using nlohmann::json;

json status_json(const std::string& command, const std::string& file, const std::string& db) {
    const auto run = run_balance({command, file, "--db", db, "--status", "--json"});
    EXPECT_EQ(run.status, 0) << run.err;
    return json::parse(run.out, nullptr, false);
}

TEST(ServeSearch, RoundSweepNames) {
    EXPECT_TRUE(round_sweep("tiny-r0"));
    EXPECT_TRUE(round_sweep("tiny-r12"));
    EXPECT_TRUE(round_sweep("tiny-n500-r1-match"));
    EXPECT_FALSE(round_sweep("tiny"));
    EXPECT_FALSE(round_sweep("tiny-r"));
    EXPECT_FALSE(round_sweep("a-rook"));
    EXPECT_FALSE(round_sweep("tiny-r1-matches"));
}

TEST(ServeSearch, FixPageShowsTheRaceAsFixStatusReadsIt) {
    TempDir dir;
    const auto file = dir.write("tiny.toml", kTinyFix).string();
    const auto db = (dir.path() / "tiny.db").string();
    // Stopped inside round 2: some candidates decided or still racing, with their games.
    const auto run =
        run_balance({"fix", file, "--db", db, "--threads", "1", "--max-games", "45", "--quiet"});
    ASSERT_EQ(run.status, 0) << run.err;
    const json status = status_json("fix", file, db);
    ASSERT_TRUE(status.is_object());
    ASSERT_FALSE(status["complete"].get<bool>());

    auto snapshot = build_snapshot(db, cli::search_reader());
    ASSERT_TRUE(snapshot) << snapshot.error().to_string();
    ASSERT_TRUE(snapshot->search);
    EXPECT_EQ(snapshot->search->kind, "fix");
    EXPECT_EQ(json::parse(snapshot->search->json.dump()), status);
    const std::string& html = snapshot->fragment;
    EXPECT_NE(html.find("<h2>Fix search: the race</h2>"), std::string::npos);
    EXPECT_NE(html.find("the race goes on"), std::string::npos);
    EXPECT_NE(html.find("id=\"fix-candidates\""), std::string::npos);  // the forest plot
    // Every candidate has its row, with its state and games as `fix --status` counts them.
    int racing = 0;
    for (const auto& c : status["candidates"]) {
        const std::string state = c["status"];
        racing += state == "racing";
        const std::string row = "<tr><td>" + analysis::xml_escape(c["edit"].get<std::string>()) +
                                "</td><td class=\"race-" + state + "\">" + state + "</td><td>" +
                                std::to_string(c["games"].get<int>()) + "</td>";
        EXPECT_NE(html.find(row), std::string::npos) << row;
    }
    EXPECT_GT(racing, 0);
    // The progress section and the report still come first and after.
    EXPECT_LT(html.find("id=\"progress\""), html.find("id=\"fix-race\""));
    EXPECT_NE(html.find("Balance report"), std::string::npos);

    // Served: the page and live.json carry it.
    ServeOptions options;
    options.search = cli::search_reader();
    RunningServer server({db}, options);
    const std::string page = body_of(get(server.port(), "/run/1"));
    EXPECT_NE(page.find("<section id=\"fix-race\">"), std::string::npos);
    const json live = json::parse(body_of(get(server.port(), "/run/1/live.json")));
    EXPECT_EQ(live["search"]["kind"], "fix");
    EXPECT_EQ(live["search"]["state"]["games"], status["games"]);
}

TEST(ServeSearch, CalibrationPageShowsItsRounds) {
    TempDir dir;
    const auto file = dir.write("tiny.toml", kTinyCalibration).string();
    const auto db = (dir.path() / "tiny.db").string();
    // Stopped inside round 0: no round finished, the one in progress with its games.
    const auto stopped = run_balance(
        {"calibrate", file, "--db", db, "--threads", "2", "--max-games", "30", "--quiet"});
    ASSERT_EQ(stopped.status, 0) << stopped.err;
    json status = status_json("calibrate", file, db);
    ASSERT_TRUE(status.is_object());
    ASSERT_EQ(status["rounds_played"], 0);
    auto snapshot = build_snapshot(db, cli::search_reader());
    ASSERT_TRUE(snapshot) << snapshot.error().to_string();
    ASSERT_TRUE(snapshot->search);
    EXPECT_EQ(snapshot->search->kind, "calibrate");
    EXPECT_EQ(json::parse(snapshot->search->json.dump()), status);
    EXPECT_NE(snapshot->fragment.find("<h2>Calibration: the rounds</h2>"), std::string::npos);
    EXPECT_NE(snapshot->fragment.find("0 finished round(s); in progress: tiny-r0: 30 of its 40 "
                                      "games stored."),
              std::string::npos);

    // Finished: round 0 (its fit a fixed point here) with every fitted piece and the value it
    // was played by.
    const auto finished = run_balance({"calibrate", file, "--db", db, "--threads", "2", "--quiet"});
    ASSERT_EQ(finished.status, 0) << finished.err;
    status = status_json("calibrate", file, db);
    ASSERT_GE(status["rounds_played"].get<int>(), 1);
    snapshot = build_snapshot(db, cli::search_reader());
    ASSERT_TRUE(snapshot) << snapshot.error().to_string();
    ASSERT_TRUE(snapshot->search);
    EXPECT_EQ(json::parse(snapshot->search->json.dump()), status);
    const std::string& html = snapshot->fragment;
    EXPECT_NE(html.find(status["converged"].get<bool>() ? "a fixed point: the values"
                                                        : "no fixed point within its rounds"),
              std::string::npos);
    EXPECT_NE(html.find("<h3>Round 0 (tiny-r0): " +
                        std::to_string(status["rounds"][0]["games"].get<int>()) + " games</h3>"),
              std::string::npos);
    for (const auto& piece : status["rounds"][0]["pieces"])
        EXPECT_NE(html.find("<tr><td>" + piece["piece"].get<std::string>() + "</td><td>" +
                            analysis::number(piece["played"].get<double>()) + "</td>"),
                  std::string::npos)
            << piece;
}

TEST(ServeSearch, AMissingSweepFileIsSaidOnThePage) {
    TempDir dir;
    const auto file = dir.write("tiny.toml", kTinyFix).string();
    const auto db = (dir.path() / "tiny.db").string();
    const auto run =
        run_balance({"fix", file, "--db", db, "--threads", "1", "--max-games", "5", "--quiet"});
    ASSERT_EQ(run.status, 0) << run.err;
    std::filesystem::remove(file);
    auto snapshot = build_snapshot(db, cli::search_reader());
    ASSERT_TRUE(snapshot) << snapshot.error().to_string();
    EXPECT_FALSE(snapshot->search);
    EXPECT_NE(snapshot->search_error.find("tiny.toml"), std::string::npos)
        << snapshot->search_error;
    EXPECT_NE(snapshot->fragment.find("The search's state cannot be read now"), std::string::npos);
    // Without a reader (a plain sweep's page, or the library alone): no search section.
    auto plain = build_snapshot(db);
    ASSERT_TRUE(plain);
    EXPECT_EQ(plain->fragment.find("id=\"search\""), std::string::npos);
}

}  // namespace
}  // namespace balance::serve::testing
