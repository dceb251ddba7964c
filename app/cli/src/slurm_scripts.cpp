#include "slurm_scripts.hpp"

#include <fmt/format.h>

namespace balance::cli {

namespace fs = std::filesystem;

std::string shell_quote(const std::string& text) {
    std::string quoted = "'";
    for (char c : text) {
        if (c == '\'') {
            quoted += "'\\''";
        } else {
            quoted += c;
        }
    }
    return quoted + "'";
}

fs::path shards_dir(const SlurmJob& job) {
    return job.dir / "shards";
}

fs::path logs_dir(const SlurmJob& job) {
    return job.dir / "logs";
}

fs::path task_script_path(const SlurmJob& job) {
    return job.dir / "task.sh";
}

fs::path merge_script_path(const SlurmJob& job) {
    return job.dir / "merge.sh";
}

namespace {

// #SBATCH lines cannot be quoted: paths with spaces are refused by the command before this.
std::string sbatch_header(const SlurmJob& job, const std::string& name, const std::string& log) {
    std::string header = fmt::format("#SBATCH --job-name={}\n", name);
    header += fmt::format("#SBATCH --output={}\n", (logs_dir(job) / log).string());
    header += fmt::format("#SBATCH --chdir={}\n", job.working_dir.string());
    if (!job.time.empty()) header += fmt::format("#SBATCH --time={}\n", job.time);
    if (!job.partition.empty()) header += fmt::format("#SBATCH --partition={}\n", job.partition);
    return header;
}

std::string variables(const SlurmJob& job) {
    return fmt::format("balance={}\nsweep={}\nshards={}\ntasks={}\n",
                       shell_quote(job.balance.string()), shell_quote(job.sweep_file.string()),
                       shell_quote(shards_dir(job).string()), job.tasks);
}

}  // namespace

std::string task_script(const SlurmJob& job) {
    std::string script = "#!/bin/bash\n";
    script += fmt::format(
        "# Written by `balance slurm` for sweep {}: task K of this job array plays shard K of "
        "{}.\n",
        job.sweep_name, job.tasks);
    script += sbatch_header(job, "balance-" + job.sweep_name, "task-%A_%a.out");
    script += fmt::format("#SBATCH --cpus-per-task={}\n#SBATCH --requeue\n", job.cpus_per_task);
    script += "set -u\n" + variables(job);
    script +=
        R"SH(k=${SLURM_ARRAY_TASK_ID:?submit this script as a job array, e.g. sbatch --array=1-$tasks}
now() { date -u +%FT%T.%3NZ; }
echo "task $k of $tasks on $(hostname) started $(now)"

# The sweep plays into a database on local scratch: SQLite on a network filesystem is slow and
# its locking is not to be trusted.
scratch=$(mktemp -d "${SLURM_TMPDIR:-${TMPDIR:-/tmp}}/balance-shard-$k.XXXXXX") || exit 1
trap 'rm -rf "$scratch"' EXIT
# scancel, a pre-emption or the time limit send SIGTERM to the whole job: balance stops after the
# games in flight (exit 130) and this script carries on to copy back what was played.
trap 'echo "task $k: SIGTERM at $(now), copying back the games played"' TERM

# Start from what earlier attempts of this shard copied back: only the missing games are played.
shopt -s nullglob
earlier=("$shards"/shard-$k-of-$tasks.*.db)
if [ ${#earlier[@]} -gt 0 ]; then
    "$balance" merge "$scratch/shard.db" "${earlier[@]}" || exit 1
fi
"$balance" sweep "$sweep" --shard "$k/$tasks" --threads "${SLURM_CPUS_PER_TASK:-1}" \
    --db "$scratch/shard.db" --quiet
status=$?

# Copy back atomically, to a name no other attempt uses: a consistent snapshot (whatever state
# the sweep was stopped in) goes to the shared disk under a hidden name and is renamed when
# complete. Nothing is ever overwritten, so a task that runs twice (a re-queue) or twice at once
# cannot lose games.
if [ -f "$scratch/shard.db" ]; then
    name="shard-$k-of-$tasks.${SLURM_JOB_ID:-0}-${SLURM_RESTART_COUNT:-0}-$(hostname -s)-$$.db"
    if "$balance" slurm "$sweep" --tasks "$tasks" --copy-back "$scratch/shard.db" --to "$shards/$name"; then
        echo "task $k: copied back to $shards/$name at $(now)"
    else
        echo "task $k: copying back failed" >&2
        [ "$status" -ne 0 ] || status=1
    fi
fi
echo "task $k finished $(now), status $status"
exit "$status"
)SH";
    return script;
}

std::string merge_script(const SlurmJob& job) {
    std::string script = "#!/bin/bash\n";
    script += fmt::format(
        "# Written by `balance slurm` for sweep {}: after the job array, merges the shards into\n"
        "# the sweep's database and writes the report.\n",
        job.sweep_name);
    script += sbatch_header(job, "balance-" + job.sweep_name + "-merge", "merge-%j.out");
    script += "#SBATCH --cpus-per-task=1\nset -u\n" + variables(job);
    script += fmt::format("dir={}\ndb={}\nreport={}\n", shell_quote(job.dir.string()),
                          shell_quote(job.db.string()), shell_quote(job.report.string()));
    script += R"SH(now() { date -u +%FT%T.%3NZ; }
echo "merge started $(now)"
"$balance" slurm "$sweep" --tasks "$tasks" --dir "$dir" --db "$db" --merge
status=$?
if [ -f "$db" ]; then
    "$balance" report --db "$db" --out "$report" || status=1
fi
echo "merge finished $(now), status $status"
exit "$status"
)SH";
    return script;
}

}  // namespace balance::cli
