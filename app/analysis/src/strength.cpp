#include "balance/analysis/strength.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <tuple>

#include "balance/stats/normal.hpp"
#include "balance/tournament/ladder.hpp"
#include "natural_order.hpp"

namespace balance::analysis {

namespace {

using tournament::parse_rung_name;

// Ladders found in self-play cells, keyed by (variant, rules, player): rung value -> name.
using LadderKey = std::tuple<std::string, std::string, std::string>;
struct LadderRungs {
    std::string limit;
    std::map<std::int64_t, std::string> rungs;
};

std::map<LadderKey, LadderRungs> find_ladders(
    std::span<const CellTally> cells, const std::map<std::string, PlayerStrength>& strengths) {
    std::map<LadderKey, LadderRungs> ladders;
    // Plain self-play players by (variant, rules), and how many self-playing players there are.
    std::map<std::pair<std::string, std::string>, std::set<std::string>> plain, self_play;
    for (const CellTally& cell : cells) {
        if (cell.id.white_player != cell.id.black_player) continue;
        self_play[{cell.id.variant, cell.id.rules}].insert(cell.id.white_player);
        const auto rung = parse_rung_name(cell.id.white_player);
        if (!rung) {
            plain[{cell.id.variant, cell.id.rules}].insert(cell.id.white_player);
            continue;
        }
        auto& ladder = ladders[{cell.id.variant, cell.id.rules, rung->player}];
        if (ladder.limit.empty()) ladder.limit = rung->limit;
        if (ladder.limit == rung->limit) ladder.rungs[rung->value] = cell.id.white_player;
    }
    for (const auto& [key, players] : plain) {
        if (self_play[key].size() < 2) continue;
        for (const std::string& player : players) {
            const auto it = strengths.find(player);
            if (it == strengths.end() || it->second.limit.empty()) continue;
            auto& ladder = ladders[{key.first, key.second, player}];
            ladder.limit = it->second.limit;
            ladder.rungs[it->second.budget] = player;
        }
    }
    return ladders;
}

// Ladders of one variant and rules together (in the map's order of them), strongest first.
void order_ladders(std::vector<StrengthLadder>& ladders,
                   const std::map<std::string, PlayerStrength>& strengths,
                   std::span<const PlayerScale> scales) {
    std::vector<StrengthLadder> out;
    std::vector<bool> taken(ladders.size(), false);
    for (std::size_t i = 0; i < ladders.size(); ++i) {
        if (taken[i]) continue;
        std::vector<std::string> tops;
        std::map<std::string, std::size_t> of_top;
        for (std::size_t j = i; j < ladders.size(); ++j) {
            if (taken[j] || ladders[j].variant != ladders[i].variant ||
                ladders[j].rules != ladders[i].rules)
                continue;
            taken[j] = true;
            tops.push_back(ladders[j].rung_players.back());
            of_top[tops.back()] = j;
        }
        for (const std::string& top :
             strongest_first(tops, strengths, scales, ladders[i].variant, ladders[i].rules))
            out.push_back(std::move(ladders[of_top[top]]));
    }
    ladders = std::move(out);
}

bool overlaps(const std::optional<ScoreSummary>& a, const std::optional<ScoreSummary>& b) {
    return a && b && a->score.lower <= b->score.upper && b->score.lower <= a->score.upper;
}

std::optional<ScoreSummary> top_rung(const StrengthLine& line) {
    for (auto it = line.rungs.rbegin(); it != line.rungs.rend(); ++it)
        if (*it) return *it;
    return std::nullopt;
}

void add_lines(StrengthLadder& ladder, std::span<const PairSummary> pairs, double confidence) {
    // (x, y) in the pairs' order, each with its per-rung summaries.
    std::vector<std::pair<std::string, std::string>> order;
    std::map<std::pair<std::string, std::string>, std::vector<const PairSummary*>> by_pair;
    for (const PairSummary& pair : pairs) {
        if (pair.variant != ladder.variant || pair.rules != ladder.rules ||
            pair.x_player != pair.y_player)
            continue;
        const auto at =
            std::find(ladder.rung_players.begin(), ladder.rung_players.end(), pair.x_player);
        if (at == ladder.rung_players.end()) continue;
        const std::pair<std::string, std::string> key{pair.x, pair.y};
        if (!by_pair.count(key)) {
            order.push_back(key);
            by_pair[key].assign(ladder.rung_players.size(), nullptr);
        }
        by_pair[key][static_cast<std::size_t>(at - ladder.rung_players.begin())] = &pair;
    }
    std::vector<double> x;
    for (auto value : ladder.values) x.push_back(std::log2(static_cast<double>(value)));
    for (const auto& key : order) {
        const auto& found = by_pair[key];
        for (const char* view : {"X-Y", "Y-X", "X = Y"}) {
            StrengthLine line;
            line.x = key.first;
            line.y = key.second;
            line.view = view;
            for (const PairSummary* pair : found) {
                if (!pair) {
                    line.rungs.emplace_back();
                    continue;
                }
                const std::string v = view;
                line.rungs.push_back(v == "X-Y"   ? pair->x_white
                                     : v == "Y-X" ? pair->x_black
                                                  : pair->pooled);
                if (pair->reference && !line.reference) {
                    line.reference = v == "X-Y"   ? pair->reference->x_white_score
                                     : v == "Y-X" ? pair->reference->x_black_score
                                                  : pair->reference->pooled_score;
                }
            }
            line.trend = score_trend(x, line.rungs, confidence);
            ladder.lines.push_back(std::move(line));
        }
    }
}

void add_rung_facts(StrengthLadder& ladder, std::span<const CellTally> cells,
                    std::span<const ArmyFit> armies, double confidence) {
    for (const std::string& rung : ladder.rung_players) {
        std::optional<ArmyFit> fit;
        for (const ArmyFit& f : armies) {
            if (f.variant == ladder.variant && f.rules == ladder.rules && f.white_player == rung &&
                f.black_player == rung)
                fit = f;
        }
        ladder.armies.push_back(std::move(fit));
        stats::Wdl mirror;
        for (const CellTally& cell : cells) {
            const CellId& id = cell.id;
            if (id.variant == ladder.variant && id.rules == ladder.rules && id.white == id.black &&
                id.white_player == rung && id.black_player == rung)
                mirror += cell.wdl;
        }
        ladder.white_mirror.push_back(summarize(mirror, confidence));
    }
}

void add_gaps(StrengthLadder& ladder, std::span<const HeadToHead> head_to_head) {
    for (std::size_t i = 0; i + 1 < ladder.rung_players.size(); ++i) {
        const std::string& weak = ladder.rung_players[i];
        const std::string& strong = ladder.rung_players[i + 1];
        for (const HeadToHead& h : head_to_head) {
            if (h.variant != ladder.variant || h.rules != ladder.rules || !h.pooled) continue;
            if (h.a == strong && h.b == weak) {
                ladder.gaps.push_back({ladder.values[i], ladder.values[i + 1], h.pooled});
            } else if (h.a == weak && h.b == strong) {
                ladder.gaps.push_back(
                    {ladder.values[i], ladder.values[i + 1],
                     summarize(h.pooled->wdl.flipped(), h.pooled->score.confidence)});
            }
        }
    }
}

// Needs the lines' verdicts.
std::vector<PlayersAgree> compare_ladders(const std::vector<StrengthLadder>& ladders) {
    std::vector<PlayersAgree> out;
    for (std::size_t i = 0; i < ladders.size(); ++i) {
        for (std::size_t j = i + 1; j < ladders.size(); ++j) {
            const auto& a = ladders[i];
            const auto& b = ladders[j];
            if (a.variant != b.variant || a.rules != b.rules) continue;
            for (const StrengthLine& la : a.lines) {
                for (const StrengthLine& lb : b.lines) {
                    if (la.x != lb.x || la.y != lb.y || la.view != lb.view) continue;
                    PlayersAgree row;
                    row.variant = a.variant;
                    row.rules = a.rules;
                    row.a = a.player;
                    row.b = b.player;
                    row.x = la.x;
                    row.y = la.y;
                    row.view = la.view;
                    row.verdict_a = la.verdict;
                    row.verdict_b = lb.verdict;
                    row.top_a = top_rung(la);
                    row.top_b = top_rung(lb);
                    row.agree = row.verdict_a == row.verdict_b && overlaps(row.top_a, row.top_b);
                    out.push_back(std::move(row));
                }
            }
        }
    }
    return out;
}

// Rungs of one ladder meeting each other are rung gaps, not a mixed matchup.
bool same_ladder(const std::string& a, const std::string& b) {
    const auto ra = parse_rung_name(a);
    const auto rb = parse_rung_name(b);
    return ra && rb && ra->player == rb->player;
}

std::vector<ArmyByPlayer> mixed_by_army(std::span<const CellTally> cells, VariantCatalog& catalog,
                                        double confidence) {
    // (variant, rules, player, opponent, army) -> the player's score.
    using Key = std::tuple<std::string, std::string, std::string, std::string, std::string>;
    std::map<Key, stats::Wdl, NaturalLess> scores;
    for (const CellTally& cell : cells) {
        const CellId& id = cell.id;
        if (id.white_player == id.black_player || same_ladder(id.white_player, id.black_player))
            continue;
        scores[{id.variant, id.rules, id.white_player, id.black_player, id.white}] += cell.wdl;
        scores[{id.variant, id.rules, id.black_player, id.white_player, id.black}] +=
            cell.wdl.flipped();
    }
    std::vector<ArmyByPlayer> out;
    for (const auto& [key, wdl] : scores) {
        const auto& [variant, rules, player, opponent, army] = key;
        out.push_back({variant, rules, player, opponent, army, summarize(wdl, confidence)});
    }
    std::stable_sort(out.begin(), out.end(), [&](const ArmyByPlayer& a, const ArmyByPlayer& b) {
        return std::make_tuple(a.variant, a.rules, a.player, a.opponent,
                               catalog.army_rank(a.variant, a.army)) <
               std::make_tuple(b.variant, b.rules, b.player, b.opponent,
                               catalog.army_rank(b.variant, b.army));
    });
    return out;
}

}  // namespace

std::optional<StrengthTrend> score_trend(const std::vector<double>& log2_limits,
                                         const std::vector<std::optional<ScoreSummary>>& rungs,
                                         double confidence) {
    const double z = stats::normal_quantile(0.5 + confidence / 2.0);
    std::vector<double> x, y, w;
    for (std::size_t i = 0; i < rungs.size() && i < log2_limits.size(); ++i) {
        if (!rungs[i] || rungs[i]->wdl.games() == 0) continue;
        const double half = (rungs[i]->score.upper - rungs[i]->score.lower) / 2.0;
        const double se = std::max(half / z, 1e-6);
        x.push_back(log2_limits[i]);
        y.push_back(rungs[i]->score.estimate);
        w.push_back(1.0 / (se * se));
    }
    if (x.size() < 2) return std::nullopt;
    double sw = 0, sx = 0, sy = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        sw += w[i];
        sx += w[i] * x[i];
        sy += w[i] * y[i];
    }
    const double mx = sx / sw, my = sy / sw;
    double sxx = 0, sxy = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        sxx += w[i] * (x[i] - mx) * (x[i] - mx);
        sxy += w[i] * (x[i] - mx) * (y[i] - my);
    }
    if (sxx <= 0) return std::nullopt;
    const double slope = sxy / sxx;
    const double se = std::sqrt(1.0 / sxx);
    return StrengthTrend{slope, slope - z * se, slope + z * se};
}

std::string strength_verdict(const StrengthLine& line, const std::string& x_name,
                             const std::string& y_name) {
    int played = 0;
    for (const auto& rung : line.rungs) {
        if (!rung || rung->wdl.games() < kStrengthMinGames) return "not enough games";
        ++played;
    }
    if (played == 0) return "not enough games";
    if (line.trend && line.trend->lower > 0)
        return "tilts towards " + x_name + " as strength grows";
    if (line.trend && line.trend->upper < 0)
        return "tilts towards " + y_name + " as strength grows";
    const auto all = [&](auto test) {
        return std::all_of(line.rungs.begin(), line.rungs.end(),
                           [&](const auto& r) { return test(r->score); });
    };
    if (all([](const stats::Interval& s) { return s.lower <= 0.5 && s.upper >= 0.5; }))
        return "balanced at every rung";
    if (all([](const stats::Interval& s) { return s.lower > 0.5; }))
        return "favours " + x_name + " at every rung, no trend";
    if (all([](const stats::Interval& s) { return s.upper < 0.5; }))
        return "favours " + y_name + " at every rung, no trend";
    return "uneven at some rungs, no clear trend";
}

StrengthReport build_strength(std::span<const CellTally> cells, std::span<const PairSummary> pairs,
                              std::span<const ArmyFit> armies,
                              std::span<const HeadToHead> head_to_head,
                              const std::map<std::string, PlayerStrength>& strengths,
                              std::span<const PlayerScale> scales, VariantCatalog& catalog,
                              double confidence) {
    StrengthReport report;
    for (const auto& [key, found] : find_ladders(cells, strengths)) {
        StrengthLadder ladder;
        std::tie(ladder.variant, ladder.rules, ladder.player) = key;
        ladder.limit = found.limit;
        for (const auto& [value, name] : found.rungs) {
            ladder.values.push_back(value);
            ladder.rung_players.push_back(name);
        }
        add_lines(ladder, pairs, confidence);
        add_rung_facts(ladder, cells, armies, confidence);
        add_gaps(ladder, head_to_head);
        for (StrengthLine& line : ladder.lines) {
            line.verdict = strength_verdict(line, catalog.display_name(ladder.variant, line.x),
                                            catalog.display_name(ladder.variant, line.y));
        }
        report.ladders.push_back(std::move(ladder));
    }
    order_ladders(report.ladders, strengths, scales);
    report.agreements = compare_ladders(report.ladders);
    report.mixed = mixed_by_army(cells, catalog, confidence);
    return report;
}

}  // namespace balance::analysis
