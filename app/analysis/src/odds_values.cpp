#include "balance/analysis/odds_values.hpp"

#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "balance/analysis/rules_cache.hpp"
#include "balance/core/game.hpp"

namespace balance::analysis {

std::string odds_row_label(const std::string& piece, const std::map<std::string, int>& against) {
    std::string label = piece;
    const char* sep = " against ";
    for (const auto& [name, n] : against) {
        label += sep;
        if (n > 1) label += fmt::format("{} x ", n);
        label += name;
        sep = " + ";
    }
    return label;
}

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

// The material of each compiled pairing's normal start array, computed once per rules.
class NormalMaterial {
  public:
    Result<const Material*> of(const core::AnyRules* rules) {
        auto it = cache_.find(rules);
        if (it == cache_.end()) {
            auto m = start_material(*rules, "");
            if (!m) return m.error();
            it = cache_.emplace(rules, std::move(*m)).first;
        }
        return &it->second;
    }

  private:
    std::map<const core::AnyRules*, Material> cache_;
};

struct Odds {
    enum Kind { Ordinary, OnePiece, Compensated, Other } kind = Other;
    int colour = 0;  // the side that gave the odds (gave up `piece`)
    std::string piece;
    std::map<std::string, int> against;  // Compensated: what the other side gave up
};

// What each side lacks against the normal array decides the kind: nothing (ordinary), one
// piece on one side (plain odds), one piece on one side and two or more on the other
// (compensated: the single piece is the one measured, and it must not be among the other
// side's), anything else (other; one piece against one piece is other too, since either could
// be the one measured).
Odds classify(const Material& normal, const Material& start) {
    Odds odds;
    std::map<std::string, int> missing[2];
    int count[2] = {0, 0};
    for (const auto& [key, n] : normal) {
        const auto it = start.find(key);
        const int have = it == start.end() ? 0 : it->second;
        if (have > n) return odds;  // extra material: not an odds game
        if (have < n) {
            missing[key.first][key.second] += n - have;
            count[key.first] += n - have;
        }
    }
    for (const auto& [key, n] : start)
        if (!normal.contains(key)) return odds;  // a piece the array does not have
    if (count[0] == 0 && count[1] == 0) {
        odds.kind = Odds::Ordinary;
        return odds;
    }
    for (int c = 0; c < 2; ++c) {
        if (count[c] != 1) continue;
        const int other = 1 - c;
        if (count[other] == 1) continue;
        if (count[other] > 0 && missing[other].contains(missing[c].begin()->first)) continue;
        odds.colour = c;
        odds.piece = missing[c].begin()->first;
        odds.against = missing[other];
        odds.kind = count[other] == 0 ? Odds::OnePiece : Odds::Compensated;
        return odds;
    }
    return odds;
}

void count_game(OddsRow& row, const Odds& odds, const StoredGame& game) {
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

void scale(stats::PieceValue& value, double unit) {
    value.value *= unit;
    value.lower *= unit;
    value.upper *= unit;
    value.delta_se *= unit;
}

// The odds games counted by kind: plain odds by the piece given, compensated odds by the
// piece measured and what compensated it.
struct OddsTallies {
    std::map<std::string, OddsRow> rows;
    std::map<std::string, std::vector<OddsRow>> compensated;  // by the measured piece
    std::map<std::string, std::size_t> compensated_index;     // key -> index in its vector
};

Result<OddsTallies> tally_odds_games(std::span<const StoredGame> games, VariantCatalog& catalog,
                                     OddsValues& out) {
    RulesCache cache(catalog);
    NormalMaterial normal_material;
    OddsTallies tallies;
    for (const StoredGame& game : games) {
        auto rules = cache.get(game);
        if (!game.failure_side.empty() || !rules) {
            ++out.skipped_games;
            continue;
        }
        auto normal = normal_material.of(*rules);
        if (!normal) return normal.error();
        auto start = start_material(**rules, game.start_fen);
        const Odds odds = start ? classify(**normal, *start) : Odds{};
        if (odds.kind == Odds::Ordinary) {
            ++out.ordinary_games;
            continue;
        }
        if (odds.kind == Odds::Other) {
            ++out.skipped_games;
            continue;
        }
        if (odds.kind == Odds::Compensated) {
            const std::string key = odds_row_label(odds.piece, odds.against);
            auto& list = tallies.compensated[odds.piece];
            auto [at, added] = tallies.compensated_index.emplace(key, list.size());
            if (added) {
                list.emplace_back();
                list.back().piece = odds.piece;
                list.back().against = odds.against;
            }
            count_game(list[at->second], odds, game);
            continue;
        }
        OddsRow& row = tallies.rows[odds.piece];
        row.piece = odds.piece;
        count_game(row, odds, game);
    }
    return tallies;
}

// A compensated row's value: its own games, each compensating piece valued by its plain odds
// rows (the calibration piece by the calibration).
void value_compensated(OddsRow& row, const OddsTallies& tallies, const OddsRow& calibration,
                       const OddsValues& out, double confidence) {
    std::vector<stats::CompensationPart> parts;
    for (const auto& [name, n] : row.against) {
        if (name == out.calibration) {
            parts.push_back({stats::Wdl{}, n, true});
            continue;
        }
        const auto part = tallies.rows.find(name);
        if (part == tallies.rows.end()) {
            row.error = fmt::format("no {}-odds games to value the compensation", name);
            return;
        }
        parts.push_back({part->second.advantaged, n, false});
    }
    auto value = stats::piece_value_from_compensated_odds(row.advantaged, parts,
                                                          calibration.advantaged, confidence);
    if (value) {
        scale(*value, out.unit_value);
        row.value = *value;
    } else {
        row.error = value.error().message;
    }
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

    const auto tallies = tally_odds_games(games, catalog, out);
    if (!tallies) return tallies.error();
    const auto calib_row = tallies->rows.find(out.calibration);
    if (calib_row == tallies->rows.end()) {
        return make_error(fmt::format(
            "no {}-odds games to calibrate with ({} ordinary games, {} skipped): the odds sweep "
            "must include games with one {} removed",
            out.calibration, out.ordinary_games, out.skipped_games, out.calibration));
    }
    for (const auto* piece : order) {
        if (auto it = tallies->rows.find(piece->name); it != tallies->rows.end()) {
            OddsRow row = it->second;
            row.documented = piece->value;
            if (piece->name != out.calibration) {
                auto value = stats::piece_value_from_odds(row.advantaged,
                                                          calib_row->second.advantaged, confidence);
                if (value) {
                    scale(*value, out.unit_value);
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
        if (auto it = tallies->compensated.find(piece->name); it != tallies->compensated.end()) {
            for (OddsRow row : it->second) {
                row.documented = piece->value;
                value_compensated(row, *tallies, calib_row->second, out, confidence);
                out.rows.push_back(std::move(row));
            }
        }
    }
    return out;
}

Result<bool> mostly_odds_starts(std::span<const StoredGame> games, const std::string& variant,
                                VariantCatalog& catalog) {
    RulesCache cache(catalog);
    NormalMaterial normal_material;
    std::size_t read = 0, odds = 0;
    for (const StoredGame& game : games) {
        if (game.variant != variant || !game.failure_side.empty()) continue;
        auto rules = cache.get(game);
        if (!rules) return rules.error();
        auto normal = normal_material.of(*rules);
        if (!normal) return normal.error();
        auto start = start_material(**rules, game.start_fen);
        if (!start) continue;  // counted as unreadable by the fits
        ++read;
        if (*start != **normal) ++odds;
    }
    return read > 0 && 2 * odds >= read;
}

}  // namespace balance::analysis
