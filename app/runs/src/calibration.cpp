#include "balance/runs/calibration.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "balance/analysis/store_reader.hpp"
#include "balance/analysis/value_methods.hpp"
#include "balance/analysis/variant_catalog.hpp"
#include "balance/config/spec_text.hpp"
#include "balance/runs/run_settings.hpp"
#include "balance/runs/run_store.hpp"
#include "balance/tournament/open_sweep.hpp"
#include "balance/tournament/rule_specs.hpp"
#include "balance/tournament/shard_lock.hpp"
#include "balance/tournament/stored_count.hpp"
#include "balance/tournament/sweep_json.hpp"

namespace balance::runs {

namespace {

std::string round_player(const std::string& player, int round) {
    return fmt::format("{}-r{}", player, round);
}

// One round's self-play sweep: the calibrated player alone, by `values`, in every pairing and
// rule set of the file.
tournament::Sweep self_play(const tournament::Sweep& base, const tournament::PlayerSpec& player,
                            int round, const config::PieceValues& values) {
    tournament::Sweep sweep = base;
    sweep.name = fmt::format("{}-r{}", base.name, round);
    sweep.calibration.reset();
    sweep.rung_gap_games = 0;
    tournament::PlayerSpec p = player;
    p.name = round_player(player.name, round);
    p.piece_values = values;
    sweep.players = {p};
    sweep.matchups = {{p.name, p.name}};
    return sweep;
}

// The match of round `round` against round `round - 1`: both colours, the games spread over
// the file's pairings and rule sets.
tournament::Sweep match(const tournament::Sweep& base, const tournament::PlayerSpec& player,
                        int round, const config::PieceValues& now,
                        const config::PieceValues& before, int games) {
    tournament::Sweep sweep = self_play(base, player, round, now);
    sweep.name = fmt::format("{}-r{}-match", base.name, round);
    tournament::PlayerSpec previous = player;
    previous.name = round_player(player.name, round - 1);
    previous.piece_values = before;
    sweep.players.push_back(previous);
    const std::string& current = sweep.players.front().name;
    sweep.matchups = {{current, previous.name}, {previous.name, current}};
    const auto cells = static_cast<int>(2 * sweep.pairings.size() * sweep.rule_sets.size());
    sweep.adaptive.reset();
    sweep.games_per_cell = std::max(1, (games + cells - 1) / cells);
    return sweep;
}

// Whether `name` is a round's sweep of the calibration whose sweeps are named `base`: base-r<k>
// or base-r<k>-match.
bool round_sweep_name(const std::string& name, const std::string& base) {
    if (name.rfind(base + "-r", 0) != 0) return false;
    std::string round = name.substr(base.size() + 2);
    if (round.size() > 6 && round.ends_with("-match")) round.resize(round.size() - 6);
    return !round.empty() && std::all_of(round.begin(), round.end(), [](char c) {
        return std::isdigit(static_cast<unsigned char>(c)) != 0;
    });
}

// The database holds only rounds of this calibration (named `base`-r<k>), and the runs of
// `round` (a round's sweep about to play) were played by the same configuration: the same
// seed, limits, rules, openings and values. Their games' cells are named by the round players
// alone ("tiny-r0"), so anything else would be read back as this calibration's games.
Result<void> same_calibration(const tournament::ResultStore& store, const std::string& base,
                              const tournament::Sweep& round) {
    auto runs = store.runs();
    if (!runs) return runs.error();
    const std::string ours = tournament::config_json(round);
    for (const auto& run : *runs) {
        if (!round_sweep_name(run.sweep_name, base))
            return make_error(fmt::format("holds games of '{}' (run {}, started {}), not of this "
                                          "calibration (rounds '{}-r<k>'); use another --db",
                                          run.sweep_name, run.run_id, run.started_at, base),
                              store.file().string());
        if (run.sweep_name != round.name) continue;
        const std::string differs = tournament::config_differences(run.config_json, ours);
        if (differs.empty()) continue;
        return make_error(fmt::format("holds round '{}' played by another configuration (run "
                                      "{}, started {}; differs in: {}); use another --db",
                                      run.sweep_name, run.run_id, run.started_at, differs),
                          store.file().string());
    }
    return {};
}

// The games of the player against itself, fitted by the file's method.
Result<analysis::PieceValueFit> fit_round(const tournament::Sweep& sweep, const std::string& db,
                                          const std::string& player) {
    auto store = analysis::read_store(db);
    if (!store) return store.error();
    std::vector<analysis::StoredGame> games;
    for (auto& game : store->games)
        if (game.white_player == player && game.black_player == player)
            games.push_back(std::move(game));
    const auto method = analysis::value_method(sweep.calibration->method);  // checked on read
    analysis::VariantCatalog catalog(store->specs);
    auto data = analysis::sample_material(games, sweep.variant, catalog, method->sampling);
    if (!data) return data.error();
    analysis::ValueFitOptions options;
    options.method = method->name;
    options.positional = method->positional;
    options.bootstrap = method->bootstrap;
    options.seed = sweep.seed;
    auto fit = analysis::fit_piece_values(*data, options);
    if (!fit)
        return make_error(fmt::format("fitting the values of {}: {}", player, fit.error().message));
    return fit;
}

// The score of `now` against `before` in their match games, counted into `wdl`; none when the
// database cannot be read or holds no such game.
std::optional<stats::Interval> match_score(const std::string& db, const std::string& now,
                                           const std::string& before, stats::Wdl& wdl) {
    auto store = analysis::read_store(db);
    if (!store) return std::nullopt;
    for (const auto& game : store->games) {
        double score = 0.0;
        if (game.white_player == now && game.black_player == before)
            score = game.white_score;
        else if (game.white_player == before && game.black_player == now)
            score = 1.0 - game.white_score;
        else
            continue;
        if (score == 1.0)
            ++wdl.wins;
        else if (score == 0.0)
            ++wdl.losses;
        else
            ++wdl.draws;
    }
    auto interval = stats::score_interval(wdl, 0.95);
    if (!interval) return std::nullopt;
    return *interval;
}

// One calibration: its store, the rules its rounds share, and what it has played so far.
class Calibration {
  public:
    Calibration(const tournament::Sweep& sweep, const CalibrationSettings& settings,
                const CalibrationObserver& observer, std::atomic<bool>& stop)
        : sweep_(sweep), settings_(settings), observer_(observer), stop_(stop) {}

    Result<CalibrationOutcome> run();

  private:
    // Plays `sweep` into the store (resuming); false when it stopped with games to go. With
    // status it plays nothing: false when some of the sweep's games are not stored yet.
    Result<bool> play(tournament::Sweep sweep);
    // `sweep` opened: by the rules compiled for the first round (every round has the same rule
    // sets and pairings), compiled now for the first.
    Result<tournament::OpenSweep> open(tournament::Sweep sweep);

    tournament::Sweep sweep_;
    const CalibrationSettings& settings_;
    const CalibrationObserver& observer_;
    std::atomic<bool>& stop_;
    std::optional<tournament::ResultStore> store_;
    std::optional<tournament::OpenSweep> first_;  // the first round opened, with its rules
    CalibrationOutcome out_;
};

Result<tournament::OpenSweep> Calibration::open(tournament::Sweep sweep) {
    if (first_ && first_->rules.fits(sweep)) {
        tournament::OpenSweep open{std::move(sweep), first_->rules};
        return open;
    }
    auto open = tournament::open_sweep(std::move(sweep));
    if (!open) return open.error();
    if (!first_) first_ = *open;
    return open;
}

Result<bool> Calibration::play(tournament::Sweep sweep) {
    auto open = this->open(std::move(sweep));
    if (!open) return open.error();
    if (auto same = same_calibration(*store_, sweep_.name, open->sweep); !same) return same.error();
    if (auto cells =
            tournament::assign_spec_cells(open->sweep, *store_, false, config::spec_differences);
        !cells)
        return cells.error();
    // The round's games stored so far: "tiny-r1: 12 of its 40 games stored".
    const auto note_in_progress = [&]() -> Result<bool> {
        auto count = tournament::count_stored(open->sweep, *store_);
        if (!count) return count.error();
        if (count->complete()) return true;
        out_.in_progress = fmt::format("{}: {} of its {} games stored", open->sweep.name,
                                       count->stored, count->planned);
        return false;
    };
    if (settings_.status) return note_in_progress();
    tournament::RunOptions options = run_options(settings_.threads, settings_.sweep_file);
    if (settings_.max_games >= 0)
        options.max_games = std::max<std::int64_t>(0, settings_.max_games - out_.played);
    tournament::ProgressObserver* progress =
        observer_.playing ? observer_.playing(open->sweep.name) : nullptr;
    auto played = runs::play(*open, *store_, options, stop_, progress);
    if (!played) return played.error();
    out_.played += played->summary.played;
    if (played->ending != Ending::Finished) {
        out_.ending = played->ending;
        if (observer_.stopped) observer_.stopped({open->sweep.name, out_.db, played->summary});
        auto noted = note_in_progress();
        if (!noted) return noted.error();
        return false;
    }
    return true;
}

Result<CalibrationOutcome> Calibration::run() {
    const auto& cal = *sweep_.calibration;
    const tournament::PlayerSpec* found = nullptr;
    for (const auto& p : sweep_.players)
        if (p.name == cal.player) found = &p;
    if (!found)
        return make_error(fmt::format("no player '{}' to calibrate", cal.player), cal.where);
    tournament::PlayerSpec player = *found;
    if (settings_.nodes > 0) player.limits.nodes = settings_.nodes;
    if (settings_.nodes > 0) sweep_.name += fmt::format("-n{}", settings_.nodes);
    out_.name = sweep_.name;

    out_.db = settings_.db.empty() ? "results/" + sweep_.name + ".db" : settings_.db;
    // Before the database is opened for writing, so that one that is not this calibration's is
    // left as it was: its runs, and round 0 (whose values the file gives) played the same way.
    auto exists = tournament::database_exists(out_.db);
    if (!exists) return exists.error();
    if (*exists) {
        auto existing = tournament::ResultStore::open_existing(out_.db);
        if (!existing) return existing.error();
        if (auto same = same_calibration(*existing, sweep_.name,
                                         self_play(sweep_, player, 0, player.piece_values));
            !same)
            return same.error();
    }
    // status reads as it is, beside a process that may be writing: no lock, no schema change.
    auto opened =
        open_run_store(out_.db, settings_.status, tournament::Writer::Calibrate, "calibration");
    if (!opened) return opened.error();
    store_ = std::move(opened->store);
    const std::optional<tournament::ShardLock> lock = std::move(opened->lock);

    std::vector<CalibrationRound>& rounds = out_.rounds;
    config::PieceValues values = player.piece_values;  // round 0: the file's (usually none)
    for (int r = 0; r < cal.max_rounds && !out_.converged; ++r) {
        CalibrationRound round;
        round.index = r;
        round.player = round_player(player.name, r);
        round.played = values;
        auto complete = play(self_play(sweep_, player, r, values));
        if (!complete) return complete.error();
        if (!*complete) {
            out_.stopped = true;
            break;
        }
        if (r > 0 && cal.match_games > 0) {
            complete =
                play(match(sweep_, player, r, values, rounds.back().played, cal.match_games));
            if (!complete) return complete.error();
            if (!*complete) {
                out_.stopped = true;
                break;
            }
            round.match = match_score(out_.db, round.player, rounds.back().player, round.match_wdl);
        }
        auto fitted = fit_round(sweep_, out_.db, round.player);
        if (!fitted) return fitted.error();
        round.fit = std::move(*fitted);
        round.games = round.fit.clusters;
        config::PieceValues next;
        for (const auto& row : round.fit.rows) {
            if (!row.identified) continue;
            // A value the fit puts at or below zero (too few games) cannot be played by: the
            // next round keeps the value this one played by.
            const double played = played_value(values, row);
            if (row.value.value > 0.0)
                next[row.piece] = played * std::pow(row.value.value / played, cal.step);
            else
                next[row.piece] = played;
        }
        round.moved = analysis::values_outside_intervals(round.fit, values);
        out_.converged = round.moved.empty();
        rounds.push_back(std::move(round));
        values = std::move(next);
    }
    out_.values = std::move(values);
    return std::move(out_);
}

}  // namespace

double played_value(const config::PieceValues& played, const analysis::PieceValueRow& row) {
    const auto it = played.find(row.piece);
    return it != played.end() ? it->second : row.documented;
}

Result<CalibrationOutcome> calibrate(const tournament::Sweep& sweep,
                                     const CalibrationSettings& settings,
                                     const CalibrationObserver& observer, std::atomic<bool>& stop) {
    if (!sweep.calibration)
        return make_error(
            "not a calibration file: add a [calibrate] table naming the engine "
            "player (player = \"...\")",
            sweep.file);
    Calibration calibration(sweep, settings, observer, stop);
    return calibration.run();
}

}  // namespace balance::runs
