#include "balance/analysis/odds_values.hpp"

#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "balance/analysis/rules_cache.hpp"
#include "balance/core/game.hpp"

namespace balance::app::report {

namespace {

// Pieces per (colour, piece name) of a position.
using Material = std::map<std::pair<int, std::string>, int>;

template <class Position>
Material material_of(const Position& pos) {
    Material out;
    const auto& pieces = pos.rules().pieces;
    for (std::size_t t = 0; t < pieces.size(); ++t) {
        for (int c = 0; c < 2; ++c) {
            const int n = pos.count(static_cast<core::Color>(c), static_cast<core::PieceType>(t));
            if (n) out[{c, pieces[t].name}] += n;
        }
    }
    return out;
}

Result<Material> start_material(const core::AnyRules& rules, const std::string& fen) {
    auto game = core::Game::start(rules, fen);
    if (!game) return game.error();
    return game->visit([](const auto& pos) { return material_of(pos); });
}

struct Odds {
    enum Kind { Ordinary, OnePiece, Other } kind = Other;
    int colour = 0;  // the side that gave the odds
    std::string piece;
};

Odds classify(const Material& normal, const Material& start) {
    Odds odds;
    int missing = 0;
    for (const auto& [key, n] : normal) {
        const auto it = start.find(key);
        const int have = it == start.end() ? 0 : it->second;
        if (have > n) return odds;  // extra material: not a plain odds game
        if (have < n) {
            missing += n - have;
            odds.colour = key.first;
            odds.piece = key.second;
        }
    }
    for (const auto& [key, n] : start)
        if (!normal.contains(key)) return odds;  // a piece the array does not have
    odds.kind = missing == 0 ? Odds::Ordinary : missing == 1 ? Odds::OnePiece : Odds::Other;
    return odds;
}

}  // namespace

Result<OddsValues> odds_values(std::span<const StoredGame> games, const std::string& variant,
                               VariantCatalog& catalog, const std::string& calibration,
                               std::optional<double> unit_value, double confidence) {
    auto spec = catalog.spec(variant);
    if (!spec) return spec.error();
    OddsValues out;
    out.confidence = confidence;
    std::vector<const core::PieceSpec*> order;
    for (const auto& piece : (*spec)->pieces) {
        if (piece.role == core::PieceRole::King) continue;
        order.push_back(&piece);
        if (calibration.empty() && out.calibration.empty() && piece.role == core::PieceRole::Pawn)
            out.calibration = piece.name;
    }
    if (!calibration.empty()) out.calibration = calibration;
    const auto calib = std::find_if(order.begin(), order.end(),
                                    [&](const auto* p) { return p->name == out.calibration; });
    if (calib == order.end())
        return make_error(
            fmt::format("calibration piece '{}' is not a piece of {}", out.calibration, variant));
    out.unit_value = unit_value.value_or((*calib)->value != 0.0 ? (*calib)->value : 1.0);

    RulesCache cache(catalog);
    std::map<const core::AnyRules*, Material> normal_material;
    std::map<std::string, OddsRow> rows;
    for (const StoredGame& game : games) {
        auto rules = cache.get(game);
        if (!game.failure_side.empty() || !rules) {
            ++out.skipped_games;
            continue;
        }
        auto normal = normal_material.find(*rules);
        if (normal == normal_material.end()) {
            auto m = start_material(**rules, "");
            if (!m) return m.error();
            normal = normal_material.emplace(*rules, std::move(*m)).first;
        }
        auto start = start_material(**rules, game.start_fen);
        const Odds odds = start ? classify(normal->second, *start) : Odds{};
        if (odds.kind == Odds::Ordinary) {
            ++out.ordinary_games;
            continue;
        }
        if (odds.kind == Odds::Other) {
            ++out.skipped_games;
            continue;
        }
        OddsRow& row = rows[odds.piece];
        row.piece = odds.piece;
        // The side WITHOUT the removed piece has the extra material.
        const bool white_gave = odds.colour == 0;
        (white_gave ? row.removed_from_white : row.removed_from_black) += 1;
        const double score = white_gave ? 1.0 - game.white_score : game.white_score;
        if (score == 1.0) {
            ++row.advantaged.wins;
        } else if (score == 0.0) {
            ++row.advantaged.losses;
        } else {
            ++row.advantaged.draws;
        }
    }
    const auto calib_row = rows.find(out.calibration);
    if (calib_row == rows.end()) {
        return make_error(fmt::format(
            "no {}-odds games to calibrate with ({} ordinary games, {} skipped): the odds sweep "
            "must include games with one {} removed",
            out.calibration, out.ordinary_games, out.skipped_games, out.calibration));
    }
    for (const auto* piece : order) {
        auto it = rows.find(piece->name);
        if (it == rows.end()) continue;
        OddsRow row = it->second;
        row.documented = piece->value;
        if (piece->name != out.calibration) {
            auto value = stats::piece_value_from_odds(row.advantaged, calib_row->second.advantaged,
                                                      confidence);
            if (value) {
                value->value *= out.unit_value;
                value->lower *= out.unit_value;
                value->upper *= out.unit_value;
                value->delta_se *= out.unit_value;
                row.value = *value;
            } else {
                row.error = value.error().message;
            }
        }
        if (piece->name == out.calibration) {
            out.rows.insert(out.rows.begin(), std::move(row));
        } else {
            out.rows.push_back(std::move(row));
        }
    }
    return out;
}

}  // namespace balance::app::report
