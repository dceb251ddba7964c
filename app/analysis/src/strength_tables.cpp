#include "strength_tables.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "balance/analysis/text_format.hpp"

namespace balance::analysis {

namespace {

std::string score_cell(const std::optional<ScoreSummary>& s) {
    if (!s || s->wdl.games() == 0) return "n/a";
    return fmt::format("{} {} ({})", percent(s->score.estimate), percent_interval(s->score),
                       s->wdl.games());
}

std::string trend_cell(const std::optional<StrengthTrend>& t) {
    if (!t) return "n/a";
    return fmt::format("{} {}", points(t->slope), points_interval(t->lower, t->upper));
}

std::string pairing_label(VariantCatalog& catalog, const std::string& variant,
                          const StrengthLine& line) {
    const std::string x = catalog.display_name(variant, line.x);
    const std::string y = catalog.display_name(variant, line.y);
    if (line.view == "X-Y") return x + "-" + y;
    if (line.view == "Y-X") return y + "-" + x;
    return x + " = " + y;
}

std::string ladder_title(const StrengthLadder& ladder) {
    std::string values;
    for (auto v : ladder.values) values += (values.empty() ? "" : ", ") + std::to_string(v);
    return fmt::format("{}, rules: {}, player {}: {} = {}", ladder.variant,
                       rules_label(ladder.rules), ladder.player, ladder.limit, values);
}

DisplayTable scores_table(const StrengthLadder& ladder, VariantCatalog& catalog,
                          const std::string& ci) {
    DisplayTable table;
    table.title = ladder_title(ladder);
    const bool any_reference = std::any_of(ladder.lines.begin(), ladder.lines.end(),
                                           [](const StrengthLine& l) { return l.reference; });
    table.caption = fmt::format(
        "X's score at each rung ({} trinomial Wilson interval, games): X-Y with X White, Y-X "
        "with X Black, X = Y both colours pooled. Trend: score change per doubling of {} "
        "(weighted least squares on log2 of the limit, {} interval).{}",
        ci, ladder.limit, ci,
        any_reference ? " Published: the variant file's reference table." : "");
    table.header = {"pairing"};
    for (auto v : ladder.values) table.header.push_back(fmt::format("{} {}", ladder.limit, v));
    table.header.insert(table.header.end(), {"trend per doubling", "published", "verdict"});
    for (const StrengthLine& line : ladder.lines) {
        // A view no cell plays (Uneven: each array has one colour only) is not a row.
        if (std::none_of(line.rungs.begin(), line.rungs.end(),
                         [](const auto& r) { return r && r->wdl.games() > 0; }))
            continue;
        std::vector<std::string> row{pairing_label(catalog, ladder.variant, line)};
        for (const auto& rung : line.rungs) row.push_back(score_cell(rung));
        row.push_back(trend_cell(line.trend));
        row.push_back(line.reference ? percent(*line.reference, 2) : "");
        row.push_back(line.verdict);
        table.rows.push_back(std::move(row));
        table.emphasis.push_back(line.view == "X = Y");
    }
    drop_empty_column(table, table.header.size() - 2);  // "seed"
    return table;
}

DisplayTable rung_facts_table(const StrengthLadder& ladder, VariantCatalog& catalog,
                              const std::string& ci) {
    DisplayTable table;
    table.title = ladder_title(ladder) + ": armies and White per rung";
    table.caption = fmt::format(
        "White's score in the mirror cells (X-X) and the White advantage of the army fit "
        "(Bradley-Terry-Davidson, win/loss-odds Elo), and each army's strength in Elo against "
        "the average army, per rung, {} intervals.",
        ci);
    table.header = {"rung", "White in mirror cells", "White advantage (Elo)"};
    std::vector<std::string> armies;
    for (const auto& fit : ladder.armies) {
        if (!fit || !fit->ok()) continue;
        for (const ArmyRating& r : fit->armies) {
            if (std::find(armies.begin(), armies.end(), r.army) == armies.end())
                armies.push_back(r.army);
        }
    }
    for (const auto& army : armies)
        table.header.push_back(catalog.display_name(ladder.variant, army) + " (Elo)");
    for (std::size_t i = 0; i < ladder.values.size(); ++i) {
        std::vector<std::string> row{fmt::format("{} {}", ladder.limit, ladder.values[i]),
                                     score_cell(ladder.white_mirror[i])};
        const auto& fit = ladder.armies[i];
        if (fit && fit->ok()) {
            row.push_back(fmt::format("{} {}", elo(fit->white_advantage_elo.estimate),
                                      elo_interval_text(fit->white_advantage_elo)));
            for (const auto& army : armies) {
                std::string cell = "n/a";
                for (const ArmyRating& r : fit->armies)
                    if (r.army == army)
                        cell = fmt::format("{} {}", elo(r.elo.estimate), elo_interval_text(r.elo));
                row.push_back(cell);
            }
        } else {
            row.push_back(fit ? "not fitted: " + fit->error : "n/a");
            for (std::size_t a = 0; a < armies.size(); ++a) row.push_back("n/a");
        }
        table.rows.push_back(std::move(row));
        table.emphasis.push_back(false);
    }
    return table;
}

DisplayTable gaps_table(const StrengthLadder& ladder, const std::string& ci) {
    DisplayTable table;
    table.title = ladder_title(ladder) + ": what a step up the ladder buys";
    table.caption = fmt::format(
        "Neighbouring rungs against each other (rung_gap_games), both colours, mirror pairings: "
        "the stronger rung's score and Elo, {} intervals.",
        ci);
    table.header = {"from", "to", "games", "W-D-L (stronger)", "score", "Elo"};
    for (const RungGap& gap : ladder.gaps) {
        if (!gap.stronger) continue;
        const ScoreSummary& s = *gap.stronger;
        table.rows.push_back(
            {std::to_string(gap.from), std::to_string(gap.to), std::to_string(s.wdl.games()),
             fmt::format("{}-{}-{}", s.wdl.wins, s.wdl.draws, s.wdl.losses),
             fmt::format("{} {}", percent(s.score.estimate), percent_interval(s.score)),
             fmt::format("{} {}", elo(s.elo.estimate), elo_interval_text(s.elo))});
        table.emphasis.push_back(false);
    }
    if (table.rows.empty())
        table.lines.push_back("No rung-gap games (set rung_gap_games in the sweep file).");
    return table;
}

}  // namespace

std::string limit_phrase(const std::string& limit) {
    if (limit == "nodes") return "nodes per move";
    if (limit == "depth") return "search depth (plies)";
    if (limit == "movetime_ms") return "milliseconds per move";
    return limit;
}

std::vector<StrengthSeries> strength_series(const StrengthLadder& ladder, VariantCatalog& catalog) {
    std::vector<StrengthSeries> out;
    for (const StrengthLine& line : ladder.lines) {
        if (line.view != "X = Y") continue;
        StrengthSeries s;
        s.label = pairing_label(catalog, ladder.variant, line);
        for (const auto& rung : line.rungs) {
            const bool has = rung && rung->wdl.games() > 0;
            s.estimate.push_back(has ? std::optional(rung->score.estimate) : std::nullopt);
            s.lower.push_back(has ? std::optional(rung->score.lower) : std::nullopt);
            s.upper.push_back(has ? std::optional(rung->score.upper) : std::nullopt);
        }
        s.reference = line.reference;
        out.push_back(std::move(s));
    }
    return out;
}

std::vector<DisplayTable> strength_tables(const StrengthReport& strength, VariantCatalog& catalog,
                                          double confidence) {
    const std::string ci = confidence_label(confidence);
    std::vector<DisplayTable> out;
    for (const StrengthLadder& ladder : strength.ladders) {
        out.push_back(scores_table(ladder, catalog, ci));
        out.push_back(rung_facts_table(ladder, catalog, ci));
        out.push_back(gaps_table(ladder, ci));
    }
    if (!strength.agreements.empty()) {
        DisplayTable table;
        table.title = "Players agree?";
        table.caption = fmt::format(
            "The same pairings followed up two ladders: each one's verdict and its score at its "
            "strongest rung ({}). They agree when the verdicts match and those intervals overlap.",
            ci);
        table.header = {"variant",       "rules",    "pairing",   "player A",      "verdict A",
                        "A at top rung", "player B", "verdict B", "B at top rung", "agree?"};
        for (const PlayersAgree& a : strength.agreements) {
            StrengthLine line;
            line.x = a.x;
            line.y = a.y;
            line.view = a.view;
            table.rows.push_back({a.variant, rules_label(a.rules),
                                  pairing_label(catalog, a.variant, line), a.a, a.verdict_a,
                                  score_cell(a.top_a), a.b, a.verdict_b, score_cell(a.top_b),
                                  a.agree ? "yes" : "no"});
            table.emphasis.push_back(a.view == "X = Y");
        }
        out.push_back(std::move(table));
    }
    if (!strength.mixed.empty()) {
        DisplayTable table;
        table.title = "Mixed matchups by army";
        table.caption = fmt::format(
            "Different players that met: each player's score with each army it played, both "
            "colours and every opposing army pooled ({} interval, games). A weak army scores low "
            "whoever plays it: compare a player's row with its opponent's row for the same "
            "army. The per-player totals are in the head-to-head table.",
            ci);
        table.header = {"variant", "rules", "player", "opponent", "army", "score"};
        for (const ArmyByPlayer& m : strength.mixed) {
            table.rows.push_back({m.variant, rules_label(m.rules), m.player, m.opponent,
                                  catalog.display_name(m.variant, m.army), score_cell(m.score)});
            table.emphasis.push_back(false);
        }
        out.push_back(std::move(table));
    }
    return out;
}

}  // namespace balance::analysis
