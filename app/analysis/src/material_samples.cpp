#include "balance/analysis/material_samples.hpp"

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <type_traits>

#include <fmt/format.h>

#include "balance/analysis/rules_cache.hpp"
#include "balance/core/game.hpp"
#include "balance/players/engine/eval.hpp"

namespace balance::analysis {

namespace {

constexpr std::size_t kMaxProblems = 5;

struct Candidate {
    std::vector<double> material;
    double positional = 0.0;
    double engine_material = 0.0;
    int ply = 0;  // index of the move that led here
};

// The internal engine's evaluation tables per compiled rules (the games of one pairing and rule
// set share one Rules object, which the RulesCache keeps alive).
class EvalCache {
  public:
    template <core::Bitboard BB>
    const players::engine::EvalTables<BB>& get(const core::Rules<BB>& rules) {
        auto& slot = tables<BB>()[&rules];
        if (!slot)
            slot = std::make_unique<players::engine::EvalTables<BB>>(
                players::engine::build_eval_tables(rules));
        return *slot;
    }

  private:
    template <core::Bitboard BB>
    using Map = std::map<const void*, std::unique_ptr<players::engine::EvalTables<BB>>>;
    template <core::Bitboard BB>
    Map<BB>& tables() {
        if constexpr (std::is_same_v<BB, core::u64>)
            return narrow_;
        else
            return wide_;
    }
    Map<core::u64> narrow_;
    Map<core::u128> wide_;
};

// The internal engine's evaluation beyond material and its material count, White's view
// (SamplingOptions::positional).
template <core::Bitboard BB>
void engine_terms(const core::Position<BB>& pos, EvalCache& cache, Candidate& c) {
    const auto& tables = cache.get(pos.rules());
    const int stm = players::engine::evaluate(pos, tables);
    const int white = pos.side_to_move() == core::Color::White ? stm : -stm;
    const int material = players::engine::material_balance(pos, tables);
    c.positional = white - material;
    c.engine_material = material;
}

// Column of each compiled piece type of the position's rules (-1: royal or unknown).
template <class Position>
std::vector<int> columns_of(const Position& pos, const std::vector<std::string>& pieces) {
    std::vector<int> out;
    for (const auto& info : pos.rules().pieces) {
        const auto it = std::find(pieces.begin(), pieces.end(), info.name);
        out.push_back(info.role == core::PieceRole::King || it == pieces.end()
                          ? -1
                          : static_cast<int>(it - pieces.begin()));
    }
    return out;
}

// The material difference (White minus Black, one column per piece) of a position, and the
// engine's terms when asked.
template <class Position>
Candidate candidate_at(const Position& pos, const std::vector<int>& columns, std::size_t pieces,
                       const SamplingOptions& options, EvalCache& eval_cache, int ply) {
    Candidate c{std::vector<double>(pieces, 0.0), 0.0, 0.0, ply};
    for (std::size_t t = 0; t < columns.size(); ++t) {
        if (columns[t] < 0) continue;
        const auto type = static_cast<core::PieceType>(t);
        c.material[columns[t]] +=
            pos.count(core::Color::White, type) - pos.count(core::Color::Black, type);
    }
    if (options.positional) engine_terms(pos, eval_cache, c);
    return c;
}

// Replays one game; returns its quiet positions' material, or an error.
Result<std::vector<Candidate>> quiet_positions(const StoredGame& game, const core::AnyRules& rules,
                                               const std::vector<std::string>& pieces,
                                               const SamplingOptions& options,
                                               EvalCache& eval_cache) {
    auto started = core::Game::start(rules, game.start_fen);
    if (!started) return started.error();
    core::Game replay = std::move(*started);
    const std::vector<int> columns =
        replay.visit([&](const auto& pos) { return columns_of(pos, pieces); });
    std::vector<Candidate> out;
    std::optional<Candidate> start;
    if (options.start_only) {
        replay.visit([&](const auto& pos) {
            start = candidate_at(pos, columns, pieces.size(), options, eval_cache, -1);
        });
    }
    std::vector<int> material_changes;  // plies whose move captured or promoted
    std::istringstream moves(game.moves);
    std::string text;
    for (int ply = 0; moves >> text; ++ply) {
        auto move = replay.play(text);
        if (!move) return move.error();
        const bool promotion = move->kind() == core::MoveKind::Promotion;
        replay.visit([&](const auto& pos) {
            if (promotion || pos.last_captured() != core::NoPiece) material_changes.push_back(ply);
            if (start || promotion || pos.last_captured() != core::NoPiece || pos.in_check() ||
                pos.in_placement() || pos.game_ply() < options.min_ply)
                return;
            out.push_back(candidate_at(pos, columns, pieces.size(), options, eval_cache, ply));
        });
    }
    // The whole game is replayed even for its start alone: a game that does not replay is not
    // a game these rules played, and is counted as unreadable like any other.
    if (start) return std::vector<Candidate>{std::move(*start)};
    if (options.settled_plies <= 0) return out;
    // Keep the positions whose material the next settled_plies moves leave as it is.
    std::erase_if(out, [&](const Candidate& c) {
        const auto next = std::upper_bound(material_changes.begin(), material_changes.end(), c.ply);
        return next != material_changes.end() && *next <= c.ply + options.settled_plies;
    });
    return out;
}

std::vector<std::string> armies_of(const core::VariantSpec& spec, const std::string& piece) {
    std::vector<std::string> out;
    for (const auto& army : spec.armies) {
        for (const auto& [letter, name] : army.letters) {
            if (name == piece) {
                out.push_back(army.name);
                break;
            }
        }
    }
    return out;
}

}  // namespace

std::vector<int> evenly_spaced(int count, int wanted) {
    std::vector<int> out;
    if (count <= 0 || wanted <= 0) return out;
    if (count <= wanted) {
        for (int i = 0; i < count; ++i) out.push_back(i);
        return out;
    }
    // The middle of each of `wanted` equal stretches: never two picks from one stretch.
    for (int k = 0; k < wanted; ++k)
        out.push_back(static_cast<int>((2LL * k + 1) * count / (2LL * wanted)));
    return out;
}

Result<MaterialData> sample_material(std::span<const StoredGame> games, const std::string& variant,
                                     VariantCatalog& catalog, const SamplingOptions& options) {
    auto spec = catalog.spec(variant);
    if (!spec) return spec.error();
    MaterialData data;
    for (const auto& piece : (*spec)->pieces) {
        if (piece.role == core::PieceRole::King) continue;
        if (piece.role == core::PieceRole::Pawn && data.first_pawn.empty())
            data.first_pawn = piece.name;
        data.pieces.push_back(piece.name);
        data.documented.push_back(piece.value);
        std::vector<std::string> armies = armies_of(**spec, piece.name);
        std::string joined;
        for (const auto& army : armies) joined += (joined.empty() ? "" : "/") + army;
        data.armies.push_back(joined);
    }
    RulesCache cache(catalog);
    EvalCache eval_cache;
    for (std::size_t g = 0; g < games.size(); ++g) {
        const StoredGame& game = games[g];
        if (!game.failure_side.empty()) {
            ++data.games_failed;
            continue;
        }
        auto rules = cache.get(game);
        Result<std::vector<Candidate>> candidates =
            rules ? quiet_positions(game, **rules, data.pieces, options, eval_cache)
                  : Result<std::vector<Candidate>>(rules.error());
        if (!candidates) {
            ++data.games_unreadable;
            if (data.problems.size() < kMaxProblems)
                data.problems.push_back(
                    fmt::format("{}: {}", game.game_key, candidates.error().to_string()));
            continue;
        }
        const auto picks = evenly_spaced(static_cast<int>(candidates->size()), options.per_game);
        if (picks.empty()) {
            ++data.games_without_sample;
            continue;
        }
        ++data.games_used;
        for (int pick : picks) {
            data.rows.push_back((*candidates)[pick].material);
            if (options.positional) {
                data.positional.push_back((*candidates)[pick].positional);
                data.engine_material.push_back((*candidates)[pick].engine_material);
            }
            data.outcomes.push_back(game.white_score);
            data.clusters.push_back(static_cast<std::int64_t>(g));
        }
    }
    return data;
}

}  // namespace balance::analysis
