#pragma once
// What a queue has done, kept in a small JSON file beside its databases and rewritten whole
// (a temporary file renamed over it) after every change, so a kill or a power loss leaves the
// old state or the new one, never half of one.

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>

#include "balance/config/queue_reader.hpp"
#include "balance/core/error.hpp"

namespace balance::runs {

enum class EntryState { Running, Finished, Failed, Stopped };

[[nodiscard]] const char* state_name(EntryState state);

struct EntryRecord {
    EntryState state = EntryState::Running;
    std::string identity;  // the entry as it was played (entry_identity)
    int exit_code = 0;     // Failed: the child's exit code (128 + N for signal N)
    std::int64_t pid = 0;  // Running: the child
    std::string at;        // when the state was reached, UTC
};

// What decides an entry's games: kind, file, database, revision and flags. An entry whose
// identity changed since it finished is not finished any more; threads and nice are not part
// of it (they change no game).
[[nodiscard]] std::string entry_identity(const config::QueueEntry& entry);

struct QueueState {
    std::map<std::string, EntryRecord> entries;  // by entry name

    // The record of `entry` when it was made for the entry as it is now.
    [[nodiscard]] const EntryRecord* find(const config::QueueEntry& entry) const;

    // An absent file is an empty state.
    [[nodiscard]] static Result<QueueState> read(const std::filesystem::path& file);
    [[nodiscard]] Result<void> write(const std::filesystem::path& file) const;
};

}  // namespace balance::runs
