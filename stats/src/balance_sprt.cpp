#include "balance/stats/balance_sprt.hpp"

#include <algorithm>

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

// Games until `test` reaches the bound its LLR points to (0 once decided; none without drift).
std::optional<double> more_games(const SprtResult& test, std::int64_t games) {
    if (test.decision != SprtDecision::Continue) return 0.0;
    if (test.llr == 0.0 || games <= 0) return std::nullopt;
    const double bound = test.llr > 0.0 ? test.bounds.upper : test.bounds.lower;
    return static_cast<double>(games) * (bound / test.llr - 1.0);
}

}  // namespace

std::optional<double> expected_more_games(const BalanceSprtResult& result, std::int64_t games) {
    if (result.verdict != BalanceVerdict::Continue) return std::nullopt;
    // An army heading for H1 decides alone ("favours" it); one that has accepted H1 while the
    // other has too (both verdicts at once) leaves nothing to expect.
    for (const SprtResult* test : {&result.side, &result.opponent})
        if (test->decision == SprtDecision::Continue && test->llr > 0.0)
            return more_games(*test, games);
    if (result.side.decision == SprtDecision::AcceptH1 ||
        result.opponent.decision == SprtDecision::AcceptH1)
        return std::nullopt;
    const auto side = more_games(result.side, games);
    const auto opponent = more_games(result.opponent, games);
    if (!side || !opponent) return std::nullopt;
    return std::max(*side, *opponent);
}

Expected<BalanceSprtResult> balance_sprt(const Wdl& wdl, const BalanceSprtParameters& parameters) {
    return run(wdl, parameters);
}

Expected<BalanceSprtResult> balance_sprt(const Pentanomial& pentanomial,
                                         const BalanceSprtParameters& parameters) {
    return run(pentanomial, parameters);
}

}  // namespace balance::stats
