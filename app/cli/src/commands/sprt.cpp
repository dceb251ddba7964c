// `balance sprt`: "is this pairing balanced within +-margin?" decided by a sequential test on the
// stored games (stats::balance_sprt: two one-sided GSPRTs, H0 score 1/2 against H1 score
// 1/2 + margin for each army). Game pairs (pentanomial) when the sweep paired openings across
// the colour orders, single games (trinomial) otherwise; the output says which.

#include <cmath>
#include <memory>
#include <string>

#include <fmt/format.h>

#include "balance/analysis/sprt_selection.hpp"
#include "balance/analysis/text_format.hpp"
#include "balance/stats/balance_sprt.hpp"
#include "balance/stats/interval.hpp"
#include "commands.hpp"
#include "number_flags.hpp"
#include "output.hpp"

namespace balance::cli {

using analysis::Json;

namespace {

struct SprtArgs {
    std::string db;
    analysis::SprtQuery query;
    double margin = 0.0;
    double alpha = 0.05;
    double beta = 0.05;
    bool json = false;
};

const char* decision_name(stats::SprtDecision d) {
    switch (d) {
        case stats::SprtDecision::AcceptH0:
            return "accept H0";
        case stats::SprtDecision::AcceptH1:
            return "accept H1";
        case stats::SprtDecision::Continue:
            break;
    }
    return "continue";
}

std::string verdict_text(const stats::BalanceSprtResult& r, const analysis::SprtSample& s,
                         double margin) {
    switch (r.verdict) {
        case stats::BalanceVerdict::Balanced:
            return fmt::format("balanced: neither army scores {} or more",
                               analysis::percent(0.5 + margin));
        case stats::BalanceVerdict::FavoursSide:
            return fmt::format("unbalanced: favours {}", s.side);
        case stats::BalanceVerdict::FavoursOpponent:
            return fmt::format("unbalanced: favours {}", s.opponent);
        case stats::BalanceVerdict::Continue:
            break;
    }
    return "undecided: play more games";
}

const char* verdict_key(stats::BalanceVerdict v) {
    switch (v) {
        case stats::BalanceVerdict::Balanced:
            return "balanced";
        case stats::BalanceVerdict::FavoursSide:
            return "favours_side";
        case stats::BalanceVerdict::FavoursOpponent:
            return "favours_opponent";
        case stats::BalanceVerdict::Continue:
            break;
    }
    return "continue";
}

Json test_json(const stats::SprtResult& t) {
    return Json{{"llr", t.llr},
                {"lower", t.bounds.lower},
                {"upper", t.bounds.upper},
                {"decision", decision_name(t.decision)}};
}

int run_sprt_command(const SprtArgs& args, AppContext& ctx) {
    auto store = analysis::read_store(args.db);
    if (!store) return report_error(ctx, store.error());
    analysis::VariantCatalog catalog(store->specs);
    auto sample = analysis::select_sprt_sample(store->games, args.query, catalog);
    if (!sample) return report_error(ctx, sample.error());
    stats::BalanceSprtParameters parameters;
    parameters.margin = args.margin;
    parameters.alpha = args.alpha;
    parameters.beta = args.beta;
    auto result = sample->pairs ? stats::balance_sprt(*sample->pairs, parameters)
                                : stats::balance_sprt(sample->wdl, parameters);
    if (!result) return report_error(ctx, make_error(result.error().message, "stats"));
    auto score = stats::score_interval(sample->wdl, 0.95);
    const auto more = stats::expected_more_games(*result, sample->wdl.games());
    const std::string model = sample->pairs ? "pentanomial" : "trinomial";

    if (args.json) {
        const auto& w = sample->wdl;
        Json out{{"variant", sample->variant},
                 {"rules", sample->rules},
                 {"side", sample->side},
                 {"opponent", sample->opponent},
                 {"players", sample->players},
                 {"scope", sample->scope},
                 {"games", w.games()},
                 {"wins", w.wins},
                 {"draws", w.draws},
                 {"losses", w.losses},
                 {"score", w.score()},
                 {"score_low", score ? Json(score->lower) : Json(nullptr)},
                 {"score_high", score ? Json(score->upper) : Json(nullptr)},
                 {"model", model},
                 {"model_reason", sample->model_reason},
                 {"pairs", sample->pairs ? Json(sample->pairs->as_array()) : Json(nullptr)},
                 {"margin", args.margin},
                 {"alpha", args.alpha},
                 {"beta", args.beta},
                 {"elo0", result->hypotheses.elo0},
                 {"elo1", result->hypotheses.elo1},
                 {"side_test", test_json(result->side)},
                 {"opponent_test", test_json(result->opponent)},
                 {"verdict", verdict_key(result->verdict)},
                 {"expected_more_games", more ? Json(std::ceil(*more)) : Json(nullptr)},
                 {"verdict_text", verdict_text(*result, *sample, args.margin)}};
        print_json(ctx, out);
        return 0;
    }
    const auto& w = sample->wdl;
    ctx.out << fmt::format("Is {} vs {} balanced within +/-{}? ({}, rules {}, players {}; {})\n",
                           sample->side, sample->opponent, analysis::percent(args.margin),
                           sample->variant, analysis::rules_label(sample->rules), sample->players,
                           sample->scope);
    ctx.out << fmt::format(
        "games {} ({} with {} White, {} with {} Black): {} scores {} {} (95% trinomial Wilson), "
        "W-D-L {}-{}-{}\n",
        w.games(), sample->side_white_games, sample->side, sample->side_black_games, sample->side,
        sample->side, analysis::percent(w.score(), 2),
        score ? analysis::percent_interval(*score) : "n/a", w.wins, w.draws, w.losses);
    ctx.out << "model " << sample->model_reason << '\n';
    ctx.out << fmt::format(
        "hypotheses per army: H0 score 50% (Elo 0) vs H1 score {} (logistic Elo {:+.1f}); "
        "alpha {:g}, beta {:g}; LLR bounds [{:.3f}, {:.3f}]\n",
        analysis::percent(0.5 + args.margin), result->hypotheses.elo1, args.alpha, args.beta,
        result->side.bounds.lower, result->side.bounds.upper);
    ctx.out << fmt::format("{} scores >= {}?  LLR {:+.3f} -> {}\n", sample->side,
                           analysis::percent(0.5 + args.margin), result->side.llr,
                           decision_name(result->side.decision));
    ctx.out << fmt::format("{} scores >= {}?  LLR {:+.3f} -> {}\n", sample->opponent,
                           analysis::percent(0.5 + args.margin), result->opponent.llr,
                           decision_name(result->opponent.decision));
    ctx.out << "decision: " << verdict_text(*result, *sample, args.margin) << '\n';
    if (result->verdict == stats::BalanceVerdict::Continue)
        ctx.out << (more ? fmt::format("expected: about {:.0f} more games if they score like those "
                                       "so far (each test's LLR grows with the games)\n",
                                       std::ceil(*more))
                         : std::string("expected: no estimate (a test the decision waits for "
                                       "has not moved from 0)\n"));
    return 0;
}

}  // namespace

void register_sprt(CLI::App& app, AppContext& ctx) {
    auto args = std::make_shared<SprtArgs>();
    CLI::App* command = app.add_subcommand(
        "sprt", "Sequential test on stored games: is a pairing balanced within +-margin score?");
    command->add_option("--db", args->db, "Results database (SQLite)")->required();
    auto* cell = command->add_option("--cell", args->query.cell,
                                     "One cell by its key variant|white|black|rules|wp|bp");
    command->add_option("--white", args->query.white, "Army A (its score is tested)")
        ->excludes(cell);
    command->add_option("--black", args->query.black, "Army B")->excludes(cell);
    command->add_option("--rules", args->query.rules, "Rule set as stored (default: defaults)");
    command->add_option("--variant", args->query.variant, "Variant, when the store has several");
    command->add_option("--player", args->query.player,
                        "Only games this player took part in; when two players each played both "
                        "armies, the player of the --white army");
    command->add_flag("--one-colour", args->query.one_colour,
                      "Only the games with A White (default: both colour orders pooled)");
    command->add_flag("--trinomial", args->query.force_trinomial,
                      "Count single games even when openings are paired");
    command->add_option("--margin", args->margin, "Score margin, e.g. 0.02 for 48%-52%")
        ->required()
        ->check(finite_range(0.0001, 0.4999));
    command->add_option("--alpha", args->alpha, "False-alarm rate of each test (default 0.05)")
        ->check(finite_range(0.0001, 0.5));
    command->add_option("--beta", args->beta, "Miss rate of each test (default 0.05)")
        ->check(finite_range(0.0001, 0.5));
    command->add_flag("--json", args->json, "Print one JSON object instead of text");
    command->callback([args, &ctx] { ctx.exit_code = run_sprt_command(*args, ctx); });
}

}  // namespace balance::cli
