#include "balance/analysis/head_to_head.hpp"

#include <map>
#include <tuple>

namespace balance::analysis {

std::vector<HeadToHead> build_head_to_head(std::span<const CellTally> cells, double confidence) {
    struct Counts {
        stats::Wdl a_white, a_black;
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
                                 summarize(pooled, confidence)});
    }
    return out;
}

}  // namespace balance::analysis
