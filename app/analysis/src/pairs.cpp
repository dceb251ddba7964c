#include "balance/analysis/pairs.hpp"

#include <algorithm>
#include <map>
#include <tuple>

#include <fmt/format.h>

#include "natural_order.hpp"

namespace balance::analysis {

namespace {

// Variant, rules, then X with its player and Y with its player.
using PairKey =
    std::tuple<std::string, std::string, std::string, std::string, std::string, std::string>;

struct PairCells {
    const CellTally* x_white = nullptr;
    const CellTally* x_black = nullptr;
};

// True when `a` should be X against `b`.
bool comes_first(const std::string& variant, const std::string& a, const std::string& b,
                 const std::string& side, VariantCatalog& catalog) {
    if (!side.empty() && (a == side || b == side)) return a == side;
    const int ra = catalog.army_rank(variant, a), rb = catalog.army_rank(variant, b);
    return ra != rb ? ra < rb : a < b;
}

// The published pairing of armies `a` and `b` (either order), or nullptr.
const core::ReferencePairing* reference_pairing(const core::ReferenceTable& table,
                                                const std::string& a, const std::string& b) {
    for (const auto& row : table.pairings) {
        if ((row.x == a && row.y == b) || (row.x == b && row.y == a)) return &row;
    }
    return nullptr;
}

}  // namespace

SeedView seed_from_view(const core::ReferencePairing& row, std::string_view x,
                        const std::string& source) {
    SeedView view{source,           row.x_white_score,    row.x_black_score,
                  row.pooled_score, row.games_per_colour, row.margin_per_colour,
                  row.margin_pooled};
    if (x == row.x) return view;
    // Our X is the seed's Y: its White games are the seed's "Y-X" row, seen from the other side.
    view.x_white_score = 1.0 - row.x_black_score;
    view.x_black_score = 1.0 - row.x_white_score;
    view.pooled_score = 1.0 - row.pooled_score;
    return view;
}

std::string PairSummary::players_label() const {
    return x_player == y_player ? x_player
                                : fmt::format("{} ({}) vs {} ({})", x_player, x, y_player, y);
}

std::vector<PairSummary> build_pairs(std::span<const CellTally> cells, VariantCatalog& catalog,
                                     const std::string& side, double confidence) {
    std::map<PairKey, PairCells, NaturalLess> pairs;
    for (const CellTally& cell : cells) {
        const CellId& id = cell.id;
        if (id.white == id.black) continue;
        if (comes_first(id.variant, id.white, id.black, side, catalog)) {
            auto& entry =
                pairs[{id.variant, id.rules, id.white, id.white_player, id.black, id.black_player}];
            entry.x_white = &cell;
        } else {
            auto& entry =
                pairs[{id.variant, id.rules, id.black, id.black_player, id.white, id.white_player}];
            entry.x_black = &cell;
        }
    }
    std::vector<PairSummary> out;
    for (const auto& [key, found] : pairs) {
        PairSummary pair;
        std::tie(pair.variant, pair.rules, pair.x, pair.x_player, pair.y, pair.y_player) = key;
        stats::Wdl pooled;
        if (found.x_white) {
            pair.x_white = summarize(found.x_white->wdl, confidence);
            pooled += found.x_white->wdl;
        }
        if (found.x_black) {
            pair.x_black = summarize(found.x_black->wdl.flipped(), confidence);
            pooled += found.x_black->wdl.flipped();
        }
        if (found.x_white && found.x_black) pair.pooled = summarize(pooled, confidence);
        if (pair.rules.empty()) {
            if (auto spec = catalog.spec(pair.variant); spec) {
                const core::ReferenceTable& table = (*spec)->reference;
                if (const auto* row = reference_pairing(table, pair.x, pair.y))
                    pair.reference = seed_from_view(*row, pair.x, table.source);
            }
        }
        out.push_back(std::move(pair));
    }
    // Variant file order, as the seed lists its pairings: Human-Elf, Human-Orc, Elf-Orc.
    std::stable_sort(out.begin(), out.end(), [&](const PairSummary& a, const PairSummary& b) {
        const auto rank = [&](const PairSummary& p) {
            return std::make_tuple(p.variant, p.rules, p.x_player, p.y_player,
                                   catalog.army_rank(p.variant, p.x),
                                   catalog.army_rank(p.variant, p.y));
        };
        return NaturalLess{}(rank(a), rank(b));
    });
    return out;
}

}  // namespace balance::analysis
