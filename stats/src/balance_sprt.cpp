#include "balance/stats/balance_sprt.hpp"

#include "balance/stats/elo.hpp"

namespace balance::stats {

namespace {

template <class Counts>
Expected<BalanceSprtResult> run(const Counts& counts, const BalanceSprtParameters& parameters) {
    double sigma = parameters.per_game_sigma;
    if (parameters.model == EloModel::Normalized && !(sigma > 0.0)) sigma = per_game_sigma(counts);
    auto hypotheses = elo_bounds_for_score_margin(parameters.margin, parameters.model, sigma);
    if (!hypotheses) return hypotheses.error();
    const SprtParameters sprt{parameters.alpha, parameters.beta, hypotheses->elo0, hypotheses->elo1,
                              parameters.model};
    auto side = sprt_test(counts, sprt);
    if (!side) return side.error();
    auto opponent = sprt_test(counts.flipped(), sprt);
    if (!opponent) return opponent.error();

    BalanceSprtResult result{*side, *opponent, *hypotheses, BalanceVerdict::Continue};
    const bool side_h1 = side->decision == SprtDecision::AcceptH1;
    const bool opponent_h1 = opponent->decision == SprtDecision::AcceptH1;
    if (side_h1 && !opponent_h1) {
        result.verdict = BalanceVerdict::FavoursSide;
    } else if (opponent_h1 && !side_h1) {
        result.verdict = BalanceVerdict::FavoursOpponent;
    } else if (side->decision == SprtDecision::AcceptH0 &&
               opponent->decision == SprtDecision::AcceptH0) {
        result.verdict = BalanceVerdict::Balanced;
    }
    return result;
}

}  // namespace

Expected<BalanceSprtResult> balance_sprt(const Wdl& wdl, const BalanceSprtParameters& parameters) {
    return run(wdl, parameters);
}

Expected<BalanceSprtResult> balance_sprt(const Pentanomial& pentanomial,
                                         const BalanceSprtParameters& parameters) {
    return run(pentanomial, parameters);
}

}  // namespace balance::stats
