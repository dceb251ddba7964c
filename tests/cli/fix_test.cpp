// `balance fix` end to end on a tiny chess search (two pieces, two added components, a range
// step): the same games at any thread count, resumption after --max-games, rejected candidates
// never played, every game stored with its candidate's rules, and the commands around it.

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include "../support/sample_sweeps.hpp"
#include "../support/temp_dir.hpp"
#include "balance/analysis/store_reader.hpp"
#include "balance/tournament/shard_lock.hpp"
#include "cli_runner.hpp"

namespace balance::cli {
namespace {

using balance::testing::kTinyFix;
using balance::testing::TempDir;
using nlohmann::json;
using testing::run_balance;

std::map<std::string, std::string> moves_by_key(const std::string& db) {
    auto store = analysis::read_store(db);
    EXPECT_TRUE(store) << store.error().to_string();
    std::map<std::string, std::string> out;
    if (store)
        for (const auto& game : store->games) out[game.game_key] = game.moves + game.result;
    return out;
}

TEST(Fix, SameGamesAtAnyThreadCountAndAfterAStop) {
    TempDir dir;
    const auto file = dir.write("tiny.toml", kTinyFix).string();
    const auto db2 = (dir.path() / "two.db").string();
    const auto db1 = (dir.path() / "one.db").string();
    const auto whole = run_balance({"fix", file, "--db", db2, "--threads", "2", "--json"});
    ASSERT_EQ(whole.status, 0) << whole.err << whole.out;

    const auto stopped =
        run_balance({"fix", file, "--db", db1, "--threads", "1", "--max-games", "25", "--quiet"});
    ASSERT_EQ(stopped.status, 0) << stopped.err;
    EXPECT_NE(stopped.out.find("resume with:\n  balance fix"), std::string::npos) << stopped.out;
    EXPECT_NE(stopped.out.find(
                  "(stopped inside round 1 after 25 games this run: the same command resumes)"),
              std::string::npos)
        << stopped.out;
    EXPECT_EQ(moves_by_key(db1).size(), 25u);
    // With --json the stop notice goes to stderr and stdout stays one JSON object.
    const auto more =
        run_balance({"fix", file, "--db", db1, "--threads", "1", "--max-games", "5", "--json"});
    ASSERT_EQ(more.status, 0) << more.err;
    EXPECT_FALSE(json::parse(more.out)["complete"].get<bool>());
    // Stopped inside round 1, it counts the games stored, overall and per candidate.
    const json stopped_json = json::parse(more.out);
    EXPECT_EQ(stopped_json["games"], 30) << more.out;
    std::int64_t per_candidate = 0;
    for (const auto& c : stopped_json["candidates"])
        per_candidate += c["games"].get<std::int64_t>();
    EXPECT_EQ(per_candidate, 30) << more.out;
    EXPECT_NE(more.err.find("resume with"), std::string::npos);
    EXPECT_EQ(moves_by_key(db1).size(), 30u);
    const auto resumed = run_balance({"fix", file, "--db", db1, "--threads", "1", "--json"});
    ASSERT_EQ(resumed.status, 0) << resumed.err;

    json a = json::parse(whole.out);
    json b = json::parse(resumed.out);
    EXPECT_TRUE(a["complete"].get<bool>());
    a.erase("database");
    b.erase("database");
    EXPECT_EQ(a, b);
    EXPECT_EQ(moves_by_key(db1), moves_by_key(db2));

    // 6 candidates play 6 x 10 in round 0, 40 remain: 6 each (60 + 36 = 96 <= 100).
    EXPECT_EQ(a["games"], 96);
    EXPECT_EQ(a["rounds"], 2);
    EXPECT_EQ(moves_by_key(db2).size(), 96u);
    const auto& list = a["candidates"];
    ASSERT_EQ(list.size(), 8u);
    int rejected = 0;
    for (const auto& c : list) {
        if (c["status"] == "rejected") {
            ++rejected;
            EXPECT_EQ(c["games"], 0);
            EXPECT_TRUE(c["score"].is_null());
            EXPECT_NE(c["rejected"].get<std::string>().find("would have no moves"),
                      std::string::npos);
        } else {
            EXPECT_EQ(c["games"], 16) << c["edit"];
            EXPECT_LE(c["low"].get<double>(), c["score"].get<double>());
            EXPECT_GE(c["high"].get<double>(), c["score"].get<double>());
            EXPECT_EQ(c["balanced"].get<bool>(), c["status"] == "balanced");
        }
    }
    EXPECT_EQ(rejected, 2);
    // Rejected last, the rest best first: balanced, then open, then dropped.
    EXPECT_EQ(list.back()["status"], "rejected");
}

// --status reads the race from the stored games while another process holds the database: it
// plays nothing, writes nothing (no run recorded), and a finished search reads as the run that
// finished it printed.
TEST(Fix, StatusReadsTheStoredGamesBesideAWriter) {
    TempDir dir;
    const auto file = dir.write("tiny.toml", kTinyFix).string();
    const auto db = (dir.path() / "tiny.db").string();
    const auto missing = run_balance({"fix", file, "--db", db, "--status"});
    EXPECT_NE(missing.status, 0);
    EXPECT_NE(missing.err.find(db + ": no such database"), std::string::npos) << missing.err;

    ASSERT_EQ(run_balance({"fix", file, "--db", db, "--max-games", "25", "--quiet"}).status, 0);
    const auto runs_before = analysis::read_store(db)->runs.size();
    {
        // Another process, which the refusal names.
        auto writer = tournament::ShardLock::take(db, tournament::Shard{}, tournament::Writer::Fix);
        ASSERT_TRUE(writer.ok()) << writer.error().to_string();
        const auto refused = run_balance({"fix", file, "--db", db, "--max-games", "0"});
        EXPECT_NE(refused.status, 0);
        EXPECT_NE(refused.err.find("another `balance fix` is writing this database"),
                  std::string::npos)
            << refused.err;
        const auto status = run_balance({"fix", file, "--db", db, "--status"});
        ASSERT_EQ(status.status, 0) << status.err;
        EXPECT_NE(status.out.find("(in progress inside round 1: 25 of its "), std::string::npos)
            << status.out;
        EXPECT_NE(status.out.find("read from the stored games, nothing played"), std::string::npos);
        // Inside round 1 the open candidates show the games stored so far: all 25 of them.
        const auto listed = run_balance({"fix", file, "--db", db, "--status", "--json"});
        ASSERT_EQ(listed.status, 0) << listed.err;
        const json parsed = json::parse(listed.out);
        std::int64_t games = 0;
        for (const auto& c : parsed["candidates"]) games += c.value("games", std::int64_t{0});
        EXPECT_EQ(games, 25) << listed.out;
    }
    EXPECT_EQ(moves_by_key(db).size(), 25u);
    EXPECT_EQ(analysis::read_store(db)->runs.size(), runs_before);

    const auto finished = run_balance({"fix", file, "--db", db, "--json"});
    ASSERT_EQ(finished.status, 0) << finished.err;
    const auto status = run_balance({"fix", file, "--db", db, "--status", "--json"});
    ASSERT_EQ(status.status, 0) << status.err;
    EXPECT_EQ(json::parse(status.out), json::parse(finished.out));
}

// A budget that cannot give every playable candidate one game per cell would end the race at
// once with nothing played: check and fix refuse it, naming the [fix] table's line.
TEST(Fix, BudgetBelowOneGameACandidateIsRefused) {
    TempDir dir;
    std::string text = kTinyFix;
    text.replace(text.find("budget = 100"), 12, "budget = 5");
    const auto file = dir.write("small.toml", text).string();
    for (const auto& args : std::vector<std::vector<std::string>>{
             {"check", file}, {"fix", file, "--db", (dir.path() / "s.db").string()}}) {
        const auto run = run_balance(args);
        EXPECT_NE(run.status, 0) << args.front();
        EXPECT_NE(run.err.find(file + ":12: [fix] budget = 5 is less than one game in every cell "
                                      "for each of the 6 playable candidates (6 games)"),
                  std::string::npos)
            << run.err;
    }
    EXPECT_FALSE(std::filesystem::exists(dir.path() / "s.db"));
}

TEST(Fix, EveryGameIsStoredWithItsCandidatesRules) {
    TempDir dir;
    const auto file = dir.write("tiny.toml", kTinyFix).string();
    const auto db = (dir.path() / "fix.db").string();
    const auto html = (dir.path() / "fix.html").string();
    const auto run =
        run_balance({"fix", file, "--db", db, "--threads", "2", "--json", "--html", html});
    ASSERT_EQ(run.status, 0) << run.err;
    // The page: the band behind one row per raced candidate, the rejected ones with reasons.
    std::ifstream in(html);
    const std::string page((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_NE(page.find("class=\"band\""), std::string::npos);
    EXPECT_NE(page.find("Fix of chess: White&#39;s score into 40.0%-60.0%"), std::string::npos);
    EXPECT_NE(page.find("rook: R -&gt; R6 (R range limited) ["), std::string::npos);
    EXPECT_NE(page.find("<td>knight: N -&gt; &#39;&#39; (N removed)</td><td>the knight would "
                        "have no moves</td>"),
              std::string::npos);
    auto store = analysis::read_store(db);
    ASSERT_TRUE(store);
    std::map<std::string, std::string> spec_of;  // hash -> text
    for (const auto& spec : store->specs) spec_of[spec.spec_hash] = spec.spec_toml;
    std::set<std::string> cells;
    for (const auto& game : store->games) {
        cells.insert(game.cell_key);
        ASSERT_TRUE(spec_of.count(game.spec_hash)) << game.game_key;
        const std::string& text = spec_of[game.spec_hash];
        const auto at = game.cell_key.find('@');
        if (at == std::string::npos) {
            EXPECT_NE(text.find("betza = 'N'"), std::string::npos);  // the unchanged rules
            continue;
        }
        // An edited candidate's cells carry the first 8 digits of its rules' hash.
        EXPECT_EQ(game.cell_key.substr(at + 1, 8), game.spec_hash.substr(0, 8));
    }
    EXPECT_EQ(cells.size(), 6u);  // the 6 playable candidates, one cell each
    bool ranged = false;
    for (const auto& [hash, text] : spec_of)
        ranged = ranged || text.find("'R6'") != std::string::npos;
    EXPECT_TRUE(ranged);
    const json out = json::parse(run.out);
    for (const auto& c : out["candidates"]) {
        if (c["edit"] == "knight: N -> NW (W added)") {
            EXPECT_EQ(c["toml"], "[pieces.knight]\nbetza = 'NW'\n");
        }
    }
    // The report names an edited candidate's cells by a hash, and says what each one changes.
    const auto report = run_balance({"report", "--db", db});
    ASSERT_EQ(report.status, 0) << report.err;
    std::string knight_hash;
    for (const auto& [hash, text] : spec_of)
        if (text.find("betza = 'NW'") != std::string::npos) knight_hash = hash.substr(0, 8);
    ASSERT_FALSE(knight_hash.empty());
    EXPECT_NE(report.out.find("Rules @" + knight_hash +
                              " of chess: pieces.knight.betza: 'N' -> 'NW' (against its default "
                              "rules)."),
              std::string::npos)
        << report.out;

    // Its database merges into a new file and into an empty one, whole: the rounds' runs
    // differ from each other by design (each round is a sweep of its own candidates).
    std::ofstream(dir.path() / "empty.db").flush();
    for (const char* name : {"copy.db", "empty.db"}) {
        const auto copy = (dir.path() / name).string();
        const auto merged = run_balance({"merge", copy, db, "--json"});
        ASSERT_EQ(merged.status, 0) << merged.err;
        EXPECT_EQ(json::parse(merged.out)["games"], 96) << merged.out;
        EXPECT_EQ(moves_by_key(copy), moves_by_key(db));
    }
}

// The page's path is checked before the first game: a path it cannot go to fails at once,
// and no database is made.
TEST(Fix, HtmlPathThatCannotBeWrittenFailsBeforePlaying) {
    TempDir dir;
    const auto file = dir.write("tiny.toml", kTinyFix).string();
    dir.write("notes.txt", "a file");
    const auto db = (dir.path() / "fix.db").string();
    const auto html = (dir.path() / "notes.txt" / "fix.html").string();
    const auto run = run_balance({"fix", file, "--db", db, "--quiet", "--html", html});
    EXPECT_NE(run.status, 0);
    EXPECT_NE(run.err.find(html + ": cannot write the file: Not a directory"), std::string::npos)
        << run.err;
    EXPECT_FALSE(std::filesystem::exists(db));
}

TEST(Fix, SweepRefusesAFixFileAndCheckDescribesIt) {
    TempDir dir;
    const auto file = dir.write("tiny.toml", kTinyFix).string();
    const auto sweep = run_balance({"sweep", file, "--db", (dir.path() / "x.db").string()});
    EXPECT_NE(sweep.status, 0);
    EXPECT_NE(sweep.err.find("this is a fix file ([fix]): run `balance fix"), std::string::npos)
        << sweep.err;
    EXPECT_NE(sweep.err.find("tiny.toml:12"), std::string::npos) << sweep.err;
    const auto slurm =
        run_balance({"slurm", file, "--tasks", "2", "--dir", (dir.path() / "slurm").string()});
    EXPECT_NE(slurm.status, 0);
    EXPECT_NE(slurm.err.find("cannot be split into shards"), std::string::npos) << slurm.err;
    const auto check = run_balance({"check", file});
    ASSERT_EQ(check.status, 0) << check.err;
    EXPECT_NE(check.out.find("a fix search (`balance fix`): White's score within 0.400-0.600, "
                             "player 'tiny'; 8 candidates (the unchanged rules among them), 2 "
                             "rejected"),
              std::string::npos)
        << check.out;
    EXPECT_NE(check.out.find("rejected: rook: R -> '' (R removed): the rook would have no moves"),
              std::string::npos);
    // --json lists every candidate: its TOML, or why it cannot be played.
    const auto listed = run_balance({"check", file, "--json"});
    ASSERT_EQ(listed.status, 0) << listed.err;
    const json checked = json::parse(listed.out);
    const json& candidates = checked["files"][0]["candidates"];
    ASSERT_EQ(candidates.size(), 8u) << checked;
    EXPECT_EQ(candidates[0]["edit"], "no change");
    int rejected = 0;
    for (const auto& c : candidates) {
        if (c["playable"].get<bool>()) {
            EXPECT_TRUE(c.contains("toml")) << c;
        } else {
            ++rejected;
            EXPECT_FALSE(c["rejected"].get<std::string>().empty()) << c;
        }
    }
    EXPECT_EQ(rejected, 2);
    // A database of the search refuses the same file with other player settings.
    const auto db = (dir.path() / "first.db").string();
    ASSERT_EQ(run_balance({"fix", file, "--db", db, "--max-games", "6", "--quiet"}).status, 0);
    std::string changed = kTinyFix;
    changed.replace(changed.find("nodes = 300"), 11, "nodes = 400");
    const auto other = dir.write("tiny.toml", changed).string();
    const auto mixed = run_balance({"fix", other, "--db", db, "--quiet"});
    EXPECT_NE(mixed.status, 0);
    EXPECT_NE(mixed.err.find("holds games of another configuration"), std::string::npos)
        << mixed.err;
    EXPECT_NE(mixed.err.find("differs in: players"), std::string::npos) << mixed.err;
    const auto plain = dir.write("plain.toml",
                                 "variant = \"chess\"\ngames_per_cell = 2\n"
                                 "[players.a]\ntype = \"random\"\n");
    const auto refused = run_balance({"fix", plain.string()});
    EXPECT_NE(refused.status, 0);
    EXPECT_NE(refused.err.find("not a fix file"), std::string::npos) << refused.err;
}

}  // namespace
}  // namespace balance::cli

namespace balance::cli {
namespace {

// With `side`, the score is that army's, pooled over the pairings where it meets another army
// (a mirror pairing in the file is not played).
TEST(Fix, SideScoreIsPooledOverColours) {
    TempDir dir;
    const auto file = dir.write("elves.toml", R"(variant = "asymmetric"
seed = 5
pairings = [["humans", "elves"], ["elves", "humans"], ["elves", "elves"]]
[players.tiny]
type = "engine"
nodes = 300
hash_mb = 1
[adjudication]
max_plies = 100
[fix]
side = "elves"
margin = 0.1
budget = 32
round_games = 2
edits = ["betza"]
pieces = ["unicorn"]
add = ["W"]
)")
                          .string();
    const auto db = (dir.path() / "elves.db").string();
    const auto run = run_balance({"fix", file, "--db", db, "--threads", "2", "--json"});
    ASSERT_EQ(run.status, 0) << run.err;
    const json out = json::parse(run.out);
    EXPECT_EQ(out["side"], "elves");
    auto store = analysis::read_store(db);
    ASSERT_TRUE(store);
    double points = 0;
    int games = 0;
    for (const auto& game : store->games) {
        EXPECT_NE(game.white_army, game.black_army) << game.game_key;
        if (game.cell_key.find('@') != std::string::npos) continue;  // an edited candidate
        points += game.white_army == "elves" ? game.white_score : 1.0 - game.white_score;
        ++games;
    }
    ASSERT_GT(games, 0);
    bool found = false;
    for (const auto& c : out["candidates"]) {
        if (c["edit"] != "no change") continue;
        found = true;
        EXPECT_EQ(c["games"], games);
        EXPECT_DOUBLE_EQ(c["score"].get<double>(), points / games);
    }
    EXPECT_TRUE(found);
    // 4 candidates (unchanged, F removed, afsF removed, W added) x 2 cells x 2 games = 16 a
    // round, two rounds.
    EXPECT_EQ(out["candidates"].size(), 4u);
    EXPECT_EQ(out["games"], 32);
}

}  // namespace
}  // namespace balance::cli

namespace balance::cli {
namespace {

// pairs = "fallback": when every single change is decided and none is balanced, the pairs race
// with the budget left. A band no chess change reaches (White at 99% +- 0.5%) drops every single
// change after its first round, then every pair after its first.
TEST(Fix, PairsRaceWhenNoSingleChangeIsBalanced) {
    TempDir dir;
    std::string text = kTinyFix;
    text.replace(text.find("margin = 0.1"), 12, "target = 0.99\nmargin = 0.005");
    text.replace(text.find("budget = 100"), 12, "budget = 300\npairs = \"fallback\"");
    const auto file = dir.write("pairs.toml", text).string();
    const auto run = run_balance(
        {"fix", file, "--db", (dir.path() / "pairs.db").string(), "--threads", "2", "--json"});
    ASSERT_EQ(run.status, 0) << run.err;
    const json out = json::parse(run.out);
    // 8 singles (2 rejected) + C(5, 2) = 10 pairs of the 5 valid changes, 4 of them rejected
    // (the same piece edited twice).
    ASSERT_EQ(out["candidates"].size(), 18u);
    int pairs = 0;
    int rejected_pairs = 0;
    for (const auto& c : out["candidates"]) {
        const bool pair = c["edit"].get<std::string>().find(" + ") != std::string::npos;
        pairs += pair ? 1 : 0;
        if (c["status"] == "rejected") {
            rejected_pairs += pair ? 1 : 0;
            continue;
        }
        EXPECT_EQ(c["status"], "dropped") << c["edit"];
        EXPECT_EQ(c["games"], 10) << c["edit"];
    }
    EXPECT_EQ(pairs, 10);
    EXPECT_EQ(rejected_pairs, 4);
    EXPECT_EQ(out["games"], 120);  // 6 singles and 6 pairs, one round each
    EXPECT_EQ(out["rounds"], 2);
}

// pairs = "best": when no single change is balanced, only the second changes on top of the
// single closest to the target race (here 4 pairs, the same piece edited twice rejected), not
// all 10.
TEST(Fix, BestPairsBuildOnTheClosestSingle) {
    TempDir dir;
    std::string text = kTinyFix;
    text.replace(text.find("margin = 0.1"), 12, "target = 0.99\nmargin = 0.005");
    text.replace(text.find("budget = 100"), 12, "budget = 300\npairs = \"best\"");
    const auto file = dir.write("best.toml", text).string();
    const auto run = run_balance(
        {"fix", file, "--db", (dir.path() / "best.db").string(), "--threads", "2", "--json"});
    ASSERT_EQ(run.status, 0) << run.err;
    const json out = json::parse(run.out);
    std::string anchor;
    double closest = 2.0;
    std::vector<std::string> pairs;
    int played_pairs = 0;
    for (const auto& c : out["candidates"]) {
        const std::string edit = c["edit"].get<std::string>();
        if (edit.find(" + ") != std::string::npos) {
            pairs.push_back(edit);
            played_pairs += c["status"] != "rejected" ? 1 : 0;
            continue;
        }
        if (c["status"] == "rejected" || edit == "no change") continue;
        const double d = std::abs(c["score"].get<double>() - 0.99);
        if (d < closest) {
            closest = d;
            anchor = edit;
        }
    }
    ASSERT_FALSE(anchor.empty());
    EXPECT_EQ(pairs.size(), 4u);
    for (const auto& pair : pairs) EXPECT_NE(pair.find(anchor), std::string::npos) << pair;
    EXPECT_GT(played_pairs, 0);
    EXPECT_EQ(out["games"], 60 + 10 * played_pairs);
    const auto checked = run_balance({"check", file});
    EXPECT_NE(checked.out.find("every second change on top of the one closest to the target"),
              std::string::npos)
        << checked.out;

    // pairs_base belongs to pairs = "best".
    std::string bad = kTinyFix;
    bad += "pairs_base = 2\n";
    const auto refused = run_balance(
        {"fix", dir.write("bad.toml", bad).string(), "--db", (dir.path() / "bad.db").string()});
    EXPECT_NE(refused.status, 0);
    EXPECT_NE(refused.err.find("bad.toml:"), std::string::npos) << refused.err;
    EXPECT_NE(refused.err.find("pairs_base applies only with pairs = \"best\""), std::string::npos)
        << refused.err;
}

// max_candidate_games: a candidate still open after that many games gets no more; the race
// ends when every candidate is decided or capped. One round's worth here: every open candidate
// stops after round 0.
TEST(Fix, MaxCandidateGamesLeavesOpenCandidatesOpen) {
    TempDir dir;
    std::string text = kTinyFix;
    text += "max_candidate_games = 10\n";
    const auto file = dir.write("capped.toml", text).string();
    const auto run = run_balance(
        {"fix", file, "--db", (dir.path() / "capped.db").string(), "--threads", "2", "--json"});
    ASSERT_EQ(run.status, 0) << run.err;
    const json out = json::parse(run.out);
    EXPECT_TRUE(out["complete"].get<bool>());
    EXPECT_EQ(out["rounds"], 1);
    EXPECT_EQ(out["games"], 60);
    int capped = 0;
    for (const auto& c : out["candidates"]) {
        if (c["status"] == "rejected") continue;
        EXPECT_EQ(c["games"], 10) << c["edit"];
        EXPECT_EQ(c.contains("capped"), c["status"] == "racing") << c["edit"];
        capped += c.contains("capped") ? 1 : 0;
    }
    EXPECT_GT(capped, 0);
    const auto text_run = run_balance({"fix", file, "--db", (dir.path() / "capped.db").string()});
    EXPECT_NE(text_run.out.find("Open with 10 games (max_candidate_games)"), std::string::npos)
        << text_run.out;

    std::string small = kTinyFix;
    small += "max_candidate_games = 5\n";
    const auto bad = run_balance({"fix", dir.write("small.toml", small).string(), "--db",
                                  (dir.path() / "small.db").string()});
    EXPECT_NE(bad.status, 0);
    EXPECT_NE(bad.err.find("small.toml:"), std::string::npos) << bad.err;
    EXPECT_NE(bad.err.find("max_candidate_games = 5 is less than one round of a candidate"),
              std::string::npos)
        << bad.err;
}

// --confirm-open: the candidates a capped race left open replay from another seed too, and the
// text marks them; without it only balanced changes are replayed.
TEST(Fix, ConfirmOpenReplaysTheCandidatesTheRaceLeftOpen) {
    TempDir dir;
    std::string text = kTinyFix;
    text += "max_candidate_games = 10\n";
    const auto file = dir.write("open.toml", text).string();
    const auto db = (dir.path() / "open.db").string();
    const auto plain = run_balance(
        {"fix", file, "--db", db, "--threads", "2", "--confirm", "12", "--json", "--quiet"});
    ASSERT_EQ(plain.status, 0) << plain.err;
    const json plain_out = json::parse(plain.out);
    for (const auto& c : plain_out["candidates"]) {
        if (c["status"] != "racing") continue;
        EXPECT_FALSE(c.contains("confirmation")) << c["edit"];
    }

    const auto run = run_balance({"fix", file, "--db", db, "--threads", "2", "--confirm", "12",
                                  "--confirm-open", "--json", "--quiet"});
    ASSERT_EQ(run.status, 0) << run.err;
    int open = 0;
    const json out = json::parse(run.out);
    for (const auto& c : out["candidates"]) {
        if (c["status"] != "racing") continue;
        ++open;
        ASSERT_TRUE(c["confirmation"].is_object()) << c["edit"];
        EXPECT_EQ(c["confirmation"]["games"], 12) << c["edit"];
    }
    EXPECT_GT(open, 0);
    const auto html = (dir.path() / "open.html").string();
    const auto text_run =
        run_balance({"fix", file, "--db", db, "--confirm", "12", "--confirm-open", "--html", html});
    ASSERT_EQ(text_run.status, 0) << text_run.err;
    EXPECT_NE(text_run.out.find(" (open in the race)\n"), std::string::npos) << text_run.out;
    // The page draws each confirmation's interval under the race's and lists the open ones.
    std::ifstream in(html);
    const std::string page((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_NE(page.find("confirmed by 12 independent games"), std::string::npos);
    EXPECT_NE(page.find("Left open by the race, replayed by independent games"), std::string::npos);
}

// --confirm: after the race, every balanced change replays its games from another seed into
// <db>-confirm.db, and says whether that interval still lies inside the band. A wide band
// (White within 5%-95%) balances every change after its first round.
TEST(Fix, ConfirmationReplaysBalancedChangesFromAnotherSeed) {
    TempDir dir;
    std::string text = kTinyFix;
    text.replace(text.find("margin = 0.1"), 12, "margin = 0.45");
    const auto file = dir.write("wide.toml", text).string();
    const auto db = (dir.path() / "wide.db").string();
    const auto confirm_db = (dir.path() / "wide-confirm.db").string();

    // Stopped inside the confirmation, then resumed by the same command.
    const auto stopped = run_balance({"fix", file, "--db", db, "--threads", "2", "--confirm", "12",
                                      "--max-games", "66", "--quiet"});
    ASSERT_EQ(stopped.status, 0) << stopped.err;
    EXPECT_NE(stopped.out.find("--confirm 12"), std::string::npos) << stopped.out;
    EXPECT_NE(stopped.out.find("(stopped inside the confirmation after 66 games this run"),
              std::string::npos)
        << stopped.out;
    EXPECT_EQ(stopped.out.find("Confirmed by independent games"), std::string::npos);
    EXPECT_EQ(moves_by_key(db).size(), 60u);  // the race: 6 candidates x 10 games
    EXPECT_EQ(moves_by_key(confirm_db).size(), 6u);
    // --status reads where it stands: inside the confirmation, 6 of its games stored.
    const auto status = run_balance({"fix", file, "--db", db, "--confirm", "12", "--status"});
    ASSERT_EQ(status.status, 0) << status.err;
    EXPECT_NE(status.out.find("(in progress inside the confirmation: 6 of its "), std::string::npos)
        << status.out;
    EXPECT_EQ(moves_by_key(confirm_db).size(), 6u);
    const auto run =
        run_balance({"fix", file, "--db", db, "--threads", "2", "--confirm", "12", "--json"});
    ASSERT_EQ(run.status, 0) << run.err;
    const json out = json::parse(run.out);
    EXPECT_TRUE(out["complete"].get<bool>());
    EXPECT_EQ(out["confirmation"]["database"], confirm_db);
    EXPECT_EQ(out["confirmation"]["games"], 12);

    int balanced = 0;
    for (const auto& c : out["candidates"]) {
        if (!c["balanced"].get<bool>()) {
            EXPECT_FALSE(c.contains("confirmation")) << c["edit"];
            continue;
        }
        ++balanced;
        const auto& k = c["confirmation"];
        ASSERT_TRUE(k.is_object()) << c["edit"];
        EXPECT_EQ(k["games"], 12);
        EXPECT_LE(k["low"].get<double>(), k["score"].get<double>());
        EXPECT_GE(k["high"].get<double>(), k["score"].get<double>());
        EXPECT_EQ(k["inside"].get<bool>(),
                  k["low"].get<double>() >= 0.05 && k["high"].get<double>() <= 0.95);
    }
    EXPECT_EQ(balanced, 6);
    const auto race = moves_by_key(db);
    const auto confirmation = moves_by_key(confirm_db);
    EXPECT_EQ(race.size(), 60u);  // the confirmation added nothing to the race's database
    EXPECT_EQ(confirmation.size(), 72u);
    // Another seed: other openings, so other games (a repeat would confirm nothing).
    std::set<std::string> race_games;
    for (const auto& [key, moves] : race) race_games.insert(moves);
    int repeated = 0;
    for (const auto& [key, moves] : confirmation) repeated += race_games.count(moves) ? 1 : 0;
    EXPECT_LT(repeated, 12);

    // The text output names each balanced change's confirmation; a re-run plays nothing new.
    const auto again = run_balance({"fix", file, "--db", db, "--confirm", "12"});
    ASSERT_EQ(again.status, 0) << again.err;
    EXPECT_NE(again.out.find("Confirmed by independent games (another seed, database " +
                             confirm_db + "):"),
              std::string::npos)
        << again.out;
    EXPECT_EQ(moves_by_key(confirm_db).size(), 72u);

    // --confirm-top 2: the two balanced changes closest to 50%, and no game more (their games
    // are already in the confirmation's database).
    const auto top =
        run_balance({"fix", file, "--db", db, "--confirm", "12", "--confirm-top", "2", "--json"});
    ASSERT_EQ(top.status, 0) << top.err;
    std::vector<double> confirmed, others;
    const json top_out = json::parse(top.out);
    for (const auto& c : top_out["candidates"]) {
        if (!c["balanced"].get<bool>()) continue;
        const double d = std::abs(c["score"].get<double>() - 0.5);
        (c["confirmation"].is_object() ? confirmed : others).push_back(d);
    }
    ASSERT_EQ(confirmed.size(), 2u);
    ASSERT_EQ(others.size(), 4u);
    for (const double d : others) EXPECT_GE(d, std::max(confirmed[0], confirmed[1]));
    EXPECT_EQ(moves_by_key(confirm_db).size(), 72u);
}

// A resumed search after the variant file changed: the stored games of "no change" were played
// by the old rules and are no result of the new ones. The search refuses, naming the candidate
// and the change; --force plays that candidate again in cells of its own.
TEST(Fix, ChangedVariantFileIsRefusedOnResume) {
    TempDir dir;
    const std::string variant = R"(inherits = "chess"
name = "tinychess"
[pieces.queen]
betza = "Q"
)";
    const auto variant_file = dir.write("tinychess.toml", variant);
    const auto file = dir.write("search.toml", "variant = \"" + variant_file.string() + R"("
seed = 7
[players.tiny]
type = "engine"
nodes = 200
hash_mb = 1
[openings]
type = "random-plies"
plies = 4
[adjudication]
max_plies = 60
[fix]
margin = 0.45
budget = 20
round_games = 10
edits = ["betza"]
pieces = ["knight"]
add = ["W"]
)")
                          .string();
    const auto db = (dir.path() / "fix.db").string();
    const auto first = run_balance({"fix", file, "--db", db, "--threads", "1", "--json"});
    ASSERT_EQ(first.status, 0) << first.err;
    const auto stored = moves_by_key(db).size();

    std::string rook = variant;
    rook.replace(rook.find("betza = \"Q\""), 11, "betza = \"R\"");
    dir.write("tinychess.toml", rook);
    const auto resumed = run_balance({"fix", file, "--db", db, "--threads", "1", "--json"});
    EXPECT_NE(resumed.status, 0) << resumed.out;
    EXPECT_NE(resumed.err.find("'no change'"), std::string::npos) << resumed.err;
    EXPECT_NE(resumed.err.find("pieces.queen.betza: 'Q' -> 'R'"), std::string::npos) << resumed.err;
    EXPECT_NE(resumed.err.find(db), std::string::npos) << resumed.err;
    EXPECT_EQ(moves_by_key(db).size(), stored);

    const auto forced =
        run_balance({"fix", file, "--db", db, "--threads", "1", "--json", "--force"});
    ASSERT_EQ(forced.status, 0) << forced.err;
    // "no change" was played again under the new rules, in cells of its own.
    auto store = analysis::read_store(db);
    ASSERT_TRUE(store);
    std::int64_t rook_games = 0;
    std::map<std::string, std::string> spec_of;
    for (const auto& spec : store->specs) spec_of[spec.spec_hash] = spec.spec_toml;
    for (const auto& game : store->games) {
        // The queen's betza was the document's only 'Q'; the knight unedited: "no change".
        const std::string& text = spec_of[game.spec_hash];
        if (text.find("'Q'") == std::string::npos && text.find("'NW'") == std::string::npos)
            ++rook_games;
    }
    EXPECT_GT(rook_games, 0);
    // Named: a range-for over a member of a temporary would read it after it is destroyed.
    const json summary = json::parse(forced.out);
    for (const auto& c : summary["candidates"])
        if (c["edit"] == "no change") EXPECT_EQ(c["games"].get<std::int64_t>(), 10) << c.dump();
}

}  // namespace
}  // namespace balance::cli
