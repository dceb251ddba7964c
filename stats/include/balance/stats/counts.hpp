#pragma once
// Game counts, the raw material of every statistic in this library. Counts are always from a
// named side's point of view ("army A", "White", "with rule R"); flipped() gives the opponent's.

#include <array>
#include <cstdint>

namespace balance::stats {

/// Win/draw/loss counts of single games from one side's view (trinomial data).
struct Wdl {
    std::int64_t wins = 0;
    std::int64_t draws = 0;
    std::int64_t losses = 0;

    /// n = W + D + L.
    [[nodiscard]] std::int64_t games() const { return wins + draws + losses; }
    /// Points = W + D/2.
    [[nodiscard]] double points() const { return static_cast<double>(wins) + 0.5 * draws; }
    /// Mean score per game s = (W + D/2) / n; NaN when n = 0.
    [[nodiscard]] double score() const;
    /// Draw rate D / n; NaN when n = 0.
    [[nodiscard]] double draw_rate() const;
    /// Per-game score variance of the empirical trinomial, (W + D/4)/n - s^2 = s(1-s) - d/4.
    [[nodiscard]] double score_variance() const;
    /// The same games from the opponent's view (wins and losses swapped).
    [[nodiscard]] Wdl flipped() const { return Wdl{losses, draws, wins}; }

    Wdl& operator+=(const Wdl& other);
    friend bool operator==(const Wdl&, const Wdl&) = default;
};

/// Game-pair outcomes (both colours of one opening) by the pair's total points from one side's
/// view, in fishtest order 0, 0.5, 1, 1.5, 2 points: LL, LD, DD+WL, WD, WW.
struct Pentanomial {
    std::int64_t ll = 0;
    std::int64_t ld = 0;
    std::int64_t dd_wl = 0;
    std::int64_t wd = 0;
    std::int64_t ww = 0;

    /// Number of game pairs.
    [[nodiscard]] std::int64_t pairs() const { return ll + ld + dd_wl + wd + ww; }
    /// Number of games = 2 * pairs.
    [[nodiscard]] std::int64_t games() const { return 2 * pairs(); }
    /// Points = 0.5 LD + 1 (DD+WL) + 1.5 WD + 2 WW.
    [[nodiscard]] double points() const;
    /// Mean score per game = points / games; NaN when there are no pairs.
    [[nodiscard]] double score() const;
    /// Variance of the per-pair mean score (values 0, 1/4, 1/2, 3/4, 1) of the empirical pdf.
    [[nodiscard]] double pair_score_variance() const;
    /// Counts in fishtest order {LL, LD, DD+WL, WD, WW}.
    [[nodiscard]] std::array<std::int64_t, 5> as_array() const { return {ll, ld, dd_wl, wd, ww}; }
    /// The same pairs from the opponent's view (order reversed).
    [[nodiscard]] Pentanomial flipped() const { return Pentanomial{ww, wd, dd_wl, ld, ll}; }
    /// Adds one pair given the two games' points (each 0, 0.5 or 1) of this side; returns false
    /// (and adds nothing) if either value is not a game score.
    [[nodiscard]] bool add_pair(double first, double second);

    Pentanomial& operator+=(const Pentanomial& other);
    friend bool operator==(const Pentanomial&, const Pentanomial&) = default;
};

}  // namespace balance::stats
