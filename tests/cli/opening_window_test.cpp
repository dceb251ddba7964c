// Openings that miss their sweep's imbalance window: marked in the store, counted per cell by
// `report` and `sweep --status` (nothing shown when none missed), foreseen by `check`, and refused
// with on_miss = "refuse". Games stored before the mark are judged by their stored score.

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "../support/temp_dir.hpp"
#include "cli_runner.hpp"

namespace balance::cli {
namespace {

namespace fs = std::filesystem;
using balance::testing::TempDir;
using nlohmann::json;
using testing::run_balance;

// Random movers from 2 random plies, each opening scored by a tiny search against `window`
// ([openings] keys), 3 short games.
std::string sweep_text(const std::string& window) {
    return R"(name = "window"
variant = "chess"
seed = 7
games_per_cell = 3
[players.mover]
type = "random"
[openings]
type = "random-plies"
plies = 2
imbalance_nodes = 50
attempts = 2
)" + window +
           R"(
[adjudication]
max_plies = 20
)";
}

// No score reaches this window: every opening misses it.
const std::string kUnreachable = "min_imbalance_cp = 99999\nmax_imbalance_cp = 100000\n";
// Every score lies in this one.
const std::string kEverything = "max_imbalance_cp = 100000\n";

std::vector<std::string> column(const fs::path& db, const std::string& sql) {
    std::vector<std::string> out;
    sqlite3* handle = nullptr;
    EXPECT_EQ(sqlite3_open_v2(db.c_str(), &handle, SQLITE_OPEN_READWRITE, nullptr), SQLITE_OK);
    sqlite3_stmt* stmt = nullptr;
    EXPECT_EQ(sqlite3_prepare_v2(handle, sql.c_str(), -1, &stmt, nullptr), SQLITE_OK)
        << sqlite3_errmsg(handle);
    while (sqlite3_step(stmt) == SQLITE_ROW) {
        const auto* text = sqlite3_column_text(stmt, 0);
        out.emplace_back(text ? reinterpret_cast<const char*>(text) : "");
    }
    sqlite3_finalize(stmt);
    sqlite3_close(handle);
    return out;
}

fs::path play(const TempDir& dir, const std::string& window, const std::string& name) {
    const fs::path file = dir.write(name + ".toml", sweep_text(window));
    const fs::path db = dir.path() / (name + ".db");
    const auto run =
        run_balance({"sweep", file.string(), "--db", db.string(), "--threads", "1", "--quiet"});
    EXPECT_EQ(run.status, 0) << run.err;
    return db;
}

json report_json(const fs::path& db) {
    const auto run = run_balance({"report", "--db", db.string(), "--format", "json"});
    EXPECT_EQ(run.status, 0) << run.err;
    return json::parse(run.out, nullptr, false);
}

std::string report_text(const fs::path& db) {
    const auto run = run_balance({"report", "--db", db.string(), "--format", "md"});
    EXPECT_EQ(run.status, 0) << run.err;
    return run.out;
}

std::string status(const TempDir& dir, const std::string& name, const fs::path& db) {
    const auto run = run_balance(
        {"sweep", (dir.path() / (name + ".toml")).string(), "--db", db.string(), "--status"});
    EXPECT_EQ(run.status, 0) << run.err;
    return run.out;
}

TEST(OpeningWindow, MissedOpeningsAreMarkedAndCounted) {
    TempDir dir;
    const fs::path db = play(dir, kUnreachable, "missed");
    const auto details = column(db, "SELECT details_json FROM games");
    ASSERT_EQ(details.size(), 3u);
    for (const auto& d : details)
        EXPECT_EQ(json::parse(d).value("opening_missed", false), true) << d;
    const json report = report_json(db);
    ASSERT_EQ(report["cells"].size(), 1u);
    EXPECT_EQ(report["cells"][0]["openings_missed"], 3);
    EXPECT_NE(report_text(db).find("off-window openings"), std::string::npos);
    EXPECT_NE(
        status(dir, "missed", db).find("3 of 3 stored games opened outside the opening window"),
        std::string::npos);
}

TEST(OpeningWindow, NothingIsShownWhenEveryOpeningMetTheWindow) {
    TempDir dir;
    const fs::path db = play(dir, kEverything, "met");
    for (const auto& d : column(db, "SELECT details_json FROM games"))
        EXPECT_EQ(json::parse(d).value("opening_missed", true), false) << d;
    const json report = report_json(db);
    ASSERT_EQ(report["cells"].size(), 1u);
    EXPECT_EQ(report["cells"][0]["openings_missed"], 0);
    EXPECT_EQ(report_text(db).find("off-window"), std::string::npos);
    EXPECT_EQ(status(dir, "met", db).find("outside"), std::string::npos);
}

// Games stored before the mark: their score against the window their run's configuration
// names (a window around 0 then).
TEST(OpeningWindow, OlderGamesAreJudgedByTheirStoredScore) {
    TempDir dir;
    const fs::path db = play(dir, kEverything, "old");
    column(
        db,
        "UPDATE runs SET config_json = json_set(config_json, '$.openings.max_imbalance_cp', 60)");
    column(db,
           "UPDATE games SET details_json = json_set(json_remove(details_json, "
           "'$.opening_missed', '$.opening_centre_cp'), '$.opening_imbalance_cp', "
           "CASE game_index WHEN 0 THEN 80 WHEN 1 THEN -61 ELSE 60 END)");
    const json report = report_json(db);
    ASSERT_EQ(report["cells"].size(), 1u);
    EXPECT_EQ(report["cells"][0]["openings_missed"], 2);
}

TEST(OpeningWindow, RefuseStopsAtTheFirstMissNamingTheCell) {
    TempDir dir;
    const fs::path file =
        dir.write("refuse.toml", sweep_text(kUnreachable + "on_miss = \"refuse\"\n"));
    const auto run =
        run_balance({"sweep", file.string(), "--db", (dir.path() / "refuse.db").string(),
                     "--threads", "1", "--quiet"});
    EXPECT_NE(run.status, 0);
    EXPECT_NE(run.err.find("cell chess|"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("none of 2 random openings"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("on_miss = \"refuse\""), std::string::npos) << run.err;
    // Nothing was played from an opening outside the window.
    if (fs::exists(dir.path() / "refuse.db"))
        EXPECT_TRUE(column(dir.path() / "refuse.db", "SELECT game_key FROM games").empty());
}

TEST(OpeningWindow, CheckWarnsWhenTheWindowIsRarelyMet) {
    TempDir dir;
    const auto missed =
        run_balance({"check", dir.write("a.toml", sweep_text(kUnreachable)).string()});
    EXPECT_EQ(missed.status, 0) << missed.err;
    EXPECT_NE(missed.out.find("rarely meet the window (0 of "), std::string::npos) << missed.out;
    const auto met = run_balance({"check", dir.write("b.toml", sweep_text(kEverything)).string()});
    EXPECT_EQ(met.status, 0) << met.err;
    EXPECT_EQ(met.out.find("rarely"), std::string::npos) << met.out;
    EXPECT_NE(met.out.find("sampled draws"), std::string::npos) << met.out;
}

}  // namespace
}  // namespace balance::cli
