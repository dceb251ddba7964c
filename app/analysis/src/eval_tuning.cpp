#include "balance/analysis/eval_tuning.hpp"

#include <chrono>
#include <cmath>
#include <limits>
#include <map>
#include <memory>
#include <sstream>
#include <type_traits>

#include <fmt/format.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <nlohmann/json.hpp>

#include "balance/analysis/material_samples.hpp"
#include "balance/analysis/rules_cache.hpp"
#include "balance/core/game.hpp"
#include "balance/players/engine/engine.hpp"

namespace balance::analysis {

namespace {

namespace engine = players::engine;

// One pairing's evaluation tables at the starting weights and what its features need.
struct PairingFeatures {
    std::unique_ptr<engine::EvalTables<core::u64>> narrow_tables;
    std::unique_ptr<engine::EvalTables<core::u128>> wide_tables;
    std::unique_ptr<engine::FeatureContext<core::u64>> narrow;
    std::unique_ptr<engine::FeatureContext<core::u128>> wide;

    PairingFeatures(const core::AnyRules& rules, const engine::WeightLayout& layout,
                    const engine::EvalWeights& weights) {
        if (rules.narrow) {
            narrow_tables = std::make_unique<engine::EvalTables<core::u64>>(
                engine::build_eval_tables(*rules.narrow, {}, weights));
            narrow = std::make_unique<engine::FeatureContext<core::u64>>(
                engine::feature_context(layout, *rules.narrow, *narrow_tables));
        } else {
            wide_tables = std::make_unique<engine::EvalTables<core::u128>>(
                engine::build_eval_tables(*rules.wide, {}, weights));
            wide = std::make_unique<engine::FeatureContext<core::u128>>(
                engine::feature_context(layout, *rules.wide, *wide_tables));
        }
    }
    // The context for positions like `pos` (its board width).
    template <core::Bitboard BB>
    const engine::FeatureContext<BB>& context(const core::Position<BB>& /*pos*/) const {
        if constexpr (std::is_same_v<BB, core::u64>)
            return *narrow;
        else
            return *wide;
    }
    [[nodiscard]] const std::vector<double>& weights() const {
        return narrow ? narrow->weights : wide->weights;
    }
};

// A kept position: its linear row, constant, White's score and the stored search score of the
// position (White's view; NaN: none stored).
struct Row {
    std::vector<float> features;
    float constant = 0.0F;
    float result = 0.0F;
    float score = std::numeric_limits<float>::quiet_NaN();
};

struct GameRows {
    std::vector<Row> rows;
    std::int64_t candidates = 0;
    bool unreadable = false;
};

// The search scores a game stores, one per move of its `moves` (White's view, the score of the
// position the move was played from; NaN where the player gave none). Empty when there are none.
std::vector<float> stored_scores(const std::string& details_json) {
    std::vector<float> out;
    if (details_json.find("\"scores\"") == std::string::npos) return out;
    const auto details = nlohmann::json::parse(details_json, nullptr, false);
    if (!details.is_object() || !details.contains("scores") || !details["scores"].is_array())
        return out;
    for (const auto& score : details["scores"])
        out.push_back(score.is_number() ? score.get<float>()
                                        : std::numeric_limits<float>::quiet_NaN());
    return out;
}

// Replays `game` to its candidates (quiet by the rules of the game: not in check, the last move
// no capture or promotion, past min_ply, not placing), looks at `per_game` of them evenly
// spaced, keeps the quiet ones.
GameRows game_rows(const StoredGame& game, const core::AnyRules& rules,
                   const PairingFeatures& pairing, const engine::WeightLayout& layout,
                   engine::Engine& judge, const TuneOptions& options) {
    GameRows out;
    std::vector<int> plies;  // candidates: the ply after which the position stands
    const std::vector<float> scores =
        options.score_weight > 0.0 ? stored_scores(game.details_json) : std::vector<float>{};
    for (int pass = 0; pass < 2; ++pass) {
        auto started = core::Game::start(rules, game.start_fen);
        if (!started) {
            out.unreadable = true;
            return out;
        }
        core::Game replay = std::move(*started);
        std::vector<int> wanted;
        if (pass == 1) {
            for (int i : evenly_spaced(static_cast<int>(plies.size()), options.per_game))
                wanted.push_back(plies[i]);
            out.candidates = static_cast<std::int64_t>(wanted.size());
        }
        std::size_t next = 0;
        std::istringstream moves(game.moves);
        std::string text;
        for (int ply = 0; moves >> text; ++ply) {
            if (pass == 1 && next == wanted.size()) break;
            auto move = replay.play(text);
            if (!move) {
                out.unreadable = true;
                return out;
            }
            const bool promotion = move->kind() == core::MoveKind::Promotion;
            replay.visit([&](const auto& pos) {
                if (pass == 0) {
                    if (!promotion && pos.last_captured() == core::NoPiece && !pos.in_check() &&
                        !pos.in_placement() && pos.game_ply() >= options.min_ply)
                        plies.push_back(ply);
                    return;
                }
                if (next == wanted.size() || wanted[next] != ply) return;
                ++next;
                // What the search stands pat on: in a points variant the points so far are
                // part of it, so they are part of the quiet test and of the row (below).
                const int stand_pat = judge.search_eval(pos);
                auto copy = pos;
                if (judge.quiescence(copy) != stand_pat) return;
                engine::EvalFeatures f;
                engine::eval_features(pos, pairing.context(pos), f);
                Row row;
                row.features.resize(static_cast<std::size_t>(layout.size()));
                std::vector<double> line(row.features.size());
                double constant = 0.0;
                engine::linear_row(layout, f, line, constant);
                for (std::size_t j = 0; j < line.size(); ++j)
                    row.features[j] = static_cast<float>(line[j]);
                // The points so far (0 unless the variant is decided by points), White's
                // view: a fixed part of the prediction that no weight moves.
                const int points = stand_pat - judge.static_eval(pos);
                constant += pos.side_to_move() == core::Color::White ? points : -points;
                row.constant = static_cast<float>(constant);
                row.result = static_cast<float>(game.white_score);
                // The position stands after move `ply`: the next move's search scored it.
                if (static_cast<std::size_t>(ply) + 1 < scores.size())
                    row.score = scores[static_cast<std::size_t>(ply) + 1];
                out.rows.push_back(std::move(row));
            });
        }
    }
    return out;
}

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Each game's rules (null for a game not used) and each pairing's tables, made once.
struct TunePairings {
    std::map<const core::AnyRules*, std::unique_ptr<PairingFeatures>> features;
    std::vector<const core::AnyRules*> rules_of;
};

// Rules and tables per pairing, once, before the games are shared out; counts the games left
// out (failed, unreadable) in `out`.
TunePairings tune_pairings(std::span<const StoredGame> games, RulesCache& cache,
                           const TuneOptions& options, TuneResult& out) {
    TunePairings pairings;
    pairings.rules_of.assign(games.size(), nullptr);
    for (std::size_t g = 0; g < games.size(); ++g) {
        if (!games[g].failure_side.empty()) {
            ++out.games_failed;
            continue;
        }
        auto rules = cache.get(games[g]);
        if (!rules) {
            ++out.games_unreadable;
            continue;
        }
        pairings.rules_of[g] = *rules;
        auto& pairing = pairings.features[*rules];
        if (!pairing)
            pairing = std::make_unique<PairingFeatures>(**rules, out.layout, options.start);
    }
    return pairings;
}

// The prior: the starting weights, each piece's from a pairing that has it.
void set_tune_prior(const TunePairings& pairings, TuneResult& out) {
    out.prior.assign(static_cast<std::size_t>(out.layout.size()), 0.0);
    out.seen.assign(out.prior.size(), false);
    for (const auto& [rules, pairing] : pairings.features) {
        const std::vector<double>& w = pairing->weights();
        const auto& first =
            pairing->narrow ? pairing->narrow->piece_first : pairing->wide->piece_first;
        for (int i = 0; i < out.layout.size(); ++i)
            if (out.layout.parameters[i].term >= 0) {
                out.prior[i] = w[i];
                out.seen[i] = true;
            }
        for (const auto& slots : first)
            for (int s : slots)
                if (s >= 0) {
                    out.prior[s] = w[s];
                    out.prior[s + 1] = w[s + 1];
                    out.seen[s] = out.seen[s + 1] = true;
                }
    }
}

// Every used game's rows, the games in parallel, each thread with a judge of its own.
std::vector<GameRows> tune_game_rows(std::span<const StoredGame> games,
                                     const TunePairings& pairings,
                                     const engine::WeightLayout& layout,
                                     const TuneOptions& options) {
    engine::EngineOptions judge_options;
    judge_options.hash_mb = 1;
    judge_options.random_plies = 0;
    judge_options.eval_weights = options.start;
    tbb::enumerable_thread_specific<engine::Engine> judges(judge_options);
    std::vector<GameRows> per_game(games.size());
    tbb::parallel_for(std::size_t{0}, games.size(), [&](std::size_t g) {
        const core::AnyRules* rules = pairings.rules_of[g];
        if (!rules) return;
        per_game[g] = game_rows(games[g], *rules, *pairings.features.at(rules), layout,
                                judges.local(), options);
    });
    return per_game;
}

struct TuneRows {
    stats::TexelRows fitted;
    stats::TexelRows held_out;
};

// Whether game `g` (by its place in the games) is held out of the fit.
bool held_out_game(std::size_t g, const TuneOptions& options) {
    const auto every = static_cast<std::size_t>(options.holdout_every);
    return every > 0 && g % every == every - 1;
}

// K_s: the scale at which the stored scores of the fitted games' positions predict their
// results best (the scores of another engine need not be on this evaluation's scale).
double fit_score_scale(const std::vector<GameRows>& per_game, const TuneOptions& options) {
    stats::TexelRows scored;
    scored.columns = 1;
    for (std::size_t g = 0; g < per_game.size(); ++g) {
        if (held_out_game(g, options)) continue;
        for (const Row& row : per_game[g].rows) {
            if (std::isnan(row.score)) continue;
            scored.features.push_back(row.score);
            scored.constants.push_back(0.0F);
            scored.results.push_back(row.result);
        }
    }
    if (scored.rows() == 0) return 0.0;
    const double unit[] = {1.0};
    return stats::fit_texel_scale(scored, unit);
}

// Every `holdout_every`-th game (by its place in `games`) is kept out of the fit; counts the
// games and candidates in `out`. With a score weight each target blends the result with the
// stored score (at the scale `out.score_k`); positions without one are left out.
TuneRows split_tune_rows(const std::vector<GameRows>& per_game, const TuneOptions& options,
                         TuneResult& out) {
    TuneRows split;
    split.fitted.columns = split.held_out.columns = out.layout.size();
    const double w = options.score_weight;
    for (std::size_t g = 0; g < per_game.size(); ++g) {
        const GameRows& game = per_game[g];
        out.games_unreadable += game.unreadable;
        out.candidates += game.candidates;
        if (!game.rows.empty()) ++out.games_used;
        stats::TexelRows& into = held_out_game(g, options) ? split.held_out : split.fitted;
        for (const Row& row : game.rows) {
            double target = row.result;
            if (w > 0.0) {
                if (std::isnan(row.score)) {
                    ++out.unscored;
                    continue;
                }
                const double predicted =
                    1.0 / (1.0 + std::pow(10.0, -out.score_k * row.score / 400.0));
                target = (1.0 - w) * target + w * predicted;
            }
            into.features.insert(into.features.end(), row.features.begin(), row.features.end());
            into.constants.push_back(row.constant);
            into.results.push_back(static_cast<float>(target));
        }
    }
    return split;
}

// The fit from the prior, its error on the held-out rows before and after, and the weights.
Result<void> fit_tune_rows(const TuneRows& rows, const TuneOptions& options, TuneResult& out) {
    const auto fit_start = std::chrono::steady_clock::now();
    stats::TexelOptions fit_options;
    fit_options.l2 = options.l2;
    auto fit = stats::fit_texel(rows.fitted, out.prior, fit_options);
    if (!fit) return fit.error();
    out.fit = std::move(*fit);
    out.fit_seconds = seconds_since(fit_start);

    if (rows.held_out.rows() > 0) {
        out.held_out_positions = rows.held_out.rows();
        out.held_out_error_before = stats::texel_error(rows.held_out, out.prior, out.fit.k);
        out.held_out_error_after = stats::texel_error(rows.held_out, out.fit.weights, out.fit.k);
    }
    out.weights = engine::weights_of(out.layout, out.fit.weights);
    // Pieces no pairing had keep the evaluation's own choice: not written.
    for (const auto& p : out.layout.parameters)
        if (!p.piece.empty() && !out.seen[&p - out.layout.parameters.data()])
            out.weights.pieces.erase(p.piece);
    return {};
}

}  // namespace

Result<TuneResult> tune_evaluation(std::span<const StoredGame> games, const std::string& variant,
                                   VariantCatalog& catalog, const TuneOptions& options) {
    auto spec = catalog.spec(variant);
    if (!spec) return spec.error();
    TuneResult out;
    out.layout = engine::weight_layout(**spec);
    const auto start = std::chrono::steady_clock::now();

    RulesCache cache(catalog);  // holds the rules the pairings point to
    const TunePairings pairings = tune_pairings(games, cache, options, out);
    set_tune_prior(pairings, out);
    const std::vector<GameRows> per_game = tune_game_rows(games, pairings, out.layout, options);
    if (options.score_weight > 0.0) {
        out.score_k = fit_score_scale(per_game, options);
        if (out.score_k == 0.0)
            return make_error(fmt::format(
                "no search score stored for any quiet position of {} games of {}: fitting to "
                "scores needs games whose players report them (--score-weight 0 fits to the "
                "results alone)",
                games.size(), variant));
    }
    const TuneRows rows = split_tune_rows(per_game, options, out);
    out.positions = rows.fitted.rows() + rows.held_out.rows();
    out.feature_seconds = seconds_since(start);
    if (rows.fitted.rows() == 0)
        return make_error(
            fmt::format("no quiet position in {} games of {} to fit", games.size(), variant));
    if (auto fitted = fit_tune_rows(rows, options, out); !fitted) return fitted.error();
    return out;
}

}  // namespace balance::analysis
