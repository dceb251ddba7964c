#pragma once
// Builds small results stores for the report, values and sprt tests, with exactly the DDL of
// schema version 1 in tournament/RESULTS_SCHEMA.md (the contract tournament/ writes), so the
// readers are tested against the agreed schema rather than against whatever the writer happens
// to do today, and go on reading schema-1 databases as they are (their rules from configs/).

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "../support/variants.hpp"
#include "balance/core/game.hpp"

namespace balance::cli::testing {

inline constexpr const char* kResultsSchema = R"(
PRAGMA user_version = 1;
CREATE TABLE runs (
  run_id        INTEGER PRIMARY KEY,
  started_at    TEXT NOT NULL,
  finished_at   TEXT,
  sweep_name    TEXT NOT NULL,
  sweep_file    TEXT NOT NULL,
  config_json   TEXT NOT NULL,
  master_seed   INTEGER NOT NULL,
  git_revision  TEXT NOT NULL,
  engines_json  TEXT NOT NULL,
  host          TEXT NOT NULL,
  threads       INTEGER NOT NULL,
  shard         TEXT NOT NULL
);
CREATE TABLE games (
  game_key      TEXT PRIMARY KEY,
  run_id        INTEGER NOT NULL REFERENCES runs(run_id),
  sweep_name    TEXT NOT NULL,
  cell_key      TEXT NOT NULL,
  game_index    INTEGER NOT NULL,
  variant       TEXT NOT NULL,
  white_army    TEXT NOT NULL,
  black_army    TEXT NOT NULL,
  rules         TEXT NOT NULL,
  white_player  TEXT NOT NULL,
  black_player  TEXT NOT NULL,
  players_json  TEXT NOT NULL,
  seed          INTEGER NOT NULL,
  start_fen     TEXT NOT NULL,
  opening       TEXT NOT NULL,
  moves         TEXT NOT NULL,
  result        TEXT NOT NULL,
  white_score   REAL NOT NULL,
  termination   TEXT NOT NULL,
  plies         INTEGER NOT NULL,
  duration_ms   INTEGER NOT NULL,
  finished_at   TEXT NOT NULL,
  details_json  TEXT NOT NULL
);
CREATE INDEX games_cell ON games(cell_key);
)";

inline constexpr const char* kChessStart =
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// One stored game; the cell fields default to an orthodox-chess game.
struct TestGame {
    std::string variant = "chess";
    std::string white = "fide";
    std::string black = "fide";
    std::string rules;
    std::string white_player = "engine";
    std::string black_player = "engine";
    std::int64_t game_index = -1;  // -1: the next free index of the cell
    double white_score = 0.5;
    std::string termination;  // default: checkmate for decisive games, repetition for draws
    std::int64_t plies = 60;
    std::string start_fen = kChessStart;
    std::string opening;
    std::string moves;
    std::string details_json = R"({"scores": []})";
    std::string players_json = "{}";  // the players' settings: {"white": {...}, "black": {...}}
};

class TestStore {
  public:
    explicit TestStore(const std::filesystem::path& path) : path_(path) {
        std::filesystem::remove(path);
        EXPECT_EQ(sqlite3_open(path.string().c_str(), &db_), SQLITE_OK);
        // Test stores need no durability: without fsync per game they build in milliseconds.
        exec("PRAGMA synchronous = OFF; PRAGMA journal_mode = MEMORY;");
        exec(kResultsSchema);
        exec(
            "INSERT INTO runs VALUES (1, '2025-01-01T00:00:00Z', '2025-01-01T01:00:00Z', "
            "'test-sweep', 'configs/sweeps/test.toml', '{}', 42, 'abc123', '{}', 'host', 2, "
            "'1/1')");
    }
    ~TestStore() { sqlite3_close(db_); }
    TestStore(const TestStore&) = delete;
    TestStore& operator=(const TestStore&) = delete;

    void exec(const std::string& sql) {
        char* message = nullptr;
        if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &message) != SQLITE_OK) {
            ADD_FAILURE() << "sqlite: " << (message ? message : "?") << " in " << sql;
            sqlite3_free(message);
        }
    }

    void add(TestGame g) {
        const std::string cell = fmt::format("{}|{}|{}|{}|{}|{}", g.variant, g.white, g.black,
                                             g.rules, g.white_player, g.black_player);
        if (g.game_index < 0) g.game_index = next_index_[cell]++;
        if (g.termination.empty())
            g.termination = g.white_score == 0.5 ? "repetition" : "checkmate";
        const char* result = g.white_score == 1.0   ? "1-0"
                             : g.white_score == 0.0 ? "0-1"
                                                    : "1/2-1/2";
        sqlite3_stmt* s = nullptr;
        ASSERT_EQ(sqlite3_prepare_v2(db_,
                                     "INSERT INTO games VALUES (?, 1, 'test-sweep', ?, ?, ?, ?, ?, "
                                     "?, ?, ?, ?, 7, ?, ?, ?, ?, ?, ?, ?, 1000, "
                                     "'2025-01-01T00:30:00Z', ?)",
                                     -1, &s, nullptr),
                  SQLITE_OK);
        const std::string key = fmt::format("{}#{}", cell, g.game_index);
        int i = 0;
        const auto text = [&](const std::string& v) {
            sqlite3_bind_text(s, ++i, v.c_str(), -1, SQLITE_TRANSIENT);
        };
        text(key);
        text(cell);
        sqlite3_bind_int64(s, ++i, g.game_index);
        text(g.variant);
        text(g.white);
        text(g.black);
        text(g.rules);
        text(g.white_player);
        text(g.black_player);
        text(g.players_json);
        text(g.start_fen);
        text(g.opening);
        text(g.moves);
        text(result);
        sqlite3_bind_double(s, ++i, g.white_score);
        text(g.termination);
        sqlite3_bind_int64(s, ++i, g.plies);
        text(g.details_json);
        EXPECT_EQ(sqlite3_step(s), SQLITE_DONE) << sqlite3_errmsg(db_);
        sqlite3_finalize(s);
    }

    // `wins` White wins, `draws` draws and `losses` Black wins of one cell (copies of `base`).
    void add_counts(const TestGame& base, int wins, int draws, int losses) {
        for (int k = 0; k < wins + draws + losses; ++k) {
            TestGame g = base;
            g.white_score = k < wins ? 1.0 : k < wins + draws ? 0.5 : 0.0;
            add(g);
        }
    }

    const std::filesystem::path& path() const { return path_; }

  private:
    std::filesystem::path path_;
    sqlite3* db_ = nullptr;
    std::map<std::string, std::int64_t> next_index_;
};

// An asymmetric-chess cell (armies by name).
inline TestGame asymmetric(const std::string& white, const std::string& black,
                           const std::string& rules = "") {
    TestGame g;
    g.variant = "asymmetric";
    g.white = white;
    g.black = black;
    g.rules = rules;
    return g;
}

// Random legal orthodox-chess games of up to `plies` plies whose outcomes are drawn from a
// logistic model of their FINAL material: logit P(White) = intercept + sum_t logit[t] * (White's
// minus Black's count of t), t = pawn, knight, bishop, rook, queen. Draws take half of the
// smaller tail, so the expected score is exactly the model's. A fit that samples only the last
// position (min ply = plies, one per game) must give back logit[t] / logit[0] in pawns.
inline void add_random_chess_games(TestStore& store, int games, int plies, std::uint64_t seed,
                                   const std::vector<double>& logit, double intercept) {
    static const std::vector<std::string> names{"pawn", "knight", "bishop", "rook", "queen"};
    const core::VariantSpec spec = balance::testing::load_shipped("chess");
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    store.exec("BEGIN");
    for (int g = 0; g < games; ++g) {
        core::Game game = balance::testing::make_game(spec, "fide", "fide");
        std::string moves;
        for (int ply = 0; ply < plies; ++ply) {
            const auto legal = game.legal_moves();
            if (legal.empty()) break;
            const core::Move m = legal[static_cast<std::size_t>(unit(rng) * legal.size())];
            moves += (moves.empty() ? "" : " ") + game.uci(m);
            game.play(m);
        }
        const double eta = game.visit([&](const auto& pos) {
            double sum = intercept;
            const auto& pieces = pos.rules().pieces;
            for (std::size_t t = 0; t < pieces.size(); ++t) {
                const auto it = std::find(names.begin(), names.end(), pieces[t].name);
                if (it == names.end()) continue;
                const int type = static_cast<int>(t);
                sum += logit[it - names.begin()] *
                       (pos.count(core::Color::White, type) - pos.count(core::Color::Black, type));
            }
            return sum;
        });
        const double mu = 1.0 / (1.0 + std::exp(-eta));
        const double d = 0.5 * std::min(2.0 * mu, 2.0 - 2.0 * mu);
        const double r = unit(rng);
        TestGame stored;
        stored.moves = moves;
        stored.plies = plies;
        stored.white_score = r < mu - d / 2 ? 1.0 : r < mu + d / 2 ? 0.5 : 0.0;
        stored.termination = "adjudication-max-plies";
        store.add(stored);
    }
    store.exec("COMMIT");
}

}  // namespace balance::cli::testing
