#include "balance/runs/calibration.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "balance/analysis/store_reader.hpp"
#include "balance/analysis/value_methods.hpp"
#include "balance/analysis/variant_catalog.hpp"
#include "balance/runs/run_store.hpp"
#include "balance/tournament/shard_lock.hpp"
#include "rounds.hpp"

namespace balance::runs {

namespace {

using rounds::round_player;

// A round's player: the calibrated one, playing by `values`.
tournament::PlayerSpec playing_by(tournament::PlayerSpec player,
                                  const config::PieceValues& values) {
    player.piece_values = values;
    return player;
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

// One calibration: its store, the rules its rounds share, and what it has played so far.
class Calibration {
  public:
    Calibration(const tournament::Sweep& sweep, const CalibrationSettings& settings,
                const CalibrationObserver& observer, std::atomic<bool>& stop)
        : sweep_(sweep), settings_(settings), observer_(observer), stop_(stop) {}

    Result<CalibrationOutcome> run();

  private:
    // Plays `sweep` into the store (resuming); false when it stopped with games to go.
    Result<bool> play(tournament::Sweep sweep);

    tournament::Sweep sweep_;
    const CalibrationSettings& settings_;
    const CalibrationObserver& observer_;
    std::atomic<bool>& stop_;
    std::optional<tournament::ResultStore> store_;
    std::optional<rounds::RoundPlayer> player_;
    CalibrationOutcome out_;
};

Result<bool> Calibration::play(tournament::Sweep sweep) {
    auto complete = player_->play(std::move(sweep));
    out_.played = player_->played;
    out_.ending = player_->ending;
    out_.in_progress = player_->in_progress;
    return complete;
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
    if (auto same = rounds::existing_rounds(
            out_.db, sweep_.name,
            rounds::self_play(sweep_, playing_by(player, player.piece_values), 0), "calibration");
        !same)
        return same.error();
    // status reads as it is, beside a process that may be writing: no lock, no schema change.
    auto opened =
        open_run_store(out_.db, settings_.status, tournament::Writer::Calibrate, "calibration");
    if (!opened) return opened.error();
    store_ = std::move(opened->store);
    const std::optional<tournament::ShardLock> lock = std::move(opened->lock);
    rounds::PlaySettings play_settings{settings_.threads,    settings_.max_games, settings_.status,
                                       settings_.sweep_file, sweep_.name,         "calibration"};
    rounds::PlayHooks hooks;
    hooks.playing = observer_.playing;
    if (observer_.stopped)
        hooks.stopped = [this](const std::string& sweep, const tournament::RunSummary& summary) {
            observer_.stopped({sweep, out_.db, summary});
        };
    player_.emplace(*store_, std::move(play_settings), std::move(hooks), stop_);

    std::vector<CalibrationRound>& done = out_.rounds;
    config::PieceValues values = player.piece_values;  // round 0: the file's (usually none)
    for (int r = 0; r < cal.max_rounds && !out_.converged; ++r) {
        CalibrationRound round;
        round.index = r;
        round.player = round_player(player.name, r);
        round.played = values;
        auto complete = play(rounds::self_play(sweep_, playing_by(player, values), r));
        if (!complete) return complete.error();
        if (!*complete) {
            out_.stopped = true;
            break;
        }
        if (r > 0 && cal.match_games > 0) {
            complete =
                play(rounds::match(sweep_, playing_by(player, values),
                                   playing_by(player, done.back().played), r, cal.match_games));
            if (!complete) return complete.error();
            if (!*complete) {
                out_.stopped = true;
                break;
            }
            round.match =
                rounds::match_score(out_.db, round.player, done.back().player, round.match_wdl);
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
        done.push_back(std::move(round));
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
