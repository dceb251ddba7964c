#pragma once
// Where each entry of a queue stands, read from its state, its lock and its databases without
// writing anything (also while the queue runs): stored and planned games, and an ETA from the
// stored games' own playing times.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "balance/config/queue_reader.hpp"
#include "balance/core/error.hpp"
#include "balance/runs/queue_layout.hpp"

namespace balance::runs {

struct EntryGames {
    std::int64_t stored = 0;
    std::optional<std::int64_t> planned;  // none: not counted, or not known (see note)
    bool at_most = false;                 // a search's or a calibration's budget: it may end before
    std::int64_t stored_ms = 0;           // the stored games' playing time, summed
    std::string note;                     // why planned is not known
};

// The entry's games in its database (none stored when the database does not exist yet). Planned
// (when `count_planned`): a sweep's games (an adaptive sweep's budget, at most), a search's
// budget, a calibration's rounds at their most.
[[nodiscard]] EntryGames entry_games(const config::QueueEntry& entry, const QueueLayout& layout,
                                     bool count_planned = true);

// A sweep entry whose every planned game is stored: played to the end, even when the queue did
// not see it end (a power loss after its last game), so it is not started again.
[[nodiscard]] bool sweep_complete(const config::QueueEntry& entry, const QueueLayout& layout);

struct EntryStatus {
    std::string name;
    std::string kind;
    std::string state;   // finished, running, waiting, failed
    std::string detail;  // "exit 1", "interrupted: resumes first", "marked finished"
    EntryGames games;
    // Seconds of play left at the entry's threads, from the mean stored game (none: no game
    // stored yet, or planned not known).
    std::optional<double> eta_seconds;
};

struct QueueStatus {
    std::vector<EntryStatus> entries;
    std::optional<std::string> holder;  // the process running the queue, if one does
};

[[nodiscard]] Result<QueueStatus> queue_status(const config::QueueFile& queue,
                                               const QueueLayout& layout);

}  // namespace balance::runs
