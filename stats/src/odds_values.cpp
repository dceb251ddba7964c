#include "balance/stats/odds_values.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "balance/core/debug_assert.hpp"
#include "balance/stats/elo.hpp"
#include "balance/stats/normal.hpp"

namespace balance::stats {

Expected<Estimate> elo_estimate(const Wdl& wdl) {
    if (wdl.wins < 0 || wdl.draws < 0 || wdl.losses < 0) return fail("negative game count");
    if (wdl.games() <= 0) return fail("no games");
    const double s = wdl.score();
    BALANCE_ASSERT(s >= 0.0 && s <= 1.0);
    if (s <= 0.0 || s >= 1.0) {
        return fail("score of 0% or 100%: Elo is unbounded (use compensated odds)");
    }
    const double se_score = std::sqrt(wdl.score_variance() / static_cast<double>(wdl.games()));
    return Estimate{elo_from_score(s), elo_slope(s) * se_score};
}

PieceValue fieller_ratio(const Estimate& a, const Estimate& b, double z, double cov) {
    // The callers refused the cases without a ratio: no calibration (b = 0), bad confidence.
    BALANCE_ASSERT(std::isfinite(a.value) && std::isfinite(b.value) && b.value != 0.0);
    BALANCE_ASSERT(a.standard_error >= 0.0 && b.standard_error >= 0.0 && z > 0.0);
    const double va = a.standard_error * a.standard_error;
    const double vb = b.standard_error * b.standard_error;
    PieceValue out;
    out.value = a.value / b.value;
    out.delta_se = std::abs(out.value) *
                   std::sqrt(std::max(0.0, va / (a.value * a.value) + vb / (b.value * b.value) -
                                               2.0 * cov / (a.value * b.value)));
    out.piece_elo = a;
    out.pawn_elo = b;
    const double lead = b.value * b.value - z * z * vb;
    if (lead <= 0.0) {
        out.bounded = false;
        out.lower = -std::numeric_limits<double>::infinity();
        out.upper = std::numeric_limits<double>::infinity();
        return out;
    }
    // Discriminant / 4 = z^2 (a^2 vb - 2ab cov + b^2 va - z^2 (va vb - cov^2))
    //                  = z^2 (lead (va - cov^2 / vb) + vb (a - b cov / vb)^2) >= 0, since
    // cov^2 <= va vb. Written the second way it cannot go negative by rounding either.
    const double mid = a.value * b.value - z * z * cov;
    const double resid = vb > 0.0 ? std::max(0.0, va - cov * cov / vb) : va;
    const double shift = vb > 0.0 ? a.value - b.value * cov / vb : 0.0;
    const double root = z * std::sqrt(lead * resid + vb * shift * shift);
    out.lower = (mid - root) / lead;
    out.upper = (mid + root) / lead;
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

Expected<PieceValue> piece_value_from_compensated_odds(const Wdl& compensated,
                                                       std::span<const CompensationPart> parts,
                                                       const Wdl& pawn_odds, double confidence) {
    const double z = critical_z(confidence);
    if (std::isnan(z)) return fail("confidence must lie in (0, 1)");
    auto pawn = elo_estimate(pawn_odds);
    if (!pawn) return fail("pawn odds: " + pawn.error().message);
    if (pawn->value == 0.0) return fail("pawn odds scored exactly 50%: no calibration");
    auto game = elo_estimate(compensated);
    if (!game) return fail("compensated odds: " + game.error().message);
    const double vb = pawn->standard_error * pawn->standard_error;
    double sum = game->value;
    double var = game->standard_error * game->standard_error;
    double cov = 0.0;
    for (const CompensationPart& part : parts) {
        if (part.count < 1) return fail("compensation part with a count below 1");
        const double n = part.count;
        if (part.is_calibration) {
            sum += n * pawn->value;
            var += n * n * vb;
            cov += n * vb;
            continue;
        }
        auto e = elo_estimate(part.wdl);
        if (!e) return fail("compensation piece odds: " + e.error().message);
        sum += n * e->value;
        var += n * n * e->standard_error * e->standard_error;
    }
    PieceValue out = fieller_ratio(Estimate{sum, std::sqrt(var)}, *pawn, z, cov);
    out.confidence = confidence;
    return out;
}

}  // namespace balance::stats
