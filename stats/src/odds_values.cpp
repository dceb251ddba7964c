#include "balance/stats/odds_values.hpp"

#include <cmath>
#include <limits>

#include "balance/stats/elo.hpp"
#include "balance/stats/normal.hpp"

namespace balance::stats {

Expected<Estimate> elo_estimate(const Wdl& wdl) {
    if (wdl.wins < 0 || wdl.draws < 0 || wdl.losses < 0) return fail("negative game count");
    if (wdl.games() <= 0) return fail("no games");
    const double s = wdl.score();
    if (s <= 0.0 || s >= 1.0) {
        return fail("score of 0% or 100%: Elo is unbounded (use compensated odds)");
    }
    const double se_score = std::sqrt(wdl.score_variance() / static_cast<double>(wdl.games()));
    return Estimate{elo_from_score(s), elo_slope(s) * se_score};
}

PieceValue fieller_ratio(const Estimate& a, const Estimate& b, double z) {
    const double va = a.standard_error * a.standard_error;
    const double vb = b.standard_error * b.standard_error;
    PieceValue out;
    out.value = a.value / b.value;
    out.delta_se =
        std::abs(out.value) * std::sqrt(va / (a.value * a.value) + vb / (b.value * b.value));
    out.piece_elo = a;
    out.pawn_elo = b;
    const double lead = b.value * b.value - z * z * vb;
    if (lead <= 0.0) {
        out.bounded = false;
        out.lower = -std::numeric_limits<double>::infinity();
        out.upper = std::numeric_limits<double>::infinity();
        return out;
    }
    // Discriminant / 4 = z^2 (a^2 vb + b^2 va - z^2 va vb) = z^2 (a^2 vb + va * lead) > 0.
    const double root = z * std::sqrt(a.value * a.value * vb + va * lead);
    out.lower = (a.value * b.value - root) / lead;
    out.upper = (a.value * b.value + root) / lead;
    return out;
}

Expected<PieceValue> piece_value_from_odds(const Wdl& piece_odds, const Wdl& pawn_odds,
                                           double confidence) {
    const double z = critical_z(confidence);
    if (std::isnan(z)) return fail("confidence must lie in (0, 1)");
    auto piece = elo_estimate(piece_odds);
    if (!piece) return fail("piece odds: " + piece.error().message);
    auto pawn = elo_estimate(pawn_odds);
    if (!pawn) return fail("pawn odds: " + pawn.error().message);
    if (pawn->value == 0.0) return fail("pawn odds scored exactly 50%: no calibration");
    PieceValue out = fieller_ratio(*piece, *pawn, z);
    out.confidence = confidence;
    return out;
}

}  // namespace balance::stats
