#include "balance/stats/band_race.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace balance::stats {

namespace {

bool whole(double x) {
    return std::abs(x - std::round(x)) < 1e-6;
}

}  // namespace

const char* race_status_name(RaceStatus status) {
    switch (status) {
        case RaceStatus::Racing:
            return "racing";
        case RaceStatus::Balanced:
            return "balanced";
        case RaceStatus::Dropped:
            return "dropped";
    }
    return "racing";
}

Expected<Interval> sample_interval(const ScoreSample& sample, double confidence) {
    const double draws = 4.0 * sample.spread;
    const double wins = sample.sum - 0.5 * draws;
    if (whole(draws) && whole(wins) && wins > -0.5) {
        const auto d = static_cast<std::int64_t>(std::llround(draws));
        const auto w = static_cast<std::int64_t>(std::llround(wins));
        const std::int64_t l = sample.games - w - d;
        if (l >= 0) return score_interval(Wdl{w, d, l}, confidence);
    }
    return mean_score_interval(sample, confidence);
}

Expected<RaceStatus> band_status(const ScoreSample& sample, const BandRaceParameters& p) {
    if (sample.games == 0) return RaceStatus::Racing;
    auto wide = sample_interval(sample, p.drop_confidence);
    if (!wide) return wide.error();
    if (wide->upper < p.low || wide->lower > p.high) return RaceStatus::Dropped;
    auto shown = sample_interval(sample, p.confidence);
    if (!shown) return shown.error();
    if (shown->lower >= p.low && shown->upper <= p.high) return RaceStatus::Balanced;
    return RaceStatus::Racing;
}

Expected<RaceResult> race_to_band(std::size_t candidates, const BandRaceParameters& p,
                                  const PlayRound& play) {
    if (!(p.low < p.high) || p.low < 0.0 || p.high > 1.0)
        return fail("the band must be [low, high] with 0 <= low < high <= 1");
    if (!(p.confidence > 0.0 && p.confidence < 1.0 && p.drop_confidence > 0.0 &&
          p.drop_confidence < 1.0))
        return fail("confidence levels must be in (0, 1)");
    if (p.unit < 1 || p.round_games < p.unit || p.round_games % p.unit != 0 || p.budget < 0)
        return fail("round_games must be a positive multiple of unit, budget non-negative");
    const std::int64_t cap = p.candidate_cap / p.unit * p.unit;
    if (p.candidate_cap < 0 || (p.candidate_cap > 0 && cap == 0))
        return fail("a candidate's cap must be 0 (none) or at least one game in each of its cells");
    const auto room = [&](std::int64_t played) { return cap == 0 || played < cap; };
    RaceResult result;
    result.entries.resize(candidates);
    for (auto& entry : result.entries)
        entry.interval.estimate = std::numeric_limits<double>::quiet_NaN();
    std::vector<std::int64_t> games(candidates, 0);
    for (;;) {
        std::vector<std::size_t> racing;
        for (std::size_t i = 0; i < candidates; ++i)
            if (result.entries[i].status == RaceStatus::Racing && room(games[i]))
                racing.push_back(i);
        if (racing.empty()) break;
        const auto count = static_cast<std::int64_t>(racing.size());
        std::int64_t per = p.round_games;
        if (per * count > p.budget - result.games)
            per = (p.budget - result.games) / count / p.unit * p.unit;
        if (per <= 0) break;
        std::int64_t added = 0;
        for (const std::size_t i : racing) {
            const std::int64_t more = cap == 0 ? per : std::min(per, cap - games[i]);
            games[i] += more;
            added += more;
        }
        auto outcome = play(games);
        if (!outcome) return outcome.error();
        if (!outcome->complete) return result;
        if (outcome->samples.size() != candidates)
            return fail("a round returned samples for the wrong number of candidates");
        result.games += added;
        for (const std::size_t i : racing) {
            RaceEntry& entry = result.entries[i];
            entry.sample = outcome->samples[i];
            auto interval = sample_interval(entry.sample, p.confidence);
            if (!interval) return interval.error();
            entry.interval = *interval;
            auto status = band_status(entry.sample, p);
            if (!status) return status.error();
            entry.status = *status;
            if (entry.status != RaceStatus::Racing) entry.decided_round = result.rounds;
        }
        ++result.rounds;
    }
    result.complete = true;
    return result;
}

}  // namespace balance::stats
