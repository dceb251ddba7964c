// `balance calibrate FILE`: piece values the engine's own games support, found by iteration.
// Round 0 plays the file's engine player by the values it is given (the variant file's unless
// the player sets `values`); every round fits values from its self-play games, and the next
// round plays by them. It stops at the first round where every value played by lies inside the
// interval fitted for it (a fixed point: the values the player plays by are the values its games
// support), or after max_rounds. From round 1 on, each round's player also meets the
// previous round's at equal limits, both colours, so a new set of values that plays worse is
// seen. Every round's games go into one database; a re-run resumes where it stopped, because
// each round's games and fits are determined by the file, its seed and the stored games. So the
// database must hold this calibration's rounds and nothing else: runs of other sweeps, or rounds
// played by another configuration (seed, limits, values), are refused before a round plays.

#include <algorithm>
#include <cctype>
#include <cmath>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <nlohmann/json.hpp>

#include "balance/analysis/piece_values.hpp"
#include "balance/analysis/store_reader.hpp"
#include "balance/analysis/value_methods.hpp"
#include "balance/analysis/variant_catalog.hpp"
#include "balance/cli/search_status.hpp"
#include "balance/config/piece_values_reader.hpp"
#include "balance/config/spec_text.hpp"
#include "balance/config/sweep_files.hpp"
#include "balance/config/sweep_reader.hpp"
#include "balance/config/variant_loader.hpp"
#include "balance/runs/play.hpp"
#include "balance/runs/run_settings.hpp"
#include "balance/runs/run_store.hpp"
#include "balance/stats/interval.hpp"
#include "balance/tournament/open_sweep.hpp"
#include "balance/tournament/rule_specs.hpp"
#include "balance/tournament/runner.hpp"
#include "balance/tournament/shard_lock.hpp"
#include "balance/tournament/stored_count.hpp"
#include "balance/tournament/sweep_json.hpp"
#include "commands.hpp"
#include "output.hpp"
#include "output_file.hpp"
#include "run_guards.hpp"

namespace balance::cli {

using analysis::Json;

namespace {

using Json = nlohmann::ordered_json;

struct CalibrateArgs {
    std::string file;
    std::string db;
    int threads = 0;
    std::uint64_t nodes = 0;  // overrides the player's node limit when set
    bool json = false;
    std::string write_values;
    bool quiet = false;
    std::int64_t max_games = -1;  // stop after this many games of this run (resumable)
    // Read the rounds from the stored games without playing or writing anything (another
    // process may be playing into the database meanwhile).
    bool status = false;
};

struct Round {
    int index = 0;
    std::string player;
    config::PieceValues played;  // empty: the documented values
    analysis::PieceValueFit fit;
    std::int64_t games = 0;
    std::optional<stats::Interval> match;  // this round's player against the previous round's
    stats::Wdl match_wdl;
    std::vector<std::string> moved;  // pieces whose fitted value left its interval
};

std::string round_player(const std::string& player, int round) {
    return fmt::format("{}-r{}", player, round);
}

// The value `piece` is played by in a round: its given value, else the documented one.
double played_value(const config::PieceValues& played, const analysis::PieceValueRow& row) {
    const auto it = played.find(row.piece);
    return it != played.end() ? it->second : row.documented;
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

class Calibration {
  public:
    Calibration(const CalibrateArgs& args, AppContext& ctx, tournament::Sweep sweep,
                std::string file)
        : args_(args), ctx_(ctx), sweep_(std::move(sweep)), file_(std::move(file)) {}

    int run();

  private:
    // Plays `sweep` into the store (resuming); false when the run stopped or failed (reported).
    // With --status it plays nothing: false when some of the sweep's games are not stored yet
    // (in_progress_ says how many are).
    bool play(tournament::Sweep sweep);
    Result<analysis::PieceValueFit> fit(const std::string& player);
    std::optional<stats::Interval> match_score(const std::string& now, const std::string& before,
                                               stats::Wdl& wdl);
    void print(const std::vector<Round>& rounds, bool converged) const;
    [[nodiscard]] Json to_json(const std::vector<Round>& rounds, bool converged) const;

    const CalibrateArgs& args_;
    AppContext& ctx_;
    tournament::Sweep sweep_;
    std::string file_;
    std::string db_;
    std::optional<tournament::ResultStore> store_;
    int exit_code_ = 0;
    bool failed_ = false;      // an error was reported (not a stop)
    std::int64_t played_ = 0;  // games played by this process
    // Stopped (or, --status, still being played) inside a round: that round's sweep and its
    // stored games.
    std::string in_progress_;
};

bool Calibration::play(tournament::Sweep sweep) {
    const auto fail = [&](const Error& error) {
        exit_code_ = report_error(ctx_, error);
        failed_ = true;
        return false;
    };
    auto open = tournament::open_sweep(std::move(sweep));
    if (!open) return fail(open.error());
    if (auto same = same_calibration(*store_, sweep_.name, open->sweep); !same)
        return fail(same.error());
    if (auto cells =
            tournament::assign_spec_cells(open->sweep, *store_, false, config::spec_differences);
        !cells)
        return fail(cells.error());
    // The round's games stored so far: "tiny-r1: 12 of its 40 games stored".
    const auto note_in_progress = [&]() -> Result<bool> {
        auto count = tournament::count_stored(open->sweep, *store_);
        if (!count) return count.error();
        if (count->complete()) return true;
        in_progress_ = fmt::format("{}: {} of its {} games stored", open->sweep.name, count->stored,
                                   count->planned);
        return false;
    };
    if (args_.status) {
        auto complete = note_in_progress();
        if (!complete) return fail(complete.error());
        return *complete;
    }
    tournament::RunOptions options = runs::run_options(args_.threads, file_);
    if (args_.max_games >= 0)
        options.max_games = std::max<std::int64_t>(0, args_.max_games - played_);
    tournament::TextProgress display = progress_display(ctx_.out);
    if (!args_.quiet && !args_.json) ctx_.out << fmt::format("playing {}\n", open->sweep.name);
    StopOnSignal signals;
    auto played = runs::play(*open, *store_, options, stop_requested,
                             args_.quiet || args_.json ? nullptr : &display);
    if (!played) return fail(played.error());
    const tournament::RunSummary& summary = played->summary;
    played_ += summary.played;
    if (played->ending != runs::Ending::Finished) {
        // On stderr with --json, so that stdout stays one JSON object.
        (args_.json ? ctx_.err : ctx_.out) << fmt::format(
            "stopped with {} games of {} to go; resume with:\n  {} calibrate {} --db {}\n",
            summary.remaining, open->sweep.name, ctx_.program, args_.file, db_);
        // --max-games reached: exit 0, as `sweep` and `fix` do; a signal: 130; else an engine
        // kept failing to start.
        exit_code_ = runs::exit_code(played->ending);
        if (auto noted = note_in_progress(); !noted) return fail(noted.error());
        return false;
    }
    return true;
}

Result<analysis::PieceValueFit> Calibration::fit(const std::string& player) {
    auto store = analysis::read_store(db_);
    if (!store) return store.error();
    std::vector<analysis::StoredGame> games;
    for (auto& game : store->games)
        if (game.white_player == player && game.black_player == player)
            games.push_back(std::move(game));
    const auto method = analysis::value_method(sweep_.calibration->method);  // checked on read
    analysis::VariantCatalog catalog(store->specs);
    auto data = analysis::sample_material(games, sweep_.variant, catalog, method->sampling);
    if (!data) return data.error();
    analysis::ValueFitOptions options;
    options.method = method->name;
    options.positional = method->positional;
    options.bootstrap = method->bootstrap;
    options.seed = sweep_.seed;
    auto fit = analysis::fit_piece_values(*data, options);
    if (!fit)
        return make_error(fmt::format("fitting the values of {}: {}", player, fit.error().message));
    return fit;
}

std::optional<stats::Interval> Calibration::match_score(const std::string& now,
                                                        const std::string& before,
                                                        stats::Wdl& wdl) {
    auto store = analysis::read_store(db_);
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

std::string value_text(double value, const stats::Interval& interval, bool unit) {
    return unit ? fmt::format("{:.2f} (unit)", value)
                : fmt::format("{:.2f} [{:.2f}, {:.2f}]", value, interval.lower, interval.upper);
}

void Calibration::print(const std::vector<Round>& rounds, bool converged) const {
    const auto& cal = *sweep_.calibration;
    const std::string step =
        cal.step < 1.0 ? fmt::format(", each round {:g} of the way to the fit", cal.step) : "";
    ctx_.out << fmt::format("\nCalibration of {} in {} ({}{}), database {}\n\n", cal.player,
                            sweep_.variant, cal.method, step, db_);
    for (const Round& round : rounds) {
        ctx_.out << fmt::format("round {} ({}): {} games, played by {}\n", round.index,
                                round.player, round.games,
                                round.played.empty() ? "the documented values"
                                                     : "the values fitted in the round before");
        for (const auto& row : round.fit.rows) {
            if (!row.identified) continue;
            ctx_.out << fmt::format("  {:<12} played {:>6.2f}  fitted {}\n", row.piece,
                                    played_value(round.played, row),
                                    value_text(row.value.value, analysis::shown_value_interval(row),
                                               row.piece == round.fit.normalize));
        }
        if (round.match) {
            ctx_.out << fmt::format(
                "  against round {}: {} games, score {:.1f}% [{:.1f}, {:.1f}] ({}-{}-{}){}\n",
                round.index - 1, round.match_wdl.games(), 100 * round.match->estimate,
                100 * round.match->lower, 100 * round.match->upper, round.match_wdl.wins,
                round.match_wdl.draws, round.match_wdl.losses,
                round.match->upper < 0.5 ? ": the new values play worse" : "");
        }
        ctx_.out << (round.moved.empty()
                         ? "  every value played by lies inside its fitted interval\n"
                         : fmt::format("  played outside their fitted intervals: {}\n",
                                       fmt::join(round.moved, ", ")));
    }
    if (!in_progress_.empty()) {
        ctx_.out << (args_.status
                         ? fmt::format(
                               "\nIn progress after {} finished round(s): {}; read from the "
                               "stored games, nothing played.\n",
                               rounds.size(), in_progress_)
                         : fmt::format("\nStopped after {} finished round(s) and {} games played "
                                       "in this run: {}; the same command resumes.\n",
                                       rounds.size(), played_, in_progress_));
        return;
    }
    ctx_.out << '\n'
             << (converged
                     ? fmt::format("Fixed point after {} round(s): the values round {} played by "
                                   "are the values its games support.\n",
                                   rounds.size(), rounds.back().index)
                     : fmt::format("No fixed point within {} round(s) (max_rounds); the last "
                                   "fit is the best estimate.\n",
                                   rounds.size()));
}

Json Calibration::to_json(const std::vector<Round>& rounds, bool converged) const {
    Json out;
    out["variant"] = sweep_.variant;
    out["player"] = sweep_.calibration->player;
    out["method"] = sweep_.calibration->method;
    out["step"] = sweep_.calibration->step;
    out["database"] = db_;
    out["converged"] = converged;
    out["rounds_played"] = rounds.size();
    if (!in_progress_.empty()) out["in_progress"] = in_progress_;  // --status, not finished
    Json list = Json::array();
    for (const Round& round : rounds) {
        Json r;
        r["round"] = round.index;
        r["player"] = round.player;
        r["games"] = round.games;
        Json pieces = Json::array();
        for (const auto& row : round.fit.rows) {
            if (!row.identified) continue;
            const auto& shown = analysis::shown_value_interval(row);
            pieces.push_back({{"piece", row.piece},
                              {"played", played_value(round.played, row)},
                              {"value", row.value.value},
                              {"value_low", shown.lower},
                              {"value_high", shown.upper}});
        }
        r["pieces"] = pieces;
        r["moved"] = round.moved;
        if (round.match) {
            r["match"] = {{"games", round.match_wdl.games()}, {"wins", round.match_wdl.wins},
                          {"draws", round.match_wdl.draws},   {"losses", round.match_wdl.losses},
                          {"score", round.match->estimate},   {"score_low", round.match->lower},
                          {"score_high", round.match->upper}};
        }
        list.push_back(std::move(r));
    }
    out["rounds"] = std::move(list);
    Json fixed = Json::array();
    for (const auto& row :
         rounds.empty() ? std::vector<analysis::PieceValueRow>{} : rounds.back().fit.rows) {
        if (!row.identified) continue;
        const auto& shown = analysis::shown_value_interval(row);
        fixed.push_back({{"piece", row.piece},
                         {"value", row.value.value},
                         {"value_low", shown.lower},
                         {"value_high", shown.upper}});
    }
    out["values"] = fixed;
    return out;
}

int Calibration::run() {
    const auto& cal = *sweep_.calibration;
    const tournament::PlayerSpec* found = nullptr;
    for (const auto& p : sweep_.players)
        if (p.name == cal.player) found = &p;
    tournament::PlayerSpec player = *found;  // read_calibration checked it exists
    if (args_.nodes > 0) player.limits.nodes = args_.nodes;
    if (args_.nodes > 0) sweep_.name += fmt::format("-n{}", args_.nodes);

    db_ = args_.db.empty() ? "results/" + sweep_.name + ".db" : args_.db;
    // Before the database is opened for writing, so that one that is not this calibration's is
    // left as it was: its runs, and round 0 (whose values the file gives) played the same way.
    auto exists = tournament::database_exists(db_);
    if (!exists) return report_error(ctx_, exists.error());
    if (*exists) {
        auto existing = tournament::ResultStore::open_existing(db_);
        if (!existing) return report_error(ctx_, existing.error());
        if (auto same = same_calibration(*existing, sweep_.name,
                                         self_play(sweep_, player, 0, player.piece_values));
            !same)
            return report_error(ctx_, same.error());
    }
    // --status reads as it is, beside a process that may be writing: no lock, no schema change.
    auto opened =
        runs::open_run_store(db_, args_.status, tournament::Writer::Calibrate, "calibration");
    if (!opened) return report_error(ctx_, opened.error());
    store_ = std::move(opened->store);
    const std::optional<tournament::ShardLock> lock = std::move(opened->lock);

    std::vector<Round> rounds;
    config::PieceValues values = player.piece_values;  // round 0: the file's (usually none)
    bool converged = false, stopped = false;
    for (int r = 0; r < cal.max_rounds && !converged; ++r) {
        Round round;
        round.index = r;
        round.player = round_player(player.name, r);
        round.played = values;
        if (!play(self_play(sweep_, player, r, values))) {
            stopped = true;
            break;
        }
        if (r > 0 && cal.match_games > 0) {
            if (!play(match(sweep_, player, r, values, rounds.back().played, cal.match_games))) {
                stopped = true;
                break;
            }
            round.match = match_score(round.player, rounds.back().player, round.match_wdl);
        }
        auto fitted = fit(round.player);
        if (!fitted) return report_error(ctx_, fitted.error());
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
        converged = round.moved.empty();
        rounds.push_back(std::move(round));
        values = std::move(next);
    }
    // A round that did not finish: failed (reported), or stopped (a signal, --max-games) or
    // under --status still in progress, when the rounds so far and the games of the round in
    // progress are shown.
    if (stopped && failed_) return exit_code_;

    if (!args_.write_values.empty() && !stopped) {
        const std::string provenance = fmt::format(
            "Piece values of {} from `balance calibrate {}`: {} after {} round(s), database {}.",
            sweep_.variant, args_.file, converged ? "a fixed point" : "no fixed point",
            rounds.size(), db_);
        if (auto written = write_text_file(
                args_.write_values,
                config::piece_values_toml(values, sweep_.rule_sets.front().spec, provenance));
            !written)
            return report_error(ctx_, written.error());
    }
    if (args_.json)
        ctx_.out << to_json(rounds, converged).dump(2) << '\n';
    else
        print(rounds, converged);
    return stopped ? exit_code_ : 0;
}

int run_calibrate_command(const CalibrateArgs& args, AppContext& ctx) {
    auto file = config::find_sweep(args.file);
    if (!file) return report_error(ctx, file.error());
    auto sweep = config::load_sweep(*file);
    if (!sweep) return report_error(ctx, sweep.error());
    if (!sweep->calibration) {
        return report_error(ctx, make_error("not a calibration file: add a [calibrate] table "
                                            "naming the engine player (player = \"...\")",
                                            file->string()));
    }
    // The values file is written at the end: a path it cannot go to fails now, not after the
    // games.
    if (!args.write_values.empty())
        if (auto ok = check_output_path(args.write_values); !ok)
            return report_error(ctx, ok.error());
    Calibration calibration(args, ctx, std::move(*sweep), file->string());
    return calibration.run();
}

}  // namespace

Result<analysis::Json> calibration_status(const std::string& file, const std::string& db,
                                          std::uint64_t nodes) {
    CalibrateArgs args;
    args.file = file;
    args.db = db;
    args.nodes = nodes;
    args.status = true;
    args.json = true;
    args.quiet = true;
    std::ostringstream out, err;
    AppContext ctx{out, err};
    const int status = run_calibrate_command(args, ctx);
    return captured_json(status, out.str(), err.str());
}

void register_calibrate(CLI::App& app, AppContext& ctx) {
    auto args = std::make_shared<CalibrateArgs>();
    CLI::App* command = app.add_subcommand(
        "calibrate",
        "Piece values the engine's own games support: play, fit, play by the fit, refit, until "
        "every value played by lies inside its fitted interval");
    command->add_option("file", args->file, "Sweep file with a [calibrate] table")->required();
    command->add_option("--db", args->db, "Results database (default: results/<name>.db)");
    command->add_option("--threads", args->threads, "Games played in parallel (default: cores)")
        ->check(CLI::Range(1, 1024));
    command
        ->add_option("--nodes", args->nodes,
                     "Node limit of the calibrated player (overrides the file's; the "
                     "database name gets -n<nodes>)")
        ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1'000'000'000'000}));
    command->add_flag("--json", args->json, "Print one JSON object instead of text");
    command->add_option("--write-values", args->write_values,
                        "Write the last fitted values as a values file for sweep players");
    command->add_flag("--quiet", args->quiet, "No progress display");
    command
        ->add_option("--max-games", args->max_games,
                     "Stop after this many games (exit 0; the same command resumes)")
        ->check(CLI::Range(std::int64_t{0}, tournament::kMaxSweepGames));
    command->add_flag("--status", args->status,
                      "Show the finished rounds and the one in progress from the stored games, "
                      "playing and writing nothing (also while another process plays into the "
                      "database)");
    command->callback([args, &ctx] { ctx.exit_code = run_calibrate_command(*args, ctx); });
}

}  // namespace balance::cli
