// `balance calibrate` end to end on a tiny chess calibration: rounds that play by the previous
// round's fit, the match between rounds, the fixed-point test, resumption and determinism.

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>

#include <nlohmann/json.hpp>

#include "../support/file_text.hpp"
#include "../support/sample_sweeps.hpp"
#include "../support/temp_dir.hpp"
#include "balance/tournament/shard_lock.hpp"
#include "cli_runner.hpp"

namespace balance::cli {
namespace {

using balance::testing::kTinyCalibration;
using balance::testing::TempDir;
using nlohmann::json;
using testing::run_balance;

TEST(Calibrate, RoundsPlayByTheFitBeforeAndResume) {
    TempDir dir;
    const auto file = dir.write("tiny.toml", kTinyCalibration).string();
    const auto db = (dir.path() / "tiny.db").string();
    const auto values = (dir.path() / "fitted.toml").string();
    const auto first = run_balance(
        {"calibrate", file, "--db", db, "--threads", "2", "--json", "--write-values", values});
    ASSERT_EQ(first.status, 0) << first.err << first.out;
    const json out = json::parse(first.out);
    EXPECT_EQ(out["player"], "tiny");
    const auto& rounds = out["rounds"];
    ASSERT_GE(rounds.size(), 1u);
    EXPECT_EQ(rounds[0]["player"], "tiny-r0");
    // Round 0 plays by the documented values.
    for (const auto& piece : rounds[0]["pieces"]) {
        if (piece["piece"] == "knight") {
            EXPECT_EQ(piece["played"], 3.0);
        }
        if (piece["piece"] == "rook") {
            EXPECT_EQ(piece["played"], 5.0);
        }
    }
    if (rounds.size() == 2) {
        // Round 1 plays by round 0's fit, and meets round 0 in both colours.
        for (std::size_t k = 0; k < rounds[1]["pieces"].size(); ++k) {
            const auto& piece = rounds[1]["pieces"][k];
            for (const auto& before : rounds[0]["pieces"]) {
                if (before["piece"] != piece["piece"]) continue;
                EXPECT_DOUBLE_EQ(piece["played"].get<double>(), before["value"].get<double>());
            }
        }
        EXPECT_EQ(rounds[1]["match"]["games"], 8);
        EXPECT_FALSE(rounds[0]["moved"].empty());  // else it would have stopped after round 0
    } else {
        EXPECT_TRUE(rounds[0]["moved"].empty());
        EXPECT_TRUE(out["converged"].get<bool>());
    }
    EXPECT_EQ(out["converged"].get<bool>(), rounds.back()["moved"].empty());

    // The values file names every identified piece and loads as a player's values.
    const auto sweep_file = dir.write("use.toml", std::string(R"(variant = "chess"
games_per_cell = 1
[players.fitted]
type = "engine"
nodes = 300
values = ")") + values + "\"\n");
    const auto check = run_balance({"check", sweep_file});
    EXPECT_EQ(check.status, 0) << check.err;

    // A re-run plays nothing new and reports the same rounds.
    const auto again = run_balance({"calibrate", file, "--db", db, "--threads", "1", "--json"});
    ASSERT_EQ(again.status, 0) << again.err;
    EXPECT_EQ(json::parse(again.out)["rounds"], rounds);
}

// --status reads the rounds from the stored games while another process holds the database:
// a finished calibration reads as the run that finished it printed; a larger file (more games a
// round) reads as in progress inside its round 0, nothing played.
TEST(Calibrate, StatusReadsTheStoredRoundsBesideAWriter) {
    TempDir dir;
    const auto file = dir.write("tiny.toml", kTinyCalibration).string();
    const auto db = (dir.path() / "tiny.db").string();
    const auto missing = run_balance({"calibrate", file, "--db", db, "--status"});
    EXPECT_NE(missing.status, 0);
    EXPECT_NE(missing.err.find(db + ": no such database"), std::string::npos) << missing.err;
    const auto finished = run_balance({"calibrate", file, "--db", db, "--threads", "2", "--json"});
    ASSERT_EQ(finished.status, 0) << finished.err;

    auto writer = tournament::ShardLock::take(db, tournament::Shard{});  // another process
    ASSERT_TRUE(writer.ok()) << writer.error().to_string();
    const auto status = run_balance({"calibrate", file, "--db", db, "--status", "--json"});
    ASSERT_EQ(status.status, 0) << status.err;
    EXPECT_EQ(json::parse(status.out), json::parse(finished.out));

    // The same calibration (its name is the file's) with more games a round.
    std::string more = kTinyCalibration;
    more.replace(more.find("games_per_cell = 40"), 19, "games_per_cell = 80");
    std::filesystem::create_directories(dir.path() / "more");
    const auto larger = dir.write("more/tiny.toml", more).string();
    const auto partial = run_balance({"calibrate", larger, "--db", db, "--status"});
    ASSERT_EQ(partial.status, 0) << partial.err;
    EXPECT_NE(partial.out.find("In progress after 0 finished round(s): tiny-r0: 40 of its 80 "
                               "games stored; read from the stored games, nothing played."),
              std::string::npos)
        << partial.out;
    const auto partial_json = run_balance({"calibrate", larger, "--db", db, "--status", "--json"});
    ASSERT_EQ(partial_json.status, 0) << partial_json.err;
    EXPECT_EQ(json::parse(partial_json.out)["rounds_played"], 0);
}

// --max-games stops inside a round (exit 0) and shows that round's games so far; the same
// command finishes it.
TEST(Calibrate, MaxGamesStopsInsideARoundAndShowsItsGames) {
    TempDir dir;
    const auto file = dir.write("tiny.toml", kTinyCalibration).string();
    const auto db = (dir.path() / "tiny.db").string();
    const auto part =
        run_balance({"calibrate", file, "--db", db, "--threads", "1", "--max-games", "25"});
    ASSERT_EQ(part.status, 0) << part.err << part.out;
    EXPECT_NE(part.out.find("stopped with 15 games of tiny-r0 to go; resume with:"),
              std::string::npos)
        << part.out;
    EXPECT_NE(part.out.find("Stopped after 0 finished round(s) and 25 games played in this run: "
                            "tiny-r0: 25 of its 40 games stored; the same command resumes."),
              std::string::npos)
        << part.out;
    const auto json_part = run_balance(
        {"calibrate", file, "--db", db, "--threads", "1", "--max-games", "5", "--json"});
    ASSERT_EQ(json_part.status, 0) << json_part.err;
    EXPECT_EQ(json::parse(json_part.out)["in_progress"], "tiny-r0: 30 of its 40 games stored");
    const auto rest = run_balance({"calibrate", file, "--db", db, "--threads", "2", "--json"});
    ASSERT_EQ(rest.status, 0) << rest.err;
    EXPECT_GE(json::parse(rest.out)["rounds"].size(), 1u);
}

// step = 0.5: each round plays halfway (geometrically) from the values played to the values
// fitted, which damps a calibration whose values swing instead of settling.
TEST(Calibrate, ADampedStepPlaysPartWayToTheFit) {
    TempDir dir;
    // 80 games a round: at 40 the damped round's games leave the tiny fit singular.
    std::string damped = kTinyCalibration;
    damped.replace(damped.find("games_per_cell = 40"), 19, "games_per_cell = 80");
    damped.replace(damped.find("seed = 8"), 8, "seed = 5");
    damped += "step = 0.5\n";
    const auto file = dir.write("damped.toml", damped).string();
    const auto run = run_balance(
        {"calibrate", file, "--db", (dir.path() / "d.db").string(), "--threads", "2", "--json"});
    ASSERT_EQ(run.status, 0) << run.err << run.out;
    const json out = json::parse(run.out);
    EXPECT_EQ(out["step"], 0.5);
    const auto& rounds = out["rounds"];
    ASSERT_GE(rounds.size(), 1u);
    ASSERT_EQ(rounds.size(), 2u);  // seed 5: round 0 moves values, so round 1 plays
    int checked = 0;
    for (const auto& piece : rounds[1]["pieces"])
        for (const auto& before : rounds[0]["pieces"]) {
            if (before["piece"] != piece["piece"] || before["value"].get<double>() <= 0.0) continue;
            const double played = before["played"].get<double>();
            const double fitted = before["value"].get<double>();
            EXPECT_NEAR(piece["played"].get<double>(), std::sqrt(played * fitted), 1e-9)
                << piece["piece"];
            ++checked;
        }
    EXPECT_GE(checked, 4);  // knight, bishop, rook, queen (and the pawn, the unit)
}

TEST(Calibrate, RefusesFilesWithoutOrWithABadCalibration) {
    TempDir dir;
    const auto plain = dir.write("plain.toml", R"(variant = "chess"
games_per_cell = 2
[players.e]
type = "engine"
nodes = 300
)");
    const auto none = run_balance({"calibrate", plain.string()});
    EXPECT_EQ(none.status, 1);
    EXPECT_NE(none.err.find("not a calibration file"), std::string::npos) << none.err;

    std::string ladder = kTinyCalibration;
    ladder.replace(ladder.find("nodes = 600"), 11, "nodes = [300, 600]");
    const auto bad = run_balance({"check", dir.write("ladder.toml", ladder).string()});
    EXPECT_EQ(bad.status, 1);
    EXPECT_NE(bad.err.find("[calibrate] player 'tiny' is a ladder"), std::string::npos) << bad.err;

    std::string typo = kTinyCalibration;
    typo.replace(typo.find("player = \"tiny\""), 15, "player = \"tiyn\"");
    const auto unknown = run_balance({"check", dir.write("typo.toml", typo).string()});
    EXPECT_EQ(unknown.status, 1);
    EXPECT_NE(unknown.err.find("typo.toml:14: [calibrate] player 'tiyn' is not a player of this "
                               "file; did you mean 'tiny'?"),
              std::string::npos)
        << unknown.err;

    for (const char* step : {"step = 0", "step = 1.5"}) {
        const auto wrong = run_balance(
            {"check",
             dir.write("step.toml", kTinyCalibration + std::string(step) + "\n").string()});
        EXPECT_EQ(wrong.status, 1);
        EXPECT_NE(wrong.err.find("step.toml:18: [calibrate] step must be above 0 and at most 1"),
                  std::string::npos)
            << wrong.err;
    }

    // `balance sweep` sends a calibration file to `balance calibrate`.
    const auto sweep = run_balance({"sweep", dir.write("c.toml", kTinyCalibration).string(), "--db",
                                    (dir.path() / "c.db").string()});
    EXPECT_EQ(sweep.status, 1);
    EXPECT_NE(sweep.err.find("run `balance calibrate"), std::string::npos) << sweep.err;
}

// A calibration's database holds its own rounds only. Another seed, node limit or step, another
// sweep's database or a fix search's is refused before anything is played or written: calibrate
// would otherwise read the stored games of its round players ("tiny-r0", ...) as its own.
constexpr const char* kQuickCalibration = R"(variant = "chess"
seed = 8
games_per_cell = 12
[players.tiny]
type = "engine"
nodes = 200
hash_mb = 1
[openings]
type = "random-plies"
plies = 6
[adjudication]
max_plies = 60
[calibrate]
player = "tiny"
max_rounds = 1
match_games = 0
method = "regression"
)";

TEST(Calibrate, RefusesADatabaseOfAnotherConfiguration) {
    TempDir dir;
    const auto file = dir.write("tiny.toml", kQuickCalibration).string();
    const auto db = (dir.path() / "tiny.db").string();
    const auto first = run_balance({"calibrate", file, "--db", db, "--threads", "1", "--quiet"});
    ASSERT_NE(balance::testing::file_text(db), "") << first.err << first.out;
    const std::string before = balance::testing::file_text(db);

    std::string reseeded = kQuickCalibration;
    reseeded.replace(reseeded.find("seed = 8"), 8, "seed = 9");
    const auto other_seed = run_balance({"calibrate", dir.write("tiny.toml", reseeded).string(),
                                         "--db", db, "--threads", "1", "--quiet"});
    EXPECT_NE(other_seed.status, 0) << other_seed.out;
    EXPECT_NE(other_seed.err.find(db), std::string::npos) << other_seed.err;
    EXPECT_NE(other_seed.err.find("seed"), std::string::npos) << other_seed.err;
    EXPECT_EQ(balance::testing::file_text(db), before);

    dir.write("tiny.toml", kQuickCalibration);
    const auto other_nodes =
        run_balance({"calibrate", file, "--db", db, "--nodes", "150", "--threads", "1", "--quiet"});
    EXPECT_NE(other_nodes.status, 0) << other_nodes.out;
    EXPECT_NE(other_nodes.err.find("tiny-r0"), std::string::npos) << other_nodes.err;
    EXPECT_EQ(balance::testing::file_text(db), before);
    // The same file and limits resume (nothing is left to play).
    const auto again = run_balance({"calibrate", file, "--db", db, "--threads", "1", "--quiet"});
    EXPECT_EQ(again.err.find("another"), std::string::npos) << again.err;
}

TEST(Calibrate, RefusesASweepsDatabase) {
    TempDir dir;
    const auto sweep = dir.write("plain.toml", R"(variant = "chess"
games_per_cell = 2
[players.tiny]
type = "random"
[adjudication]
max_plies = 20
)");
    const auto db = (dir.path() / "plain.db").string();
    const auto played = run_balance({"sweep", sweep.string(), "--db", db, "--quiet"});
    ASSERT_EQ(played.status, 0) << played.err;
    const std::string before = balance::testing::file_text(db);
    const auto file = dir.write("tiny.toml", kQuickCalibration).string();
    const auto run = run_balance({"calibrate", file, "--db", db, "--threads", "1", "--quiet"});
    EXPECT_NE(run.status, 0) << run.out;
    EXPECT_NE(run.err.find("plain"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("use another --db"), std::string::npos) << run.err;
    EXPECT_EQ(balance::testing::file_text(db), before);
}

}  // namespace
}  // namespace balance::cli
