// read_store without the games' long text (GameText::Dropped, what `balance serve` reads): the
// report is the one read_store gives with it, since the failures, the board's scores, the
// opening misses and the repeated games are taken from that text as it is read.

#include "balance/analysis/store_reader.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "../support/temp_dir.hpp"
#include "balance/analysis/render.hpp"
#include "balance/analysis/report_data.hpp"
#include "balance/config/variant_loader.hpp"
#include "balance/tournament/cell_key.hpp"
#include "balance/tournament/store.hpp"

namespace balance::analysis {
namespace {

using balance::testing::TempDir;

// A chess game of run 1 in `cell`, under the rules `hash`.
tournament::GameRow chess_game(const std::string& cell, int index, const std::string& hash,
                               const std::string& moves, const std::string& termination,
                               const std::string& details, double score) {
    tournament::GameRow g;
    g.cell_key = cell;
    g.game_index = index;
    g.game_key = tournament::game_key(g.cell_key, g.game_index);
    g.run_id = 1;
    g.sweep_name = "s";
    g.variant = "chess";
    g.white_army = g.black_army = "fide";
    g.white_player = "a";
    g.black_player = "b";
    g.players_json = R"({"white":{"type":"engine","nodes":300},"black":{"type":"greedy"}})";
    g.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    g.moves = moves;
    g.result = "*";
    g.white_score = score;
    g.termination = termination;
    g.plies = 2;
    g.finished_at = "2024-01-01T00:01:00Z";
    g.details_json = details;
    g.spec_hash = hash;
    return g;
}

// A store with run 1 and chess's rules; their hash in `hash`.
tournament::ResultStore open_store(const std::filesystem::path& db, std::string& hash) {
    auto store = tournament::ResultStore::open(db);
    EXPECT_TRUE(store.ok()) << store.error().to_string();
    tournament::RunRow run;
    run.run_id = 1;
    run.started_at = "2024-01-01T00:00:00Z";
    run.sweep_name = "s";
    // An imbalance window: a game stored with only its opening's score is judged by it.
    run.config_json = R"({"openings": {"max_imbalance_cp": 50}})";
    EXPECT_TRUE(store->begin_run(run).ok());
    auto text = config::spec_text_from_configs("chess", "");
    EXPECT_TRUE(text.ok()) << text.error().to_string();
    hash = tournament::spec_hash(*text);
    EXPECT_TRUE(
        store->record_rule_spec({hash, "chess", "", "", *text, "sweep", run.started_at}).ok());
    return std::move(*store);
}

constexpr const char* kCell = "chess|fide|fide||a|b";

// Games of one cell, each with something the text of a game can say.
void write_games(const std::filesystem::path& db) {
    std::string hash;
    auto store = open_store(db, hash);
    struct Game {
        std::string moves, termination, details;
        double score;
    };
    const Game games[] = {
        {"e2e4 e7e5", "checkmate", R"({"scores":[10,-20]})", 1.0},
        {"e2e4 e7e5", "checkmate", R"({"scores":[15,-25]})", 1.0},  // a repeat of game 0
        {"d2d4", "black-timeout",
         R"({"failure":{"side":"black","status":"timeout","detail":"late"},"scores":[1]})", 1.0},
        {"c2c4", "white-crashed", R"({"scores":[]})", 0.0},  // the termination names it
        {"g1f3", "repetition", R"({"opening_imbalance_cp":20,"opening_missed":true})", 0.5},
        {"b1c3", "repetition", R"({"opening_imbalance_cp":120})", 0.5},  // outside the window
        {"e2e3", "stalemate", R"({"board_score":0.5,"scores":[3]})", 0.5},
    };
    int index = 0;
    for (const Game& game : games) {
        ASSERT_TRUE(*store.insert_game(chess_game(kCell, index++, hash, game.moves,
                                                  game.termination, game.details, game.score)));
    }
}

std::string report_of(const Store& store) {
    VariantCatalog catalog(store.specs);
    return report_json(build_report(store, catalog, {})).dump(2);
}

TEST(StoreReader, WithoutTheGamesTextTheReportIsTheSame) {
    TempDir dir;
    const auto db = dir.path() / "r.db";
    write_games(db);
    const auto kept = read_store(db);
    const auto dropped = read_store(db, GameText::Dropped);
    ASSERT_TRUE(kept.ok()) << kept.error().to_string();
    ASSERT_TRUE(dropped.ok()) << dropped.error().to_string();
    ASSERT_EQ(kept->games.size(), 7u);
    ASSERT_EQ(dropped->games.size(), 7u);
    for (std::size_t i = 0; i < kept->games.size(); ++i) {
        const StoredGame& a = kept->games[i];
        const StoredGame& b = dropped->games[i];
        EXPECT_FALSE(a.moves.empty());
        EXPECT_TRUE(b.moves.empty() && b.start_fen.empty() && b.details_json.empty()) << i;
        EXPECT_EQ(a.game_index, b.game_index);
        EXPECT_EQ(a.failure_side, b.failure_side) << i;
        EXPECT_EQ(a.failure_status, b.failure_status) << i;
        EXPECT_EQ(a.board_white_score, b.board_white_score) << i;
        EXPECT_EQ(a.opening_missed, b.opening_missed) << i;
        EXPECT_EQ(a.fingerprint, b.fingerprint) << i;
    }
    // What the text said, read from it either way.
    const auto& games = dropped->games;
    EXPECT_EQ(games[0].fingerprint, games[1].fingerprint);
    EXPECT_NE(games[0].fingerprint, games[2].fingerprint);
    EXPECT_EQ(games[2].failure_side, "black");
    EXPECT_EQ(games[2].failure_status, "timeout");
    EXPECT_EQ(games[3].failure_side, "white");
    EXPECT_EQ(games[3].failure_status, "crashed");
    EXPECT_TRUE(games[4].opening_missed);
    EXPECT_TRUE(games[5].opening_missed);
    EXPECT_FALSE(games[0].opening_missed);
    EXPECT_EQ(games[6].board_white_score, 0.5);
    EXPECT_FALSE(games[0].board_white_score);

    EXPECT_EQ(report_of(*dropped), report_of(*kept));
    VariantCatalog catalog(dropped->specs);
    const auto cells = build_report(*dropped, catalog, {}).cells;
    ASSERT_EQ(cells.size(), 1u);
    EXPECT_EQ(cells[0].tally.distinct_games, 6);
    EXPECT_EQ(cells[0].tally.engine_failures, 2);
    EXPECT_EQ(cells[0].tally.openings_missed, 2);
}

}  // namespace
}  // namespace balance::analysis

namespace balance::analysis {
namespace {

std::vector<std::string> keys_of(const Store& store) {
    std::vector<std::string> keys;
    for (const StoredGame& game : store.games) keys.push_back(game.game_key);
    return keys;
}

TEST(StoreReader, AFollowerReadsOnlyTheGamesStoredSince) {
    TempDir dir;
    const auto db = dir.path() / "r.db";
    write_games(db);
    StoreFollower follower(db, GameText::Dropped);
    ASSERT_TRUE(follower.update().ok());
    EXPECT_EQ(follower.games_read(), 7);
    {
        // Two more: one in a cell whose key sorts before the others', one at the end of its own.
        std::string hash;
        auto store = tournament::ResultStore::open(db);
        ASSERT_TRUE(store.ok());
        hash = store->rule_specs()->front().spec_hash;
        ASSERT_TRUE(*store->insert_game(
            chess_game("chess|fide|fide||a|a", 3, hash, "a2a3", "checkmate", "{}", 0.0)));
        ASSERT_TRUE(
            *store->insert_game(chess_game(kCell, 7, hash, "h2h3", "checkmate", "{}", 1.0)));
    }
    auto later = follower.update();
    ASSERT_TRUE(later.ok()) << later.error().to_string();
    EXPECT_EQ(follower.games_read(), 2);
    const auto whole = read_store(db, GameText::Dropped);
    ASSERT_TRUE(whole.ok());
    EXPECT_EQ(keys_of(**later), keys_of(*whole));
    EXPECT_EQ(report_of(**later), report_of(*whole));
    // Nothing new: nothing read.
    ASSERT_TRUE(follower.update().ok());
    EXPECT_EQ(follower.games_read(), 0);

    // Another file in its place, with fewer games: read whole.
    const auto other = dir.path() / "other.db";
    {
        std::string hash;
        auto store = open_store(other, hash);
        ASSERT_TRUE(*store.insert_game(chess_game(kCell, 0, hash, "e2e4", "checkmate", "{}", 1.0)));
    }
    std::filesystem::rename(other, db);
    auto replaced = follower.update();
    ASSERT_TRUE(replaced.ok()) << replaced.error().to_string();
    EXPECT_EQ(follower.games_read(), 1);
    EXPECT_EQ((*replaced)->games.size(), 1u);
}

}  // namespace
}  // namespace balance::analysis
