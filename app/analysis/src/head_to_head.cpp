#include "balance/analysis/head_to_head.hpp"

#include <map>
#include <tuple>

namespace balance::analysis {

namespace {

// Adds the pairs of `a_white` (A White) with the cell of the same pairing and rules where the
// players' colours are reversed: game i of both started from the same opening.
void pair_with_reversed(const CellTally& a_white, std::span<const CellTally> cells,
                        stats::PairedScores& pairs) {
    CellId reversed = a_white.id;
    std::swap(reversed.white_player, reversed.black_player);
    for (const CellTally& other : cells) {
        if (!(other.id == reversed)) continue;
        for (const auto& [index, white_score] : a_white.white_score_by_index) {
            const auto it = other.white_score_by_index.find(index);
            if (it != other.white_score_by_index.end())
                (void)pairs.add_pair(white_score, 1.0 - it->second);
        }
        return;
    }
}

std::optional<stats::PairedInterval> paired(const stats::PairedScores& pairs, double confidence) {
    if (pairs.pairs.games < 2) return std::nullopt;
    auto interval = stats::paired_interval(pairs, confidence);
    if (!interval) return std::nullopt;
    return *interval;
}

}  // namespace

std::vector<HeadToHead> build_head_to_head(std::span<const CellTally> cells, double confidence) {
    struct Counts {
        stats::Wdl a_white, a_black;
        stats::PairedScores paired;
    };
    using Key = std::tuple<std::string, std::string, std::string, std::string>;
    std::map<Key, Counts> matches;
    for (const CellTally& cell : cells) {
        const CellId& id = cell.id;
        if (id.white_player == id.black_player) continue;
        const bool white_is_a = id.white_player < id.black_player;
        const std::string& a = white_is_a ? id.white_player : id.black_player;
        const std::string& b = white_is_a ? id.black_player : id.white_player;
        Counts& counts = matches[Key{id.variant, id.rules, a, b}];
        if (white_is_a) {
            counts.a_white += cell.wdl;
            pair_with_reversed(cell, cells, counts.paired);
        } else {
            counts.a_black += cell.wdl.flipped();
        }
    }
    std::vector<HeadToHead> out;
    for (const auto& [key, counts] : matches) {
        const auto& [variant, rules, a, b] = key;
        stats::Wdl pooled = counts.a_white;
        pooled += counts.a_black;
        out.push_back(HeadToHead{variant, rules, a, b, summarize(counts.a_white, confidence),
                                 summarize(counts.a_black, confidence),
                                 summarize(pooled, confidence), paired(counts.paired, confidence)});
    }
    return out;
}

}  // namespace balance::analysis
