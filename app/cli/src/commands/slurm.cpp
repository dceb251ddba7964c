// `balance slurm`: runs a sweep on a Slurm cluster as a job array (one shard per task) plus a
// merge-and-report job after it; re-submitting plays only the shards with missing games.

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "balance/config/sweep_files.hpp"
#include "balance/config/sweep_reader.hpp"
#include "balance/tournament/merge.hpp"
#include "balance/tournament/open_sweep.hpp"
#include "commands.hpp"
#include "output.hpp"
#include "slurm_scripts.hpp"
#include "slurm_shards.hpp"

namespace balance::cli {

namespace {

namespace fs = std::filesystem;

struct SlurmArgs {
    std::string file;
    int tasks = 0;
    int cpus_per_task = 1;
    std::string time;
    std::string partition;
    std::string dir;
    std::string db;
    bool submit = false;
    bool merge = false;
    std::string copy_back;
    std::string copy_to;
};

Result<void> write_file(const fs::path& file, const std::string& text) {
    std::ofstream out(file, std::ios::trunc);
    out << text;
    out.close();
    if (!out) return make_error("cannot write the file", file.string());
    std::error_code ec;
    fs::permissions(file, fs::perms::owner_exec | fs::perms::group_exec | fs::perms::others_exec,
                    fs::perm_options::add, ec);
    return {};
}

// Runs `command` through the shell; returns its output (stdout and stderr) when it exits 0.
Result<std::string> run_command(const std::string& command) {
    FILE* pipe = popen((command + " 2>&1").c_str(), "r");
    if (pipe == nullptr) return make_error("cannot run the command", command);
    std::string output;
    char buffer[4096];
    while (std::size_t n = std::fread(buffer, 1, sizeof buffer, pipe)) output.append(buffer, n);
    const int status = pclose(pipe);
    while (!output.empty() && (output.back() == '\n' || output.back() == ' ')) output.pop_back();
    if (status == -1 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        return make_error(output.empty() ? std::string("failed") : output, command);
    }
    return output;
}

// sbatch's own words when there is no cluster to submit to ("Could not establish a
// configuration source", "command not found") say nothing of what to do: this says it.
Error no_cluster(const Error& sbatch_error) {
    const std::string& said = sbatch_error.message;
    const bool missing = said.find("not found") != std::string::npos;
    const bool unconfigured = said.find("configuration source") != std::string::npos ||
                              said.find("slurm.conf") != std::string::npos ||
                              said.find("Unable to contact slurm controller") != std::string::npos;
    if (!missing && !unconfigured) return sbatch_error;
    return make_error(
        fmt::format("{} (sbatch said: {}). The scripts are written: run the same command with "
                    "--submit on the cluster's login node, or play the shards without Slurm "
                    "(`balance sweep FILE --shard K/N` on each machine, then `balance merge`); "
                    "setting up a cluster, a one-node one included: docs/clusters.md",
                    missing ? "no Slurm here: sbatch is not installed on this machine"
                            : "no Slurm cluster here: sbatch is installed but finds no "
                              "configured cluster (no slurm.conf or controller)",
                    said),
        "sbatch");
}

// `sbatch --parsable` prints "<job id>" or "<job id>;<cluster>".
Result<std::string> sbatch(const std::string& arguments) {
    auto output = run_command("sbatch --parsable " + arguments);
    if (!output) return no_cluster(output.error());
    const std::string id = output->substr(0, output->find(';'));
    if (id.empty() || id.find_first_not_of("0123456789") != std::string::npos)
        return make_error("unexpected answer from sbatch: '" + *output + "'", "sbatch");
    return id;
}

Result<fs::path> absolute_path(const std::string& path, const char* flag) {
    std::error_code ec;
    fs::path absolute = fs::absolute(path, ec).lexically_normal();
    if (ec) return make_error("cannot make the path absolute: " + ec.message(), flag);
    // #SBATCH lines cannot quote.
    if (absolute.string().find_first_of(" \t\n'\"") != std::string::npos)
        return make_error("paths used in #SBATCH lines must not contain blanks or quotes: '" +
                              absolute.string() + "'",
                          flag);
    return absolute;
}

Result<SlurmJob> make_job(const SlurmArgs& args, const tournament::Sweep& sweep,
                          const fs::path& sweep_file) {
    SlurmJob job;
    job.sweep_name = sweep.name;
    job.sweep_arg = args.file;
    job.tasks = args.tasks;
    job.cpus_per_task = args.cpus_per_task;
    job.time = args.time;
    job.partition = args.partition;
    std::error_code ec;
    job.balance = fs::read_symlink("/proc/self/exe", ec);
    if (ec) return make_error("cannot find the balance binary: " + ec.message(), "/proc/self/exe");
    job.sweep_file = fs::absolute(sweep_file, ec).lexically_normal();
    auto working_dir = absolute_path(fs::current_path(ec).string(), "working directory");
    if (!working_dir) return working_dir.error();
    job.working_dir = *working_dir;
    auto dir =
        absolute_path(args.dir.empty() ? "results/" + sweep.name + ".slurm" : args.dir, "--dir");
    if (!dir) return dir.error();
    job.dir = *dir;
    auto db = absolute_path(args.db.empty() ? "results/" + sweep.name + ".db" : args.db, "--db");
    if (!db) return db.error();
    job.db = *db;
    job.report = job.dir / "report.md";
    return job;
}

std::vector<fs::path> files_of(const std::vector<ShardFile>& shards, int count) {
    std::vector<fs::path> files;
    for (const auto& shard : shards) {
        if (count == 0 || shard.count == count) files.push_back(shard.file);
    }
    return files;
}

std::int64_t total(const std::vector<ShardProgress>& shards, std::int64_t ShardProgress::*field) {
    std::int64_t sum = 0;
    for (const auto& shard : shards) sum += shard.*field;
    return sum;
}

// "shard 3: 32, shard 5: 7", or for many shards "7200 games in 16 shards".
std::string missing_list(const std::vector<ShardProgress>& shards) {
    const auto incomplete = std::count_if(shards.begin(), shards.end(),
                                          [](const ShardProgress& s) { return s.missing > 0; });
    if (incomplete > 8)
        return fmt::format("{} games in {} shards", total(shards, &ShardProgress::missing),
                           incomplete);
    std::string list;
    for (const auto& shard : shards) {
        if (shard.missing == 0) continue;
        if (!list.empty()) list += ", ";
        list += fmt::format("shard {}: {}", shard.index, shard.missing);
    }
    return list;
}

std::string submit_command(const SlurmArgs& args, const std::string& program) {
    std::string command = fmt::format("{} slurm {} --tasks {}", program, args.file, args.tasks);
    if (args.cpus_per_task != 1) command += fmt::format(" --cpus-per-task {}", args.cpus_per_task);
    if (!args.time.empty()) command += " --time " + args.time;
    if (!args.partition.empty()) command += " --partition " + args.partition;
    if (!args.dir.empty()) command += " --dir " + args.dir;
    if (!args.db.empty()) command += " --db " + args.db;
    return command + " --submit";
}

// The merge job: every shard file into the database, then what the sweep still misses.
int run_merge(const SlurmArgs& args, const SlurmJob& job, const tournament::Sweep& sweep,
              AppContext& ctx) {
    const auto shards = list_shard_files(shards_dir(job));
    const auto inputs = files_of(shards, 0);
    if (!inputs.empty()) {
        auto merged = tournament::merge_databases(job.db, inputs, false);
        if (!merged) return report_error(ctx, merged.error());
        ctx.out << fmt::format("merged {} shard files into {}: {} games added, {} already there\n",
                               inputs.size(), job.db.string(), merged->games, merged->duplicates);
        if (merged->conflicts > 0) {
            ctx.err << fmt::format(
                "balance: warning: {} games had the same key but different moves in two shard "
                "files (were the players not node- or depth-limited?)\n",
                merged->conflicts);
        }
    }
    auto progress = shard_progress(sweep, job.tasks, {job.db});
    if (!progress) return report_error(ctx, progress.error());
    const std::int64_t planned = total(*progress, &ShardProgress::planned);
    const std::int64_t missing = total(*progress, &ShardProgress::missing);
    if (missing == 0) {
        ctx.out << fmt::format("{} holds all {} games of sweep {}\n", job.db.string(), planned,
                               sweep.name);
        return 0;
    }
    ctx.out << fmt::format("{} misses {} of the {} games of sweep {} ({}); play them with:\n  {}\n",
                           job.db.string(), missing, planned, sweep.name, missing_list(*progress),
                           submit_command(args, ctx.program));
    return 1;
}

int run_slurm_command(const SlurmArgs& args, AppContext& ctx) {
    auto file = config::find_sweep(args.file);
    if (!file) return report_error(ctx, file.error());
    auto sweep = config::load_sweep(*file);
    if (!sweep) return report_error(ctx, sweep.error());
    if (sweep->fix) {
        return report_error(ctx, make_error("a fix file ([fix]) races its candidates round by "
                                            "round and cannot be split into shards: run `balance "
                                            "fix` on one machine",
                                            sweep->fix->where));
    }
    if (auto open = tournament::open_sweep(*sweep); !open) return report_error(ctx, open.error());
    if (sweep->adaptive) {
        return report_error(
            ctx, make_error("an adaptive sweep cannot be split into shards: every wave depends on "
                            "all earlier results; run it on one machine with `balance sweep`",
                            file->string()));
    }
    if (!args.copy_back.empty()) {
        if (args.copy_to.empty())
            return report_error(ctx, make_error("--copy-back needs --to", "--copy-back"));
        auto copied = copy_back_shard(args.copy_back, args.copy_to);
        return copied ? 0 : report_error(ctx, copied.error());
    }
    auto job = make_job(args, *sweep, *file);
    if (!job) return report_error(ctx, job.error());
    if (args.merge) return run_merge(args, *job, *sweep, ctx);

    std::error_code ec;
    fs::create_directories(shards_dir(*job), ec);
    if (!ec) fs::create_directories(logs_dir(*job), ec);
    if (ec)
        return report_error(ctx, make_error("cannot create: " + ec.message(), job->dir.string()));
    if (auto written = write_file(task_script_path(*job), task_script(*job)); !written)
        return report_error(ctx, written.error());
    if (auto written = write_file(merge_script_path(*job), merge_script(*job)); !written)
        return report_error(ctx, written.error());

    auto progress = shard_progress(*sweep, args.tasks,
                                   files_of(list_shard_files(shards_dir(*job)), args.tasks));
    if (!progress) return report_error(ctx, progress.error());
    const std::int64_t planned = total(*progress, &ShardProgress::planned);
    const std::int64_t missing = total(*progress, &ShardProgress::missing);
    const std::string array = array_list(*progress);
    ctx.out << fmt::format("sweep {}: {} games in {} shards, {} stored in {}\n", sweep->name,
                           planned, args.tasks, planned - missing, shards_dir(*job).string());
    ctx.out << fmt::format("scripts: {} (job array), {} (merge and report)\n",
                           task_script_path(*job).string(), merge_script_path(*job).string());
    if (!array.empty())
        ctx.out << fmt::format("to play: {} ({})\n", array, missing_list(*progress));

    const std::string task = shell_quote(task_script_path(*job).string());
    const std::string merge = shell_quote(merge_script_path(*job).string());
    if (!args.submit) {
        ctx.out << fmt::format("submit with: {}\n", submit_command(args, ctx.program));
    } else if (array.empty()) {
        auto merge_id = sbatch(merge);
        if (!merge_id) return report_error(ctx, merge_id.error());
        ctx.out << fmt::format("every shard is complete; submitted merge job {}\n", *merge_id);
    } else {
        auto array_id = sbatch(fmt::format("--array={} {}", array, task));
        if (!array_id) return report_error(ctx, array_id.error());
        // afterany: the merge also runs when a task failed, so its report shows what is there
        // and its log says what to re-submit.
        auto merge_id = sbatch(fmt::format("--dependency=afterany:{} {}", *array_id, merge));
        if (!merge_id) return report_error(ctx, merge_id.error());
        ctx.out << fmt::format("submitted job array {} (tasks {}) and merge job {} (after it)\n",
                               *array_id, array, *merge_id);
    }
    ctx.out << fmt::format("merged database: {}\nreport: {}\nlogs: {}\n", job->db.string(),
                           job->report.string(), logs_dir(*job).string());
    return 0;
}

}  // namespace

void register_slurm(CLI::App& app, AppContext& ctx) {
    auto args = std::make_shared<SlurmArgs>();
    CLI::App* command = app.add_subcommand(
        "slurm", "Run a sweep on a Slurm cluster: a job array of shards, then merge and report");
    command->add_option("file", args->file, "Sweep file or name (configs/sweeps/<name>.toml)")
        ->required();
    command->add_option("--tasks", args->tasks, "Array tasks, one shard of the sweep each")
        ->required()
        ->check(CLI::Range(1, 100000));
    command
        ->add_option("--cpus-per-task", args->cpus_per_task,
                     "CPUs of each task, its games in parallel (default 1)")
        ->check(CLI::Range(1, 1024));
    command->add_option("--time", args->time, "Time limit of each task (sbatch --time)");
    command->add_option("--partition", args->partition, "Partition (sbatch --partition)");
    command->add_option("--dir", args->dir,
                        "Scripts, shard databases and logs, on a disk every node sees (default: "
                        "results/<sweep name>.slurm)");
    command->add_option("--db", args->db, "The merged database (default: results/<sweep name>.db)");
    command->add_flag("--submit", args->submit,
                      "Submit the array (only shards with missing games) and the merge job");
    command->add_flag("--merge", args->merge,
                      "Merge the shard files into the database (what the merge job runs)");
    command->add_option("--copy-back", args->copy_back,
                        "Copy this shard database atomically to --to (what each task runs)");
    command->add_option("--to", args->copy_to, "Where --copy-back copies to");
    command->callback([args, &ctx] { ctx.exit_code = run_slurm_command(*args, ctx); });
}

}  // namespace balance::cli
