// The tuning rounds driven as a library (runs::tune_rounds) on a tiny chess sweep: round 0's
// self-play and fit, the match of each fit against the weights it came from and its verdict, a
// re-run that resumes without playing a game, a stop part-way and its resumption, and the
// refusals (another sweep's database, a sweep without an engine player).

#include "balance/runs/tune_rounds.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <string>
#include <vector>

#include "../support/sample_sweeps.hpp"
#include "../support/temp_dir.hpp"
#include "balance/config/sweep_reader.hpp"

namespace balance::runs {
namespace {

using balance::testing::TempDir;

using balance::testing::tiny_tune_sweep;

// `seed`, 16 games of self-play a round unless `games`, the players `player` describes.
std::string tune_rounds_sweep(int seed, const std::string& player, int games = 16) {
    return tiny_tune_sweep(seed, games, player);
}

const std::string kTinyEngine = balance::testing::kTinyTunePlayer;

tournament::Sweep load_tune_sweep(const TempDir& dir, const std::string& text) {
    auto sweep = config::load_sweep(dir.write("tiny.toml", text));
    EXPECT_TRUE(sweep.ok()) << (sweep ? "" : sweep.error().to_string());
    return sweep ? *sweep : tournament::Sweep{};
}

std::int64_t tune_stored_games(const std::string& db) {
    return balance::testing::count_rows(db, "SELECT COUNT(*) FROM games");
}

// What the rounds told as they went.
struct TuneHeard {
    std::vector<std::string> playing;
    std::vector<TuneRoundsStop> stops;
    std::vector<int> finished;
    TuneRoundsObserver observer() {
        TuneRoundsObserver o;
        o.playing = [this](const std::string& sweep) -> tournament::ProgressObserver* {
            playing.push_back(sweep);
            return nullptr;
        };
        o.stopped = [this](const TuneRoundsStop& stop) { stops.push_back(stop); };
        o.finished = [this](const TuneRound& round) { finished.push_back(round.index); };
        return o;
    }
};

TuneRoundsSettings tune_settings(const TempDir& dir, int rounds) {
    TuneRoundsSettings settings;
    settings.db = (dir.path() / "tiny-tune.db").string();
    settings.threads = 2;
    settings.rounds = rounds;
    settings.match_games = 20;
    settings.fit.min_ply = 8;
    return settings;
}

// Round r >= 1 played by round r-1's fit, met it, and was judged by its interval.
void expect_round_chain(const TuneRoundsOutcome& result, int match_games) {
    for (std::size_t r = 1; r < result.rounds.size(); ++r) {
        const TuneRound& round = result.rounds[r];
        const TuneRound& before = result.rounds[r - 1];
        ASSERT_TRUE(before.fit) << r;
        EXPECT_EQ(round.played, before.fit->weights) << r;
        ASSERT_TRUE(round.match) << r;
        EXPECT_EQ(round.match_wdl.games(), match_games) << r;
        EXPECT_EQ(round.gains, round.match->lower > 0.5) << r;
    }
}

TEST(TuneRounds, PlaysFitsAndMatchesEachFitAgainstTheWeightsItCameFrom) {
    TempDir dir;
    const tournament::Sweep sweep = load_tune_sweep(dir, tune_rounds_sweep(5, kTinyEngine));
    const TuneRoundsSettings settings = tune_settings(dir, 2);
    TuneHeard heard;
    std::atomic<bool> stop{false};
    auto result = tune_rounds(sweep, settings, heard.observer(), stop);
    ASSERT_TRUE(result.ok()) << result.error().to_string();
    EXPECT_FALSE(result->stopped);
    EXPECT_EQ(result->player, "tiny");
    EXPECT_EQ(result->db, settings.db);

    // Round 0: the hand-set weights against themselves, 16 games, fitted from them.
    ASSERT_GE(result->rounds.size(), 2u);
    const TuneRound& first = result->rounds[0];
    EXPECT_EQ(first.player, "tiny-r0");
    EXPECT_FALSE(first.played);
    EXPECT_FALSE(first.match);
    EXPECT_EQ(first.games, 16);
    ASSERT_TRUE(first.fit);
    EXPECT_GT(first.fit->positions, 20);
    EXPECT_LT(first.fit->fit.error_after, first.fit->fit.error_before);
    EXPECT_NE(first.fit->weights, players::engine::EvalWeights{});
    expect_round_chain(*result, 20);

    // The loop ends at the first match that does not gain, else after two matches; the result
    // is the last weights that gained.
    const TuneRound& last = result->rounds.back();
    for (std::size_t r = 1; r + 1 < result->rounds.size(); ++r)
        EXPECT_TRUE(result->rounds[r].gains) << r;
    EXPECT_TRUE(!last.gains || last.index == 2);
    EXPECT_EQ(last.fit.has_value(), false);
    EXPECT_EQ(result->best, last.gains ? last.index : last.index - 1);
    EXPECT_EQ(result->weights, result->rounds[result->best].played);

    std::vector<std::string> expected = {sweep.name + "-r0"};
    for (const auto& round : result->rounds) {
        if (round.index == 0) continue;
        expected.push_back(sweep.name + "-r" + std::to_string(round.index) + "-match");
        if (round.fit) expected.push_back(sweep.name + "-r" + std::to_string(round.index));
    }
    EXPECT_EQ(heard.playing, expected);
    std::vector<int> indices;
    for (const auto& round : result->rounds) indices.push_back(round.index);
    EXPECT_EQ(heard.finished, indices);
    EXPECT_EQ(result->played, tune_stored_games(settings.db));

    // The same call again resumes: every game is stored, the fits give the same weights.
    TuneHeard again;
    auto resumed = tune_rounds(sweep, settings, again.observer(), stop);
    ASSERT_TRUE(resumed.ok()) << resumed.error().to_string();
    EXPECT_EQ(resumed->played, 0);
    EXPECT_EQ(resumed->rounds.size(), result->rounds.size());
    EXPECT_EQ(resumed->best, result->best);
    EXPECT_EQ(resumed->weights, result->weights);
    EXPECT_EQ(again.playing, expected);
    EXPECT_EQ(tune_stored_games(settings.db), result->played);
}

// Weights that count a queen and a rook as a pawn: round 0's fit (to 200 games) plays far
// better, so round 1 plays its own self-play by it, and its fit meets it in round 2.
TEST(TuneRounds, AFitThatGainsPlaysTheNextRound) {
    TempDir dir;
    const tournament::Sweep sweep = load_tune_sweep(dir, tune_rounds_sweep(7, kTinyEngine, 100));
    TuneRoundsSettings settings = tune_settings(dir, 2);
    settings.match_games = 40;
    players::engine::EvalWeights start;
    start.pieces["queen"].material = players::engine::Score{100, 100};
    start.pieces["rook"].material = players::engine::Score{100, 100};
    settings.start = start;
    std::atomic<bool> stop{false};
    auto result = tune_rounds(sweep, settings, {}, stop);
    ASSERT_TRUE(result.ok()) << result.error().to_string();
    ASSERT_EQ(result->rounds.size(), 3u);
    EXPECT_EQ(result->rounds[0].played, start);
    expect_round_chain(*result, 40);
    const TuneRound& second = result->rounds[1];
    EXPECT_TRUE(second.gains) << second.match_wdl.wins << "-" << second.match_wdl.draws << "-"
                              << second.match_wdl.losses;
    EXPECT_GT(second.match->estimate, 0.6);
    ASSERT_TRUE(second.fit);
    EXPECT_EQ(second.games, 100);
    // Round 2 is the last match (--rounds 2): no self-play after it.
    const TuneRound& third = result->rounds[2];
    EXPECT_FALSE(third.fit);
    EXPECT_EQ(result->best, third.gains ? 2 : 1);
    EXPECT_EQ(result->weights, result->rounds[result->best].played);
    ASSERT_TRUE(result->weights);
    EXPECT_GT(result->weights->pieces.at("queen").material->mg, 200);
    EXPECT_EQ(result->played, 100 + 40 + 100 + 40);
}

TEST(TuneRounds, StopsAtMaxGamesAndTheSameCallResumes) {
    TempDir dir;
    const tournament::Sweep sweep = load_tune_sweep(dir, tune_rounds_sweep(5, kTinyEngine));
    TuneRoundsSettings settings = tune_settings(dir, 1);
    settings.max_games = 10;
    TuneHeard heard;
    std::atomic<bool> stop{false};
    auto stopped = tune_rounds(sweep, settings, heard.observer(), stop);
    ASSERT_TRUE(stopped.ok()) << stopped.error().to_string();
    EXPECT_TRUE(stopped->stopped);
    EXPECT_EQ(stopped->ending, Ending::MaxGames);
    EXPECT_TRUE(stopped->rounds.empty());
    EXPECT_EQ(stopped->played, 10);
    EXPECT_EQ(stopped->in_progress, sweep.name + "-r0: 10 of its 16 games stored");
    ASSERT_EQ(heard.stops.size(), 1u);
    EXPECT_EQ(heard.stops[0].summary.remaining, 6);
    EXPECT_EQ(tune_stored_games(settings.db), 10);

    settings.max_games = -1;
    auto resumed = tune_rounds(sweep, settings, {}, stop);
    ASSERT_TRUE(resumed.ok()) << resumed.error().to_string();
    EXPECT_FALSE(resumed->stopped);
    EXPECT_EQ(resumed->played, 6 + 20);  // round 0's last 6, then round 1's match
    ASSERT_EQ(resumed->rounds.size(), 2u);
    EXPECT_EQ(tune_stored_games(settings.db), 36);

    // A stop flag already set (a signal) plays nothing more of a new database.
    std::atomic<bool> signalled{true};
    settings.db = (dir.path() / "other.db").string();
    auto none = tune_rounds(sweep, settings, {}, signalled);
    ASSERT_TRUE(none.ok()) << none.error().to_string();
    EXPECT_TRUE(none->stopped);
    EXPECT_EQ(none->ending, Ending::Signal);
    EXPECT_EQ(none->played, 0);
}

TEST(TuneRounds, RefusesAnotherSweepsDatabaseOrConfiguration) {
    TempDir dir;
    TuneRoundsSettings settings = tune_settings(dir, 1);
    settings.max_games = 2;
    std::atomic<bool> stop{false};
    auto first =
        tune_rounds(load_tune_sweep(dir, tune_rounds_sweep(5, kTinyEngine)), settings, {}, stop);
    ASSERT_TRUE(first.ok()) << first.error().to_string();
    ASSERT_EQ(tune_stored_games(settings.db), 2);
    // Another seed: round 0 would be other games under the same names.
    auto other =
        tune_rounds(load_tune_sweep(dir, tune_rounds_sweep(6, kTinyEngine)), settings, {}, stop);
    ASSERT_FALSE(other.ok());
    EXPECT_NE(other.error().message.find("played by another configuration"), std::string::npos)
        << other.error().to_string();
    // Other starting weights: the same.
    TuneRoundsSettings started = settings;
    started.start = players::engine::EvalWeights{};
    started.start->tempo = players::engine::Score{20, 0};
    auto restarted =
        tune_rounds(load_tune_sweep(dir, tune_rounds_sweep(5, kTinyEngine)), started, {}, stop);
    ASSERT_FALSE(restarted.ok());
    EXPECT_NE(restarted.error().message.find("played by another configuration"), std::string::npos)
        << restarted.error().to_string();
    // Another sweep's games.
    tournament::Sweep renamed = load_tune_sweep(dir, tune_rounds_sweep(5, kTinyEngine));
    renamed.name = "elsewhere";
    auto foreign = tune_rounds(renamed, settings, {}, stop);
    ASSERT_FALSE(foreign.ok());
    EXPECT_NE(foreign.error().message.find("not of this tuning"), std::string::npos)
        << foreign.error().to_string();
    EXPECT_EQ(tune_stored_games(settings.db), 2);
}

TEST(TuneRounds, NeedsOneInternalEnginePlayer) {
    TempDir dir;
    const TuneRoundsSettings settings = tune_settings(dir, 1);
    std::atomic<bool> stop{false};
    const std::string random = "[players.dice]\ntype = \"random\"\n";
    auto none = tune_rounds(load_tune_sweep(dir, tune_rounds_sweep(5, random)), settings, {}, stop);
    ASSERT_FALSE(none.ok());
    EXPECT_NE(none.error().message.find("no internal-engine player"), std::string::npos)
        << none.error().to_string();

    const std::string two = "matchups = [[\"tiny\", \"other\"]]\n" + kTinyEngine +
                            "[players.other]\ntype = \"engine\"\nnodes = 200\n";
    const tournament::Sweep both = load_tune_sweep(dir, tune_rounds_sweep(5, two));
    auto ambiguous = tune_rounds(both, settings, {}, stop);
    ASSERT_FALSE(ambiguous.ok());
    EXPECT_NE(ambiguous.error().message.find("2 internal-engine players (tiny, other)"),
              std::string::npos)
        << ambiguous.error().to_string();
    auto named = tuned_player(both, "other");
    ASSERT_TRUE(named.ok()) << named.error().to_string();
    EXPECT_EQ(named->limits.nodes, 200u);
    auto missing = tuned_player(both, "nobody");
    ASSERT_FALSE(missing.ok());
    EXPECT_FALSE(std::filesystem::exists(settings.db));
}

}  // namespace
}  // namespace balance::runs
