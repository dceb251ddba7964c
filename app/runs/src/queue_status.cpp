#include "balance/runs/queue_status.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "balance/config/sweep_files.hpp"
#include "balance/config/sweep_reader.hpp"
#include "balance/runs/queue_lock.hpp"
#include "balance/runs/queue_state.hpp"
#include "balance/runs/run_settings.hpp"
#include "balance/tournament/game_timing.hpp"
#include "balance/tournament/plan.hpp"
#include "balance/tournament/stored_count.hpp"

namespace balance::runs {

namespace fs = std::filesystem;

namespace {

// The entry's file as its own build reads it: a pinned entry's in its snapshot tree.
Result<fs::path> entry_file(const config::QueueEntry& entry, const QueueLayout& layout) {
    if (!entry.revision.empty()) {
        std::error_code ec;
        const fs::path tree = layout.tree(entry);
        for (const fs::path& candidate :
             {tree / entry.file, tree / "configs" / "sweeps" / (entry.file + ".toml")})
            if (fs::is_regular_file(candidate, ec)) return candidate;
    }
    return config::find_sweep(entry.file);
}

Result<EntryGames> planned_games(const config::QueueEntry& entry, const QueueLayout& layout,
                                 const tournament::ResultStore* store, EntryGames games) {
    auto file = entry_file(entry, layout);
    if (!file) return file.error();
    auto sweep = config::load_sweep(*file);
    if (!sweep) return sweep.error();
    const auto cells = static_cast<std::int64_t>(sweep->pairings.size() * sweep->rule_sets.size());
    if (sweep->fix) {
        games.planned = sweep->fix->budget;
        games.at_most = true;
    } else if (sweep->calibration) {
        const auto& cal = *sweep->calibration;
        games.planned = cal.max_rounds * sweep->games_per_cell * cells +
                        std::int64_t{cal.max_rounds - 1} * cal.match_games;
        games.at_most = true;
    } else if (sweep->adaptive) {
        games.planned = sweep->adaptive->budget;
        games.at_most = true;
    } else if (!store) {
        games.planned = 0;
        for (const auto& cell : tournament::make_cells(*sweep))
            *games.planned += tournament::planned_games(*sweep, cell);
    } else {
        auto count = tournament::count_stored(*sweep, *store);
        if (!count) return count.error();
        games.planned = count->planned;
    }
    return games;
}

}  // namespace

EntryGames entry_games(const config::QueueEntry& entry, const QueueLayout& layout,
                       bool count_planned) {
    EntryGames games;
    std::optional<tournament::ResultStore> store;
    const fs::path db = layout.db(entry);
    if (auto exists = tournament::database_exists(db); exists && *exists) {
        auto opened = tournament::ResultStore::open_existing(db);
        if (!opened) {
            games.note = opened.error().to_string();
            return games;
        }
        store.emplace(std::move(*opened));
        if (auto timing = tournament::game_timing(db); timing) {
            games.stored = timing->games;
            games.stored_ms = timing->total_ms;
        }
    }
    if (!count_planned) return games;
    auto planned = planned_games(entry, layout, store ? &*store : nullptr, games);
    if (!planned) {
        games.note = planned.error().to_string();
        return games;
    }
    return *planned;
}

bool sweep_complete(const config::QueueEntry& entry, const QueueLayout& layout) {
    if (entry.kind != config::QueueKind::Sweep) return false;
    const EntryGames games = entry_games(entry, layout);
    return games.planned && !games.at_most && games.stored >= *games.planned;
}

Result<QueueStatus> queue_status(const config::QueueFile& queue, const QueueLayout& layout) {
    auto state = QueueState::read(layout.state_file());
    if (!state) return state.error();
    QueueStatus status;
    status.holder = QueueLock::holder(layout.lock_file());
    for (const auto& entry : queue.entries) {
        EntryStatus row;
        row.name = entry.name;
        row.kind = config::queue_kind_name(entry.kind);
        // A study marked finished is only listed: its games are counted, its plan is not read.
        row.games = entry_games(entry, layout, !entry.finished);
        const EntryRecord* record = state->find(entry);
        row.state = "waiting";
        if (entry.finished) {
            row.state = "finished";
            row.detail = "marked finished in the queue file";
        } else if (record) {
            switch (record->state) {
                case EntryState::Finished:
                    row.state = "finished";
                    row.detail = record->at;
                    break;
                case EntryState::Failed:
                    row.state = "failed";
                    row.detail = fmt::format("exit {}, {}; tried again at the next start",
                                             record->exit_code, record->at);
                    break;
                case EntryState::Running:
                    if (status.holder) {
                        row.state = "running";
                        row.detail = fmt::format("pid {}", record->pid);
                    } else {
                        row.detail = "interrupted: resumes at the next start";
                    }
                    break;
                case EntryState::Stopped:
                    row.detail = "stopped: resumes at the next start";
                    break;
            }
        }
        const EntryGames& g = row.games;
        if (row.state != "finished" && g.planned && g.stored > 0) {
            const int threads = thread_count(entry.threads);
            const double mean_s = static_cast<double>(g.stored_ms) / 1000.0 / g.stored;
            const auto left = std::max<std::int64_t>(0, *g.planned - g.stored);
            row.eta_seconds = static_cast<double>(left) * mean_s / threads;
        }
        status.entries.push_back(std::move(row));
    }
    return status;
}

}  // namespace balance::runs
