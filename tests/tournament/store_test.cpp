// The results store: the agreed schema, one copy per key, version checks.

#include <gtest/gtest.h>
#include <sqlite3.h>

#include "../support/temp_dir.hpp"
#include "balance/tournament/store.hpp"
#include "sqlite_database.hpp"

namespace balance::tournament {
namespace {

using balance::testing::TempDir;

constexpr const char* kSpec = "name = \"chess\"\n";

RuleSpecRow spec_row() {
    return RuleSpecRow{spec_hash(kSpec), "chess", "", "", kSpec, "sweep", "2024-01-01T00:00:00Z"};
}

GameRow row(const std::string& key, std::int64_t run_id) {
    GameRow g;
    g.game_key = key;
    g.run_id = run_id;
    g.sweep_name = "s";
    g.cell_key = "chess|fide|fide||a|b";
    g.game_index = 3;
    g.variant = "chess";
    g.white_army = g.black_army = "fide";
    g.white_player = "a";
    g.black_player = "b";
    g.players_json = "{}";
    g.seed = 0xFEDCBA9876543210ULL;  // above INT64_MAX: must survive the signed column
    g.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    g.moves = "e2e4 e7e5";
    g.result = "1/2-1/2";
    g.white_score = 0.5;
    g.termination = "adjudication-draw";
    g.plies = 2;
    g.duration_ms = 12;
    g.finished_at = "2024-01-01T00:00:00Z";
    g.details_json = R"({"scores":[null,null]})";
    g.spec_hash = spec_hash(kSpec);
    return g;
}

// Column names of `table` in order, through the C API (independent of the store's code).
std::vector<std::string> columns(const std::filesystem::path& db, const std::string& table) {
    sqlite3* handle = nullptr;
    sqlite3_open(db.c_str(), &handle);
    sqlite3_stmt* stmt = nullptr;
    sqlite3_prepare_v2(handle, ("PRAGMA table_info(" + table + ")").c_str(), -1, &stmt, nullptr);
    std::vector<std::string> out;
    while (sqlite3_step(stmt) == SQLITE_ROW)
        out.emplace_back(reinterpret_cast<const char*>(sqlite3_column_text(stmt, 1)));
    sqlite3_finalize(stmt);
    sqlite3_close(handle);
    return out;
}

TEST(Store, CreatesTheAgreedSchema) {
    TempDir dir;
    const auto db = dir.path() / "sub" / "r.db";
    ASSERT_TRUE(ResultStore::open(db).ok());
    EXPECT_EQ(columns(db, "runs"),
              (std::vector<std::string>{"run_id", "started_at", "finished_at", "sweep_name",
                                        "sweep_file", "config_json", "master_seed", "git_revision",
                                        "engines_json", "host", "threads", "shard"}));
    EXPECT_EQ(columns(db, "games"),
              (std::vector<std::string>{
                  "game_key",     "run_id",       "sweep_name",   "cell_key",    "game_index",
                  "variant",      "white_army",   "black_army",   "rules",       "white_player",
                  "black_player", "players_json", "seed",         "start_fen",   "opening",
                  "moves",        "result",       "white_score",  "termination", "plies",
                  "duration_ms",  "finished_at",  "details_json", "spec_hash",   "white_points",
                  "black_points"}));
    EXPECT_EQ(columns(db, "rule_specs"),
              (std::vector<std::string>{"spec_hash", "variant", "rules", "cell_rules", "spec_toml",
                                        "origin", "recorded_at"}));
    EXPECT_EQ(columns(db, "run_rule_sets"),
              (std::vector<std::string>{"run_id", "rule_set", "spec_hash"}));
    auto store = ResultStore::open_existing(db);
    ASSERT_TRUE(store.ok());
    EXPECT_EQ(*store->integrity_check(), "ok");
}

// A new store at `file` with one run begun (its id in `run_id`) and kSpec's rules recorded.
ResultStore store_with_run(const std::filesystem::path& file, std::int64_t& run_id) {
    auto store = ResultStore::open(file);
    EXPECT_TRUE(store.ok()) << store.error().to_string();
    RunRow run;
    run.started_at = "2024-01-01T00:00:00Z";
    run.sweep_name = "s";
    auto id = store->begin_run(run);
    EXPECT_TRUE(id.ok());
    run_id = id ? *id : 0;
    EXPECT_TRUE(store->record_rule_spec(spec_row()).ok());
    return std::move(*store);
}

TEST(Store, AGameIsStoredOnceAndReadBackExactly) {
    TempDir dir;
    std::int64_t run_id = 0;
    auto store = store_with_run(dir.path() / "r.db", run_id);
    ASSERT_TRUE(store.record_run_rule_set(run_id, "baseline", spec_hash(kSpec)).ok());
    EXPECT_EQ(*store.insert_game(row("k#0", run_id)), true);
    EXPECT_EQ(*store.insert_game(row("k#0", run_id)), false);  // the primary key refuses
    EXPECT_EQ(*store.insert_game(row("k#1", run_id)), true);
    auto games = store.games();
    ASSERT_TRUE(games.ok());
    ASSERT_EQ(games->size(), 2u);
    const GameRow& g = games->front();
    EXPECT_EQ(g.seed, 0xFEDCBA9876543210ULL);
    EXPECT_EQ(g.moves, "e2e4 e7e5");
    EXPECT_EQ(g.white_score, 0.5);
    EXPECT_EQ(g.details_json, R"({"scores":[null,null]})");
    EXPECT_EQ(g.spec_hash, spec_hash(kSpec));
    EXPECT_FALSE(g.white_points);
    auto specs = store.rule_specs();
    ASSERT_TRUE(specs.ok());
    ASSERT_EQ(specs->size(), 1u);
    EXPECT_EQ(specs->front().spec_toml, kSpec);
    EXPECT_EQ(store.run_rule_sets(run_id)->front().second, spec_hash(kSpec));
    auto runs = store.runs();
    ASSERT_EQ(runs->size(), 1u);
    EXPECT_FALSE(runs->front().finished_at);
    ASSERT_TRUE(store.finish_run(run_id, "2024-01-02T00:00:00Z").ok());
    EXPECT_EQ(*store.runs()->front().finished_at, "2024-01-02T00:00:00Z");
}

TEST(Store, GamesComeByCellThenIndexHoweverTheyWereStored) {
    TempDir dir;
    std::int64_t run_id = 0;
    auto store = store_with_run(dir.path() / "r.db", run_id);
    // Stored out of order, with keys that differ in case and in length only, and indices that
    // sort differently as text ("10" before "9").
    const std::vector<std::pair<std::string, int>> stored{
        {"chess|fide|fide||b|a", 2}, {"chess|fide|fide||a|b", 10}, {"chess|fide|fide||B|a", 1},
        {"chess|fide|fide||a|b", 9}, {"chess|fide|fide||a|bb", 0}, {"chess|fide|fide||b|a", 1}};
    for (std::size_t i = 0; i < stored.size(); ++i) {
        GameRow g = row(stored[i].first + "#" + std::to_string(stored[i].second), run_id);
        g.cell_key = stored[i].first;
        g.game_index = stored[i].second;
        g.moves = "e2e4 move" + std::to_string(i);
        ASSERT_TRUE(*store.insert_game(g));
    }
    // The order SQLite's own ORDER BY gives, through the C API.
    std::vector<std::string> expected;
    sqlite3* handle = nullptr;
    ASSERT_EQ(sqlite3_open((dir.path() / "r.db").c_str(), &handle), SQLITE_OK);
    sqlite3_stmt* stmt = nullptr;
    sqlite3_prepare_v2(handle, "SELECT game_key FROM games ORDER BY cell_key, game_index", -1,
                       &stmt, nullptr);
    while (sqlite3_step(stmt) == SQLITE_ROW)
        expected.emplace_back(reinterpret_cast<const char*>(sqlite3_column_text(stmt, 0)));
    sqlite3_finalize(stmt);
    sqlite3_close(handle);
    auto games = store.games();
    ASSERT_TRUE(games.ok());
    std::vector<std::string> keys;
    for (const GameRow& g : *games) keys.push_back(g.game_key);
    EXPECT_EQ(keys, expected);
    EXPECT_EQ(keys.front(), "chess|fide|fide||B|a#1");
    EXPECT_EQ(keys[1], "chess|fide|fide||a|b#9");

    // visit_games: every game in the order stored, its long text apart from the row.
    std::vector<std::string> visited;
    const auto visit = [&](GameRow&& g, const PlayedText& text) {
        EXPECT_TRUE(g.moves.empty() && g.start_fen.empty() && g.details_json.empty());
        EXPECT_EQ(text.start_fen, row("", 0).start_fen);
        EXPECT_EQ(text.details_json, row("", 0).details_json);
        EXPECT_EQ(g.seed, 0xFEDCBA9876543210ULL);
        visited.push_back(std::string(text.moves));
    };
    ASSERT_TRUE(store.visit_games(visit).ok());
    ASSERT_EQ(visited.size(), stored.size());
    for (std::size_t i = 0; i < stored.size(); ++i)
        EXPECT_EQ(visited[i], "e2e4 move" + std::to_string(i));
}

TEST(Store, ForeignKeyToRunsIsEnforced) {
    TempDir dir;
    auto store = ResultStore::open(dir.path() / "r.db");
    ASSERT_TRUE(store.ok());
    EXPECT_FALSE(store->insert_game(row("k#0", 77)).ok());
}

TEST(Store, RefusesOtherSchemaVersionsAndForeignDatabases) {
    TempDir dir;
    const auto db = dir.path() / "r.db";
    ASSERT_TRUE(ResultStore::open(db).ok());
    sqlite3* handle = nullptr;
    sqlite3_open(db.c_str(), &handle);
    sqlite3_exec(handle, "PRAGMA user_version = 3", nullptr, nullptr, nullptr);
    sqlite3_close(handle);
    auto opened = ResultStore::open(db);
    ASSERT_FALSE(opened.ok());
    EXPECT_NE(opened.error().message.find("schema version 3, written by a newer balance"),
              std::string::npos)
        << opened.error().message;
    EXPECT_FALSE(ResultStore::open_existing(db).ok());

    const auto other = dir.path() / "other.db";
    sqlite3_open(other.c_str(), &handle);
    sqlite3_exec(handle, "CREATE TABLE t(x)", nullptr, nullptr, nullptr);
    sqlite3_close(handle);
    auto foreign = ResultStore::open(other);
    ASSERT_FALSE(foreign.ok());
    EXPECT_NE(foreign.error().message.find("not a balance results database"), std::string::npos);
    EXPECT_FALSE(ResultStore::open_existing(dir.path() / "missing.db").ok());
}

TEST(Store, AnyScoreInZeroToOneWithPointsIsStoredAndOthersRefused) {
    TempDir dir;
    auto store = ResultStore::open(dir.path() / "r.db");
    ASSERT_TRUE(store.ok());
    auto id = store->begin_run(RunRow{});
    ASSERT_TRUE(id.ok());
    ASSERT_TRUE(store->record_rule_spec(spec_row()).ok());
    GameRow scored = row("k#0", *id);
    scored.white_score = 0.75;
    scored.result = "0.75-0.25";
    scored.white_points = 6.0;
    scored.black_points = 2.0;
    EXPECT_EQ(*store->insert_game(scored), true);
    auto back = store->game("k#0");
    ASSERT_TRUE(back.ok() && *back);
    EXPECT_EQ((*back)->white_score, 0.75);
    EXPECT_EQ((*back)->white_points, 6.0);
    EXPECT_EQ((*back)->black_points, 2.0);
    GameRow bad = row("k#1", *id);
    bad.white_score = 1.5;
    EXPECT_FALSE(store->insert_game(bad).ok());
    GameRow no_rules = row("k#2", *id);
    no_rules.spec_hash.clear();
    EXPECT_FALSE(store->insert_game(no_rules).ok());
    EXPECT_FALSE(store->record_rule_spec(RuleSpecRow{"0000", "chess", "", "", kSpec, "sweep", ""})
                     .ok());  // a hash that is not the text's
}

// Reading a column or binding a parameter a statement does not have stops a debug build: SQLite
// itself would read NULL or ignore the value, and the store would go on with wrong data.
#ifdef NDEBUG
TEST(Store, ColumnsAndParametersOutsideTheStatementStopADebugBuild) {
    GTEST_SKIP() << "Release build: the checks are compiled away";
}
#else
TEST(Store, ColumnsAndParametersOutsideTheStatementStopADebugBuild) {
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    TempDir dir;
    auto db = Database::open(dir.path() / "r.db", Database::Mode::Create);
    ASSERT_TRUE(db.ok());
    auto stmt = (*db)->prepare("SELECT ?1, ?2");
    ASSERT_TRUE(stmt.ok());
    EXPECT_DEATH(stmt->bind(3, std::int64_t{7}), "invariant violated: i >= 1 && i <= parameters");
    stmt->bind(1, std::int64_t{7});
    stmt->bind(2, 0.5);
    ASSERT_EQ(stmt->step(), SQLITE_ROW);
    EXPECT_EQ(stmt->integer(0), 7);
    EXPECT_DEATH(static_cast<void>(stmt->integer(2)),
                 "invariant violated: column >= 0 && column < columns");
}
#endif

}  // namespace
}  // namespace balance::tournament
