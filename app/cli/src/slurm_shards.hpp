#pragma once
// The shard databases a Slurm job array leaves on the shared disk, and what of the sweep they
// still miss. Every attempt at a task (a first run, a re-queue, a re-submission, a duplicate)
// copies back a file of its own, "shard-K-of-N.<attempt>.db", written under a hidden temporary
// name and renamed when complete: files are never rewritten, so any number of attempts may run
// at once, and the union of the files is what has been played.

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "balance/core/error.hpp"
#include "balance/tournament/sweep.hpp"

namespace balance::cli {

struct ShardFile {
    int index = 0;  // K
    int count = 0;  // N
    std::filesystem::path file;
};

// The shard files in `dir`, by name; hidden files (copies in progress) and others are ignored.
[[nodiscard]] std::vector<ShardFile> list_shard_files(const std::filesystem::path& dir);

// Copies the database `from` (local scratch) to `to` (the shared disk) atomically: a consistent
// snapshot goes to a hidden temporary name in `to`'s directory and is renamed to `to` when
// complete, so readers see either no file or the whole of it.
[[nodiscard]] Result<void> copy_back_shard(const std::filesystem::path& from,
                                           const std::filesystem::path& to);

struct ShardProgress {
    int index = 0;             // K of `tasks`
    std::int64_t planned = 0;  // games of the sweep in this shard
    std::int64_t missing = 0;  // of those, in none of the databases
};

// Per shard K of `tasks`: the planned games of a fixed (non-adaptive) sweep and how many of
// them none of `databases` holds (databases that do not exist count as empty).
[[nodiscard]] Result<std::vector<ShardProgress>> shard_progress(
    const tournament::Sweep& sweep, int tasks, const std::vector<std::filesystem::path>& databases);

// "1-4" / "2,5,7-9": the shards with missing games, as an sbatch --array list; "" when none.
[[nodiscard]] std::string array_list(const std::vector<ShardProgress>& shards);

}  // namespace balance::cli
