#pragma once
// The two batch scripts `balance slurm` writes: the job array (one task per shard) and the
// merge-and-report job that runs after it. Plain bash with #SBATCH lines, so a user can read
// them, submit them by hand, or adapt them (e.g. to stage the build on local disk).

#include <filesystem>
#include <string>

namespace balance::cli {

struct SlurmJob {
    std::string sweep_name;
    std::string sweep_arg;              // the sweep as given on the command line
    std::filesystem::path balance;      // the binary, absolute (must be visible on the nodes)
    std::filesystem::path sweep_file;   // absolute
    std::filesystem::path working_dir;  // absolute; the jobs run there (configs/ resolve)
    std::filesystem::path dir;          // absolute: scripts, shards/, logs/
    std::filesystem::path db;           // the merged database, absolute
    std::filesystem::path report;       // the merged report, absolute
    int tasks = 1;
    int cpus_per_task = 1;
    std::string time;       // --time, "" = the partition's default
    std::string partition;  // "" = the cluster's default
};

[[nodiscard]] std::filesystem::path shards_dir(const SlurmJob& job);
[[nodiscard]] std::filesystem::path logs_dir(const SlurmJob& job);
[[nodiscard]] std::filesystem::path task_script_path(const SlurmJob& job);
[[nodiscard]] std::filesystem::path merge_script_path(const SlurmJob& job);

// The array task: plays shard $SLURM_ARRAY_TASK_ID of job.tasks on local scratch, starting from
// what earlier attempts of that shard copied back, and copies the result back atomically (also
// when cancelled or pre-empted: SIGTERM stops the sweep after the games in flight).
[[nodiscard]] std::string task_script(const SlurmJob& job);

// The merge job: `balance slurm --merge` (all shard files into job.db, then what is missing)
// and `balance report` into job.report.
[[nodiscard]] std::string merge_script(const SlurmJob& job);

// `text` quoted for bash (single quotes).
[[nodiscard]] std::string shell_quote(const std::string& text);

}  // namespace balance::cli
