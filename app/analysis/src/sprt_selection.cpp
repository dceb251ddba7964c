#include "balance/analysis/sprt_selection.hpp"

#include <map>
#include <set>
#include <tuple>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "balance/analysis/cells.hpp"
#include "balance/analysis/report_data.hpp"
#include "balance/stats/game_result.hpp"

namespace balance::analysis {

namespace {

constexpr std::size_t kListed = 12;

std::string board_of(const std::string& fen) {
    return fen.substr(0, fen.find(' '));
}

Error nothing_found(std::span<const StoredGame> games, const std::string& what) {
    std::set<std::string> keys;
    for (const StoredGame& g : games) keys.insert(g.cell_key);
    std::vector<std::string> listed(keys.begin(), keys.end());
    if (listed.size() > kListed) listed.resize(kListed);
    return make_error(fmt::format("no games of {} in this database (cells: {}{})", what,
                                  fmt::join(listed, "; "), keys.size() > kListed ? "; ..." : ""));
}

// Pairs the two colour orders by game_index when their openings agree (see the header).
void pair_games(const std::vector<const StoredGame*>& side_white,
                const std::vector<const StoredGame*>& side_black, SprtSample& sample) {
    std::map<std::int64_t, const StoredGame*> black_by_index;
    for (const StoredGame* g : side_black) black_by_index[g->game_index] = g;
    stats::Pentanomial pairs;
    std::set<std::string> openings;
    std::int64_t matched = 0;
    for (const StoredGame* a : side_white) {
        const auto it = black_by_index.find(a->game_index);
        if (it == black_by_index.end()) continue;
        const StoredGame* b = it->second;
        if (a->opening != b->opening || board_of(a->start_fen) != board_of(b->start_fen)) {
            sample.model_reason = fmt::format(
                "trinomial: games {} and {} share a game_index but not the opening, "
                "so the sweep did not pair openings",
                a->game_key, b->game_key);
            return;
        }
        openings.insert(a->opening + "|" + board_of(a->start_fen));
        (void)pairs.add_pair(a->white_score, 1.0 - b->white_score);
        ++matched;
    }
    if (matched == 0) {
        sample.model_reason = "trinomial: no game_index occurs in both colour orders";
        return;
    }
    if (openings.size() < 2) {
        sample.model_reason =
            "trinomial: every game starts from the same stored position (the sweep has no "
            "openings), so there is nothing to pair";
        return;
    }
    sample.pairs = pairs;
    sample.unpaired_games = sample.wdl.games() - 2 * matched;
    sample.model_reason = fmt::format(
        "pentanomial: {} game pairs (the two colour orders of one game_index start from the same "
        "opening){}",
        matched,
        sample.unpaired_games
            ? fmt::format("; {} games without a partner left out", sample.unpaired_games)
            : "");
}

}  // namespace

Result<SprtSample> select_sprt_sample(std::span<const StoredGame> games, const SprtQuery& query,
                                      VariantCatalog& catalog) {
    SprtSample sample;
    if (!query.cell.empty()) {
        for (const StoredGame& g : games) {
            if (g.cell_key != query.cell) continue;
            sample.variant = g.variant;
            sample.rules = cell_of(g).rules;
            sample.side = g.white_army;
            sample.opponent = g.black_army;
            sample.players = players_label(cell_of(g));
            stats::add_game_score(sample.wdl, g.white_score);
            ++sample.side_white_games;
        }
        if (sample.wdl.games() == 0) return nothing_found(games, "cell '" + query.cell + "'");
        sample.scope = "cell " + query.cell + " (White's score)";
        sample.model_reason = "trinomial: a single cell has no colour-swapped partner games";
        return sample;
    }
    if (query.white.empty() || query.black.empty())
        return make_error("give --cell KEY, or --white ARMY and --black ARMY");
    for (const auto& [flag, army] : {std::pair{"--white", &query.white}, {"--black", &query.black}})
        if (auto known = known_army(games, *army, catalog); !known)
            return make_error(known.error().message, flag);

    // Games of A White vs B Black, and (both colour orders) of B White vs A Black, grouped by
    // variant and the player of each army.
    using Group = std::tuple<std::string, std::string, std::string>;  // variant, A's, B's player
    std::map<Group, std::pair<std::vector<const StoredGame*>, std::vector<const StoredGame*>>>
        groups;
    for (const StoredGame& g : games) {
        // The cell's rules: games kept apart by --force ("rules@<hash8>") are never pooled.
        if (cell_of(g).rules != query.rules) continue;
        if (!query.variant.empty() && g.variant != query.variant) continue;
        if (!query.player.empty() && g.white_player != query.player &&
            g.black_player != query.player)
            continue;
        const std::string a = catalog.canonical_army(g.variant, query.white);
        const std::string b = catalog.canonical_army(g.variant, query.black);
        if (g.white_army == a && g.black_army == b) {
            groups[{g.variant, g.white_player, g.black_player}].first.push_back(&g);
        } else if (!query.one_colour && a != b && g.white_army == b && g.black_army == a) {
            groups[{g.variant, g.black_player, g.white_player}].second.push_back(&g);
        }
    }
    const std::string what =
        fmt::format("{} vs {} with rules '{}'", query.white, query.black, rules_label(query.rules));
    if (groups.empty()) return nothing_found(games, what);
    // Two players that each played both armies make two comparisons (A's player against B's, and
    // the other way round): --player names the first army's player.
    if (groups.size() > 1 && !query.player.empty()) {
        for (auto it = groups.begin(); it != groups.end();)
            it = std::get<1>(it->first) == query.player ? std::next(it) : groups.erase(it);
        if (groups.empty())
            return make_error(fmt::format("{}: '{}' never played {} against it", what, query.player,
                                          query.white));
    }
    if (groups.size() > 1) {
        std::vector<std::string> names;
        for (const auto& [group, found] : groups)
            names.push_back(fmt::format("{} ({} vs {})", std::get<0>(group), std::get<1>(group),
                                        std::get<2>(group)));
        return make_error(
            fmt::format("{} matches several variants or player pairings: {}; "
                        "choose one with --variant, --player (the player of {}) or --cell",
                        what, fmt::join(names, ", "), query.white));
    }
    const auto& [group, found] = *groups.begin();
    const auto& [side_white, side_black] = found;
    sample.variant = std::get<0>(group);
    sample.rules = query.rules;
    sample.side = catalog.canonical_army(sample.variant, query.white);
    sample.opponent = catalog.canonical_army(sample.variant, query.black);
    sample.players = std::get<1>(group) == std::get<2>(group)
                         ? std::get<1>(group)
                         : fmt::format("{} ({}) vs {} ({})", std::get<1>(group), sample.side,
                                       std::get<2>(group), sample.opponent);
    for (const StoredGame* g : side_white) stats::add_game_score(sample.wdl, g->white_score);
    for (const StoredGame* g : side_black) stats::add_game_score(sample.wdl, 1.0 - g->white_score);
    sample.side_white_games = static_cast<std::int64_t>(side_white.size());
    sample.side_black_games = static_cast<std::int64_t>(side_black.size());
    if (side_black.empty()) {
        sample.scope = sample.side == sample.opponent ? "same army on both sides (White's score)"
                                                      : fmt::format("{} White only", sample.side);
        sample.model_reason = "trinomial: one colour order only, nothing to pair";
        if (!query.one_colour && sample.side != sample.opponent)
            sample.model_reason += fmt::format(" (no {} White vs {} Black games stored)",
                                               sample.opponent, sample.side);
        return sample;
    }
    sample.scope = "both colour orders pooled";
    if (query.force_trinomial) {
        sample.model_reason = "trinomial (--trinomial)";
        return sample;
    }
    pair_games(side_white, side_black, sample);
    return sample;
}

}  // namespace balance::analysis
