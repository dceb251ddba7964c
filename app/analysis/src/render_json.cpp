// The report as one JSON object (schema in render.hpp).

#include <cmath>

#include "balance/analysis/display_tables.hpp"
#include "balance/analysis/render.hpp"
#include "balance/analysis/value_warnings.hpp"
#include "balance/config/suggest.hpp"
#include "balance/revision/revision.hpp"
#include "balance/stats/davidson.hpp"
#include "balance/stats/interval.hpp"
#include "balance/stats/logistic.hpp"
#include "balance/stats/mean_sample.hpp"
#include "balance/stats/multiple.hpp"
#include "balance/stats/odds_values.hpp"

namespace balance::analysis {

namespace {

// Non-finite numbers (an Elo of +-inf, a missing statistic) become null.
Json num(double x) {
    return std::isfinite(x) ? Json(x) : Json(nullptr);
}

Json optional_num(const std::optional<double>& x) {
    return x ? num(*x) : Json(nullptr);
}

Json summary_json(const std::optional<ScoreSummary>& s) {
    if (!s) return nullptr;
    return Json{{"games", s->wdl.games()},
                {"wins", s->wdl.wins},
                {"draws", s->wdl.draws},
                {"losses", s->wdl.losses},
                {"score", num(s->score.estimate)},
                {"score_low", num(s->score.lower)},
                {"score_high", num(s->score.upper)},
                {"elo", num(s->elo.estimate)},
                {"elo_low", num(s->elo.lower)},
                {"elo_high", num(s->elo.upper)},
                {"draw_rate", num(s->draw_rate)}};
}

Json counts_json(const stats::Wdl& wdl) {
    return Json{{"games", wdl.games()},      {"white_wins", wdl.wins},
                {"draws", wdl.draws},        {"black_wins", wdl.losses},
                {"score", num(wdl.score())}, {"draw_rate", num(wdl.draw_rate())}};
}

// The fields that name a cell.
Json cell_id_json(const CellId& id) {
    return Json{{"cell_key", id.str()},
                {"variant", id.variant},
                {"white", id.white},
                {"black", id.black},
                {"rules", id.rules},
                {"white_player", id.white_player},
                {"black_player", id.black_player}};
}

Json cell_json(const CellRow& row) {
    const auto& s = row.white;
    const double nan = std::nan("");
    Json terminations = Json::object();
    for (const auto& [reason, count] : row.tally.terminations) terminations[reason] = count;
    Json j = cell_id_json(row.tally.id);
    j.update(Json{{"games", row.tally.wdl.games()},
                  {"white_wins", row.tally.wdl.wins},
                  {"draws", row.tally.wdl.draws},
                  {"black_wins", row.tally.wdl.losses},
                  {"score", num(s ? s->score.estimate : nan)},
                  {"score_low", num(s ? s->score.lower : nan)},
                  {"score_high", num(s ? s->score.upper : nan)},
                  {"elo", num(s ? s->elo.estimate : nan)},
                  {"elo_low", num(s ? s->elo.lower : nan)},
                  {"elo_high", num(s ? s->elo.upper : nan)},
                  {"draw_rate", num(s ? s->draw_rate : nan)},
                  {"mean_plies", num(row.tally.mean_plies())},
                  {"distinct_games", row.tally.distinct_games},
                  {"openings_missed", row.tally.openings_missed},
                  {"engine_failures", row.tally.engine_failures},
                  {"terminations", std::move(terminations)}});
    return j;
}

Json mean_json(const stats::MeanSample& sample, const std::optional<stats::Interval>& interval) {
    return Json{{"estimate", num(sample.mean())},
                {"low", interval ? num(interval->lower) : Json(nullptr)},
                {"high", interval ? num(interval->upper) : Json(nullptr)},
                {"games", sample.count}};
}

Json points_cell_json(const PointsCell& cell) {
    Json j = cell_id_json(cell.id);
    j.update(Json{{"by_points", summary_json(cell.points_score)},
                  {"by_board", summary_json(cell.board_score)},
                  {"disagree", cell.disagree},
                  {"mates", cell.mates},
                  {"mates_not_won", cell.mates_not_won},
                  {"white_points_mean", num(cell.white_points.mean())},
                  {"black_points_mean", num(cell.black_points.mean())},
                  {"difference", mean_json(cell.difference, cell.difference_interval)}});
    return j;
}

Json series_json(const PointsSeries& series) {
    return Json{{"first_cell", series.first_cell.str()},
                {"second_cell", series.second_cell.str()},
                {"series", series.result.games()},
                {"resigned", series.resigned},
                {"differ_from_games", series.differ_from_games},
                {"result", summary_json(series.score)},
                {"difference", mean_json(series.difference, series.difference_interval)}};
}

Json pair_json(const PairSummary& pair) {
    Json reference = nullptr;
    if (pair.reference) {
        const SeedView& r = *pair.reference;
        reference = Json{{"source", r.source},
                         {"x_white_score", r.x_white_score},
                         {"x_black_score", r.x_black_score},
                         {"pooled_score", r.pooled_score},
                         {"games_per_colour", r.games_per_colour},
                         {"margin_per_colour", r.margin_per_colour},
                         {"margin_pooled", r.margin_pooled}};
    }
    return Json{{"variant", pair.variant},
                {"rules", pair.rules},
                {"x", pair.x},
                {"y", pair.y},
                {"x_player", pair.x_player},
                {"y_player", pair.y_player},
                {"x_white", summary_json(pair.x_white)},
                {"x_black", summary_json(pair.x_black)},
                {"pooled", summary_json(pair.pooled)},
                {"reference", std::move(reference)}};
}

Json interval_pair(const stats::Interval& elo, const stats::Interval& score) {
    return Json{{"elo", num(elo.estimate)},      {"elo_low", num(elo.lower)},
                {"elo_high", num(elo.upper)},    {"score", num(score.estimate)},
                {"score_low", num(score.lower)}, {"score_high", num(score.upper)}};
}

Json army_fit_json(const ArmyFit& fit) {
    Json armies = Json::array();
    for (const ArmyRating& r : fit.armies) {
        armies.push_back({{"army", r.army},
                          {"games", r.games},
                          {"theta", num(r.theta.value)},
                          {"theta_se", num(r.theta.standard_error)},
                          {"elo", num(r.elo.estimate)},
                          {"elo_low", num(r.elo.lower)},
                          {"elo_high", num(r.elo.upper)}});
    }
    return Json{{"variant", fit.variant},
                {"rules", fit.rules},
                {"white_player", fit.white_player},
                {"black_player", fit.black_player},
                {"games", fit.games},
                {"cells", fit.cells},
                {"error", fit.ok() ? Json(nullptr) : Json(fit.error)},
                {"armies", std::move(armies)},
                {"white_advantage",
                 fit.ok() ? interval_pair(fit.white_advantage_elo, fit.white_advantage_score)
                          : Json(nullptr)},
                {"draw_nu", fit.ok() ? num(fit.draw_nu.value) : Json(nullptr)},
                {"draw_nu_se", fit.ok() ? num(fit.draw_nu.standard_error) : Json(nullptr)}};
}

Json measure_json(const EffectMeasure& m) {
    return Json{{"estimate", num(m.change.estimate)},
                {"low", num(m.change.lower)},
                {"high", num(m.change.upper)},
                {"se", num(m.change.standard_error)},
                {"p", optional_num(m.p)},
                {"p_holm", optional_num(m.p_holm)}};
}

Json effect_json(const RuleEffect& e, double alpha) {
    return Json{{"variant", e.variant},
                {"rules", e.rules},
                {"white", e.pooled ? Json(nullptr) : Json(e.white)},
                {"black", e.pooled ? Json(nullptr) : Json(e.black)},
                {"pooled", e.pooled},
                {"pairings", e.pairings},
                {"white_player", e.white_player},
                {"black_player", e.black_player},
                {"baseline", counts_json(e.baseline)},
                {"treatment", counts_json(e.treatment)},
                {"score_change", measure_json(e.score)},
                {"draw_rate_change", measure_json(e.draw_rate)},
                {"decisive_rate_change",
                 {{"estimate", num(e.decisive_rate.estimate)},
                  {"low", num(e.decisive_rate.lower)},
                  {"high", num(e.decisive_rate.upper)}}},
                {"detectable_unadjusted", detectable_unadjusted(e)},
                {"verdict", effect_verdict(e, alpha)}};
}

Json runs_json(const ReportData& report) {
    Json runs = Json::array();
    for (const StoredRun& run : report.runs) {
        runs.push_back({{"run_id", run.run_id},
                        {"sweep_name", run.sweep_name},
                        {"sweep_file", run.sweep_file},
                        {"started_at", run.started_at},
                        {"finished_at", run.finished_at ? Json(*run.finished_at) : Json(nullptr)},
                        {"master_seed", run.master_seed},
                        {"git_revision", run.git_revision},
                        {"host", run.host},
                        {"threads", run.threads},
                        {"shard", run.shard}});
    }
    return runs;
}

}  // namespace

Json values_json(const PieceValueFit& fit, const MaterialData& data) {
    Json pieces = Json::array();
    for (const PieceValueRow& row : fit.rows) {
        pieces.push_back(
            {{"piece", row.piece},
             {"armies", row.armies},
             {"documented", row.documented},
             {"published", row.published ? num(*row.published) : Json(nullptr)},
             {"identified", row.identified},
             {"why_not", row.why_not.empty() ? Json(nullptr) : Json(row.why_not)},
             {"value", row.identified ? num(row.value.value) : Json(nullptr)},
             {"value_se", row.identified ? num(row.value.standard_error) : Json(nullptr)},
             {"value_low", row.identified ? num(shown_value_interval(row).lower) : Json(nullptr)},
             {"value_high", row.identified ? num(shown_value_interval(row).upper) : Json(nullptr)},
             {"value_delta_low", row.identified ? num(row.value_interval.lower) : Json(nullptr)},
             {"value_delta_high", row.identified ? num(row.value_interval.upper) : Json(nullptr)},
             {"coefficient", row.identified ? num(row.coefficient.value) : Json(nullptr)},
             {"coefficient_se",
              row.identified ? num(row.coefficient.standard_error) : Json(nullptr)},
             {"elo_per_piece", row.identified ? num(row.elo.estimate) : Json(nullptr)},
             {"elo_low", row.identified ? num(row.elo.lower) : Json(nullptr)},
             {"elo_high", row.identified ? num(row.elo.upper) : Json(nullptr)},
             {"elo_bootstrap_low",
              row.elo_bootstrap ? num(row.elo_bootstrap->lower) : Json(nullptr)},
             {"elo_bootstrap_high",
              row.elo_bootstrap ? num(row.elo_bootstrap->upper) : Json(nullptr)},
             {"varying_positions", row.varying_rows}});
    }
    const std::string warning = value_warning_text(fit);
    return Json{
        {"method", fit.method},
        {"normalize", fit.normalize},
        {"warning", warning.empty() ? Json(nullptr) : Json(warning)},
        {"unit_value", fit.unit_value},
        {"positional_per_pawn", fit.positional ? num(fit.positional->value) : Json(nullptr)},
        {"confidence", fit.confidence},
        {"pieces", std::move(pieces)},
        {"intercept", num(fit.intercept.value)},
        {"intercept_se", num(fit.intercept.standard_error)},
        {"white_score_equal_material", num(fit.white_score.estimate)},
        {"white_score_equal_material_low", num(fit.white_score.lower)},
        {"white_score_equal_material_high", num(fit.white_score.upper)},
        {"spearman", optional_num(fit.spearman)},
        {"positions", fit.positions},
        {"games", fit.clusters},
        {"dispersion", num(fit.dispersion)},
        {"bootstrap_replications", fit.bootstrap_replications},
        {"games_without_sample", data.games_without_sample},
        {"games_failed", data.games_failed},
        {"games_unreadable", data.games_unreadable},
        {"method", stats::kLogisticMethod}};
}

Json odds_json(const OddsValues& odds) {
    Json rows = Json::array();
    for (const OddsRow& row : odds.rows) {
        const auto e = stats::elo_estimate(row.advantaged);
        const bool calibration = row.piece == odds.calibration && row.against.empty();
        rows.push_back({{"piece", row.piece},
                        {"against", row.against.empty() ? Json(nullptr) : Json(row.against)},
                        {"documented", row.documented},
                        {"games", row.advantaged.games()},
                        {"wins", row.advantaged.wins},
                        {"draws", row.advantaged.draws},
                        {"losses", row.advantaged.losses},
                        {"removed_from_white", row.removed_from_white},
                        {"removed_from_black", row.removed_from_black},
                        {"elo", e ? num(e->value) : Json(nullptr)},
                        {"elo_se", e ? num(e->standard_error) : Json(nullptr)},
                        {"calibration", calibration},
                        {"value", calibration ? Json(odds.unit_value)
                                  : row.value ? num(row.value->value)
                                              : Json(nullptr)},
                        {"value_low", row.value ? num(row.value->lower) : Json(nullptr)},
                        {"value_high", row.value ? num(row.value->upper) : Json(nullptr)},
                        {"bounded", row.value ? Json(row.value->bounded) : Json(nullptr)},
                        {"error", row.error.empty() ? Json(nullptr) : Json(row.error)}});
    }
    return Json{{"calibration", odds.calibration},       {"unit_value", odds.unit_value},
                {"confidence", odds.confidence},         {"pieces", std::move(rows)},
                {"ordinary_games", odds.ordinary_games}, {"skipped_games", odds.skipped_games},
                {"method", stats::kOddsValueMethod}};
}

namespace {

Json trend_json(const std::optional<StrengthTrend>& t) {
    if (!t) return nullptr;
    return Json{
        {"slope_per_doubling", num(t->slope)}, {"low", num(t->lower)}, {"high", num(t->upper)}};
}

void strength_json(const StrengthReport& strength, Json& out) {
    Json lines = Json::array(), rungs = Json::array(), gaps = Json::array();
    for (const StrengthLadder& l : strength.ladders) {
        for (const StrengthLine& line : l.lines) {
            Json per_rung = Json::array();
            for (std::size_t i = 0; i < line.rungs.size(); ++i) {
                Json r = summary_json(line.rungs[i]);
                if (r.is_null()) r = Json::object();
                r["limit"] = l.values[i];
                r["player"] = l.rung_players[i];
                per_rung.push_back(r);
            }
            lines.push_back({{"variant", l.variant},
                             {"rules", l.rules},
                             {"player", l.player},
                             {"limit", l.limit},
                             {"x", line.x},
                             {"y", line.y},
                             {"view", line.view},
                             {"reference", optional_num(line.reference)},
                             {"trend", trend_json(line.trend)},
                             {"verdict", line.verdict},
                             {"rungs", per_rung}});
        }
        for (std::size_t i = 0; i < l.values.size(); ++i) {
            Json armies = Json::array();
            Json advantage = nullptr;
            if (l.armies[i] && l.armies[i]->ok()) {
                const ArmyFit& fit = *l.armies[i];
                advantage = interval_pair(fit.white_advantage_elo, fit.white_advantage_score);
                for (const ArmyRating& a : fit.armies)
                    armies.push_back({{"army", a.army},
                                      {"elo", num(a.elo.estimate)},
                                      {"elo_low", num(a.elo.lower)},
                                      {"elo_high", num(a.elo.upper)}});
            }
            rungs.push_back({{"variant", l.variant},
                             {"rules", l.rules},
                             {"player", l.player},
                             {"limit", l.limit},
                             {"value", l.values[i]},
                             {"white_mirror", summary_json(l.white_mirror[i])},
                             {"white_advantage", advantage},
                             {"armies", armies}});
        }
        for (const RungGap& g : l.gaps) {
            gaps.push_back({{"variant", l.variant},
                            {"rules", l.rules},
                            {"player", l.player},
                            {"limit", l.limit},
                            {"from", g.from},
                            {"to", g.to},
                            {"stronger", summary_json(g.stronger)}});
        }
    }
    Json agree = Json::array();
    for (const PlayersAgree& a : strength.agreements) {
        agree.push_back({{"variant", a.variant},
                         {"rules", a.rules},
                         {"x", a.x},
                         {"y", a.y},
                         {"view", a.view},
                         {"a", a.a},
                         {"b", a.b},
                         {"verdict_a", a.verdict_a},
                         {"verdict_b", a.verdict_b},
                         {"top_a", summary_json(a.top_a)},
                         {"top_b", summary_json(a.top_b)},
                         {"agree", a.agree}});
    }
    Json mixed = Json::array();
    for (const ArmyByPlayer& m : strength.mixed) {
        mixed.push_back({{"variant", m.variant},
                         {"rules", m.rules},
                         {"player", m.player},
                         {"opponent", m.opponent},
                         {"army", m.army},
                         {"score", summary_json(m.score)}});
    }
    out["strength"] = lines;
    out["strength_rungs"] = rungs;
    out["strength_gaps"] = gaps;
    out["strength_agree"] = agree;
    out["strength_armies"] = mixed;
}

}  // namespace

// The verdict: each item with its kind's numbers, its code and its two lines of text.
Json summary_item_json(const SummaryItem& item) {
    Json j{{"kind", kind_name(item.kind)},
           {"variant", item.variant},
           {"rules", item.rules},
           {"players", item.players}};
    if (item.kind == SummaryItem::Kind::Armies) {
        Json armies = Json::array();
        for (const ArmyRating& r : item.armies) {
            armies.push_back({{"army", r.army},
                              {"elo", num(r.elo.estimate)},
                              {"elo_low", num(r.elo.lower)},
                              {"elo_high", num(r.elo.upper)}});
        }
        j["armies"] = std::move(armies);
        j["white_advantage"] = {{"elo", num(item.white_advantage_elo.estimate)},
                                {"elo_low", num(item.white_advantage_elo.lower)},
                                {"elo_high", num(item.white_advantage_elo.upper)},
                                {"score", num(item.white_advantage_score.estimate)},
                                {"score_low", num(item.white_advantage_score.lower)},
                                {"score_high", num(item.white_advantage_score.upper)}};
    } else {
        j["subject"] = item.subject;
        j["other"] = item.other;
        j["result"] = summary_json(item.score);
        j["reference"] = optional_num(item.reference);
    }
    j["verdict"] = item.verdict;
    j["headline"] = item.headline;
    j["sentence"] = item.sentence;
    return j;
}

namespace {

// The pairs of games that share an opening with colours reversed; null without pairs.
Json paired_json(const std::optional<stats::PairedInterval>& p) {
    if (!p) return nullptr;
    return {{"pairs", p->pairs},
            {"score", p->score.estimate},
            {"low", p->score.lower},
            {"high", p->score.upper},
            {"correlation", std::isnan(p->correlation) ? Json(nullptr) : Json(p->correlation)},
            {"games_share", p->games_share}};
}

}  // namespace

Json report_json(const ReportData& report) {
    const double alpha = 1.0 - report.confidence;
    Json cells = Json::array(), pairs = Json::array(), fits = Json::array(),
         effects = Json::array(), failures = Json::array(), values = Json::array(),
         players = Json::array(), points = Json::array(), series = Json::array();
    for (const HeadToHead& h : report.head_to_head) {
        players.push_back({{"variant", h.variant},
                           {"rules", h.rules},
                           {"player", h.a},
                           {"opponent", h.b},
                           {"as_white", summary_json(h.a_white)},
                           {"as_black", summary_json(h.a_black)},
                           {"pooled", summary_json(h.pooled)},
                           {"paired", paired_json(h.paired)}});
    }
    Json scales = Json::array();
    for (const PlayerScale& scale : report.player_scales) {
        Json players_on_scale = Json::array();
        for (const PlayerRating& p : scale.players) {
            players_on_scale.push_back({{"player", p.player},
                                        {"games", p.games},
                                        {"elo", p.elo.estimate},
                                        {"elo_low", p.elo.lower},
                                        {"elo_high", p.elo.upper}});
        }
        scales.push_back({{"variant", scale.variant},
                          {"rules", scale.rules},
                          {"games", scale.games},
                          {"players", std::move(players_on_scale)},
                          {"error", scale.error.empty() ? Json(nullptr) : Json(scale.error)}});
    }
    for (const CellRow& row : report.cells) cells.push_back(cell_json(row));
    for (const PointsCell& cell : report.points.cells) points.push_back(points_cell_json(cell));
    for (const PointsSeries& s : report.points.series) series.push_back(series_json(s));
    for (const PairSummary& pair : report.pairs) pairs.push_back(pair_json(pair));
    for (const ArmyFit& fit : report.armies) fits.push_back(army_fit_json(fit));
    for (const RuleEffect& e : report.rule_effects) effects.push_back(effect_json(e, alpha));
    for (const EngineFailures& f : report.failures) {
        Json by_status = Json::object();
        for (const char* status : EngineFailures::kShownStatuses) by_status[status] = 0;
        for (const auto& [status, count] : f.by_status) by_status[status] = count;
        failures.push_back({{"player", f.player},
                            {"games", f.games},
                            {"by_status", std::move(by_status)},
                            {"total", f.total()},
                            {"unavailable", f.unavailable},
                            {"watchdog", f.watchdog},
                            {"unplayed", f.unplayed}});
    }
    for (const VariantValues& v : report.values) {
        Json entry = v.fit ? values_json(*v.fit, v.data) : Json::object();
        entry["variant"] = v.variant;
        entry["player"] = v.player.empty() ? Json(nullptr) : Json(v.player);
        entry["regression"] =
            v.regression ? values_json(*v.regression, MaterialData{}) : Json(nullptr);
        entry["odds_starts"] =
            v.odds_starts ? values_json(*v.odds_starts, MaterialData{}) : Json(nullptr);
        entry["error"] = v.error.empty() ? Json(nullptr) : Json(v.error);
        values.push_back(std::move(entry));
    }
    Json meta{{"schema", kReportJsonSchema},
              {"database", report.database},
              {"games", report.games},
              {"confidence", report.confidence},
              {"generated_by", std::string("balance ") + revision::git_revision()},
              {"runs", runs_json(report)},
              {"methods",
               {{"score_interval", stats::kScoreIntervalMethod},
                {"elo", "logistic Elo -400 log10(1/s - 1), score interval endpoints mapped"},
                {"army_fit", stats::kDavidsonMethod},
                {"rule_effect_interval", stats::kDifferenceMethod},
                {"multiplicity", stats::kMultiplicityMethod},
                {"points_difference", stats::kMeanMethod},
                {"reference", config::join_names(reference_sources(report), "; ")}}},
              {"notes", report.notes}};
    Json summary = Json::array();
    for (const SummaryItem& item : report.summary) summary.push_back(summary_item_json(item));
    Json out{{"summary", std::move(summary)},
             {"cells", std::move(cells)},
             {"pairs", std::move(pairs)},
             {"armies", {{"method", stats::kDavidsonMethod}, {"fits", std::move(fits)}}},
             {"rule_effects", std::move(effects)},
             {"players", std::move(players)},
             {"player_scales", std::move(scales)},
             {"failures", std::move(failures)},
             {"points", std::move(points)},
             {"series", std::move(series)},
             {"values", std::move(values)},
             {"meta", std::move(meta)}};
    strength_json(report.strength, out);
    return out;
}

}  // namespace balance::analysis
