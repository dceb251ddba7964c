#include "sweep_run.hpp"

#include <algorithm>
#include <exception>
#include <thread>

#include <tbb/global_control.h>
#include <tbb/task_group.h>

#include "adaptive.hpp"
#include "balance/stats/game_result.hpp"
#include "balance/tournament/cell_key.hpp"
#include "balance/tournament/rule_specs.hpp"
#include "balance/tournament/sweep_json.hpp"

namespace balance::tournament {

SweepRun::SweepRun(const OpenSweep& open, ResultStore& store, const RunOptions& options,
                   const PlayerFactory& factory, std::atomic<bool>& stop,
                   ProgressObserver* progress)
    : sweep_(open.sweep),
      rules_(open.rules),
      store_(store),
      options_(options),
      factory_(factory),
      stop_(stop),
      observer_(progress),
      arena_(std::max(1, options.threads)) {}

Result<void> SweepRun::prepare() {
    context_.sweep = &sweep_;
    context_.cells = make_cells(sweep_);
    if (!rules_.fits(sweep_))
        return make_error("internal error: the sweep's rule sets changed after it was opened",
                          sweep_.file);
    for (std::size_t c = 0; c < context_.cells.size(); ++c) {
        const Cell& cell = context_.cells[c];
        context_.rules.push_back(rules_.of(cell));
        context_.players_json.push_back(
            players_json(sweep_.players[cell.white_player], sweep_.players[cell.black_player]));
        cell_index_[cell.key] = c;
    }
    for (const RuleSet& set : sweep_.rule_sets) context_.spec_hashes.push_back(set.hash());
    tallies_.assign(context_.cells.size(), stats::Wdl{});
    scores_ = StoredScores(context_.cells.size());
    streaks_.assign(sweep_.players.size(), Streaks{});
    for (int w = 0; w < std::max(1, options_.threads); ++w)
        workers_.push_back(std::make_unique<WorkerPlayers>(sweep_, factory_));
    return {};
}

Result<std::vector<std::string>> SweepRun::probe_players() {
    std::vector<std::string> ids(sweep_.players.size());
    for (std::size_t p = 0; p < sweep_.players.size(); ++p) {
        const bool used =
            std::any_of(context_.cells.begin(), context_.cells.end(),
                        [p](const Cell& c) { return c.white_player == p || c.black_player == p; });
        if (!used) continue;
        auto player = factory_(sweep_.players[p]);  // starts external engines: fail early
        if (!player) return player.error();
        ids[p] = (*player)->name();
        if (sweep_.players[p].kind == PlayerKind::Engine) ids[p] += " " + options_.git_revision;
    }
    return ids;
}

Result<void> SweepRun::load_stored() {
    auto stored = store_.scores();
    if (!stored) return stored.error();
    for (const auto& [key, score] : *stored) {
        // Games of cells this sweep does not have (another sweep in the same database) are
        // never asked about.
        const auto [cell_key, index] = split_game_key(key);
        const auto it = cell_index_.find(cell_key);
        if (it == cell_index_.end()) continue;
        add_stored(it->second, index, score);
    }
    return {};
}

void SweepRun::add_stored(std::size_t cell, int index, double score) {
    if (scores_.contains(cell, index)) return;  // known already (read again after a pass)
    scores_.set(cell, index, score);
    stats::add_game_score(tallies_[cell], score);
}

void SweepRun::fail(const Error& error) {
    std::lock_guard lock(error_mutex_);
    if (!error_) error_ = error;
    failed_ = true;
}

std::string SweepRun::label(const Cell& cell) const {
    std::string text = cell.pairing.white + "-" + cell.pairing.black;
    if (sweep_.rule_sets.size() > 1) text += " " + sweep_.rule_sets[cell.rule_set].name;
    if (sweep_.matchups.size() > 1) {
        text += " " + sweep_.players[cell.white_player].name + "-" +
                sweep_.players[cell.black_player].name;
    }
    return text;
}

void SweepRun::report_progress(bool final) {
    progress_.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started_at_).count();
    progress_.cells.clear();
    for (std::size_t c = 0; c < context_.cells.size(); ++c)
        progress_.cells.push_back(CellTally{label(context_.cells[c]), tallies_[c]});
    if (!observer_) return;
    if (final) {
        observer_->finish(progress_);
    } else {
        observer_->update(progress_);
    }
}

void SweepRun::count_failures(const Cell& cell, const PlayedGame& game) {
    std::optional<Error> stop;
    {
        std::lock_guard lock(streaks_mutex_);
        for (int side = 0; side < 2; ++side) {
            const std::size_t p = side == 0 ? cell.white_player : cell.black_player;
            const PlayerSpec& player = sweep_.players[p];
            const bool failed = game.failure && game.failure->side == side;
            const auto status = failed ? game.failure->status : players::MoveStatus::Ok;
            Streaks& streak = streaks_[p];
            // A void game says nothing about the side that was not asked to move.
            if (status == players::MoveStatus::Unavailable) {
                ++streak.unavailable;
            } else if (!game.void_game) {
                streak.unavailable = 0;
            }
            if (status == players::MoveStatus::Timeout) {
                ++streak.timeouts;
            } else if (!game.void_game) {
                streak.timeouts = 0;
            }
            const int limit = player.max_failures_in_row;
            if (limit <= 0 || stop) continue;
            const std::string last = failed ? " (last: " + game.failure->detail + ")" : "";
            if (streak.unavailable >= limit) {
                stop = make_error(
                    "its engine could not be started " + std::to_string(streak.unavailable) +
                        " times in a row, so the sweep stops" + last +
                        ". The games it could not play are stored as failed, not as results: "
                        "re-run the same command once the engine works to play them",
                    player.label());
            } else if (streak.timeouts >= limit) {
                // Under a node or depth limit those games are void (played again), under
                // movetime they are losses; either way an engine that keeps hanging stops here.
                const bool clocked = player.limits.movetime_ms > 0;
                stop = make_error(
                    std::string(clocked ? "lost " : "did not answer in time in ") +
                        std::to_string(streak.timeouts) + " games in a row" +
                        (clocked ? " on time" : "") + ", so the sweep stops" + last +
                        ": check the engine and the machine's load, or raise depth_timeout_ms "
                        "(limit: depth) or timeout_margin_ms",
                    player.label());
            }
        }
    }
    if (stop) fail(*stop);
}

void SweepRun::write(ResultQueue<Finished>& queue) {
    while (auto item = queue.pop()) {
        if (item->failed) {
            if (auto recorded = store_.insert_failed_game(*item->failed); !recorded) {
                fail(recorded.error());
            }
            ++summary_.failed;
            continue;
        }
        auto added = store_.insert_game(item->row);
        if (!added) {
            fail(added.error());
            continue;  // keep draining so no worker waits on us
        }
        if (!*added) {
            // Stored meanwhile by another process (a merge into this database, a shard of
            // another N): the first copy stays, and counts as stored for this run too.
            auto first = store_.game(item->row.game_key);
            if (!first) {
                fail(first.error());
            } else if (*first) {
                add_stored(item->cell, item->row.game_index, (*first)->white_score);
                ++progress_.done;
            }
            continue;
        }
        add_stored(item->cell, item->row.game_index, item->row.white_score);
        ++progress_.done;
        ++progress_.played;
        ++summary_.played;
        report_progress(false);
    }
}

void SweepRun::work(const std::vector<PlannedGame>& games, std::size_t limit,
                    WorkerPlayers& players, ResultQueue<Finished>& queue) {
    while (!should_stop()) {
        const std::size_t i = next_++;
        if (i >= limit) return;
        std::optional<Result<PlayedGame>> played;
        try {
            played.emplace(play_planned_game(context_, games[i], players));
        } catch (const std::exception& e) {  // e.g. out of memory in a player
            fail(make_error(std::string("internal error: ") + e.what(), "game " + games[i].key));
            return;
        }
        if (!*played) {
            fail(make_error(played->error().to_string(), "game " + games[i].key));
            return;
        }
        PlayedGame& game = played->value();
        count_failures(context_.cells[games[i].cell], game);
        std::optional<FailedGameRow> failed;
        if (game.void_game) failed = game.failed_row();
        queue.push(Finished{games[i].cell, std::move(game.row), std::move(failed)});
    }
}

void SweepRun::play_batch(const std::vector<PlannedGame>& games) {
    std::size_t limit = games.size();
    if (options_.max_games) {
        const std::int64_t left = std::max<std::int64_t>(0, *options_.max_games - started_games_);
        limit = std::min<std::size_t>(limit, static_cast<std::size_t>(left));
    }
    if (limit == 0) return;
    ResultQueue<Finished> queue;
    std::thread writer([&] { write(queue); });
    next_ = 0;
    try {
        arena_.execute([&] {
            // One long-lived task per worker, each with its own players, pulling the next game
            // in plan order: cells fill evenly and a stop request is seen between games.
            tbb::task_group group;
            for (auto& worker : workers_) {
                WorkerPlayers* players = worker.get();
                group.run([&, players] { work(games, limit, *players, queue); });
            }
            group.wait();
        });
    } catch (const std::exception& e) {
        fail(make_error(std::string("internal error in a game worker: ") + e.what()));
    }
    queue.close();
    writer.join();
    started_games_ += static_cast<std::int64_t>(std::min(next_.load(), limit));
}

Result<bool> SweepRun::play_missing(const std::vector<PlannedGame>& planned) {
    // Void games (an engine that could not be started, a node- or depth-limited search the
    // watchdog gave up on) get further passes in this run, so an outage or a load spike of a few
    // seconds costs nothing; an engine that stays down or hangs stops the run through
    // max_failures_in_row long before the passes run out.
    constexpr int passes = 3;
    for (int pass = 0; pass < passes && !should_stop(); ++pass) {
        // Another process may have stored some of them since (a merge into this database).
        if (pass > 0) {
            if (auto loaded = load_stored(); !loaded) return loaded.error();
        }
        std::vector<PlannedGame> missing;
        for (const auto& game : planned) {
            if (!stored(game)) missing.push_back(game);
        }
        if (missing.empty()) break;
        const std::int64_t failed_before = summary_.failed;
        play_batch(missing);
        if (summary_.failed == failed_before) break;  // nothing voided: nothing to replay
    }
    if (error_) return *error_;
    // What is left is what the database lacks, whoever stored the rest.
    if (auto loaded = load_stored(); !loaded) return loaded.error();
    return std::all_of(planned.begin(), planned.end(),
                       [this](const PlannedGame& g) { return stored(g); });
}

Result<void> SweepRun::run_fixed() {
    std::vector<int> counts;
    for (const auto& cell : context_.cells) counts.push_back(planned_games(sweep_, cell));
    std::vector<PlannedGame> planned;
    for (auto& game : plan_games(sweep_, context_.cells, counts)) {
        if (options_.shard.contains(game.key)) planned.push_back(std::move(game));
    }
    summary_.planned = static_cast<std::int64_t>(planned.size());
    progress_.total = summary_.planned;
    progress_.done = std::count_if(planned.begin(), planned.end(),
                                   [this](const PlannedGame& g) { return stored(g); });
    summary_.already_stored = progress_.done;
    report_progress(false);
    auto complete = play_missing(planned);
    if (!complete) return complete.error();
    summary_.remaining = std::count_if(planned.begin(), planned.end(),
                                       [this](const PlannedGame& g) { return !stored(g); });
    progress_.done = summary_.planned - summary_.remaining;
    return {};
}

std::vector<stats::Wdl> SweepRun::results(const std::vector<int>& allocated) const {
    std::vector<stats::Wdl> out(context_.cells.size());
    for (std::size_t c = 0; c < context_.cells.size(); ++c) {
        for (int i = 0; i < allocated[c]; ++i) {
            if (const auto score = scores_.get(c, i)) stats::add_game_score(out[c], *score);
        }
    }
    return out;
}

Result<void> SweepRun::run_adaptive() {
    const AdaptiveSpec& spec = *sweep_.adaptive;
    std::vector<int> allocated = first_wave(spec, context_.cells.size());
    progress_.total = spec.budget;
    progress_.adaptive = true;
    for (const auto& wdl : tallies_) progress_.done += wdl.games();
    summary_.already_stored = progress_.done;
    report_progress(false);
    while (true) {
        const auto planned = plan_games(sweep_, context_.cells, allocated);
        summary_.planned = static_cast<std::int64_t>(planned.size());
        auto complete = play_missing(planned);
        if (!complete) return complete.error();
        if (!*complete) {  // stopped inside this wave
            summary_.remaining = std::count_if(planned.begin(), planned.end(),
                                               [this](const PlannedGame& g) { return !stored(g); });
            return {};
        }
        const auto added = next_wave(spec, results(allocated), allocated);
        if (std::all_of(added.begin(), added.end(), [](int a) { return a == 0; })) return {};
        for (std::size_t c = 0; c < allocated.size(); ++c) allocated[c] += added[c];
    }
}

Result<RunSummary> SweepRun::run() {
    if (sweep_.adaptive && options_.shard.count > 1) {
        return make_error(
            "an adaptive sweep cannot be sharded: every wave depends on all earlier results",
            "--shard");
    }
    // Let the arena really have `threads` threads, even beyond the core count (external
    // engines spend most of their time waiting on another process).
    tbb::global_control parallelism(tbb::global_control::max_allowed_parallelism,
                                    static_cast<std::size_t>(std::max(1, options_.threads)));
    if (auto ready = prepare(); !ready) return ready.error();
    auto ids = probe_players();
    if (!ids) return ids.error();
    if (auto loaded = load_stored(); !loaded) return loaded.error();
    RunRow run;
    run.started_at = utc_now();
    run.sweep_name = sweep_.name;
    run.sweep_file = options_.sweep_file;
    run.config_json = config_json(sweep_);
    run.master_seed = sweep_.seed;
    run.git_revision = options_.git_revision;
    run.engines_json = engines_json(sweep_, *ids);
    run.host = options_.host;
    run.threads = std::max(1, options_.threads);
    run.shard = options_.shard.to_string();
    auto run_id = store_.begin_run(run);
    if (!run_id) return run_id.error();
    context_.run_id = *run_id;
    summary_.run_id = *run_id;
    if (auto recorded = record_rule_specs(sweep_, store_, *run_id); !recorded)
        return recorded.error();
    started_at_ = std::chrono::steady_clock::now();
    progress_.run_limit = options_.max_games;

    auto played = sweep_.adaptive ? run_adaptive() : run_fixed();
    report_progress(true);
    if (!played) return played.error();
    if (auto finished = store_.finish_run(*run_id, utc_now()); !finished) return finished.error();
    summary_.stopped = summary_.remaining > 0;
    summary_.cells = progress_.cells;
    if (auto counted = count_engine_failures(); !counted) return counted.error();
    return summary_;
}

Result<void> SweepRun::count_engine_failures() {
    auto counts = store_.failure_counts();
    if (!counts) return counts.error();
    for (const CellFailureCount& count : *counts) {
        const auto it = cell_index_.find(count.cell_key);
        if (it == cell_index_.end()) continue;
        const Cell& cell = context_.cells[it->second];
        CellTally& tally = summary_.cells[it->second];
        tally.engine_failures = count.failures[0] + count.failures[1];
        if (!tally.failed()) continue;
        std::string note = std::to_string(tally.engine_failures) + " of " +
                           std::to_string(count.games) + " games lost by an engine failure:";
        for (int side = 0; side < 2; ++side) {
            if (count.failures[side] == 0) continue;
            const std::size_t p = side == 0 ? cell.white_player : cell.black_player;
            note += std::string(side == 0 ? " White's" : " Black's") + " player '" +
                    sweep_.players[p].name + "' " + std::to_string(count.failures[side]) + ";";
        }
        note.pop_back();
        const std::string detail = failure_detail(count.example_details);
        if (!detail.empty()) note += ", e.g. " + detail;
        tally.failure_note = std::move(note);
    }
    return {};
}

}  // namespace balance::tournament
