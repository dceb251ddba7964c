// The race of `balance fix`: every round a sweep of the candidates still racing into one
// database, each candidate's score read back from its stored games, the decisions of
// stats/band_race.hpp; resumable, since every game is a function of its rules, cell and index.

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "balance/config/fix_candidates.hpp"
#include "balance/config/spec_text.hpp"
#include "balance/config/variant_loader.hpp"
#include "balance/runs/play.hpp"
#include "balance/runs/run_settings.hpp"
#include "balance/runs/run_store.hpp"
#include "balance/stats/band_race.hpp"
#include "balance/tournament/cell_key.hpp"
#include "balance/tournament/open_sweep.hpp"
#include "balance/tournament/runner.hpp"
#include "balance/tournament/shard_lock.hpp"
#include "balance/tournament/stored_count.hpp"
#include "balance/tournament/sweep_json.hpp"
#include "fix_search.hpp"
#include "output.hpp"
#include "output_file.hpp"
#include "run_guards.hpp"

namespace balance::cli::fix_command {

std::vector<std::string> FixSearch::cell_keys(const tournament::RuleSet& rule_set) const {
    std::vector<std::string> keys;
    for (const auto& pairing : search_.pairings) {
        for (const auto& matchup : search_.matchups) {
            keys.push_back(tournament::CellKey{search_.variant, pairing.white, pairing.black,
                                               rule_set.cell_rules(), matchup.white, matchup.black}
                               .str());
        }
    }
    return keys;
}

Result<bool> FixSearch::play(const tournament::Sweep& sweep, tournament::ResultStore& store,
                             const std::string& db) {
    if (args_.status) {
        auto count = tournament::count_stored(sweep, store);
        if (!count) return count.error();
        if (count->complete()) return true;
        in_progress_ = fmt::format("{} of its {} games stored", count->stored, count->planned);
        return false;
    }
    auto open = tournament::open_sweep(sweep);
    if (!open) return open.error();
    tournament::RunOptions options = runs::run_options(args_.threads, loaded_.file);
    if (args_.max_games >= 0)
        options.max_games = std::max<std::int64_t>(0, args_.max_games - played_);
    tournament::TextProgress display = progress_display(ctx_.out);
    const bool quiet = args_.quiet || args_.json;
    if (!quiet)
        ctx_.out << fmt::format("playing {}: {} candidate(s)\n", sweep.name,
                                sweep.rule_sets.size());
    auto played = runs::play(*open, store, options, stop_requested, quiet ? nullptr : &display);
    if (!played) return played.error();
    const tournament::RunSummary& summary = played->summary;
    played_ += summary.played;
    if (played->ending != runs::Ending::Finished) {
        // On stderr with --json, so that stdout stays one JSON object.
        (args_.json ? ctx_.err : ctx_.out) << fmt::format(
            "stopped with {} games of {} to go (in {}); resume with:\n  {} fix {} --db {}{}\n",
            summary.remaining, sweep.name, db, ctx_.program, args_.file, db_, confirm_flags());
        exit_code_ = runs::exit_code(played->ending);
        return false;
    }
    return true;
}

Result<stats::ScoreSample> FixSearch::stored_sample(const config::FixCandidate& candidate,
                                                    std::int64_t games,
                                                    tournament::ResultStore& store) const {
    const std::int64_t per_cell = games / cells();
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
    tournament::Sweep sweep = search_;
    sweep.name = fmt::format("{}-r{}", loaded_.name, round_);
    sweep.rule_sets.clear();
    for (std::size_t i = 0; i < games.size(); ++i) {
        if (games[i] == before_[i]) continue;
        const config::FixCandidate& c = candidates_[playable_[i]];
        sweep.rule_sets.push_back(c.rule_set);
        sweep.rule_sets.back().name = fmt::format("c{}", playable_[i]);
        sweep.games_per_cell = static_cast<int>(games[i] / cells());
    }
    auto complete = play(sweep, *store_, db_);
    if (!complete) return complete.error();
    if (!*complete) {
        stopped_ = true;
        // The racing candidates' games stored so far in the round in progress (stopped, or
        // --status beside a process still playing it).
        for (std::size_t i = 0; i < games.size(); ++i) {
            if (games[i] == before_[i]) continue;
            auto so_far = stored_sample(candidates_[playable_[i]], games[i], *store_);
            if (!so_far) return so_far.error();
            interim_[playable_[i]] = *so_far;
        }
        return stats::RoundOutcome{false, {}};
    }
    stats::RoundOutcome out;
    for (std::size_t i = 0; i < games.size(); ++i) {
        auto s = sample(candidates_[playable_[i]], games[i], *store_, db_);
        if (!s) return s.error();
        out.samples.push_back(*s);
    }
    before_ = games;
    ++round_;
    return out;
}

// How far a score is from the target (unplayed: as far as can be).
double distance(double score, double target) {
    return std::isnan(score) ? 1.0 : std::abs(score - target);
}

std::vector<Row> FixSearch::ranked() const {
    std::vector<Row> rows;
    for (std::size_t i = 0; i < candidates_.size(); ++i)
        if (entries_[i]) rows.push_back({&candidates_[i], &*entries_[i]});
    const auto rank = [](const Row& r) {
        switch (r.entry->status) {
            case stats::RaceStatus::Balanced:
                return 0;
            case stats::RaceStatus::Racing:
                return 1;
            case stats::RaceStatus::Dropped:
                return 2;
        }
        return 2;
    };
    std::stable_sort(rows.begin(), rows.end(), [&](const Row& a, const Row& b) {
        if (rank(a) != rank(b)) return rank(a) < rank(b);
        return distance(a.entry->interval.estimate, fix_.target) <
               distance(b.entry->interval.estimate, fix_.target);
    });
    for (const auto& c : candidates_)
        if (!c.rejected.empty()) rows.push_back({&c, nullptr});
    return rows;
}

Result<bool> FixSearch::race(std::size_t first) {
    playable_.clear();
    for (std::size_t i = first; i < candidates_.size(); ++i)
        if (candidates_[i].rejected.empty()) playable_.push_back(i);
    stats::BandRaceParameters p;
    p.low = fix_.target - fix_.margin;
    p.high = fix_.target + fix_.margin;
    p.confidence = fix_.confidence;
    p.drop_confidence = fix_.drop_confidence;
    p.budget = fix_.budget - games_;
    p.unit = cells();
    p.round_games = fix_.round_games * cells();
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
    for (std::size_t i = 0; i < playable_.size(); ++i) entries_[playable_[i]] = race->entries[i];
    // Stopped inside a round: the open candidates show the games stored so far (their verdicts
    // are still those of the last finished round).
    for (std::size_t i : playable_) {
        if (!interim_.contains(i) || !entries_[i] || interim_[i].games <= entries_[i]->sample.games)
            continue;
        auto interval = stats::sample_interval(interim_[i], fix_.confidence);
        if (!interval) return make_error(interval.error().message, fix_.where);
        interim_games_ += interim_[i].games - entries_[i]->sample.games;
        entries_[i]->sample = interim_[i];
        entries_[i]->interval = *interval;
    }
    games_ += race->games;
    rounds_ += race->rounds;
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
        config::FixCandidate& c = candidates_[i];
        if (!c.rejected.empty() || c.edited) continue;
        const std::string rules = c.rule_set.rules();
        const std::string hash = c.rule_set.hash();
        const tournament::RuleSpecRow* same = nullptr;
        const tournament::RuleSpecRow* other = nullptr;  // of its plain cells
        for (const tournament::RuleSpecRow& row : *stored) {
            if (row.variant != search_.variant || row.rules != rules) continue;
            if (row.spec_hash == hash) same = &row;
            if (row.spec_hash != hash && row.cell_rules == rules) other = &row;
        }
        if (same) {  // played before: in the cells it was played in (a --force run's own)
            c.rule_set.cell_suffix =
                same->cell_rules.substr(std::min(rules.size(), same->cell_rules.size()));
            continue;
        }
        if (!other) continue;
        if (!args_.force) {
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
        return distance(entries_[a]->interval.estimate, fix_.target) <
               distance(entries_[b]->interval.estimate, fix_.target);
    });
}

std::vector<std::string> FixSearch::closest_singles(int count) const {
    std::vector<std::size_t> raced;  // the single changes that got games ("no change" is 0)
    for (std::size_t i = 1; i < candidates_.size(); ++i)
        if (entries_[i] && entries_[i]->sample.games > 0) raced.push_back(i);
    closest_first(raced);
    std::vector<std::string> labels;
    for (std::size_t k = 0; k < raced.size() && k < static_cast<std::size_t>(count); ++k)
        labels.push_back(candidates_[raced[k]].label);
    return labels;
}

bool FixSearch::any_balanced() const {
    return std::any_of(entries_.begin(), entries_.end(),
                       [](const auto& e) { return e && e->status == stats::RaceStatus::Balanced; });
}

int FixSearch::run() {
    search_ = config::fix_search_sweep(loaded_);
    auto candidates = config::fix_candidates(loaded_);
    if (!candidates) return report_error(ctx_, candidates.error());
    candidates_ = std::move(*candidates);
    entries_.assign(candidates_.size(), std::nullopt);

    db_ = args_.db.empty() ? "results/" + loaded_.name + ".db" : args_.db;
    // --status reads as it is, beside a process that may be writing: no lock, no schema change.
    auto opened = runs::open_run_store(db_, args_.status, tournament::Writer::Fix, "search");
    if (!opened) return report_error(ctx_, opened.error());
    store_ = std::move(opened->store);
    const std::optional<tournament::ShardLock> lock = std::move(opened->lock);
    if (!args_.force)
        if (auto same = same_search(*store_, search_, db_); !same)
            return report_error(ctx_, same.error());
    std::vector<std::size_t> all(candidates_.size());
    for (std::size_t i = 0; i < all.size(); ++i) all[i] = i;
    if (auto own = own_cells(*store_, db_, all); !own) return report_error(ctx_, own.error());

    // --status plays nothing, and may run inside another command (`balance serve` reads the
    // race for its pages): it leaves the signal handlers and the stop flag alone.
    std::optional<StopOnSignal> signals;
    if (!args_.status) signals.emplace();
    auto complete = race(0);
    // No single change balanced: the pairs (all, or those on top of the closest singles) race
    // with what the budget leaves.
    if (complete && *complete && (fix_.pairs == "fallback" || fix_.pairs == "best") &&
        !any_balanced() && fix_.budget - games_ >= cells()) {
        auto pairs = config::fix_pair_candidates(loaded_, fix_.pairs == "best"
                                                              ? closest_singles(fix_.pairs_base)
                                                              : std::vector<std::string>{});
        if (!pairs) return report_error(ctx_, pairs.error());
        const std::size_t first = candidates_.size();
        for (auto& c : *pairs) candidates_.push_back(std::move(c));
        entries_.resize(candidates_.size());
        std::vector<std::size_t> added;
        for (std::size_t i = first; i < candidates_.size(); ++i) added.push_back(i);
        if (auto own = own_cells(*store_, db_, added); !own) return report_error(ctx_, own.error());
        if (candidates_.size() > first) complete = race(first);
    }
    if (!complete) return exit_code_ != 0 ? exit_code_ : report_error(ctx_, complete.error());
    complete_ = *complete;
    // The verdicts are the race's; the confirmation replays each balanced change from another
    // seed, so that its interval is not the one the race stopped on (a race that looks after
    // every round favours intervals that happen to sit inside the band).
    if (complete_ && args_.confirm > 0) {
        auto confirmed = confirm();
        if (!confirmed) return report_error(ctx_, confirmed.error());
        if (!*confirmed) {
            stopped_ = confirming_ = true;
            complete_ = false;
        }
    }
    if (!args_.html.empty())
        if (auto written = write_text_file(args_.html, to_html()); !written)
            return report_error(ctx_, written.error());
    if (args_.json)
        ctx_.out << to_json().dump(2) << '\n';
    else
        print();
    return stopped_ && !args_.status ? exit_code_ : 0;
}

}  // namespace balance::cli::fix_command
