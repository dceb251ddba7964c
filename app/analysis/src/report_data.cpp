#include "balance/analysis/report_data.hpp"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <nlohmann/json.hpp>

#include "balance/analysis/odds_values.hpp"
#include "balance/analysis/value_methods.hpp"
#include "balance/config/army_reader.hpp"
#include "balance/config/spec_text.hpp"
#include "balance/tournament/sweep_json.hpp"
#include "natural_order.hpp"

namespace balance::analysis {

namespace {

// Pooling counts weights each colour order by its games; when they differ a lot the pooled
// score carries part of the White advantage. Say so rather than hide it.
void note_unequal_colours(const ReportData& report, std::vector<std::string>& notes) {
    for (const PairSummary& pair : report.pairs) {
        if (!pair.x_white || !pair.x_black) {
            notes.push_back(fmt::format(
                "{} {} vs {} ({}): only one colour order was played, so no pooled \"X = Y\" score",
                pair.variant, pair.x, pair.y, rules_label(pair.rules)));
            continue;
        }
        const auto a = pair.x_white->wdl.games(), b = pair.x_black->wdl.games();
        if (std::abs(a - b) * 10 > std::max(a, b)) {
            notes.push_back(fmt::format(
                "{} {} = {} ({}): the colour orders have {} and {} games; the pooled score "
                "weights them unequally (the army fit separates the White advantage)",
                pair.variant, pair.x, pair.y, rules_label(pair.rules), a, b));
        }
    }
}

// Repeated games are honest samples of the player's games, but a reader must know when the
// players' randomness gave few different games: say how many and where it is worst.
void note_repeated_games(const ReportData& report, std::vector<std::string>& notes) {
    std::int64_t games = 0, repeats = 0, cells_with_repeats = 0;
    const CellRow* worst = nullptr;
    auto share = [](const CellRow& row) {
        return static_cast<double>(row.tally.distinct_games) /
               static_cast<double>(std::max<std::int64_t>(1, row.tally.wdl.games()));
    };
    for (const CellRow& row : report.cells) {
        const std::int64_t n = row.tally.wdl.games();
        games += n;
        if (row.tally.distinct_games >= n) continue;
        repeats += n - row.tally.distinct_games;
        ++cells_with_repeats;
        if (!worst || share(row) < share(*worst)) worst = &row;
    }
    if (!worst) return;
    notes.push_back(fmt::format(
        "{} of {} games repeat an earlier game of their cell move for move ({} of {} cells; "
        "the players' only randomness is in their first moves). A repeat is a fair sample of "
        "these players' games, so the intervals stand, but they describe fewer different games "
        "than the counts suggest; fewest: {} different of {} in {} {}-{} ({}, {}). Random "
        "opening plies ([openings]) give more variety.",
        repeats, games, cells_with_repeats, report.cells.size(), worst->tally.distinct_games,
        worst->tally.wdl.games(), worst->tally.id.variant, worst->tally.id.white,
        worst->tally.id.black, rules_label(worst->tally.id.rules), players_label(worst->tally.id)));
}

// Games whose opening missed the sweep's imbalance window were played from the closest draw
// seen, further from level than the sweep asked: say how many and where (nothing when none).
void note_missed_openings(const ReportData& report, std::vector<std::string>& notes) {
    std::int64_t games = 0, missed = 0, cells = 0;
    const CellRow* worst = nullptr;
    for (const CellRow& row : report.cells) {
        games += row.tally.wdl.games();
        if (row.tally.openings_missed == 0) continue;
        missed += row.tally.openings_missed;
        ++cells;
        if (!worst || row.tally.openings_missed > worst->tally.openings_missed) worst = &row;
    }
    if (!worst) return;
    notes.push_back(fmt::format(
        "{} of {} games ({} of {} cells) opened outside their sweep's imbalance window "
        "(max_imbalance_cp): no random opening drawn landed in it, and the closest one was "
        "played; most in {} {}-{} ({}, {}): {} of {}. The cells table counts them "
        "(\"off-window openings\").",
        missed, games, cells, report.cells.size(), worst->tally.id.variant, worst->tally.id.white,
        worst->tally.id.black, rules_label(worst->tally.id.rules), players_label(worst->tally.id),
        worst->tally.openings_missed, worst->tally.wdl.games()));
}

// The odds-starts fit, when at least half the games start with other material than their armies'
// array (designed odds starts: mostly_odds_starts); none otherwise, or when it cannot be fitted.
std::optional<PieceValueFit> odds_starts_fit(std::span<const StoredGame> games,
                                             const std::string& variant, VariantCatalog& catalog,
                                             const ReportOptions& options) {
    const auto odds = mostly_odds_starts(games, variant, catalog);
    if (!odds || !*odds) return std::nullopt;
    const auto method = value_method("odds-starts");
    auto starts = sample_material(games, variant, catalog, method->sampling);
    if (!starts) return std::nullopt;
    ValueFitOptions fit_options = options.value_fit;
    fit_options.method = method->name;
    fit_options.positional = method->positional;
    fit_options.bootstrap = method->bootstrap;
    fit_options.confidence = options.confidence;
    auto fit = fit_piece_values(*starts, fit_options);
    if (!fit) return std::nullopt;
    attach_published(*fit, catalog.published(variant));
    return std::move(*fit);
}

VariantValues fit_values(const Store& store, const std::string& variant, const std::string& player,
                         VariantCatalog& catalog, const ReportOptions& options) {
    VariantValues out;
    out.variant = variant;
    out.player = player;
    std::vector<StoredGame> games;
    for (const StoredGame& game : store.games) {
        if (game.variant != variant || !cell_of(game).rules.empty()) continue;
        if (!player.empty() && (game.white_player != player || game.black_player != player))
            continue;
        games.push_back(game);
    }
    auto data = sample_material(games, variant, catalog, options.sampling);
    if (!data) {
        out.error = data.error().to_string();
        return out;
    }
    ValueFitOptions fit_options = options.value_fit;
    fit_options.confidence = options.confidence;
    auto fit = fit_piece_values(*data, fit_options);
    if (fit) {
        attach_published(*fit, catalog.published(variant));
        out.fit = std::move(*fit);
    } else {
        out.error = fit.error().to_string();
    }
    if (auto plain_data = sample_material(games, variant, catalog, options.regression_sampling)) {
        ValueFitOptions plain;
        plain.method = "regression";
        plain.normalize = options.value_fit.normalize;
        plain.unit_value = options.value_fit.unit_value;
        plain.confidence = options.confidence;
        if (auto regression = fit_piece_values(*plain_data, plain)) out.regression = *regression;
    }
    out.odds_starts = odds_starts_fit(games, variant, catalog, options);
    out.data = std::move(*data);
    out.data.rows.clear();
    out.data.outcomes.clear();
    out.data.clusters.clear();
    out.data.positional.clear();
    out.data.engine_material.clear();
    return out;
}

// A player that plays by piece values of its own (a sweep player's `values`) says so, since its
// name alone does not: "player 'balance-r1' plays by its own piece values: knight 3.26, ...".
void note_player_values(ReportData& report) {
    std::map<std::string, std::string> seen;  // player -> its values, as text
    for (const StoredRun& run : report.runs) {
        const auto config = nlohmann::json::parse(run.config_json, nullptr, false);
        if (config.is_discarded() || !config.contains("players")) continue;
        for (const auto& [name, settings] : config["players"].items()) {
            if (!settings.is_object() || !settings.contains("values")) continue;
            std::string text;
            for (const auto& [piece, value] : settings["values"].items()) {
                if (!value.is_number()) continue;
                text += fmt::format("{}{} {:.2f}", text.empty() ? "" : ", ", piece,
                                    value.get<double>());
            }
            seen.emplace(name, text);
        }
    }
    for (const auto& [player, values] : seen) {
        report.notes.push_back(fmt::format(
            "player '{}' plays by piece values of its own (the other pieces by the variant "
            "file's): {}",
            player, values));
    }
}

// A player that plays by evaluation weights of its own (a sweep player's `eval = "FILE"`) says
// so, with the weights that differ from the hand-set ones: "player 'tuned' plays by evaluation
// weights of its own: tempo 14 (hand-set 10), ...; knight material [310, 295], ...".
void note_player_eval(ReportData& report) {
    const nlohmann::json defaults = nlohmann::json::parse(
        tournament::eval_weights_json(players::engine::EvalWeights{}))["terms"];
    std::map<std::string, std::string> seen;  // player -> its weights, as text
    for (const StoredRun& run : report.runs) {
        const auto config = nlohmann::json::parse(run.config_json, nullptr, false);
        if (config.is_discarded() || !config.contains("players")) continue;
        for (const auto& [name, settings] : config["players"].items()) {
            if (!settings.is_object() || !settings.contains("eval_weights")) continue;
            const auto& weights = settings["eval_weights"];
            // Copies, not temporaries: a loop over a temporary's items() would outlive it.
            const nlohmann::json terms = weights.value("terms", nlohmann::json::object());
            const nlohmann::json pieces = weights.value("pieces", nlohmann::json::object());
            std::string text;
            for (const auto& [term, value] : terms.items())
                if (defaults.contains(term) && defaults[term] != value)
                    text += fmt::format("{}{} {} (hand-set {})", text.empty() ? "" : ", ", term,
                                        value.dump(), defaults[term].dump());
            for (const auto& [piece, piece_terms] : pieces.items())
                for (const auto& [term, value] : piece_terms.items())
                    text += fmt::format("{}{} {} {}", text.empty() ? "" : ", ", piece, term,
                                        value.dump());
            seen.emplace(name, text.empty() ? "the hand-set ones" : text);
        }
    }
    for (const auto& [player, weights] : seen)
        report.notes.push_back(
            fmt::format("player '{}' plays by evaluation weights of its own: {}", player, weights));
}

// The players that played `variant` against themselves, in natural order.
std::vector<std::string> self_play_players(const Store& store, const std::string& variant) {
    std::set<std::string> players;
    for (const StoredGame& game : store.games)
        if (game.variant == variant && game.white_player == game.black_player)
            players.insert(game.white_player);
    std::vector<std::string> out(players.begin(), players.end());
    std::sort(out.begin(), out.end(),
              [](const std::string& a, const std::string& b) { return natural_compare(a, b) < 0; });
    return out;
}

}  // namespace

std::string VariantValues::title() const {
    return variant + ", rules: default, " + (player.empty() ? "all games" : "player " + player);
}

std::vector<std::string> variants_in(std::span<const StoredGame> games) {
    std::set<std::string> names;
    for (const StoredGame& game : games) names.insert(game.variant);
    return {names.begin(), names.end()};
}

Result<std::string> pick_variant(std::span<const StoredGame> games, const std::string& wanted) {
    const auto variants = variants_in(games);
    if (!wanted.empty()) {
        if (std::find(variants.begin(), variants.end(), wanted) == variants.end())
            return make_error(
                fmt::format("no games of variant '{}' in this database (variants: {})", wanted,
                            fmt::join(variants, ", ")));
        return wanted;
    }
    if (variants.empty()) return make_error("the database holds no games");
    if (variants.size() > 1)
        return make_error(
            fmt::format("the database holds several variants ({}): choose one with "
                        "--variant",
                        fmt::join(variants, ", ")));
    return variants.front();
}

Result<std::vector<StoredGame>> take_games(std::vector<StoredGame> games,
                                           const std::string& variant, const std::string& rules,
                                           const std::string& player) {
    std::erase_if(games, [&](const StoredGame& game) {
        return game.variant != variant || (rules != "*" && cell_of(game).rules != rules) ||
               (!player.empty() && (game.white_player != player || game.black_player != player));
    });
    if (games.empty())
        return make_error(fmt::format(
            "no games of {} with rules '{}'{} (use --rules '*' for every rule set)", variant, rules,
            player.empty() ? "" : " played by '" + player + "' against itself"));
    return games;
}

// Cells whose rules are an edit of the variant's (a `balance fix` candidate, or games kept apart
// by --force) carry a hash ("@29f9c410") in their rules: say what each one changes against the
// variant's own rules, from the specs the database stored.
void note_edited_rules(const Store& store, std::vector<std::string>& notes) {
    std::set<std::pair<std::string, std::string>> edited;  // variant, cell rules
    for (const StoredGame& game : store.games) {
        // Most keys hold no '@' at all: no need to take them apart.
        if (game.cell_key.find('@') == std::string::npos &&
            game.rules.find('@') == std::string::npos)
            continue;
        const std::string rules = cell_of(game).rules;
        if (rules.find('@') != std::string::npos) edited.insert({game.variant, rules});
    }
    for (const auto& [variant, rules] : edited) {
        const tournament::RuleSpecRow* row = nullptr;
        const tournament::RuleSpecRow* base = nullptr;
        for (const auto& spec : store.specs) {
            if (spec.variant != variant) continue;
            if (spec.cell_rules == rules) row = &spec;
            if (spec.cell_rules.empty() && !base) base = &spec;
        }
        if (!row) continue;
        notes.push_back(
            base ? fmt::format("Rules {} of {}: {} (against its default rules).", rules, variant,
                               config::spec_differences(base->spec_toml, row->spec_toml))
                 : fmt::format("Rules {} of {}: an edit of its rules (options '{}'); the database "
                               "holds no game of the default rules to compare with.",
                               rules, variant, row->rules));
    }
}

Result<void> known_army(std::span<const StoredGame> games, const std::string& army,
                        VariantCatalog& catalog) {
    std::string hint;
    for (const std::string& variant : variants_in(games)) {
        if (catalog.army_rank(variant, catalog.canonical_army(variant, army)) < kUnknownArmyRank)
            return {};
        auto spec = catalog.spec(variant);
        if (spec && hint.empty()) hint = config::unknown_army_hint(army, (*spec)->armies);
    }
    return make_error(fmt::format("no army '{}' in the database's games{}", army, hint));
}

ReportData build_report(const Store& store, VariantCatalog& catalog, const ReportOptions& options) {
    ReportData report;
    report.database = store.path.string();
    report.runs = store.runs;
    report.games = static_cast<std::int64_t>(store.games.size());
    report.confidence = options.confidence;
    std::vector<CellTally> cells = tally_cells(store.games);
    std::string side = options.side;
    if (!options.side.empty()) {
        // The first variant that knows the army (by name or alias) names it.
        for (const std::string& variant : variants_in(store.games)) {
            const std::string canonical = catalog.canonical_army(variant, options.side);
            if (catalog.army_rank(variant, canonical) < kUnknownArmyRank) {
                side = canonical;
                break;
            }
        }
    }
    report.pairs = build_pairs(cells, catalog, side, options.confidence);
    report.armies = fit_armies(cells, catalog, options.confidence);
    report.rule_effects = rule_effects(cells, options.confidence);
    report.head_to_head = build_head_to_head(cells, options.confidence);
    report.player_scales = player_scales(cells, options.confidence);
    const auto strengths = player_strengths(store.games);
    report.strength = build_strength(cells, report.pairs, report.armies, report.head_to_head,
                                     strengths, report.player_scales, catalog, options.confidence);
    report.summary = build_summary(cells, report.pairs, report.armies, report.head_to_head,
                                   strengths, report.player_scales, catalog, options.confidence);
    // The rows take the tallies once the rest is computed from them: moved, since a large store's
    // tallies hold a score per game.
    for (CellTally& cell : cells) {
        const auto white = summarize(cell, options.confidence);
        report.cells.push_back(CellRow{std::move(cell), white});
    }
    report.failures = tally_failures(store.games, store.failed_attempts);
    report.points = build_points_report(store.games, options.confidence);
    note_unequal_colours(report, report.notes);
    note_edited_rules(store, report.notes);
    note_repeated_games(report, report.notes);
    note_missed_openings(report, report.notes);
    note_player_values(report);
    note_player_eval(report);
    for (const ArmyFit& fit : report.armies) {
        if (!fit.ok()) {
            report.notes.push_back(fmt::format("army fit {} ({}, {}) not possible: {}", fit.variant,
                                               rules_label(fit.rules), fit.players_label(),
                                               fit.error));
        }
    }
    if (options.values) {
        for (const std::string& variant : variants_in(store.games)) {
            auto players = self_play_players(store, variant);
            if (players.empty()) players.push_back("");  // every game of the variant
            for (const std::string& player : players)
                report.values.push_back(fit_values(store, variant, player, catalog, options));
        }
    }
    return report;
}

}  // namespace balance::analysis
