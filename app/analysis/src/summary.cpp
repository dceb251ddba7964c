#include "balance/analysis/summary.hpp"

#include <algorithm>
#include <cctype>
#include <functional>
#include <iterator>
#include <utility>

#include <fmt/format.h>

#include "balance/analysis/text_format.hpp"
#include "balance/config/spec_text.hpp"
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

// A sentence starting with an army's name starts with a capital (Uneven's "white", "black").
std::string capitalised(std::string text) {
    if (!text.empty())
        text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
    return text;
}

// The plain sentence of a score of `x` against `y`; `what` says what the score is over.
std::string score_sentence(const std::string& verdict, const std::string& x, const std::string& y,
                           const ScoreSummary& s, const std::string& what, const std::string& ci) {
    const std::string games = count_of(s.wdl.games(), "game");
    if (verdict == "x-stronger") {
        return capitalised(fmt::format("{} is stronger than {}: {} scores {} {} {}.", x, y, x,
                                       percent(s.score.estimate), what, range_words(s, ci)));
    }
    if (verdict == "y-stronger") {
        return capitalised(fmt::format("{} is stronger than {}: {} scores only {} {} {}.", y, x, x,
                                       percent(s.score.estimate), what, range_words(s, ci)));
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

// The question an item answers, the same whoever played: its kind and the headline's label
// ("Human = Elf", "fide-fide", "Army strength (...)").
std::string topic(const SummaryItem& item) {
    return fmt::format("{}|{}", kind_name(item.kind),
                       item.headline.substr(0, item.headline.find(": ")));
}

bool overlaps(const stats::Interval& a, const stats::Interval& b) {
    return a.lower <= b.upper && b.lower <= a.upper;
}

std::string answer(const SummaryItem& item) {
    if (item.kind == SummaryItem::Kind::Armies) {
        if (item.verdict != "one-stands-out" || item.armies.empty()) return "no army stands out";
        return item.armies.front().army + " strongest, " + item.armies.back().army + " weakest";
    }
    if (!item.score) return item.verdict;
    return fmt::format("{} {}", percent(item.score->score.estimate),
                       percent_interval(item.score->score));
}

bool agree(const SummaryItem& a, const SummaryItem& b) {
    if (a.verdict != b.verdict) return false;
    if (a.kind == SummaryItem::Kind::Armies) return answer(a) == answer(b);
    return a.score && b.score && overlaps(a.score->score, b.score->score);
}

// The Agreement items of one variant and rules: each question the strongest player answered,
// with every weaker player's answer and whether it agrees.
std::vector<SummaryItem> agreement_items(
    const std::vector<std::vector<SummaryItem>*>& by_strength) {
    std::vector<SummaryItem> out;
    std::string players;
    for (const auto* group : by_strength)
        players += (players.empty() ? "" : ", ") + group->front().players;
    for (const SummaryItem& top : *by_strength.front()) {
        if (top.kind == SummaryItem::Kind::Players || top.kind == SummaryItem::Kind::Readings ||
            top.verdict == "engine-failures")
            continue;
        SummaryItem item = item_in(SummaryItem::Kind::Agreement, top.variant, top.rules,
                                   "strongest first: " + players);
        item.subject = top.players;
        item.score = top.score;
        const std::string label = top.headline.substr(0, top.headline.find(": "));
        item.headline = fmt::format("{}: {} {}", label, top.players, answer(top));
        std::vector<std::string> agreeing, disagreeing;
        for (std::size_t k = 1; k < by_strength.size(); ++k) {
            for (const SummaryItem& other : *by_strength[k]) {
                if (topic(other) != topic(top)) continue;
                item.headline += fmt::format("; {} {}", other.players, answer(other));
                (agree(top, other) ? agreeing : disagreeing).push_back(other.players);
            }
        }
        if (agreeing.empty() && disagreeing.empty()) continue;
        const auto names = [](const std::vector<std::string>& v) {
            std::string s;
            for (std::size_t i = 0; i < v.size(); ++i)
                s += (i == 0 ? "" : i + 1 == v.size() ? " and " : ", ") + v[i];
            return s;
        };
        item.verdict = disagreeing.empty() ? "agree" : "disagree";
        if (disagreeing.empty()) {
            item.sentence = fmt::format(
                "The strongest player here, {}, and {} give the same verdict with overlapping "
                "intervals: this verdict does not rest on the player's strength.",
                top.players, names(agreeing));
        } else {
            item.sentence = fmt::format(
                "{} {} from the strongest player here, {} (another verdict, or intervals that do "
                "not overlap): the verdict depends on the player's strength; {}'s is the one "
                "stronger play would give{}.",
                names(disagreeing), disagreeing.size() == 1 ? "differs" : "differ", top.players,
                top.players,
                agreeing.empty() ? ""
                                 : fmt::format(" ({} agree{} with it)", names(agreeing),
                                               agreeing.size() == 1 ? "s" : ""));
        }
        out.push_back(std::move(item));
    }
    return out;
}

std::vector<std::string> options_of(const std::string& rules) {
    auto out = config::split_rules(rules);
    std::sort(out.begin(), out.end());
    return out;
}

// The one option `changed` has beyond `base`'s, or "" when it differs otherwise.
std::string one_more_option(const std::string& base, const std::string& changed) {
    const auto b = options_of(base);
    const auto c = options_of(changed);
    if (c.size() != b.size() + 1) return "";
    std::vector<std::string> extra;
    std::set_difference(c.begin(), c.end(), b.begin(), b.end(), std::back_inserter(extra));
    return extra.size() == 1 ? extra.front() : "";
}

bool same_verdict(const SummaryItem& a, const SummaryItem& b) {
    return a.verdict == b.verdict &&
           (a.kind != SummaryItem::Kind::Armies || answer(a) == answer(b));
}

// Each group's Readings items (see summary.hpp), appended to it.
void add_readings(std::vector<std::vector<SummaryItem>>& groups) {
    std::vector<std::vector<SummaryItem>> found(groups.size());
    for (std::size_t g = 0; g < groups.size(); ++g) {
        const SummaryItem& front = groups[g].front();
        // The rule sets one option away, with the option.
        std::vector<std::pair<std::string, const std::vector<SummaryItem>*>> changes;
        for (const auto& other : groups) {
            const SummaryItem& o = other.front();
            if (o.variant != front.variant || o.players != front.players) continue;
            const std::string extra = one_more_option(front.rules, o.rules);
            if (!extra.empty()) changes.emplace_back(extra, &other);
        }
        if (changes.empty()) continue;
        for (const SummaryItem& top : groups[g]) {
            if (top.kind == SummaryItem::Kind::Players ||
                top.kind == SummaryItem::Kind::Agreement || top.verdict == "engine-failures")
                continue;
            std::vector<std::string> holds, changed;
            for (const auto& [extra, group] : changes) {
                for (const SummaryItem& other : *group) {
                    if (topic(other) != topic(top) || other.verdict == "engine-failures") continue;
                    if (same_verdict(top, other)) {
                        holds.push_back(extra);
                    } else {
                        changed.push_back(fmt::format("{} ({})", extra, answer(other)));
                    }
                }
            }
            const std::size_t total = holds.size() + changed.size();
            if (total == 0) continue;
            SummaryItem item =
                item_in(SummaryItem::Kind::Readings, top.variant, top.rules, top.players);
            item.subject = top.subject;
            item.other = top.other;
            item.score = top.score;
            const std::string label = top.headline.substr(0, top.headline.find(": "));
            item.verdict = changed.empty() ? "holds" : "changes";
            item.headline = fmt::format("{}: the verdict holds under {} of {} rule change{}", label,
                                        holds.size(), total, total == 1 ? "" : "s");
            const auto list = [](const std::vector<std::string>& v) {
                std::string s;
                for (std::size_t i = 0; i < v.size(); ++i) s += (i == 0 ? "" : "; ") + v[i];
                return s;
            };
            item.sentence =
                changed.empty()
                    ? fmt::format(
                          "Every rule set here that changes one rule of this one ({}) "
                          "gives the same verdict: it does not rest on those rules.",
                          list(holds))
                    : fmt::format(
                          "Changed by: {}{}. Where a changed rule is a reading the "
                          "sources leave open, this verdict rests on that reading.",
                          list(changed), holds.empty() ? "" : "; unchanged by: " + list(holds));
            found[g].push_back(std::move(item));
        }
    }
    for (std::size_t g = 0; g < groups.size(); ++g)
        for (auto& item : found[g]) groups[g].push_back(std::move(item));
}

// Groups of one variant and rules together, in the place of the first of them; within them the
// self-play groups strongest first with the Agreement items right after the strongest one, then
// the groups of players that met.
std::vector<std::vector<SummaryItem>> order_by_strength(
    std::vector<std::vector<SummaryItem>> groups,
    const std::map<std::string, PlayerStrength>& strengths, std::span<const PlayerScale> scales) {
    std::vector<std::vector<SummaryItem>> out;
    std::vector<bool> taken(groups.size(), false);
    for (std::size_t first = 0; first < groups.size(); ++first) {
        if (taken[first]) continue;
        const std::string variant = groups[first].front().variant;
        const std::string rules = groups[first].front().rules;
        std::vector<std::string> self_play;
        std::map<std::string, std::size_t> by_player;
        std::vector<std::size_t> mixed;
        for (std::size_t g = first; g < groups.size(); ++g) {
            const SummaryItem& front = groups[g].front();
            if (taken[g] || front.variant != variant || front.rules != rules) continue;
            taken[g] = true;
            if (strengths.count(front.players)) {
                self_play.push_back(front.players);
                by_player[front.players] = g;
            } else {
                mixed.push_back(g);
            }
        }
        std::vector<std::vector<SummaryItem>*> ordered;
        for (const std::string& player :
             strongest_first(self_play, strengths, scales, variant, rules))
            ordered.push_back(&groups[by_player[player]]);
        std::vector<SummaryItem> agreement;
        if (ordered.size() > 1) agreement = agreement_items(ordered);
        for (std::size_t k = 0; k < ordered.size(); ++k) {
            out.push_back(std::move(*ordered[k]));
            if (k == 0 && !agreement.empty()) out.push_back(std::move(agreement));
        }
        for (const std::size_t g : mixed) out.push_back(std::move(groups[g]));
    }
    return out;
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
        case SummaryItem::Kind::Agreement:
            return "agreement";
        case SummaryItem::Kind::Readings:
            return "readings";
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
                                       const std::map<std::string, PlayerStrength>& strengths,
                                       std::span<const PlayerScale> scales, VariantCatalog& catalog,
                                       double confidence) {
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
    add_readings(groups);
    std::vector<SummaryItem> out;
    for (auto& group : order_by_strength(std::move(groups), strengths, scales))
        for (auto& item : group) out.push_back(std::move(item));
    return out;
}

}  // namespace balance::analysis
