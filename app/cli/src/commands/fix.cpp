// `balance fix FILE`: the rule change that balances. FILE is a sweep file with a [fix] table:
// the score to bring into a band (White's, or one army's pooled over colours), the player, the
// budget and the round size, and which changes to try. Every candidate (the variant's other
// option values, generated edits of the pieces and the start position, optionally pairs) is
// compiled; those that compile race in rounds (stats/band_race.hpp): each round every candidate
// still racing gets the same games, those whose interval misses the band are dropped, those
// whose interval lies inside it are balanced. Each round is a sweep into one database whose
// rule sets are the racing candidates, each with its own rules stored beside its games (cells
// "@<hash8>" for edited rules), so a re-run resumes, and the same file and seed play the same
// games at any thread count.

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "balance/analysis/svg_charts.hpp"
#include "balance/analysis/text_format.hpp"
#include "balance/config/fix_candidates.hpp"
#include "balance/config/spec_text.hpp"
#include "balance/config/sweep_files.hpp"
#include "balance/config/sweep_reader.hpp"
#include "balance/config/variant_loader.hpp"
#include "balance/stats/band_race.hpp"
#include "balance/tournament/cell_key.hpp"
#include "balance/tournament/open_sweep.hpp"
#include "balance/tournament/runner.hpp"
#include "balance/tournament/shard_lock.hpp"
#include "balance/tournament/sweep_json.hpp"
#include "commands.hpp"
#include "output.hpp"
#include "output_file.hpp"
#include "run_guards.hpp"

namespace balance::cli {

using analysis::Json;

namespace {

using Json = nlohmann::ordered_json;

struct FixArgs {
    std::string file;
    std::string db;
    int threads = 0;
    std::int64_t max_games = -1;
    std::int64_t confirm = 0;  // games each balanced candidate replays from another seed
    bool json = false;
    bool quiet = false;
    bool force = false;
    std::string html;  // also write the candidates' intervals against the band as a page
};

// A balanced candidate's independent games: another seed, another database, the same band.
struct Confirmation {
    stats::ScoreSample sample;
    stats::Interval interval;
    bool inside = false;  // the interval at the race's confidence lies inside the band
};

// The confirmation's seed: a function of the search's seed only, so a re-run replays the same
// confirmation, and (mixed by splitmix64's finaliser) unrelated to the race's games.
std::uint64_t confirmation_seed(std::uint64_t seed) {
    std::uint64_t z = seed ^ 0x636f6e6669726dULL;  // "confirm"
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

// The confirmation's database beside the search's: elves.db -> elves-confirm.db.
std::string confirmation_db(const std::string& db) {
    const std::string ext = ".db";
    if (db.size() > ext.size() && db.compare(db.size() - ext.size(), ext.size(), ext) == 0)
        return db.substr(0, db.size() - ext.size()) + "-confirm.db";
    return db + "-confirm";
}

// One candidate's line of the result.
struct Row {
    const config::FixCandidate* candidate = nullptr;
    const stats::RaceEntry* entry = nullptr;  // null: rejected
};

class FixSearch {
  public:
    FixSearch(const FixArgs& args, AppContext& ctx, tournament::Sweep sweep)
        : args_(args), ctx_(ctx), loaded_(std::move(sweep)), fix_(*loaded_.fix) {}

    int run();

  private:
    Result<stats::RoundOutcome> round(const std::vector<std::int64_t>& games);
    // Plays `sweep` into `store`; false when it stopped (signal, --max-games) with games to go.
    Result<bool> play(const tournament::Sweep& sweep, tournament::ResultStore& store,
                      const std::string& db);
    Result<stats::ScoreSample> sample(const config::FixCandidate& candidate, std::int64_t games,
                                      tournament::ResultStore& store, const std::string& db) const;
    // Replays every balanced candidate for --confirm games from another seed into another
    // database; false when it stopped with games to go.
    Result<bool> confirm();
    // Races the playable candidates from index `first` on with the budget left; false when a
    // round stopped early.
    Result<bool> race(std::size_t first);
    [[nodiscard]] bool any_balanced() const;
    // The database's earlier runs played the same games: same variant, seed, pairings, players
    // (settings included), openings and adjudication. Rule sets and sizes differ round by round
    // and are not compared; the [fix] table's band and budget do not change a game.
    Result<void> same_search(tournament::ResultStore& store, const tournament::Sweep& sweep,
                             const std::string& db) const;
    [[nodiscard]] std::vector<Row> ranked() const;
    void print() const;
    [[nodiscard]] Json to_json() const;
    [[nodiscard]] std::string to_html() const;
    // Where a stopped run stopped, for the summary line (empty when it did not stop).
    [[nodiscard]] std::string stop_note() const {
        if (complete_) return {};
        return fmt::format(" (stopped inside {} after {} games this run: the same command resumes)",
                           confirming_ ? "the confirmation" : fmt::format("round {}", rounds_ + 1),
                           played_);
    }
    // Open at max_candidate_games: its interval straddles an edge of the band.
    [[nodiscard]] bool capped(const stats::RaceEntry& e) const {
        const std::int64_t cap = fix_.max_candidate_games / cells() * cells();
        return cap > 0 && e.status == stats::RaceStatus::Racing && e.sample.games >= cap;
    }
    [[nodiscard]] std::int64_t cells() const {
        return static_cast<std::int64_t>(search_.pairings.size() * search_.matchups.size());
    }

    const FixArgs& args_;
    AppContext& ctx_;
    tournament::Sweep loaded_;
    const tournament::FixSpec& fix_;
    tournament::Sweep search_;
    std::vector<config::FixCandidate> candidates_;          // the singles, then any fallback pairs
    std::vector<std::optional<stats::RaceEntry>> entries_;  // parallel; none: not raced
    std::vector<std::optional<Confirmation>> confirmations_;  // parallel; none: not confirmed
    std::string confirm_db_;                                  // empty: no confirmation
    std::vector<std::size_t> playable_;  // the race in progress: indices into candidates_
    std::int64_t games_ = 0;             // games the completed rounds asked for
    int rounds_ = 0;
    bool complete_ = false;
    bool confirming_ = false;  // the race ended; stopped (if at all) in the confirmation
    std::string db_;
    std::optional<tournament::ResultStore> store_;
    std::vector<std::int64_t> before_;  // games per raced candidate after the previous round
    int round_ = 0;
    std::int64_t played_ = 0;  // games played by this process
    bool stopped_ = false;
    int exit_code_ = 0;
};

Result<bool> FixSearch::play(const tournament::Sweep& sweep, tournament::ResultStore& store,
                             const std::string& db) {
    auto open = tournament::open_sweep(sweep);
    if (!open) return open.error();
    tournament::RunOptions options = run_options(args_.threads, loaded_.file);
    if (args_.max_games >= 0)
        options.max_games = std::max<std::int64_t>(0, args_.max_games - played_);
    tournament::TextProgress display = progress_display(ctx_.out);
    const bool quiet = args_.quiet || args_.json;
    if (!quiet)
        ctx_.out << fmt::format("playing {}: {} candidate(s)\n", sweep.name,
                                sweep.rule_sets.size());
    auto summary = tournament::run_sweep(*open, store, options, tournament::make_player,
                                         stop_requested, quiet ? nullptr : &display);
    if (!summary) return summary.error();
    played_ += summary->played;
    if (summary->stopped || summary->remaining > 0) {
        // On stderr with --json, so that stdout stays one JSON object.
        (args_.json ? ctx_.err : ctx_.out) << fmt::format(
            "stopped with {} games of {} to go (in {}); resume with:\n  balance fix {} --db {}{}\n",
            summary->remaining, sweep.name, db, args_.file, db_,
            args_.confirm > 0 ? fmt::format(" --confirm {}", args_.confirm) : "");
        exit_code_ = stop_requested ? 130 : (args_.max_games >= 0 ? 0 : 1);
        return false;
    }
    return true;
}

Result<stats::ScoreSample> FixSearch::sample(const config::FixCandidate& candidate,
                                             std::int64_t games, tournament::ResultStore& store,
                                             const std::string& db) const {
    const std::int64_t per_cell = games / cells();
    std::vector<std::string> keys;
    for (const auto& pairing : search_.pairings) {
        for (const auto& matchup : search_.matchups) {
            keys.push_back(tournament::CellKey{search_.variant, pairing.white, pairing.black,
                                               candidate.rule_set.cell_rules(), matchup.white,
                                               matchup.black}
                               .str());
        }
    }
    auto rows = store.games(keys);
    if (!rows) return rows.error();
    stats::ScoreSample out;
    for (const auto& row : *rows) {
        if (row.game_index >= per_cell) continue;
        double score = row.white_score;
        if (!fix_.side.empty() && row.black_army == fix_.side) score = 1.0 - score;
        (void)out.add(score);
    }
    if (out.games != games) {
        return make_error(fmt::format("candidate '{}' has {} of its {} games stored",
                                      candidate.label, out.games, games),
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

std::string score_owner(const tournament::FixSpec& fix) {
    return fix.side.empty() ? "White's score" : fmt::format("{}' score", fix.side);
}

void FixSearch::print() const {
    const double low = fix_.target - fix_.margin;
    const double high = fix_.target + fix_.margin;
    ctx_.out << fmt::format("\nFix of {} ({}, band {:.3f}-{:.3f}), player {}, database {}\n\n",
                            loaded_.variant, score_owner(fix_), low, high, fix_.player, db_);
    ctx_.out << fmt::format("  {:<8} {:>5}  {:<22}  {}\n", "verdict", "games",
                            fmt::format("score [{:.0f}% interval]", 100 * fix_.confidence),
                            "change");
    std::vector<const Row*> balanced;
    const auto rows = ranked();
    for (const Row& row : rows) {
        if (!row.entry) {
            ctx_.out << fmt::format("  {:<8} {:>5}  {:<22}  {}: {}\n", "rejected", "-", "",
                                    row.candidate->label, row.candidate->rejected);
            continue;
        }
        const auto& e = *row.entry;
        const std::string verdict =
            e.status == stats::RaceStatus::Racing ? "open" : stats::race_status_name(e.status);
        const std::string score = e.sample.games == 0
                                      ? "-"
                                      : fmt::format("{:.3f} [{:.3f}, {:.3f}]", e.interval.estimate,
                                                    e.interval.lower, e.interval.upper);
        ctx_.out << fmt::format("  {:<8} {:>5}  {:<22}  {}\n", verdict, e.sample.games, score,
                                row.candidate->label);
        if (e.status == stats::RaceStatus::Balanced) balanced.push_back(&row);
    }
    if (std::any_of(rows.begin(), rows.end(),
                    [&](const Row& r) { return r.entry && capped(*r.entry); })) {
        ctx_.out << fmt::format(
            "\nOpen with {} games (max_candidate_games): an interval that straddles an edge of the "
            "band; the score is that close to the edge.\n",
            fix_.max_candidate_games / cells() * cells());
    }
    std::int64_t most = 0;
    std::int64_t raced = 0;
    for (const auto& e : entries_) {
        if (!e) continue;
        most = std::max(most, e->sample.games);
        ++raced;
    }
    std::int64_t rejected = 0;
    for (const auto& c : candidates_) rejected += c.rejected.empty() ? 0 : 1;
    const auto all = most * raced;
    ctx_.out << fmt::format(
        "\n{} candidates raced, {} rejected; {} games in {} round(s) of a {}-game budget{}.\n",
        raced, rejected, games_, rounds_, fix_.budget, stop_note());
    if (all > 0) {
        ctx_.out << fmt::format(
            "Every candidate to {} games, as many as the most-played one, would take {} games: "
            "racing spent {:.0f}% of that.\n",
            most, all, 100.0 * static_cast<double>(games_) / static_cast<double>(all));
    }
    if (balanced.empty()) {
        ctx_.out << (complete_ ? "No candidate is balanced within the budget.\n"
                               : "No candidate is balanced yet.\n");
        return;
    }
    ctx_.out << "\nBalanced: paste into the variant file\n";
    for (const Row* row : balanced)
        ctx_.out << fmt::format("\n# {}\n{}", row->candidate->label, row->candidate->fragment);
    if (confirm_db_.empty()) return;
    ctx_.out << fmt::format("\nConfirmed by independent games (another seed, database {}):\n",
                            confirm_db_);
    for (const Row* row : balanced) {
        const auto& c =
            confirmations_[static_cast<std::size_t>(row->candidate - candidates_.data())];
        if (!c) continue;
        ctx_.out << fmt::format("  {:<13} {:>5}  {:.3f} [{:.3f}, {:.3f}]  {}\n",
                                c->inside ? "confirmed" : "not confirmed", c->sample.games,
                                c->interval.estimate, c->interval.lower, c->interval.upper,
                                row->candidate->label);
    }
}

Json FixSearch::to_json() const {
    Json out;
    out["variant"] = loaded_.variant;
    out["player"] = fix_.player;
    out["side"] = fix_.side.empty() ? Json(nullptr) : Json(fix_.side);
    out["band"] = {fix_.target - fix_.margin, fix_.target + fix_.margin};
    out["confidence"] = fix_.confidence;
    out["database"] = db_;
    out["budget"] = fix_.budget;
    out["games"] = games_;
    out["rounds"] = rounds_;
    out["complete"] = complete_;
    if (!confirm_db_.empty())
        out["confirmation"] = {{"database", confirm_db_},
                               {"seed", confirmation_seed(search_.seed)},
                               {"games", args_.confirm}};
    Json list = Json::array();
    for (const Row& row : ranked()) {
        Json c;
        c["edit"] = row.candidate->label;
        c["changes"] = row.candidate->changes;
        if (row.entry && row.entry->sample.games > 0) {
            c["score"] = row.entry->interval.estimate;
            c["low"] = row.entry->interval.lower;
            c["high"] = row.entry->interval.upper;
        } else {
            c["score"] = c["low"] = c["high"] = nullptr;
        }
        c["games"] = row.entry ? row.entry->sample.games : 0;
        c["balanced"] = row.entry && row.entry->status == stats::RaceStatus::Balanced;
        c["status"] = row.entry ? stats::race_status_name(row.entry->status) : "rejected";
        if (row.entry && capped(*row.entry)) c["capped"] = true;
        if (!row.entry) c["rejected"] = row.candidate->rejected;
        const auto& confirmation =
            confirmations_.empty()
                ? std::optional<Confirmation>{}
                : confirmations_[static_cast<std::size_t>(row.candidate - candidates_.data())];
        if (confirmation) {
            c["confirmation"] = {{"games", confirmation->sample.games},
                                 {"score", confirmation->interval.estimate},
                                 {"low", confirmation->interval.lower},
                                 {"high", confirmation->interval.upper},
                                 {"inside", confirmation->inside}};
        } else if (!confirm_db_.empty() && c["balanced"].get<bool>()) {
            c["confirmation"] = nullptr;
        }
        c["toml"] = row.candidate->fragment;
        list.push_back(std::move(c));
    }
    out["candidates"] = std::move(list);
    return out;
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
    if (!race) return race.error();
    for (std::size_t i = 0; i < playable_.size(); ++i) entries_[playable_[i]] = race->entries[i];
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

Result<bool> FixSearch::confirm() {
    std::vector<std::size_t> balanced;
    for (std::size_t i = 0; i < candidates_.size(); ++i)
        if (entries_[i] && entries_[i]->status == stats::RaceStatus::Balanced)
            balanced.push_back(i);
    confirmations_.assign(candidates_.size(), std::nullopt);
    if (balanced.empty()) return true;
    confirm_db_ = confirmation_db(db_);
    auto store = tournament::ResultStore::open(confirm_db_, config::spec_text_from_configs);
    if (!store) return store.error();
    auto lock = tournament::ShardLock::take(confirm_db_, tournament::Shard{});
    if (!lock) return lock.error();
    tournament::Sweep sweep = search_;
    sweep.name = loaded_.name + "-confirm";
    sweep.seed = confirmation_seed(search_.seed);
    if (!args_.force)
        if (auto same = same_search(*store, sweep, confirm_db_); !same) return same.error();
    const std::int64_t per_cell = (args_.confirm + cells() - 1) / cells();
    sweep.games_per_cell = static_cast<int>(per_cell);
    sweep.rule_sets.clear();
    for (std::size_t i : balanced) {
        sweep.rule_sets.push_back(candidates_[i].rule_set);
        sweep.rule_sets.back().name = fmt::format("c{}", i);
    }
    auto complete = play(sweep, *store, confirm_db_);
    if (!complete || !*complete) return complete;
    const double low = fix_.target - fix_.margin;
    const double high = fix_.target + fix_.margin;
    for (std::size_t i : balanced) {
        auto s = sample(candidates_[i], per_cell * cells(), *store, confirm_db_);
        if (!s) return s.error();
        auto interval = stats::sample_interval(*s, fix_.confidence);
        if (!interval) return interval.error();
        confirmations_[i] =
            Confirmation{*s, *interval, interval->lower >= low && interval->upper <= high};
    }
    return true;
}

bool FixSearch::any_balanced() const {
    return std::any_of(entries_.begin(), entries_.end(),
                       [](const auto& e) { return e && e->status == stats::RaceStatus::Balanced; });
}

std::string FixSearch::to_html() const {
    using analysis::xml_escape;
    const double low = fix_.target - fix_.margin;
    const double high = fix_.target + fix_.margin;
    const std::string title = fmt::format("Fix of {}: {} into {:.1f}%-{:.1f}%", loaded_.variant,
                                          score_owner(fix_), 100 * low, 100 * high);
    std::string page = fmt::format(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<title>{0}</title>\n<style>body{{font-family:sans-serif;max-width:64em;margin:2em auto;"
        "padding:0 1em}} table{{border-collapse:collapse}} td,th{{padding:2px 8px;"
        "border-bottom:1px solid #ddd;text-align:left}} pre{{background:#f4f4f4;padding:6px}}"
        "</style>\n</head>\n<body>\n<h1>{0}</h1>\n",
        xml_escape(title));
    page += fmt::format(
        "<p>Player {}, database <code>{}</code>: {} games in {} round(s) of a {}-game budget{}. "
        "Each row is a candidate's score with its {:.0f}% interval; the shaded band is the "
        "target. Balanced: the interval lies inside the band; dropped: its {:.0f}% interval "
        "missed it; open: neither when the race ended.</p>\n",
        xml_escape(fix_.player), xml_escape(db_), games_, rounds_, fix_.budget,
        complete_ ? "" : " (stopped before the race ended)", 100 * fix_.confidence,
        100 * fix_.drop_confidence);
    std::vector<analysis::ForestRow> rows;
    std::vector<const Row*> balanced;
    const auto ranked_rows = ranked();
    for (const Row& row : ranked_rows) {
        if (!row.entry || row.entry->sample.games == 0) continue;
        const auto& e = *row.entry;
        const std::string verdict =
            e.status == stats::RaceStatus::Racing ? "open" : stats::race_status_name(e.status);
        analysis::ForestRow r;
        r.label = fmt::format("{} [{}]", row.candidate->label, verdict);
        r.estimate = e.interval.estimate;
        r.lower = e.interval.lower;
        r.upper = e.interval.upper;
        r.emphasis = e.status == stats::RaceStatus::Balanced;
        rows.push_back(std::move(r));
        if (e.status == stats::RaceStatus::Balanced) balanced.push_back(&row);
    }
    analysis::ForestAxis axis;
    axis.null_value = fix_.target;
    axis.scale = analysis::ForestAxis::Scale::Percent;
    axis.label = score_owner(fix_);
    axis.band = std::pair{low, high};
    axis.band_label = "target band";
    page += analysis::forest_plot("candidates", "Candidates against the band", rows, axis);
    page += "<h2>Balanced: paste into the variant file</h2>\n";
    if (balanced.empty()) page += "<p>None.</p>\n";
    for (const Row* row : balanced) {
        page += fmt::format("<h3>{}</h3>\n<pre>{}</pre>\n", xml_escape(row->candidate->label),
                            xml_escape(row->candidate->fragment));
        const auto& c =
            confirmations_.empty()
                ? std::optional<Confirmation>{}
                : confirmations_[static_cast<std::size_t>(row->candidate - candidates_.data())];
        if (c) {
            page += fmt::format("<p>{} by {} independent games: {:.1f}% [{:.1f}%, {:.1f}%].</p>\n",
                                c->inside ? "Confirmed" : "Not confirmed", c->sample.games,
                                100 * c->interval.estimate, 100 * c->interval.lower,
                                100 * c->interval.upper);
        }
    }
    page += "<h2>Rejected</h2>\n";
    const bool none = std::all_of(ranked_rows.begin(), ranked_rows.end(),
                                  [](const Row& row) { return row.entry != nullptr; });
    page += none ? "<p>None.</p>\n" : "<table>\n<tr><th>change</th><th>why</th></tr>\n";
    for (const Row& row : ranked_rows) {
        if (row.entry) continue;
        page += fmt::format("<tr><td>{}</td><td>{}</td></tr>\n", xml_escape(row.candidate->label),
                            xml_escape(row.candidate->rejected));
    }
    if (!none) page += "</table>\n";
    page += "</body>\n</html>\n";
    return page;
}

int FixSearch::run() {
    search_ = config::fix_search_sweep(loaded_);
    auto candidates = config::fix_candidates(loaded_);
    if (!candidates) return report_error(ctx_, candidates.error());
    candidates_ = std::move(*candidates);
    entries_.assign(candidates_.size(), std::nullopt);

    db_ = args_.db.empty() ? "results/" + loaded_.name + ".db" : args_.db;
    auto store = tournament::ResultStore::open(db_, config::spec_text_from_configs);
    if (!store) return report_error(ctx_, store.error());
    store_ = std::move(*store);
    auto lock = tournament::ShardLock::take(db_, tournament::Shard{});
    if (!lock) return report_error(ctx_, lock.error());
    if (!args_.force)
        if (auto same = same_search(*store_, search_, db_); !same)
            return report_error(ctx_, same.error());

    if (fix_.max_candidate_games > 0 && fix_.max_candidate_games < fix_.round_games * cells()) {
        return report_error(
            ctx_, make_error(fmt::format("[fix] max_candidate_games = {} is less than one round of "
                                         "a candidate (round_games {} x {} cells = {} games)",
                                         fix_.max_candidate_games, fix_.round_games, cells(),
                                         fix_.round_games * cells()),
                             fix_.where));
    }
    StopOnSignal signals;
    auto complete = race(0);
    // No single change balanced: the pairs race with what the budget leaves.
    if (complete && *complete && fix_.pairs == "fallback" && !any_balanced() &&
        fix_.budget - games_ >= cells()) {
        auto pairs = config::fix_pair_candidates(loaded_);
        if (!pairs) return report_error(ctx_, pairs.error());
        const std::size_t first = candidates_.size();
        for (auto& c : *pairs) candidates_.push_back(std::move(c));
        entries_.resize(candidates_.size());
        complete = race(first);
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
    return stopped_ ? exit_code_ : 0;
}

int run_fix_command(const FixArgs& args, AppContext& ctx) {
    auto file = config::find_sweep(args.file);
    if (!file) return report_error(ctx, file.error());
    auto sweep = config::load_sweep(*file);
    if (!sweep) return report_error(ctx, sweep.error());
    if (!sweep->fix) {
        return report_error(ctx, make_error("not a fix file: add a [fix] table (margin, budget, "
                                            "and the player when the file has several)",
                                            file->string()));
    }
    // The unchanged rules must play before any candidate is made from them.
    if (auto open = tournament::open_sweep(*sweep); !open) return report_error(ctx, open.error());
    FixSearch search(args, ctx, std::move(*sweep));
    return search.run();
}

}  // namespace

void register_fix(CLI::App& app, AppContext& ctx) {
    auto args = std::make_shared<FixArgs>();
    CLI::App* command = app.add_subcommand(
        "fix",
        "The rule change that balances: race candidate changes (options, piece moves, pawns, "
        "start squares) in rounds until their scores' intervals lie inside or outside a band");
    command->add_option("file", args->file, "Sweep file with a [fix] table")->required();
    command->add_option("--db", args->db, "Results database (default: results/<name>.db)");
    command->add_option("--threads", args->threads, "Games played in parallel (default: cores)")
        ->check(CLI::Range(1, 1024));
    command->add_option("--max-games", args->max_games, "Stop after this many games (resumable)")
        ->check(CLI::Range(std::int64_t{0}, tournament::kMaxSweepGames));
    command
        ->add_option("--confirm", args->confirm,
                     "After the race, replay each balanced change for this many games from "
                     "another seed (into <db>-confirm.db) and say whether its interval still "
                     "lies inside the band")
        ->check(CLI::Range(std::int64_t{1}, tournament::kMaxSweepGames));
    command->add_flag("--json", args->json, "Print one JSON object instead of text");
    command->add_flag("--quiet", args->quiet, "No progress display");
    command->add_option("--html", args->html,
                        "Also write the candidates' intervals against the band as an HTML page");
    command->add_flag("--force", args->force,
                      "Add to a database that holds games of another configuration");
    command->callback([args, &ctx] { ctx.exit_code = run_fix_command(*args, ctx); });
}

}  // namespace balance::cli
