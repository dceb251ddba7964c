// Running sweeps in-process: thread-count independence, resuming, shards + merge, refusing a
// foreign database, adaptive waves, and player failures recorded as lost games.

#include <gtest/gtest.h>

#include "../support/sweep_support.hpp"
#include "balance/tournament/merge.hpp"
#include "balance/tournament/sweep_json.hpp"

namespace balance::tournament {
namespace {

using testing::TempDir;

// The games of `sweep` played with one thread and with two, into databases of their own.
std::pair<testing::RunResult, testing::RunResult> at_one_and_two_threads(const TempDir& dir,
                                                                         const Sweep& sweep) {
    RunOptions one, two;
    one.threads = 1;
    two.threads = 2;
    return {testing::run(sweep, dir.path() / "one.db", one),
            testing::run(sweep, dir.path() / "two.db", two)};
}

TEST(Runner, OneAndTwoThreadsStoreIdenticalGames) {
    TempDir dir;
    const auto [a, b] = at_one_and_two_threads(dir, testing::load(dir, testing::small_sweep(6)));
    EXPECT_EQ(a.games.size(), 12u);
    EXPECT_EQ(a.summary.played, 12);
    EXPECT_FALSE(a.summary.stopped);
    EXPECT_EQ(a.games, b.games);
}

// small_sweep with its openings scored against a window (around the start's own score).
std::string windowed(std::string text, const std::string& keys = "") {
    return text.replace(text.find("plies = 2\n"), 10,
                        "plies = 2\nmax_imbalance_cp = 40\nimbalance_nodes = 200\n" + keys);
}

TEST(Runner, WindowedOpeningsAreTheSameAtAnyThreadCount) {
    TempDir dir;
    const auto [a, b] =
        at_one_and_two_threads(dir, testing::load(dir, windowed(testing::small_sweep(4))));
    EXPECT_EQ(a.games.size(), 8u);
    EXPECT_EQ(a.games, b.games);
}

// A window around the start's own score keeps other openings than one around 0: a sweep of
// either is another sweep, and centre = "zero" keeps the identity of the sweeps before the
// option (no "centre" key).
TEST(SweepJson, TheWindowsCentreIsPartOfTheSweepsIdentity) {
    TempDir dir;
    const std::string start = config_json(testing::load(dir, windowed(testing::small_sweep(1))));
    const std::string zero = config_json(
        testing::load(dir, windowed(testing::small_sweep(1), "centre = \"zero\"\n"), "z.toml"));
    EXPECT_EQ(config_differences(start, zero), "openings");
    EXPECT_NE(start.find("\"centre\":\"start\""), std::string::npos) << start;
    EXPECT_EQ(zero.find("centre"), std::string::npos) << zero;
    // on_miss decides whether a sweep goes on, not which games it plays.
    const std::string refuse = config_json(
        testing::load(dir, windowed(testing::small_sweep(1), "on_miss = \"refuse\"\n"), "r.toml"));
    EXPECT_EQ(config_differences(start, refuse), "");
}

// A book is the sweep's by its positions, not by the path it was typed as: the same sweep file
// read from another working directory (a restored checkpoint resumed from the repository's
// root) is the same sweep; a changed position is another.
TEST(SweepJson, ABooksPathAsTypedIsNotPartOfTheSweepsIdentity) {
    TempDir dir;
    std::string text = testing::small_sweep(1);
    const auto book_at = text.find("[openings]");
    ASSERT_NE(book_at, std::string::npos) << text;
    text =
        text.substr(0, book_at) +
        "[openings]\ntype = \"book\"\npositions = [\"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w "
        "KQkq - 0 1\"]\n[adjudication]\nmax_plies = 40\n";
    const Sweep here = testing::load(dir, text, "book.toml");
    Sweep elsewhere = here;
    elsewhere.openings.book_file = "configs/sweeps/book.toml ([openings] positions)";
    EXPECT_NE(config_json(here), config_json(elsewhere));
    EXPECT_EQ(config_differences(config_json(here), config_json(elsewhere)), "");
    Sweep other_book = elsewhere;
    other_book.openings.book.front() = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
    EXPECT_EQ(config_differences(config_json(here), config_json(other_book)), "openings");
}

TEST(Runner, ResumeSkipsStoredGamesAndEndsWithTheSameSet) {
    TempDir dir;
    const Sweep sweep = testing::load(dir, testing::small_sweep(5));
    const auto full = testing::run(sweep, dir.path() / "full.db");

    RunOptions partial;
    partial.threads = 2;
    partial.max_games = 4;
    const auto first = testing::run(sweep, dir.path() / "resumed.db", partial);
    EXPECT_EQ(first.summary.played, 4);
    EXPECT_TRUE(first.summary.stopped);
    EXPECT_EQ(first.summary.remaining, 6);
    EXPECT_EQ(first.games.size(), 4u);

    const auto second = testing::run(sweep, dir.path() / "resumed.db");
    EXPECT_EQ(second.summary.already_stored, 4);
    EXPECT_EQ(second.summary.played, 6);
    EXPECT_EQ(second.games, full.games);
    // A third run has nothing left to do.
    const auto third = testing::run(sweep, dir.path() / "resumed.db");
    EXPECT_EQ(third.summary.played, 0);

    auto store = ResultStore::open_existing(dir.path() / "resumed.db");
    ASSERT_TRUE(store.ok());
    auto runs = store->runs();
    ASSERT_TRUE(runs.ok());
    ASSERT_EQ(runs->size(), 3u);  // a run record per invocation
    for (const auto& run : *runs) {
        EXPECT_TRUE(run.finished_at.has_value());
        EXPECT_EQ(run.config_json, config_json(sweep));
        EXPECT_EQ(run.master_seed, 42u);
    }
}

TEST(Runner, ShardsMergeIntoTheFullSetWithoutDuplicates) {
    TempDir dir;
    const Sweep sweep = testing::load(dir, testing::small_sweep(6));
    const auto full = testing::run(sweep, dir.path() / "full.db");
    std::vector<std::filesystem::path> parts;
    std::size_t total = 0;
    for (int k = 1; k <= 3; ++k) {
        RunOptions options;
        options.shard = Shard{k, 3};
        parts.push_back(dir.path() / ("part" + std::to_string(k) + ".db"));
        const auto part = testing::run(sweep, parts.back(), options);
        total += part.games.size();
        for (const auto& [key, game] : part.games) EXPECT_EQ(full.games.at(key), game);
    }
    EXPECT_EQ(total, full.games.size());
    const auto merged = dir.path() / "merged.db";
    auto summary = merge_databases(merged, parts, false);
    ASSERT_TRUE(summary.ok()) << summary.error().to_string();
    EXPECT_EQ(summary->games, static_cast<std::int64_t>(full.games.size()));
    EXPECT_EQ(summary->runs, 3);
    EXPECT_EQ(testing::stored_games(merged), full.games);
    // Merging the same parts again adds nothing.
    auto again = merge_databases(merged, parts, false);
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(again->games, 0);
    EXPECT_EQ(again->duplicates, static_cast<std::int64_t>(full.games.size()));
    EXPECT_EQ(again->conflicts, 0);
    EXPECT_EQ(testing::stored_games(merged), full.games);
}

// The same small sweep with another master seed: a different configuration.
std::string reseeded(std::string text) {
    return text.replace(text.find("seed = 42"), 9, "seed = 43");
}

TEST(Runner, MergeRefusesDatabasesOfAnotherSweep) {
    TempDir dir;
    const auto a =
        testing::run(testing::load(dir, testing::small_sweep(1), "a.toml"), dir.path() / "a.db");
    const auto b = testing::run(testing::load(dir, reseeded(testing::small_sweep(1)), "b.toml"),
                                dir.path() / "b.db");
    auto merged =
        merge_databases(dir.path() / "m.db", {dir.path() / "a.db", dir.path() / "b.db"}, false);
    ASSERT_FALSE(merged.ok());
    EXPECT_NE(merged.error().message.find("different sweep configuration"), std::string::npos);
    EXPECT_NE(merged.error().message.find("differs in: seed)"), std::string::npos)
        << merged.error().message;
    EXPECT_FALSE(std::filesystem::exists(dir.path() / "m.db"));  // checked before writing
    EXPECT_TRUE(
        merge_databases(dir.path() / "m.db", {dir.path() / "a.db", dir.path() / "b.db"}, true)
            .ok());
}

TEST(Runner, ADatabaseOfAnotherConfigurationIsRefused) {
    TempDir dir;
    const Sweep sweep = testing::load(dir, testing::small_sweep(1));
    testing::run(sweep, dir.path() / "x.db");
    const Sweep changed = testing::load(dir, reseeded(testing::small_sweep(1)), "changed.toml");
    auto store = ResultStore::open(dir.path() / "x.db");
    ASSERT_TRUE(store.ok());
    EXPECT_TRUE(check_same_sweep(*store, config_json(sweep)).ok());
    auto refused = check_same_sweep(*store, config_json(changed));
    ASSERT_FALSE(refused.ok());
    EXPECT_NE(refused.error().message.find("--force"), std::string::npos);
    EXPECT_NE(refused.error().message.find("differs in: seed"), std::string::npos)
        << refused.error().message;
}

// More games per cell is the same study, longer: the stored games stay (a game's key and seed
// depend on its cell and index only) and a resume plays just the new indices.
TEST(Runner, RaisingGamesPerCellExtendsTheStudy) {
    TempDir dir;
    const auto small =
        testing::run(testing::load(dir, testing::small_sweep(1)), dir.path() / "x.db");
    const Sweep longer = testing::load(dir, testing::small_sweep(3), "longer.toml");
    {
        auto store = ResultStore::open(dir.path() / "x.db");
        ASSERT_TRUE(store.ok());
        EXPECT_TRUE(check_same_sweep(*store, config_json(longer)).ok());
    }
    const auto extended = testing::run(longer, dir.path() / "x.db");
    const auto fresh = testing::run(longer, dir.path() / "fresh.db");
    EXPECT_EQ(extended.summary.played,
              static_cast<std::int64_t>(fresh.games.size() - small.games.size()));
    EXPECT_EQ(testing::stored_games(dir.path() / "x.db"), fresh.games);
    for (const auto& [key, game] : small.games) EXPECT_EQ(fresh.games.at(key), game);
}

TEST(SweepJson, ConfigDifferencesNameTheSettingsAndIgnoreTheSizes) {
    TempDir dir;
    const std::string one = config_json(testing::load(dir, testing::small_sweep(1)));
    EXPECT_EQ(config_differences(one, one), "");
    EXPECT_EQ(
        config_differences(one, config_json(testing::load(dir, testing::small_sweep(7), "b.toml"))),
        "");
    std::string other = reseeded(testing::small_sweep(1));
    other.replace(other.find("nodes = 300"), 11, "nodes = 301");
    EXPECT_EQ(config_differences(one, config_json(testing::load(dir, other, "c.toml"))),
              "seed, players");
    EXPECT_EQ(config_differences("not json", one), "(the whole configuration)");
    EXPECT_EQ(config_differences("not json", "not json"), "");
}

TEST(Runner, AdaptiveWavesAreReproducibleAcrossInterruptions) {
    TempDir dir;
    const std::string text = R"(
name = "adaptive"
variant = "chess"
seed = 5
matchups = [["rnd", "greedy"], ["greedy", "rnd"]]
[players.rnd]
type = "random"
[players.greedy]
type = "greedy"
[adjudication]
max_plies = 30
[adaptive]
target_half_width = 0.2
budget = 30
initial_games = 4
wave_games = 5
)";
    const Sweep sweep = testing::load(dir, text);
    const auto full = testing::run(sweep, dir.path() / "full.db");
    EXPECT_GT(full.games.size(), 8u);  // more than the first wave
    EXPECT_LE(full.games.size(), 30u);
    for (int cut : {3, 9}) {
        const auto db = dir.path() / ("cut" + std::to_string(cut) + ".db");
        RunOptions partial;
        partial.max_games = cut;
        partial.threads = 2;
        EXPECT_EQ(testing::run(sweep, db, partial).games.size(), static_cast<std::size_t>(cut));
        EXPECT_EQ(testing::run(sweep, db).games, full.games) << "cut after " << cut;
    }
    RunOptions sharded;
    sharded.shard = Shard{1, 2};
    auto store = ResultStore::open(dir.path() / "shard.db");
    std::atomic<bool> stop{false};
    EXPECT_FALSE(run_sweep(sweep, *store, sharded, make_player, stop).ok());
}

// Crashes at its third move of every game.
class FlakyPlayer : public players::Player {
  public:
    std::string name() const override { return "flaky"; }
    void new_game() override { moves_ = 0; }
    players::MoveReply choose_move(const core::Game& game, const players::SearchLimits&,
                                   std::uint64_t) override {
        players::MoveReply reply;
        if (++moves_ == 3) {
            reply.status = players::MoveStatus::Crashed;
            reply.detail = "segfault (simulated)";
            return reply;
        }
        reply.move = game.legal_moves().front();
        return reply;
    }

  private:
    int moves_ = 0;
};

TEST(Runner, PlayerFailuresAreStoredAsLossesForThatSide) {
    TempDir dir;
    const Sweep sweep = testing::load(dir, testing::small_sweep(2));
    const PlayerFactory factory =
        [](const PlayerSpec& spec) -> Result<std::unique_ptr<players::Player>> {
        if (spec.name == "tiny") return std::unique_ptr<players::Player>(new FlakyPlayer);
        return make_player(spec);
    };
    testing::run(sweep, dir.path() / "f.db", {}, factory);
    auto store = ResultStore::open_existing(dir.path() / "f.db");
    ASSERT_TRUE(store.ok());
    auto games = store->games();
    ASSERT_TRUE(games.ok());
    ASSERT_EQ(games->size(), 4u);
    for (const auto& g : *games) {
        const bool tiny_white = g.white_player == "tiny";
        EXPECT_EQ(g.termination, tiny_white ? "white-crashed" : "black-crashed") << g.game_key;
        EXPECT_EQ(g.result, tiny_white ? "0-1" : "1-0");
        EXPECT_NE(g.details_json.find("\"status\":\"crashed\""), std::string::npos);
        EXPECT_NE(g.details_json.find("segfault (simulated)"), std::string::npos);
    }
}

// Merges `source` into the live database once, after the run's first stored game: the games
// this run has still to play are then stored by another process (a merge into its database).
class MergeAfterFirstGame final : public ProgressObserver {
  public:
    MergeAfterFirstGame(std::filesystem::path live, std::filesystem::path source)
        : live_(std::move(live)), source_(std::move(source)) {}
    void update(const Progress& progress) override {
        if (merged_ || progress.done < 1) return;
        merged_ = true;
        auto summary = merge_databases(live_, {source_}, false);
        EXPECT_TRUE(summary.ok()) << (summary ? "" : summary.error().to_string());
    }
    void finish(const Progress&) override {}

  private:
    std::filesystem::path live_, source_;
    bool merged_ = false;
};

TEST(Runner, GamesAnotherProcessStoredMeanwhileCountAsStored) {
    TempDir dir;
    const Sweep sweep = testing::load(dir, testing::small_sweep(5));
    const auto full = testing::run(sweep, dir.path() / "full.db");
    const auto live = dir.path() / "live.db";
    MergeAfterFirstGame merger(live, dir.path() / "full.db");
    std::atomic<bool> stop{false};
    RunOptions options;
    options.threads = 1;
    Result<RunSummary> summary = make_error("not run");
    {
        auto store = ResultStore::open(live);
        ASSERT_TRUE(store.ok()) << store.error().to_string();
        summary = run_sweep(sweep, *store, options, make_player, stop, &merger);
    }
    ASSERT_TRUE(summary.ok()) << summary.error().to_string();
    EXPECT_EQ(summary->remaining, 0);
    EXPECT_FALSE(summary->stopped);
    EXPECT_EQ(testing::stored_games(live), full.games);
}

}  // namespace
}  // namespace balance::tournament
