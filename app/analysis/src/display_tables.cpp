#include "balance/analysis/display_tables.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <set>

#include <fmt/format.h>

#include "balance/analysis/text_format.hpp"
#include "balance/stats/davidson.hpp"
#include "balance/stats/interval.hpp"
#include "balance/stats/logistic.hpp"
#include "balance/stats/mean_sample.hpp"
#include "balance/stats/multiple.hpp"
#include "balance/stats/odds_values.hpp"

namespace balance::analysis {

namespace {

// "+/- 3.1%": half the interval's width, the seed's way of writing a margin.
std::string margin(const stats::Interval& i) {
    return fmt::format("+/- {}", percent(0.5 * (i.upper - i.lower)));
}

std::string seed_cell(double score, int games, double margin_value) {
    return fmt::format("{} by {} (+/- {})", percent(score, 2), games, percent(margin_value));
}

std::vector<std::string> pair_row(const std::string& label, const ScoreSummary& s,
                                  const std::string& x_name, const std::string& reference) {
    return {label,
            std::to_string(s.wdl.games()),
            fmt::format("{} ({})", percent(s.score.estimate, 2), x_name),
            percent_interval(s.score),
            margin(s.score),
            fmt::format("{} {}", elo(s.elo.estimate), elo_interval_text(s.elo)),
            fmt::format("{}-{}-{}", s.wdl.wins, s.wdl.draws, s.wdl.losses),
            percent(s.draw_rate),
            reference};
}

std::string measure_text(const EffectMeasure& m) {
    return fmt::format("{} {}", points(m.change.estimate),
                       points_interval(m.change.lower, m.change.upper));
}

std::string pairing_text(VariantCatalog& catalog, const RuleEffect& e) {
    if (e.pooled) return fmt::format("all {} pairings", e.pairings);
    return cell_label(catalog, e.variant, e.white, e.black);
}

}  // namespace

std::string score_owner(const std::string& display_name) {
    std::string s = display_name;
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

std::string cell_label(VariantCatalog& catalog, const std::string& variant,
                       const std::string& white, const std::string& black) {
    return fmt::format("{}-{}", catalog.display_name(variant, white),
                       catalog.display_name(variant, black));
}

std::string cell_name(VariantCatalog& catalog, const CellId& id) {
    return fmt::format("{} {}", id.variant, cell_label(catalog, id.variant, id.white, id.black));
}

void drop_empty_column(DisplayTable& table, std::size_t column) {
    if (column >= table.header.size()) return;
    for (const auto& row : table.rows)
        if (column < row.size() && !row[column].empty()) return;
    table.header.erase(table.header.begin() + static_cast<std::ptrdiff_t>(column));
    for (auto& row : table.rows)
        if (column < row.size()) row.erase(row.begin() + static_cast<std::ptrdiff_t>(column));
}

std::vector<DisplayTable> seed_layout_tables(const ReportData& report, VariantCatalog& catalog) {
    std::vector<DisplayTable> out;
    const std::string ci = confidence_label(report.confidence);
    for (const PairSummary& pair : report.pairs) {
        const std::string title = fmt::format("{}, rules: {}, players: {}", pair.variant,
                                              rules_label(pair.rules), pair.players_label());
        if (out.empty() || out.back().title != title) {
            DisplayTable table;
            table.title = title;
            table.caption = fmt::format(
                "Every row is X's score, X the army named first in the pooled row X = Y (the "
                "score column names it): X-Y has X on White, Y-X has Y on White, X = Y pools "
                "both. {} trinomial Wilson intervals; \"+/-\" is half the interval's width.",
                ci);
            table.header = {"pairing", "games",     "score (X)", ci + " interval", "+/-",
                            "Elo",     "W-D-L (X)", "draws",     "published"};
            out.push_back(std::move(table));
        }
        DisplayTable& table = out.back();
        const std::string x = catalog.display_name(pair.variant, pair.x);
        const std::string y = catalog.display_name(pair.variant, pair.y);
        const auto& ref = pair.reference;
        if (pair.x_white) {
            table.rows.push_back(pair_row(
                x + "-" + y, *pair.x_white, score_owner(x),
                ref ? seed_cell(ref->x_white_score, ref->games_per_colour, ref->margin_per_colour)
                    : ""));
            table.emphasis.push_back(false);
        }
        if (pair.x_black) {
            table.rows.push_back(pair_row(
                y + "-" + x, *pair.x_black, score_owner(x),
                ref ? seed_cell(ref->x_black_score, ref->games_per_colour, ref->margin_per_colour)
                    : ""));
            table.emphasis.push_back(false);
        }
        if (pair.pooled) {
            const ScoreSummary& p = *pair.pooled;
            table.rows.push_back(pair_row(
                x + " = " + y, p, score_owner(x),
                ref ? seed_cell(ref->pooled_score, 2 * ref->games_per_colour, ref->margin_pooled)
                    : ""));
            table.emphasis.push_back(true);
            table.lines.push_back(fmt::format(
                "{} = {}, {} ({}) by {} games ({} {} to {})", x, y, percent(p.score.estimate, 2),
                score_owner(x), p.wdl.games(), ci, percent(p.score.lower), percent(p.score.upper)));
        }
    }
    for (DisplayTable& table : out) {
        drop_empty_column(table, table.header.size() - 1);
        if (table.header.back() == "published")
            table.caption += " A published score \"by N\" came from N games.";
    }
    return out;
}

DisplayTable cells_table(const ReportData& report, VariantCatalog& catalog) {
    DisplayTable table;
    const std::string ci = confidence_label(report.confidence);
    table.caption = fmt::format(
        "Every cell from White's point of view. White score = (W + D/2) / games with its {} "
        "trinomial Wilson interval; Elo = -400 log10(1/s - 1) with the interval's ends mapped. A "
        "cell whose games were mostly lost by engine failures has no score: it says how many.",
        ci);
    table.header = {"variant",    "White",       "Black",           "rules",
                    "players",    "games",       "White wins",      "draws",
                    "Black wins", "White score", ci + " interval",  "Elo " + ci,
                    "draw rate",  "mean plies",  "different games", "off-window openings"};
    for (const CellRow& row : report.cells) {
        const CellId& id = row.tally.id;
        // A cell of forfeits measures the engines, not the armies: no score is shown for it.
        const auto& s = row.tally.engine_failed() ? std::optional<ScoreSummary>{} : row.white;
        const std::string no_score =
            row.tally.engine_failed()
                ? fmt::format("engine failures: {} of {}", row.tally.engine_failures,
                              row.tally.wdl.games())
                : "n/a";
        table.rows.push_back(
            {id.variant, catalog.display_name(id.variant, id.white),
             catalog.display_name(id.variant, id.black), rules_label(id.rules), players_label(id),
             std::to_string(row.tally.wdl.games()), std::to_string(row.tally.wdl.wins),
             std::to_string(row.tally.wdl.draws), std::to_string(row.tally.wdl.losses),
             s ? percent(s->score.estimate, 2) : no_score, s ? percent_interval(s->score) : "n/a",
             s ? fmt::format("{} {}", elo(s->elo.estimate), elo_interval_text(s->elo)) : "n/a",
             s ? percent(s->draw_rate) : "n/a", number(row.tally.mean_plies(), 1),
             std::to_string(row.tally.distinct_games),
             // Blank when none: the column shows only in reports of games that missed.
             row.tally.openings_missed > 0 ? std::to_string(row.tally.openings_missed) : ""});
        table.emphasis.push_back(false);
    }
    drop_empty_column(table, table.header.size() - 1);
    return table;
}

DisplayTable terminations_table(const ReportData& report, VariantCatalog& catalog) {
    std::set<std::string> reasons;
    for (const CellRow& row : report.cells)
        for (const auto& [reason, count] : row.tally.terminations) reasons.insert(reason);
    DisplayTable table;
    table.caption = "How the games of each cell ended (counts per termination reason).";
    table.header = {"cell", "rules", "players"};
    table.header.insert(table.header.end(), reasons.begin(), reasons.end());
    for (const CellRow& row : report.cells) {
        const CellId& id = row.tally.id;
        std::vector<std::string> cells{cell_name(catalog, id), rules_label(id.rules),
                                       players_label(id)};
        for (const std::string& reason : reasons) {
            const auto it = row.tally.terminations.find(reason);
            cells.push_back(it == row.tally.terminations.end() ? "0" : std::to_string(it->second));
        }
        table.rows.push_back(std::move(cells));
        table.emphasis.push_back(false);
    }
    return table;
}

std::vector<DisplayTable> army_tables(const ReportData& report, VariantCatalog& catalog) {
    std::vector<DisplayTable> out;
    const std::string ci = confidence_label(report.confidence);
    for (const ArmyFit& fit : report.armies) {
        DisplayTable table;
        table.title = fmt::format("{}, rules: {}, players: {}", fit.variant, rules_label(fit.rules),
                                  fit.players_label());
        table.caption = fmt::format("{} cells, {} games.", fit.cells, fit.games);
        if (!fit.ok()) {
            table.lines.push_back("Not fitted: " + fit.error + ".");
            out.push_back(std::move(table));
            continue;
        }
        table.header = {"army", "games", "strength (Elo, win/loss odds, vs the average army)",
                        ci + " interval"};
        for (const ArmyRating& rating : fit.armies) {
            table.rows.push_back({catalog.display_name(fit.variant, rating.army),
                                  std::to_string(rating.games), elo(rating.elo.estimate),
                                  elo_interval_text(rating.elo)});
            table.emphasis.push_back(false);
        }
        table.lines.push_back(fmt::format(
            "White advantage (first move): {} Elo {} on the win/loss-odds scale; White's expected "
            "score between equal armies {} {}.",
            elo(fit.white_advantage_elo.estimate), elo_interval_text(fit.white_advantage_elo),
            percent(fit.white_advantage_score.estimate),
            percent_interval(fit.white_advantage_score)));
        table.lines.push_back(fmt::format("Davidson draw parameter nu = {} (SE {}).",
                                          number(fit.draw_nu.value, 3),
                                          number(fit.draw_nu.standard_error, 3)));
        out.push_back(std::move(table));
    }
    return out;
}

std::string effect_verdict(const RuleEffect& effect, double alpha) {
    if (!detectable_unadjusted(effect)) return "none detectable (unadjusted)";
    std::vector<std::string> parts;
    const auto describe = [&](const EffectMeasure& m, const char* what) {
        if (m.covers_zero()) return;
        const bool holm = m.p_holm && *m.p_holm <= alpha;
        parts.push_back(
            fmt::format("{} {} ({})", what, m.change.estimate > 0 ? "up" : "down",
                        holm ? "significant after Holm" : "not significant after Holm"));
    };
    describe(effect.score, "White score");
    describe(effect.draw_rate, "draws");
    std::string out;
    for (const auto& part : parts) out += (out.empty() ? "" : "; ") + part;
    return out;
}

DisplayTable rule_effects_table(const ReportData& report, VariantCatalog& catalog) {
    DisplayTable table;
    if (report.rule_effects.empty()) {
        table.lines.push_back(
            "No rule set other than the defaults was played on a pairing that also has "
            "default-rule games.");
        return table;
    }
    int tests = 0;
    for (const auto& e : report.rule_effects)
        tests += e.score.p.has_value() + e.draw_rate.p.has_value();
    const std::string ci = confidence_label(report.confidence);
    table.caption = fmt::format(
        "Each rule set minus the default rules on the same pairing and players (and pooled over "
        "pairings). Changes in percentage points with {} Newcombe/MOVER intervals; p = two-sided "
        "Wald p-value of \"no change\", Holm-adjusted across all {} tests of this table. The "
        "decisive rate is 1 - draw rate (the same test).",
        ci, tests);
    table.header = {"variant",
                    "rule set",
                    "pairing",
                    "players",
                    "games (rule/base)",
                    "White score change",
                    "p (Holm)",
                    "draw rate change",
                    "p (Holm)",
                    "decisive rate change",
                    "verdict"};
    const double alpha = 1.0 - report.confidence;
    for (const RuleEffect& e : report.rule_effects) {
        table.rows.push_back(
            {e.variant, e.rules, pairing_text(catalog, e), e.players_label(),
             fmt::format("{}/{}", e.treatment.games(), e.baseline.games()), measure_text(e.score),
             p_value(e.score.p_holm), measure_text(e.draw_rate), p_value(e.draw_rate.p_holm),
             fmt::format("{} {}", points(e.decisive_rate.estimate),
                         points_interval(e.decisive_rate.lower, e.decisive_rate.upper)),
             effect_verdict(e, alpha)});
        table.emphasis.push_back(e.pooled);
    }
    return table;
}

namespace {

// "[48.1%, 52.3%] (200 pairs, rho -0.11)", or "n/a" without pairs.
std::string paired_text(const std::optional<stats::PairedInterval>& p) {
    if (!p) return "n/a";
    const std::string rho =
        std::isnan(p->correlation) ? std::string("n/a") : fmt::format("{:+.2f}", p->correlation);
    return fmt::format("{} ({} pairs, rho {})", percent_interval(p->score), p->pairs, rho);
}

}  // namespace

DisplayTable head_to_head_table(const ReportData& report) {
    DisplayTable table;
    const std::string ci = confidence_label(report.confidence);
    table.caption = fmt::format(
        "Every pair of different players that met, pooled over armies and both colours, from "
        "the first player's view: score (W + D/2) / games with its {} trinomial Wilson interval "
        "and the Elo difference (interval ends mapped). Games lost by an engine failure count. "
        "Paired: the games that share an opening with colours reversed, scored over pairs (the "
        "pentanomial model), with the pair correlation rho; 1 + rho is the share of games a "
        "paired interval needs for the width of independent games.",
        ci);
    table.header = {"variant",
                    "rules",
                    "player",
                    "opponent",
                    "games",
                    "W-D-L",
                    "score",
                    ci + " interval",
                    "Elo " + ci,
                    "as White",
                    "as Black",
                    "draw rate",
                    "paired " + ci + " interval"};
    const auto side_text = [](const std::optional<ScoreSummary>& s) {
        return s ? fmt::format("{} by {}", percent(s->score.estimate, 1), s->wdl.games())
                 : std::string("n/a");
    };
    for (const HeadToHead& h : report.head_to_head) {
        if (!h.pooled) continue;
        const ScoreSummary& s = *h.pooled;
        table.rows.push_back({h.variant, rules_label(h.rules), h.a, h.b,
                              std::to_string(s.wdl.games()),
                              fmt::format("{}-{}-{}", s.wdl.wins, s.wdl.draws, s.wdl.losses),
                              percent(s.score.estimate, 2), percent_interval(s.score),
                              fmt::format("{} {}", elo(s.elo.estimate), elo_interval_text(s.elo)),
                              side_text(h.a_white), side_text(h.a_black), percent(s.draw_rate),
                              paired_text(h.paired)});
        table.emphasis.push_back(false);
    }
    return table;
}

DisplayTable player_scale_table(const ReportData& report) {
    DisplayTable table;
    const std::string ci = confidence_label(report.confidence);
    table.caption = fmt::format(
        "Every player and rung that met another, on one Elo scale per variant and rules: a "
        "Bradley-Terry-Davidson fit over the games between different players (pooled over "
        "armies, White's advantage fitted jointly; win/loss-odds Elo against the average of "
        "the scale's players, {} Wald intervals). A player's own balance verdict is the one "
        "under its name in the verdict; the strongest player's is named below.",
        ci);
    table.header = {"variant", "rules", "player", "games", "Elo", ci + " interval"};
    for (const PlayerScale& scale : report.player_scales) {
        if (!scale.ok()) {
            table.lines.push_back(fmt::format("{}, {}: no common scale ({}).", scale.variant,
                                              rules_label(scale.rules), scale.error));
            continue;
        }
        for (const PlayerRating& p : scale.players) {
            table.rows.push_back({scale.variant, rules_label(scale.rules), p.player,
                                  std::to_string(p.games), elo(p.elo.estimate),
                                  elo_interval_text(p.elo)});
            table.emphasis.push_back(&p == &scale.players.front());
        }
        const PlayerRating& best = scale.players.front();
        table.lines.push_back(fmt::format(
            "{}, {}: the strongest player measured head to head is {} ({} Elo {} against the "
            "average of {} players); its balance verdict is the one under \"players: {}\".",
            scale.variant, rules_label(scale.rules), best.player, elo(best.elo.estimate),
            elo_interval_text(best.elo), scale.players.size(), best.player));
    }
    return table;
}

DisplayTable failures_table(const ReportData& report) {
    std::set<std::string> statuses(EngineFailures::kShownStatuses.begin(),
                                   EngineFailures::kShownStatuses.end());
    for (const EngineFailures& f : report.failures)
        for (const auto& [status, count] : f.by_status) statuses.insert(status);
    DisplayTable table;
    table.caption =
        "Games each engine lost by failing (timeouts, crashes, illegal moves, ...), counted "
        "against the player that failed (a timeout only under movetime). Void attempts, no "
        "result and not in the tables, replayed by the run and a resumed sweep: unavailable, the "
        "engine could not be started; watchdog, a node- or depth-limited search did not answer "
        "within the harness's deadline (a starved machine or a hung engine). 'unplayed': void "
        "games still not played.";
    table.header = {"player", "games"};
    table.header.insert(table.header.end(), statuses.begin(), statuses.end());
    table.header.push_back("total");
    table.header.push_back("unavailable");
    table.header.push_back("watchdog");
    table.header.push_back("unplayed");
    for (const EngineFailures& f : report.failures) {
        std::vector<std::string> row{f.player, std::to_string(f.games)};
        for (const std::string& status : statuses) {
            const auto it = f.by_status.find(status);
            row.push_back(it == f.by_status.end() ? "0" : std::to_string(it->second));
        }
        row.push_back(std::to_string(f.total()));
        row.push_back(std::to_string(f.unavailable));
        row.push_back(std::to_string(f.watchdog));
        row.push_back(std::to_string(f.unplayed));
        table.rows.push_back(std::move(row));
        table.emphasis.push_back(false);
    }
    return table;
}

namespace {

// The reference piece's logistic coefficient (0 when it is not identified).
double reference_coefficient(const PieceValueFit& fit) {
    for (const PieceValueRow& row : fit.rows)
        if (row.piece == fit.normalize && row.identified) return row.coefficient.value;
    return 0.0;
}

// The columns every values table starts with: piece, army, documented (and published when the
// variant file names published values), and a row's cells for them.
std::vector<std::string> value_columns(const PieceValueFit& fit) {
    std::vector<std::string> header{"piece", "army", "documented"};
    if (!fit.published_source.empty()) header.push_back("published");
    return header;
}

std::vector<std::string> value_cells(const PieceValueFit& fit, const PieceValueRow& row) {
    std::vector<std::string> cells{row.piece, row.armies, number(row.documented, 2)};
    if (!fit.published_source.empty())
        cells.push_back(row.published ? number(*row.published, 2) : "");
    return cells;
}

}  // namespace

DisplayTable values_methods_table(const PieceValueFit& fit,
                                  const std::optional<PieceValueFit>& regression,
                                  const std::optional<PieceValueFit>& odds_starts,
                                  const std::string& title) {
    DisplayTable table;
    const std::string ci = confidence_label(fit.confidence);
    table.title = title;
    table.caption = fmt::format(
        "Each method in units of {} = {:g}, with its {} interval: {} ({} games), and the plain "
        "regression on material for comparison (it reads values low: the side that stands "
        "better wins pawns and games, and the pawn is credited with both). Details below.",
        fit.normalize, fit.unit_value, ci, fit.method, fit.clusters);
    if (odds_starts) {
        table.caption += fmt::format(
            " The games start from designed material odds, so odds-starts is shown too: the "
            "result against each game's start material ({} games), which the players did not "
            "choose; the in-game fits see positions that follow from the odds.",
            odds_starts->clusters);
    }
    table.header = value_columns(fit);
    table.header.push_back(fit.method);
    if (regression) table.header.push_back("regression");
    if (odds_starts) table.header.push_back("odds-starts");
    auto cell = [&](const PieceValueRow& row) -> std::string {
        if (!row.identified) return "not identified";
        if (row.piece == fit.normalize) return number(row.value.value, 2) + " (unit)";
        const stats::Interval& shown = shown_value_interval(row);
        return fmt::format("{} [{}, {}]", number(row.value.value, 2), number(shown.lower, 2),
                           number(shown.upper, 2));
    };
    for (std::size_t k = 0; k < fit.rows.size(); ++k) {
        const PieceValueRow& row = fit.rows[k];
        std::vector<std::string> cells = value_cells(fit, row);
        cells.push_back(cell(row));
        for (const auto* other : {&regression, &odds_starts}) {
            if (*other) cells.push_back(k < (*other)->rows.size() ? cell((*other)->rows[k]) : "");
        }
        table.rows.push_back(std::move(cells));
        table.emphasis.push_back(row.piece == fit.normalize);
    }
    if (!fit.published_source.empty())
        table.lines.push_back("Published values: " + fit.published_source + ".");
    return table;
}

DisplayTable values_table(const PieceValueFit& fit, const MaterialData& data,
                          const std::string& title) {
    DisplayTable table;
    const std::string ci = confidence_label(fit.confidence);
    table.title = title;
    table.caption = fmt::format(
        "Values with {} = {:g}, from {} positions of {} games (cluster = game). Elo per piece = "
        "400/ln 10 times the logistic coefficient: what one more such piece is worth, at equal "
        "everything else.",
        fit.normalize, fit.unit_value, fit.positions, fit.clusters);
    const bool published = !fit.published_source.empty();
    table.header = value_columns(fit);
    table.header.insert(table.header.end(), {"fitted", ci + " interval", "Elo per piece",
                                             "positions where it differs"});
    if (fit.bootstrap_replications > 0) table.header.push_back("Elo, bootstrap " + ci);
    std::vector<std::string> unidentified;
    for (const PieceValueRow& row : fit.rows) {
        std::vector<std::string> cells = value_cells(fit, row);
        if (row.identified) {
            cells.push_back(number(row.value.value, 2));
            const stats::Interval& shown = shown_value_interval(row);
            cells.push_back(
                row.piece == fit.normalize
                    ? "(unit)"
                    : fmt::format("[{}, {}]", number(shown.lower, 2), number(shown.upper, 2)));
            cells.push_back(
                fmt::format("{} {}", elo(row.elo.estimate), elo_interval_text(row.elo)));
        } else {
            cells.insert(cells.end(), {"not identified", "", ""});
            unidentified.push_back(fmt::format("{}: {}.", row.piece, row.why_not));
        }
        cells.push_back(std::to_string(row.varying_rows));
        if (fit.bootstrap_replications > 0)
            cells.push_back(row.elo_bootstrap ? elo_interval_text(*row.elo_bootstrap) : "");
        table.rows.push_back(std::move(cells));
        table.emphasis.push_back(row.piece == fit.normalize);
    }
    if (published) table.lines.push_back("Published values: " + fit.published_source + ".");
    table.lines.push_back(
        fmt::format("White advantage at equal material (intercept): {} logit, White scores {} {}.",
                    number(fit.intercept.value, 3), percent(fit.white_score.estimate),
                    percent_interval(fit.white_score)));
    table.lines.push_back(
        fit.spearman ? fmt::format("Spearman rank correlation of fitted and documented values: {} "
                                   "(identified pieces).",
                                   number(*fit.spearman, 2))
                     : "Spearman rank correlation: fewer than 3 identified pieces.");
    table.lines.push_back(fmt::format(
        "Games: {} gave positions, {} never reached a quiet position past the minimum ply, {} "
        "ended by an engine failure (left out), {} did not replay. Quasi-likelihood dispersion "
        "{} (below 1: draws make outcomes less variable than coin flips).",
        data.games_used, data.games_without_sample, data.games_failed, data.games_unreadable,
        number(fit.dispersion, 2)));
    if (fit.positional && fit.positional_term == PositionalTerm::Held) {
        table.lines.push_back(fmt::format(
            "The engine's evaluation beyond material was held at the engine's own weight: its "
            "whole evaluation is worth {} logit per pawn (fitted first), and that times its "
            "positional part entered as a fixed offset (a material {}: {} logit).",
            number(fit.positional->value, 3), fit.normalize,
            number(reference_coefficient(fit), 3)));
    } else if (fit.positional) {
        table.lines.push_back(fmt::format(
            "The engine's evaluation beyond material was a covariate: {} logit per pawn of it (a "
            "material {}: {} logit).",
            number(fit.positional->value, 3), fit.normalize,
            number(reference_coefficient(fit), 3)));
    }
    if (fit.bootstrap_replications > 0) {
        table.lines.push_back(fmt::format(
            "Intervals: percentiles over {} resamples of whole games ({} failed and were left "
            "out), for the values and for Elo per piece.",
            fit.bootstrap_replications, fit.bootstrap_failed));
    } else {
        table.lines.push_back(
            "Intervals: delta method with cluster-robust (by game) standard errors.");
    }
    for (auto& line : unidentified) table.lines.push_back(std::move(line));
    for (const auto& problem : data.problems) table.lines.push_back("Replay problem: " + problem);
    return table;
}

DisplayTable odds_table(const OddsValues& odds, const std::string& variant) {
    DisplayTable table;
    const std::string ci = confidence_label(odds.confidence);
    table.title = variant;
    table.caption = fmt::format(
        "Material-odds values (Muller): Elo(X odds) / Elo({} odds) x {:g}, scores from the view "
        "of the side with the extra material, {} Fieller intervals.",
        odds.calibration, odds.unit_value, ci);
    table.header = {"removed piece",
                    "documented",
                    "games",
                    "removed from White/Black",
                    "score of the side with it",
                    "Elo",
                    "value",
                    ci + " interval"};
    bool any_compensated = false;
    for (const OddsRow& row : odds.rows) {
        const auto e = stats::elo_estimate(row.advantaged);
        const bool calibration = row.piece == odds.calibration && row.against.empty();
        any_compensated = any_compensated || !row.against.empty();
        std::vector<std::string> cells{
            odds_row_label(row.piece, row.against),
            number(row.documented, 2),
            std::to_string(row.advantaged.games()),
            fmt::format("{}/{}", row.removed_from_white, row.removed_from_black),
            percent(row.advantaged.score()),
            e ? fmt::format("{} (SE {})", elo(e->value), number(e->standard_error, 0)) : "n/a"};
        if (calibration) {
            cells.insert(cells.end(), {number(odds.unit_value, 2), "(calibration)"});
        } else if (row.value) {
            cells.push_back(number(row.value->value, 2));
            cells.push_back(row.value->bounded
                                ? fmt::format("[{}, {}]", number(row.value->lower, 2),
                                              number(row.value->upper, 2))
                                : "unbounded (calibration Elo not significant)");
        } else {
            cells.insert(cells.end(), {"n/a", row.error});
        }
        table.rows.push_back(std::move(cells));
        table.emphasis.push_back(calibration);
    }
    if (any_compensated) {
        table.lines.push_back(fmt::format(
            "Compensated odds (\"X against S\"): one side starts without X, the other without the "
            "pieces S; value(X) = (Elo of the X side + the plain-odds Elos of S's pieces) / Elo({} "
            "odds) x {:g}.",
            odds.calibration, odds.unit_value));
    }
    table.lines.push_back(fmt::format("{} ordinary games (no odds) and {} other games skipped.",
                                      odds.ordinary_games, odds.skipped_games));
    return table;
}

std::vector<VerdictBlock> verdict_blocks(const ReportData& report) {
    std::vector<VerdictBlock> out;
    for (const SummaryItem& item : report.summary) {
        const std::string title = item.group();
        if (out.empty() || out.back().title != title) out.push_back(VerdictBlock{title, {}});
        out.back().items.push_back(&item);
    }
    return out;
}

std::string verdict_caption(const ReportData& report) {
    if (report.summary.empty()) return "No games to judge yet.";
    return fmt::format(
        "Each pairing's score over both colours, from the first-named army's side; each army's "
        "strength against the average army; {} intervals. The tables below hold every number "
        "behind these lines.",
        confidence_label(report.confidence));
}

std::string runs_phrase(const ReportData& report) {
    std::set<std::string> sweeps;
    for (const StoredRun& run : report.runs) sweeps.insert(run.sweep_name);
    std::string names;
    for (const std::string& name : sweeps)
        names += fmt::format("{}\"{}\"", names.empty() ? "" : ", ", name);
    return fmt::format("{} of sweep{} {}",
                       count_of(static_cast<long long>(report.runs.size()), "run"),
                       sweeps.size() == 1 ? "" : "s", names);
}

std::vector<std::string> run_lines(const ReportData& report) {
    std::vector<std::string> out;
    for (const StoredRun& run : report.runs) {
        out.push_back(fmt::format(
            "run {}: sweep \"{}\" ({}), started {}, {}, git {}, master seed {}, shard {}, {} on {}",
            run.run_id, run.sweep_name, run.sweep_file, run.started_at,
            run.finished_at ? "finished " + *run.finished_at : "not finished (running or killed)",
            run.git_revision, run.master_seed, run.shard, count_of(run.threads, "thread"),
            run.host));
    }
    return out;
}

std::vector<std::string> reference_sources(const ReportData& report) {
    std::vector<std::string> sources;
    for (const PairSummary& pair : report.pairs) {
        if (pair.reference &&
            std::find(sources.begin(), sources.end(), pair.reference->source) == sources.end())
            sources.push_back(pair.reference->source);
    }
    return sources;
}

std::vector<std::string> method_lines(const ReportData& report) {
    std::vector<std::string> out{
        fmt::format("Score intervals ({}): {}.", confidence_label(report.confidence),
                    stats::kScoreIntervalMethod),
        "Elo: logistic Elo of the score, -400 log10(1/s - 1); interval = the score interval's ends "
        "mapped (exact coverage carries over).",
        fmt::format("Army strengths and White advantage: {}; Wald intervals.",
                    stats::kDavidsonMethod),
        fmt::format("Rule effects: {}; draw and decisive rates as binary outcomes; p-values Wald "
                    "(two-sided), multiplicity {}.",
                    stats::kDifferenceMethod, stats::kMultiplicityMethod),
    };
    if (!report.points.empty()) {
        out.push_back(fmt::format("Points differences: {}.", stats::kMeanMethod));
    }
    if (!report.values.empty()) {
        out.push_back(fmt::format(
            "Piece values: {}; values = coefficient / reference coefficient, delta-method SE.",
            stats::kLogisticMethod));
    }
    for (const std::string& source : reference_sources(report))
        out.push_back(fmt::format("Reference: {}.", source));
    return out;
}

std::vector<std::string> reading_guide(const ReportData& report) {
    const std::string ci = confidence_label(report.confidence);
    std::vector<std::string> out{
        "The words of this report (cell, matchup, pairing, rung, trinomial Wilson, Davidson nu, "
        "LLR, texel, \"by 500\", ...) are explained in `docs/glossary.md` of the Balance "
        "repository.",
        "The verdict at the top restates the pooled scores, the army fit and the head-to-head "
        "scores in words: a side is called stronger only when the whole interval lies on its "
        "side of 50% (of 0 Elo for an army); otherwise the interval says how large an edge the "
        "games still allow.",
        "A cell is one (variant, White army, Black army, rule set, players) combination; its "
        "score is White's: (wins + draws/2) / games.",
        fmt::format("Intervals are {} trinomial Wilson score intervals: draws shrink the spread "
                    "of a game's score, and the interval stays inside [0%, 100%].",
                    ci),
        "The balance table is laid out as the variant's published table (where its file has one, "
        "its numbers in the \"published\" column): \"Human-Elf\" = Humans White; every row is "
        "the score of the army named first in the variant file, also in \"Elf-Human\"; "
        "\"Human = Elf\" pools both colour orders (it does not mean balanced).",
        "A pairing is balanced within the precision of the data when its pooled interval "
        "contains 50%; use `balance sprt` to decide \"balanced within +/-X%\" with error rates.",
        "The army fit separates moving first from army strength: army ratings are relative to "
        "the average army of the rule set, the White advantage is common to all pairings.",
        "Rule effects say \"none detectable (unadjusted)\" when every change's interval contains "
        "0; those intervals are not adjusted for the number of rule sets and pairings compared, "
        "so a change counts as significant only when its Holm-adjusted p-value is below "
        "1 - confidence.",
    };
    if (!report.points.empty()) {
        out.push_back(
            "In a variant decided by points (Stylish chess) a game's result, and so every score "
            "above, is the result by points: the side with more points wins even if it was "
            "mated. The points section puts the board's result beside it.");
    }
    return out;
}

}  // namespace balance::analysis
