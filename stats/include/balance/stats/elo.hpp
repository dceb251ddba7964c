#pragma once
// Elo scales. Logistic Elo is the usual one: a score s corresponds to E = -400 log10(1/s - 1).
// Normalized Elo (Van den Bergh, fishtest) divides the score excess by its per-game standard
// deviation, so it measures how hard a difference is to detect rather than how large it is:
// nElo = (s - 1/2) / sigma * 800 / ln 10, with sigma the per-game score standard deviation.

#include "balance/stats/counts.hpp"
#include "balance/stats/expected.hpp"
#include "balance/stats/interval.hpp"

namespace balance::stats {

/// 800 / ln 10 = 347.4356: normalized Elo per unit of t = (s - 1/2) / sigma (fishtest's
/// nelo_divided_by_nt).
inline constexpr double kNeloPerT = 347.43558552260146;

/// 400 / ln 10 = 173.7178: logistic Elo per nat, the Elo of a logistic-model coefficient
/// (a log-odds difference of 1 is 173.7 Elo).
inline constexpr double kEloPerNat = 173.71779276130073;

/// Logistic Elo of a score: E = -400 log10(1/s - 1); -inf at 0, +inf at 1, NaN outside [0, 1].
[[nodiscard]] double elo_from_score(double score);

/// Expected score at logistic Elo difference E: s = 1 / (1 + 10^(-E/400)).
[[nodiscard]] double score_from_elo(double elo);

/// dE/ds = 400 / (ln 10 * s (1 - s)), for the delta method.
[[nodiscard]] double elo_slope(double score);

/// Elo interval by mapping the score interval's endpoints (the map is increasing, so coverage
/// carries over exactly). Endpoints at 0 or 1 become -inf / +inf.
[[nodiscard]] Interval elo_interval(const Interval& score_interval);

/// Logistic Elo with the trinomial Wilson interval of the W/D/L score mapped to Elo.
[[nodiscard]] Expected<Interval> elo_interval(const Wdl& wdl, double confidence);

/// Per-game score standard deviation: sqrt(s(1-s) - d/4) for trinomial data.
[[nodiscard]] double per_game_sigma(const Wdl& wdl);

/// Per-game score standard deviation of paired games as fishtest defines it:
/// sqrt(2 * Var(pair mean score)).
[[nodiscard]] double per_game_sigma(const Pentanomial& pentanomial);

/// Normalized Elo (s - 1/2) / sigma * 800/ln 10 from trinomial data. Errors: no games or
/// sigma = 0 (every game had the same result).
[[nodiscard]] Expected<double> normalized_elo(const Wdl& wdl);

/// Normalized Elo from game pairs, with sigma = sqrt(2 Var(pair mean)) (fishtest). Errors as
/// above.
[[nodiscard]] Expected<double> normalized_elo(const Pentanomial& pentanomial);

}  // namespace balance::stats
