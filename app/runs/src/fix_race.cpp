// The race of `balance fix`: every round a sweep of the candidates still racing into one
// database, each candidate's score read back from its stored games, the decisions of
// stats/band_race.hpp; resumable, since every game is a function of its rules, cell and index.

#include "balance/runs/fix_race.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "balance/config/spec_text.hpp"
#include "balance/runs/run_settings.hpp"
#include "balance/runs/run_store.hpp"
#include "balance/tournament/cell_key.hpp"
#include "balance/tournament/shard_lock.hpp"
#include "balance/tournament/stored_count.hpp"
#include "balance/tournament/sweep_json.hpp"
#include "fix_search.hpp"

namespace balance::runs {

namespace fix_search {

using Json = nlohmann::ordered_json;

std::vector<std::string> FixSearch::cell_keys(const tournament::RuleSet& rule_set) const {
    std::vector<std::string> keys;
    for (const auto& pairing : out_.search.pairings) {
        for (const auto& matchup : out_.search.matchups) {
            keys.push_back(tournament::CellKey{out_.search.variant, pairing.white, pairing.black,
                                               rule_set.cell_rules(), matchup.white, matchup.black}
                               .str());
        }
    }
    return keys;
}

Result<bool> FixSearch::play(const tournament::Sweep& sweep,
                             const std::vector<std::size_t>& indices,
                             tournament::ResultStore& store, const std::string& db) {
    if (settings_.status) {
        auto count = tournament::count_stored(sweep, store);
        if (!count) return count.error();
        if (count->complete()) return true;
        out_.in_progress = fmt::format("{} of its {} games stored", count->stored, count->planned);
        return false;
    }
    std::vector<std::vector<core::AnyRules>> compiled;
    for (std::size_t i : indices) compiled.push_back(out_.candidates[i].rules);
    auto open = tournament::open_sweep(sweep, std::move(compiled));
    if (!open) return open.error();
    tournament::RunOptions options = run_options(settings_.threads, loaded_.file);
    if (settings_.max_games >= 0)
        options.max_games = std::max<std::int64_t>(0, settings_.max_games - out_.played);
    tournament::ProgressObserver* progress = observer_.playing ? observer_.playing(sweep) : nullptr;
    auto played = runs::play(*open, store, options, stop_, progress);
    if (!played) return played.error();
    out_.played += played->summary.played;
    if (played->ending != Ending::Finished) {
        out_.ending = played->ending;
        if (observer_.stopped)
            observer_.stopped({sweep.name, db, out_.db, played->summary, played->ending});
        return false;
    }
    return true;
}

Result<stats::ScoreSample> FixSearch::stored_sample(const config::FixCandidate& candidate,
                                                    std::int64_t games,
                                                    tournament::ResultStore& store) const {
    const std::int64_t per_cell = games / out_.cells();
    auto rows = store.games(cell_keys(candidate.rule_set));
    if (!rows) return rows.error();
    stats::ScoreSample out;
    for (const auto& row : *rows) {
        if (row.game_index >= per_cell) continue;
        double score = row.white_score;
        if (!fix_.side.empty() && row.black_army == fix_.side) score = 1.0 - score;
        (void)out.add(score);
    }
    return out;
}

Result<stats::ScoreSample> FixSearch::sample(const config::FixCandidate& candidate,
                                             std::int64_t games, tournament::ResultStore& store,
                                             const std::string& db) const {
    auto out = stored_sample(candidate, games, store);
    if (!out) return out;
    if (out->games != games) {
        return make_error(fmt::format("candidate '{}' has {} of its {} games stored",
                                      candidate.label, out->games, games),
                          db);
    }
    return out;
}

Result<stats::RoundOutcome> FixSearch::round(const std::vector<std::int64_t>& games) {
    tournament::Sweep sweep = out_.search;
    sweep.name = fmt::format("{}-r{}", loaded_.name, round_);
    sweep.rule_sets.clear();
    std::vector<std::size_t> indices;
    for (std::size_t i = 0; i < games.size(); ++i) {
        if (games[i] == before_[i]) continue;
        const config::FixCandidate& c = out_.candidates[playable_[i]];
        sweep.rule_sets.push_back(c.rule_set);
        sweep.rule_sets.back().name = fmt::format("c{}", playable_[i]);
        sweep.games_per_cell = static_cast<int>(games[i] / out_.cells());
        indices.push_back(playable_[i]);
    }
    auto complete = play(sweep, indices, *store_, out_.db);
    if (!complete) return complete.error();
    if (!*complete) {
        out_.stopped = true;
        // The racing candidates' games stored so far in the round in progress (stopped, or
        // status beside a process still playing it).
        for (std::size_t i = 0; i < games.size(); ++i) {
            if (games[i] == before_[i]) continue;
            auto so_far = stored_sample(out_.candidates[playable_[i]], games[i], *store_);
            if (!so_far) return so_far.error();
            out_.interim[playable_[i]] = *so_far;
        }
        return stats::RoundOutcome{false, {}};
    }
    stats::RoundOutcome outcome;
    for (std::size_t i = 0; i < games.size(); ++i) {
        auto s = sample(out_.candidates[playable_[i]], games[i], *store_, out_.db);
        if (!s) return s.error();
        outcome.samples.push_back(*s);
    }
    before_ = games;
    ++round_;
    return outcome;
}

Result<bool> FixSearch::race(std::size_t first) {
    playable_.clear();
    for (std::size_t i = first; i < out_.candidates.size(); ++i)
        if (out_.candidates[i].rejected.empty()) playable_.push_back(i);
    stats::BandRaceParameters p;
    p.low = fix_.target - fix_.margin;
    p.high = fix_.target + fix_.margin;
    p.confidence = fix_.confidence;
    p.drop_confidence = fix_.drop_confidence;
    p.budget = fix_.budget - out_.games;
    p.unit = out_.cells();
    p.round_games = fix_.round_games * out_.cells();
    p.candidate_cap = fix_.max_candidate_games;
    before_.assign(playable_.size(), 0);
    auto race = stats::race_to_band(
        playable_.size(), p,
        [this](const std::vector<std::int64_t>& games) { return round(games); });
    if (!race) {
        // The race's own refusals (its parameters) are the [fix] table's.
        Error error = race.error();
        if (error.where.empty()) error.where = fix_.where;
        return error;
    }
    auto& entries = out_.entries;
    for (std::size_t i = 0; i < playable_.size(); ++i) entries[playable_[i]] = race->entries[i];
    // Stopped inside a round: the open candidates show the games stored so far (their verdicts
    // are still those of the last finished round).
    for (std::size_t i : playable_) {
        if (!out_.interim.contains(i) || !entries[i] ||
            out_.interim[i].games <= entries[i]->sample.games)
            continue;
        auto interval = stats::sample_interval(out_.interim[i], fix_.confidence);
        if (!interval) return make_error(interval.error().message, fix_.where);
        out_.interim_games += out_.interim[i].games - entries[i]->sample.games;
        entries[i]->sample = out_.interim[i];
        entries[i]->interval = *interval;
    }
    out_.games += race->games;
    out_.rounds += race->rounds;
    // A dropped candidate never plays again (the confirmation replays balanced and open ones):
    // its compiled rules go, before any pairs are compiled.
    for (std::size_t i : playable_)
        if (entries[i] && entries[i]->status == stats::RaceStatus::Dropped)
            out_.candidates[i].rules.clear();
    return race->complete;
}

Result<void> FixSearch::same_search(tournament::ResultStore& store, const tournament::Sweep& sweep,
                                    const std::string& db) const {
    const auto identity = [](const std::string& text) {
        Json j = Json::parse(text, nullptr, false);
        if (j.is_object())
            for (const char* key : {"name", "rule_sets", "games_per_cell"}) j.erase(key);
        return j.dump();
    };
    const std::string ours = identity(tournament::config_json(sweep));
    auto runs = store.runs();
    if (!runs) return runs.error();
    for (const auto& run : *runs) {
        const std::string theirs = identity(run.config_json);
        if (theirs == ours) continue;
        return make_error(
            fmt::format("holds games of another configuration (run {} of '{}', started {}; "
                        "differs in: {}); use another --db, or --force to add to it anyway",
                        run.run_id, run.sweep_name, run.started_at,
                        tournament::config_differences(theirs, ours)),
            db);
    }
    return {};
}

Result<void> FixSearch::own_cells(const tournament::ResultStore& store, const std::string& db,
                                  const std::vector<std::size_t>& indices) {
    auto stored = store.rule_specs();
    if (!stored) return stored.error();
    for (std::size_t i : indices) {
        config::FixCandidate& c = out_.candidates[i];
        if (!c.rejected.empty() || c.edited) continue;
        const std::string rules = c.rule_set.rules();
        const std::string hash = c.rule_set.hash();
        const tournament::RuleSpecRow* same = nullptr;
        const tournament::RuleSpecRow* other = nullptr;  // of its plain cells
        for (const tournament::RuleSpecRow& row : *stored) {
            if (row.variant != out_.search.variant || row.rules != rules) continue;
            if (row.spec_hash == hash) same = &row;
            if (row.spec_hash != hash && row.cell_rules == rules) other = &row;
        }
        if (same) {  // played before: in the cells it was played in (a --force run's own)
            c.rule_set.cell_suffix =
                same->cell_rules.substr(std::min(rules.size(), same->cell_rules.size()));
            continue;
        }
        if (!other) continue;
        if (!settings_.force) {
            const std::string changes =
                config::spec_differences(other->spec_toml, c.rule_set.spec_toml);
            return make_error(
                fmt::format("candidate '{}' has changed since its stored games were played (spec "
                            "{}, recorded {}): {}; use another --db, or --force to play it again "
                            "in cells of its own",
                            c.label, other->spec_hash, other->recorded_at,
                            changes.empty() ? "the documents differ" : changes),
                db);
        }
        c.rule_set.cell_suffix = "@" + hash.substr(0, 8);
    }
    return {};
}

void FixSearch::closest_first(std::vector<std::size_t>& indices) const {
    std::stable_sort(indices.begin(), indices.end(), [&](std::size_t a, std::size_t b) {
        return distance(out_.entries[a]->interval.estimate, fix_.target) <
               distance(out_.entries[b]->interval.estimate, fix_.target);
    });
}

std::vector<std::string> FixSearch::closest_singles(int count) const {
    std::vector<std::size_t> raced;  // the single changes that got games ("no change" is 0)
    for (std::size_t i = 1; i < out_.candidates.size(); ++i)
        if (out_.entries[i] && out_.entries[i]->sample.games > 0) raced.push_back(i);
    closest_first(raced);
    std::vector<std::string> labels;
    for (std::size_t k = 0; k < raced.size() && k < static_cast<std::size_t>(count); ++k)
        labels.push_back(out_.candidates[raced[k]].label);
    return labels;
}

bool FixSearch::any_balanced() const {
    return std::any_of(out_.entries.begin(), out_.entries.end(),
                       [](const auto& e) { return e && e->status == stats::RaceStatus::Balanced; });
}

Result<FixOutcome> FixSearch::run() {
    out_.search = config::fix_search_sweep(loaded_);
    auto candidates = config::fix_candidates(loaded_, &opened_);
    if (!candidates) return candidates.error();
    out_.candidates = std::move(*candidates);
    out_.entries.assign(out_.candidates.size(), std::nullopt);

    out_.db = settings_.db.empty() ? "results/" + loaded_.name + ".db" : settings_.db;
    // status reads as it is, beside a process that may be writing: no lock, no schema change.
    auto opened = open_run_store(out_.db, settings_.status, tournament::Writer::Fix, "search");
    if (!opened) return opened.error();
    store_ = std::move(opened->store);
    const std::optional<tournament::ShardLock> lock = std::move(opened->lock);
    if (!settings_.force)
        if (auto same = same_search(*store_, out_.search, out_.db); !same) return same.error();
    std::vector<std::size_t> all(out_.candidates.size());
    for (std::size_t i = 0; i < all.size(); ++i) all[i] = i;
    if (auto own = own_cells(*store_, out_.db, all); !own) return own.error();

    auto complete = race(0);
    // No single change balanced: the pairs (all, or those on top of the closest singles) race
    // with what the budget leaves.
    if (complete && *complete && (fix_.pairs == "fallback" || fix_.pairs == "best") &&
        !any_balanced() && fix_.budget - out_.games >= out_.cells()) {
        auto pairs = config::fix_pair_candidates(loaded_, fix_.pairs == "best"
                                                              ? closest_singles(fix_.pairs_base)
                                                              : std::vector<std::string>{});
        if (!pairs) return pairs.error();
        const std::size_t first = out_.candidates.size();
        for (auto& c : *pairs) out_.candidates.push_back(std::move(c));
        out_.entries.resize(out_.candidates.size());
        std::vector<std::size_t> added;
        for (std::size_t i = first; i < out_.candidates.size(); ++i) added.push_back(i);
        if (auto own = own_cells(*store_, out_.db, added); !own) return own.error();
        if (out_.candidates.size() > first) complete = race(first);
    }
    if (!complete) return complete.error();
    out_.complete = *complete;
    // The verdicts are the race's; the confirmation replays each balanced change from another
    // seed, so that its interval is not the one the race stopped on (a race that looks after
    // every round favours intervals that happen to sit inside the band).
    if (out_.complete && settings_.confirm > 0) {
        auto confirmed = confirm();
        if (!confirmed) return confirmed.error();
        if (!*confirmed) {
            out_.stopped = out_.confirming = true;
            out_.complete = false;
        }
    }
    return std::move(out_);
}

}  // namespace fix_search

double distance(double score, double target) {
    return std::isnan(score) ? 1.0 : std::abs(score - target);
}

Result<FixOutcome> race_fix(const tournament::OpenSweep& opened, const FixSettings& settings,
                            const FixObserver& observer, std::atomic<bool>& stop) {
    if (!opened.sweep.fix)
        return make_error(
            "not a fix file: add a [fix] table (margin, budget, and the player "
            "when the file has several)",
            opened.sweep.file);
    fix_search::FixSearch search(opened, settings, observer, stop);
    return search.run();
}

}  // namespace balance::runs
