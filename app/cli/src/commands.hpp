#pragma once
// Every subcommand lives in its own file and adds itself to the CLI with a register_<name>
// function; register_all_commands is the one list of them. A subcommand stores its flags in a
// struct it owns (captured by its callback) and sets ctx.exit_code when it has run.

#include <CLI/CLI.hpp>

#include "balance/cli/app_context.hpp"

namespace balance::cli {

void register_check(CLI::App& app, AppContext& ctx);
void register_export(CLI::App& app, AppContext& ctx);
void register_merge(CLI::App& app, AppContext& ctx);
void register_perft(CLI::App& app, AppContext& ctx);
void register_pieces(CLI::App& app, AppContext& ctx);
void register_sweep(CLI::App& app, AppContext& ctx);
void register_slurm(CLI::App& app, AppContext& ctx);
void register_variants(CLI::App& app, AppContext& ctx);
void register_report(CLI::App& app, AppContext& ctx);
void register_sprt(CLI::App& app, AppContext& ctx);
void register_values(CLI::App& app, AppContext& ctx);
void register_calibrate(CLI::App& app, AppContext& ctx);
void register_tune(CLI::App& app, AppContext& ctx);
void register_fix(CLI::App& app, AppContext& ctx);
void register_serve(CLI::App& app, AppContext& ctx);
void register_queue(CLI::App& app, AppContext& ctx);

void register_uci(CLI::App& app, AppContext& ctx);
void register_bench(CLI::App& app, AppContext& ctx);

void register_all_commands(CLI::App& app, AppContext& ctx);

}  // namespace balance::cli
