#pragma once
// A queue file (`balance queue FILE`): long runs (sweeps, `balance fix` searches, `balance
// calibrate` runs) played one after another, each with its database, threads and nice level.
// Read strictly: an unknown key, a bad kind or a missing value is an error at its file:line.

#include <filesystem>
#include <string>
#include <vector>

#include "balance/core/error.hpp"

namespace balance::config {

enum class QueueKind { Sweep, Fix, Calibrate };

// "sweep", "fix", "calibrate": the subcommand that plays the entry.
[[nodiscard]] const char* queue_kind_name(QueueKind kind);

struct QueueEntry {
    std::string name;  // unique in the queue; default: the stem of `file`
    QueueKind kind = QueueKind::Sweep;
    std::string file;  // the sweep, fix or calibration file, a path or a name, as written
    std::string db;    // as written; relative paths lie in the queue's directory
    int threads = 0;   // 0: one per core
    int nice = 0;      // added to the child's niceness, as `nice -n` does
    std::vector<std::string> flags;  // further flags of the subcommand, e.g. ["--confirm", "3000"]
    std::string revision;            // empty: this build; else the snapshot build of the revision
    bool finished = false;           // kept for the record: never played, listed as finished
    std::string checkpoint;          // where results/checkpoint.sh saves the database (listed)
    std::string where;               // file:line of the entry's [[run]]
};

enum class OnFailure { Stop, Continue };

struct QueueFile {
    std::string file;  // as shown in messages
    OnFailure on_failure = OnFailure::Stop;
    std::vector<QueueEntry> entries;
};

[[nodiscard]] Result<QueueFile> load_queue(const std::filesystem::path& file);

}  // namespace balance::config
