#include "balance/analysis/summary.hpp"

#include <algorithm>
#include <functional>
#include <utility>

#include <fmt/format.h>

#include "balance/analysis/text_format.hpp"
#include "balance/tournament/engine_failures.hpp"

namespace balance::analysis {

namespace {

// Which side an interval of a score favours: the subject's ("x-stronger") when it lies above
// 50%, the other's when below, neither when it holds 50%.
std::string score_verdict(const stats::Interval& score) {
    if (score.lower > 0.5) return "x-stronger";
    if (score.upper < 0.5) return "y-stronger";
    return "no-clear-edge";
}

// "(95% interval 30.1% to 36.9%, 800 games)": the range and the sample in words.
std::string range_words(const ScoreSummary& s, const std::string& ci) {
    return fmt::format("({} interval {} to {}, {})", ci, percent(s.score.lower),
                       percent(s.score.upper), count_of(s.wdl.games(), "game"));
}

// The plain sentence of a score of `x` against `y`; `what` says what the score is over.
std::string score_sentence(const std::string& verdict, const std::string& x, const std::string& y,
                           const ScoreSummary& s, const std::string& what, const std::string& ci) {
    const std::string games = count_of(s.wdl.games(), "game");
    if (verdict == "x-stronger") {
        return fmt::format("{} is stronger than {}: {} scores {} {} {}.", x, y, x,
                           percent(s.score.estimate), what, range_words(s, ci));
    }
    if (verdict == "y-stronger") {
        return fmt::format("{} is stronger than {}: {} scores only {} {} {}.", y, x, x,
                           percent(s.score.estimate), what, range_words(s, ci));
    }
    return fmt::format(
        "No clear edge between {} and {}: with {}, {}'s true score {} could be anywhere from {} "
        "to {}.",
        x, y, games, x, what, percent(s.score.lower), percent(s.score.upper));
}

std::string score_headline(const std::string& label, const std::string& whose,
                           const ScoreSummary& s) {
    return fmt::format("{}: {} {} for {}", label, percent(s.score.estimate),
                       percent_interval(s.score), whose);
}

// An item of `kind` under the group (variant, rules, players).
SummaryItem item_in(SummaryItem::Kind kind, std::string variant, std::string rules,
                    std::string players) {
    SummaryItem item;
    item.kind = kind;
    item.variant = std::move(variant);
    item.rules = std::move(rules);
    item.players = std::move(players);
    return item;
}

SummaryItem pairing_item(const PairSummary& pair, VariantCatalog& catalog, const std::string& ci) {
    const ScoreSummary& s = *pair.pooled;
    const std::string x = catalog.display_name(pair.variant, pair.x);
    const std::string y = catalog.display_name(pair.variant, pair.y);
    SummaryItem item =
        item_in(SummaryItem::Kind::Pairing, pair.variant, pair.rules, pair.players_label());
    item.subject = pair.x;
    item.other = pair.y;
    item.score = s;
    if (pair.reference) item.reference = pair.reference->pooled_score;
    item.verdict = score_verdict(s.score);
    // "X = Y" would read as "balanced": the headline says the score pools both colour orders.
    item.headline = score_headline(x + " vs " + y + ", both colours", x, s);
    if (item.reference)
        item.headline += fmt::format(" (published: {})", percent(*item.reference, 2));
    item.sentence = score_sentence(item.verdict, x, y, s, "over both colours", ci);
    return item;
}

SummaryItem armies_item(const ArmyFit& fit, VariantCatalog& catalog) {
    SummaryItem item =
        item_in(SummaryItem::Kind::Armies, fit.variant, fit.rules, fit.players_label());
    item.armies = fit.armies;
    std::stable_sort(
        item.armies.begin(), item.armies.end(),
        [](const ArmyRating& a, const ArmyRating& b) { return a.elo.estimate > b.elo.estimate; });
    item.white_advantage_elo = fit.white_advantage_elo;
    item.white_advantage_score = fit.white_advantage_score;
    const auto name = [&](const ArmyRating& r) {
        return catalog.display_name(fit.variant, r.army);
    };
    std::string strengths;
    for (const ArmyRating& r : item.armies) {
        strengths += fmt::format("{}{} {} {}", strengths.empty() ? "" : ", ", name(r),
                                 elo(r.elo.estimate), elo_interval_text(r.elo));
    }
    const auto& w = fit.white_advantage_elo;
    item.headline = fmt::format(
        "Army strength (Elo against the average army): {}; White's first "
        "move {} {}",
        strengths, elo(w.estimate), elo_interval_text(w));
    const bool stands_out =
        std::any_of(item.armies.begin(), item.armies.end(),
                    [](const ArmyRating& r) { return r.elo.lower > 0.0 || r.elo.upper < 0.0; });
    item.verdict = stands_out ? "one-stands-out" : "none-stands-out";
    const std::string first_move = fmt::format(
        "moving first is worth {} Elo {} (White scores {} between equal armies)", elo(w.estimate),
        elo_interval_text(w), percent(fit.white_advantage_score.estimate));
    if (stands_out && !item.armies.empty()) {
        item.sentence =
            fmt::format("{} is the strongest army and {} the weakest; {}.",
                        name(item.armies.front()), name(item.armies.back()), first_move);
    } else {
        item.sentence = fmt::format(
            "No army stands out from the average (every army's interval holds 0 Elo); {}.",
            first_move);
    }
    return item;
}

SummaryItem players_item(const HeadToHead& h, const std::string& ci) {
    const ScoreSummary& s = *h.pooled;
    SummaryItem item =
        item_in(SummaryItem::Kind::Players, h.variant, h.rules, players_label(h.a, h.b));
    item.subject = h.a;
    item.other = h.b;
    item.score = s;
    item.verdict = score_verdict(s.score);
    item.headline = fmt::format("{}, {} Elo {}", score_headline(h.a + " vs " + h.b, h.a, s),
                                elo(s.elo.estimate), elo_interval_text(s.elo));
    item.sentence =
        score_sentence(item.verdict, h.a, h.b, s, "over all armies and both colours", ci);
    return item;
}

SummaryItem white_item(const CellTally& cell, const ScoreSummary& s, VariantCatalog& catalog,
                       const std::string& ci) {
    const CellId& id = cell.id;
    SummaryItem item = item_in(SummaryItem::Kind::White, id.variant, id.rules, players_label(id));
    item.subject = "White";
    item.other = "Black";
    item.score = s;
    item.verdict = score_verdict(s.score);
    const std::string label = fmt::format("{}-{}", catalog.display_name(id.variant, id.white),
                                          catalog.display_name(id.variant, id.black));
    item.headline = score_headline(label, "White", s);
    const std::string games = count_of(s.wdl.games(), "game");
    if (item.verdict == "no-clear-edge") {
        item.sentence = fmt::format(
            "Moving first gives no clear edge: with {}, White's true score could be anywhere "
            "from {} to {}.",
            games, percent(s.score.lower), percent(s.score.upper));
    } else {
        item.sentence = fmt::format("{} has the edge: White scores {} {}.",
                                    item.verdict == "x-stronger" ? "White" : "Black",
                                    percent(s.score.estimate), range_words(s, ci));
    }
    return item;
}

// A pairing played in one colour order only (armies that play one colour each, or a study that
// has not played the reverse yet): X's score as White, the first move counted in.
SummaryItem one_way_item(const CellTally& cell, const ScoreSummary& s, VariantCatalog& catalog,
                         const std::string& ci) {
    const CellId& id = cell.id;
    const std::string x = catalog.display_name(id.variant, id.white);
    const std::string y = catalog.display_name(id.variant, id.black);
    SummaryItem item = item_in(SummaryItem::Kind::Pairing, id.variant, id.rules, players_label(id));
    item.subject = id.white;
    item.other = id.black;
    item.score = s;
    item.verdict = score_verdict(s.score);
    item.headline = score_headline(x + " (White) - " + y, x, s);
    item.sentence = score_sentence(item.verdict, x, y, s,
                                   "with White in every game (only this colour order was played, "
                                   "so the first move's worth is part of the score)",
                                   ci);
    return item;
}

// An item whose score rests on games mostly lost by engine failures (a player that cannot
// play the variant forfeits them all) is no balance result: its verdict says so instead.
void mark_engine_failures(SummaryItem& item, std::span<const CellTally> cells,
                          const std::function<bool(const CellId&)>& behind) {
    std::int64_t failures = 0, games = 0;
    for (const CellTally& cell : cells) {
        if (!behind(cell.id)) continue;
        failures += cell.engine_failures;
        games += cell.wdl.games();
    }
    if (!tournament::mostly_engine_failures(failures, games)) return;
    item.verdict = "engine-failures";
    item.headline = fmt::format("{}: no score, engine failures in {} of {}",
                                item.headline.substr(0, item.headline.find(": ")), failures,
                                count_of(games, "game"));
    item.sentence = fmt::format(
        "No balance result: {} of {} behind this line were lost by an engine failure (a crash, "
        "a timeout, an illegal move or a protocol error), so they measure the engines, not the "
        "armies; see Engine failures and the engines' logs.",
        failures, count_of(games, "game"));
}

bool same_group(const CellId& id, const SummaryItem& item) {
    return id.variant == item.variant && id.rules == item.rules &&
           players_label(id) == item.players;
}

}  // namespace

const char* kind_name(SummaryItem::Kind kind) {
    switch (kind) {
        case SummaryItem::Kind::Pairing:
            return "pairing";
        case SummaryItem::Kind::Armies:
            return "armies";
        case SummaryItem::Kind::Players:
            return "players";
        case SummaryItem::Kind::White:
            return "white";
    }
    return "?";
}

std::string SummaryItem::group() const {
    return fmt::format("{}, rules: {}, players: {}", variant, rules_label(rules), players);
}

std::vector<SummaryItem> build_summary(std::span<const CellTally> cells,
                                       std::span<const PairSummary> pairs,
                                       std::span<const ArmyFit> armies,
                                       std::span<const HeadToHead> head_to_head,
                                       VariantCatalog& catalog, double confidence) {
    const std::string ci = confidence_label(confidence);
    // Groups in order of first appearance, so the verdict follows the tables' order.
    std::vector<std::vector<SummaryItem>> groups;
    const auto add = [&](SummaryItem item) {
        for (auto& group : groups) {
            if (group.front().group() == item.group()) {
                group.push_back(std::move(item));
                return;
            }
        }
        groups.push_back({std::move(item)});
    };
    for (const PairSummary& pair : pairs) {
        if (!pair.pooled) continue;
        SummaryItem item = pairing_item(pair, catalog, ci);
        mark_engine_failures(item, cells, [&](const CellId& id) {
            if (id.variant != pair.variant || id.rules != pair.rules) return false;
            return (id.white == pair.x && id.black == pair.y && id.white_player == pair.x_player &&
                    id.black_player == pair.y_player) ||
                   (id.white == pair.y && id.black == pair.x && id.white_player == pair.y_player &&
                    id.black_player == pair.x_player);
        });
        add(std::move(item));
    }
    // One army (chess under several rule sets) has no strength to rank: its verdict is White's
    // score below, not "fide +0 [+0, +0]".
    for (const ArmyFit& fit : armies) {
        if (!fit.ok() || fit.armies.size() <= 1) continue;
        SummaryItem item = armies_item(fit, catalog);
        mark_engine_failures(item, cells, [&](const CellId& id) { return same_group(id, item); });
        add(std::move(item));
    }
    for (const HeadToHead& h : head_to_head) {
        if (!h.pooled) continue;
        SummaryItem item = players_item(h, ci);
        mark_engine_failures(item, cells, [&](const CellId& id) {
            return id.variant == h.variant && id.rules == h.rules &&
                   ((id.white_player == h.a && id.black_player == h.b) ||
                    (id.white_player == h.b && id.black_player == h.a));
        });
        add(std::move(item));
    }
    // Variants with a single army (chess, Stylish) have neither pairings nor an army fit: the
    // question there is what moving first is worth, White's score in each self-play cell.
    std::vector<std::string> covered;
    for (const auto& group : groups) covered.push_back(group.front().group());
    // A pairing of two armies played in one colour order only (Chigorin's armies each play one
    // colour) has no pooled score: its verdict is X's score as White.
    const auto reversed_played = [&](const CellId& id) {
        return std::any_of(cells.begin(), cells.end(), [&](const CellTally& other) {
            const CellId& o = other.id;
            return o.variant == id.variant && o.rules == id.rules && o.white == id.black &&
                   o.black == id.white && o.white_player == id.white_player &&
                   o.black_player == id.black_player;
        });
    };
    for (const CellTally& cell : cells) {
        const CellId& id = cell.id;
        if (id.white_player != id.black_player) continue;
        if (id.white != id.black && reversed_played(id)) continue;
        const auto s = summarize(cell, confidence);
        if (!s) continue;
        SummaryItem item = id.white == id.black ? white_item(cell, *s, catalog, ci)
                                                : one_way_item(cell, *s, catalog, ci);
        mark_engine_failures(item, cells, [&](const CellId& other) { return other == id; });
        if (std::find(covered.begin(), covered.end(), item.group()) == covered.end())
            add(std::move(item));
    }
    std::vector<SummaryItem> out;
    for (auto& group : groups)
        for (auto& item : group) out.push_back(std::move(item));
    return out;
}

}  // namespace balance::analysis
