// Racing candidates into a band on synthetic games whose true scores are known: a candidate far
// outside the band is dropped after its first round, one in the middle of the band survives
// every look and is called balanced, the budget is never exceeded, and the rounds are
// deterministic.

#include <gtest/gtest.h>

#include <cstdint>

#include "balance/stats/band_race.hpp"

namespace balance::stats {
namespace {

// A deterministic game of candidate `c` with index `i`: W/D/L with the given true score and a
// 30% draw rate, from a hash of (c, i) (so the first n games are the same whatever the rounds).
double game(double score, std::uint64_t c, std::uint64_t i) {
    std::uint64_t z = (c * 0x9E3779B97F4A7C15ULL) ^ (i + 0x632BE59BD9B4E019ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    z ^= z >> 31;
    const double u = static_cast<double>(z >> 11) / 9007199254740992.0;
    const double win = score - 0.15;
    if (u < win) return 1.0;
    if (u < win + 0.3) return 0.5;
    return 0.0;
}

struct Synthetic {
    std::vector<double> scores;
    std::vector<std::vector<std::int64_t>> asked;  // every round's request
    Expected<RoundOutcome> operator()(const std::vector<std::int64_t>& games) {
        asked.push_back(games);
        RoundOutcome out;
        for (std::size_t c = 0; c < scores.size(); ++c) {
            ScoreSample sample;
            for (std::int64_t i = 0; i < games[c]; ++i)
                (void)sample.add(game(scores[c], c, static_cast<std::uint64_t>(i)));
            out.samples.push_back(sample);
        }
        return out;
    }
};

BandRaceParameters band(double low, double high, std::int64_t budget, std::int64_t round) {
    BandRaceParameters p;
    p.low = low;
    p.high = high;
    p.budget = budget;
    p.round_games = round;
    return p;
}

TEST(BandRace, FarOutsideIsDroppedAfterOneRoundAndCentredIsBalanced) {
    Synthetic synthetic{{0.30, 0.50, 0.70}, {}};
    auto result = race_to_band(3, band(0.45, 0.55, 100000, 100), std::ref(synthetic));
    ASSERT_TRUE(result) << result.error().message;
    ASSERT_TRUE(result->complete);
    const auto& e = result->entries;
    EXPECT_EQ(e[0].status, RaceStatus::Dropped);
    EXPECT_EQ(e[0].decided_round, 0);
    EXPECT_EQ(e[0].sample.games, 100);
    EXPECT_LT(e[0].interval.upper, 0.45);
    EXPECT_EQ(e[2].status, RaceStatus::Dropped);
    EXPECT_EQ(e[2].sample.games, 100);
    EXPECT_GT(e[2].interval.lower, 0.55);
    EXPECT_EQ(e[1].status, RaceStatus::Balanced);
    EXPECT_GE(e[1].interval.lower, 0.45);
    EXPECT_LE(e[1].interval.upper, 0.55);
    // After round 0 only the centred candidate gets games; the race ended when it was decided.
    ASSERT_GE(synthetic.asked.size(), 2u);
    EXPECT_EQ(synthetic.asked[1], (std::vector<std::int64_t>{100, 200, 100}));
    EXPECT_EQ(result->games, 200 + 100 * static_cast<std::int64_t>(synthetic.asked.size()));
    EXPECT_EQ(e[1].decided_round, result->rounds - 1);
}

TEST(BandRace, BudgetIsNeverExceededAndUndecidedStayRacing) {
    Synthetic synthetic{{0.50, 0.51, 0.30}, {}};
    auto result = race_to_band(3, band(0.49, 0.51, 1000, 100), std::ref(synthetic));
    ASSERT_TRUE(result) << result.error().message;
    EXPECT_LE(result->games, 1000);
    std::int64_t played = 0;
    for (const auto& entry : result->entries) played += entry.sample.games;
    EXPECT_EQ(played, result->games);
    EXPECT_EQ(result->entries[2].status, RaceStatus::Dropped);
    // +-1% needs thousands of games: the two near candidates are still racing.
    EXPECT_EQ(result->entries[0].status, RaceStatus::Racing);
    EXPECT_EQ(result->entries[1].status, RaceStatus::Racing);
    // Round 0: 300 games; then 2 x 100 a round while 700 remain: 3 more rounds (600), then the
    // last 100 are split 50/50.
    EXPECT_EQ(result->entries[0].sample.games, 450);
    EXPECT_EQ(result->games, 1000);
}

// A cap per candidate: a candidate at the band's edge is left open at the cap, and the race ends
// with budget to spare instead of spending it all narrowing one interval around the edge.
TEST(BandRace, ACandidateAtTheEdgeStopsAtTheCap) {
    Synthetic synthetic{{0.49, 0.30}, {}};
    auto p = band(0.49, 0.51, 100000, 100);
    p.candidate_cap = 650;  // rounded down to whole units: 650 with unit 1
    auto result = race_to_band(2, p, std::ref(synthetic));
    ASSERT_TRUE(result) << result.error().message;
    ASSERT_TRUE(result->complete);
    EXPECT_EQ(result->entries[0].status, RaceStatus::Racing);
    EXPECT_EQ(result->entries[0].sample.games, 650);  // 6 rounds of 100, then the last 50
    EXPECT_EQ(result->entries[1].status, RaceStatus::Dropped);
    EXPECT_EQ(result->games, 650 + 100);
    EXPECT_EQ(synthetic.asked.back()[0], 650);
    // With units of 4 the cap is 648 (whole units), and a cap below one unit is an error.
    Synthetic again{{0.49}, {}};
    p.unit = 4;
    auto whole = race_to_band(1, p, std::ref(again));
    ASSERT_TRUE(whole);
    EXPECT_EQ(whole->entries[0].sample.games, 648);
    p.candidate_cap = 3;
    EXPECT_FALSE(race_to_band(1, p, std::ref(again)));
}

TEST(BandRace, RoundsComeInWholeUnits) {
    Synthetic synthetic{{0.50, 0.50}, {}};
    auto p = band(0.49, 0.51, 130, 40);
    p.unit = 4;
    auto result = race_to_band(2, p, std::ref(synthetic));
    ASSERT_TRUE(result);
    // 80 in round 0; 50 left: 25 each rounded down to 24.
    EXPECT_EQ(result->entries[0].sample.games, 64);
    EXPECT_EQ(result->games, 128);
}

TEST(BandRace, SameParametersSameRounds) {
    Synthetic a{{0.40, 0.48, 0.52, 0.60}, {}};
    Synthetic b{{0.40, 0.48, 0.52, 0.60}, {}};
    auto first = race_to_band(4, band(0.45, 0.55, 5000, 50), std::ref(a));
    auto second = race_to_band(4, band(0.45, 0.55, 5000, 50), std::ref(b));
    ASSERT_TRUE(first && second);
    EXPECT_EQ(a.asked, b.asked);
    for (std::size_t i = 0; i < 4; ++i) {
        EXPECT_EQ(first->entries[i].status, second->entries[i].status);
        EXPECT_EQ(first->entries[i].sample.games, second->entries[i].sample.games);
    }
}

TEST(BandRace, AStoppedRoundEndsTheRaceIncomplete) {
    int calls = 0;
    auto result = race_to_band(2, band(0.45, 0.55, 1000, 10),
                               [&](const std::vector<std::int64_t>&) -> Expected<RoundOutcome> {
                                   ++calls;
                                   return RoundOutcome{false, {}};
                               });
    ASSERT_TRUE(result);
    EXPECT_FALSE(result->complete);
    EXPECT_EQ(result->rounds, 0);
    EXPECT_EQ(calls, 1);
}

TEST(BandRace, StatusFromHandCountedSamples) {
    const auto p = band(0.45, 0.55, 0, 1);
    // 30-0-70: 99% trinomial Wilson upper limit 0.43 < 0.45: dropped.
    EXPECT_EQ(*band_status(to_sample(Wdl{30, 0, 70}), p), RaceStatus::Dropped);
    // 500-1000-500: score 0.5, 95% interval about +-0.022: inside [0.45, 0.55].
    EXPECT_EQ(*band_status(to_sample(Wdl{500, 1000, 500}), p), RaceStatus::Balanced);
    // 10-0-10: undecided.
    EXPECT_EQ(*band_status(to_sample(Wdl{10, 0, 10}), p), RaceStatus::Racing);
    EXPECT_EQ(*band_status(ScoreSample{}, p), RaceStatus::Racing);
    // W/D/L samples get the trinomial interval itself.
    const auto wdl = Wdl{40, 30, 30};
    const auto expected = score_interval(wdl, 0.95);
    const auto got = sample_interval(to_sample(wdl), 0.95);
    ASSERT_TRUE(expected && got);
    EXPECT_DOUBLE_EQ(got->lower, expected->lower);
    EXPECT_DOUBLE_EQ(got->upper, expected->upper);
}

TEST(BandRace, BadParametersAreErrors) {
    auto never = [](const std::vector<std::int64_t>&) -> Expected<RoundOutcome> {
        return RoundOutcome{};
    };
    EXPECT_FALSE(race_to_band(1, band(0.55, 0.45, 10, 1), never));
    auto p = band(0.45, 0.55, 10, 3);
    p.unit = 2;
    EXPECT_FALSE(race_to_band(1, p, never));
}

}  // namespace
}  // namespace balance::stats
