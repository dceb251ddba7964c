#pragma once
// Racing candidates into a band: which of many candidates (rule changes) bring a score within
// target +- margin, spending games where they decide something. In the spirit of F-Race and of
// fishtest's sequential tests: every candidate still racing gets the same number of games a
// round; after each round a candidate whose interval at `drop_confidence` misses the band
// entirely is dropped, one whose interval at `confidence` lies inside it is balanced and gets no
// more games; the race ends when no candidate is still racing or the budget is spent.
//
// Why two levels. Dropping looks at a candidate after every round, so its chance of dropping a
// candidate whose true score is in the band grows with the number of looks; the drop interval is
// wider (99% by default) to keep that small: a candidate truly at the edge of the band is
// dropped at a look with probability at most (1 - drop_confidence) / 2, a truly centred one far
// less. The balanced verdict is the interval a report would print (95%), so what is called
// balanced is what the designer reads.
#include <cstdint>
#include <functional>
#include <vector>

#include "balance/stats/expected.hpp"
#include "balance/stats/interval.hpp"
#include "balance/stats/score_sample.hpp"

namespace balance::stats {

struct BandRaceParameters {
    double low = 0.48;  ///< the band, [low, high]
    double high = 0.52;
    double confidence = 0.95;       ///< balanced when this interval lies inside the band
    double drop_confidence = 0.99;  ///< dropped when this interval misses the band
    std::int64_t budget = 10000;    ///< games of all candidates together
    std::int64_t round_games = 20;  ///< games a racing candidate gets a round (a multiple of unit)
    std::int64_t unit = 1;          ///< games come in multiples of this (a candidate's cells)
    /// The most games one candidate gets (rounded down to a multiple of unit; 0: no limit). A
    /// candidate still racing then is left open: its interval straddles an edge of the band, and
    /// more games would only narrow it around the edge (without an indifference zone, a score
    /// at the edge is never decided).
    std::int64_t candidate_cap = 0;
};

enum class RaceStatus {
    Racing,    ///< undecided (when the race ended: the budget ran out first)
    Balanced,  ///< its interval lies inside the band
    Dropped,   ///< its interval misses the band
};

[[nodiscard]] const char* race_status_name(RaceStatus status);

struct RaceEntry {
    ScoreSample sample;  ///< its games so far
    Interval interval;   ///< at `confidence` (estimate NaN before any game)
    RaceStatus status = RaceStatus::Racing;
    int decided_round = -1;  ///< the round after which it was balanced or dropped
};

struct RaceResult {
    std::vector<RaceEntry> entries;  ///< in candidate order
    int rounds = 0;                  ///< rounds completed
    std::int64_t games = 0;          ///< games the completed rounds asked for
    bool complete = false;           ///< false: a round was cut short (resume to go on)
};

/// What a round's games gave: each candidate's sample over exactly its first `games[i]` games.
struct RoundOutcome {
    bool complete = true;              ///< false: the games were not all played (stopped)
    std::vector<ScoreSample> samples;  ///< per candidate (ignored when !complete)
};

/// Plays the round in which candidate i has `games[i]` games in all (0: none yet).
using PlayRound = std::function<Expected<RoundOutcome>(const std::vector<std::int64_t>& games)>;

/// The interval of a sample: the trinomial Wilson interval when the scores are wins, draws and
/// losses (the sums say so: 4 x spread and sum - spread x 2 are whole numbers), else the
/// quasi-binomial one.
[[nodiscard]] Expected<Interval> sample_interval(const ScoreSample& sample, double confidence);

/// Where one sample stands against the band (Racing with no games).
[[nodiscard]] Expected<RaceStatus> band_status(const ScoreSample& sample,
                                               const BandRaceParameters& parameters);

/// Races `candidates` candidates. Deterministic: the games each round asks for depend only on
/// the parameters and on the samples of earlier rounds. Errors: bad parameters, and any error of
/// `play`.
[[nodiscard]] Expected<RaceResult> race_to_band(std::size_t candidates,
                                                const BandRaceParameters& parameters,
                                                const PlayRound& play);

}  // namespace balance::stats
