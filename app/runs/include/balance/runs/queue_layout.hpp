#pragma once
// Where a queue keeps things. Everything lies in the queue's directory (`--dir`): the state
// (<queue>.queue.json), the lock (<queue>.queue.lock), each entry's log (<name>.log), its
// database when given relative, and the snapshot builds of pinned revisions
// (snapshot-<rev>/build/app/balance, as results/studies.sh builds them).

#include <filesystem>
#include <string>
#include <vector>

#include "balance/config/queue_reader.hpp"

namespace balance::runs {

struct QueueLayout {
    std::filesystem::path dir;   // as given (the queue never changes its working directory)
    std::filesystem::path self;  // the `balance` that plays unpinned entries
    std::string stem;            // the queue file's stem

    [[nodiscard]] std::filesystem::path state_file() const { return dir / (stem + ".queue.json"); }
    [[nodiscard]] std::filesystem::path lock_file() const { return dir / (stem + ".queue.lock"); }
    [[nodiscard]] std::filesystem::path log(const config::QueueEntry& entry) const {
        return dir / (entry.name + ".log");
    }
    [[nodiscard]] std::filesystem::path db(const config::QueueEntry& entry) const {
        return dir / entry.db;  // an absolute db stays as it is
    }
    // The tree a pinned entry runs in (its configs are that revision's); empty when unpinned.
    [[nodiscard]] std::filesystem::path tree(const config::QueueEntry& entry) const {
        return entry.revision.empty() ? std::filesystem::path()
                                      : dir / ("snapshot-" + entry.revision);
    }
    [[nodiscard]] std::filesystem::path binary(const config::QueueEntry& entry) const {
        return entry.revision.empty() ? self : tree(entry) / "build" / "app" / "balance";
    }
    // The child's command line: balance <kind> <file> --db <db> --quiet [--threads N] flags...
    // (the binary and the database absolute: a pinned entry runs in its snapshot tree)
    [[nodiscard]] std::vector<std::string> command(const config::QueueEntry& entry) const;
};

[[nodiscard]] QueueLayout make_layout(const std::filesystem::path& queue_file,
                                      const std::filesystem::path& dir,
                                      const std::filesystem::path& self);

}  // namespace balance::runs
