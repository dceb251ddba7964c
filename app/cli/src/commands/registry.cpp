#include "commands.hpp"

namespace balance::cli {

void register_all_commands(CLI::App& app, AppContext& ctx) {
    register_variants(app, ctx);
    register_check(app, ctx);
    register_perft(app, ctx);
    register_pieces(app, ctx);
    register_sweep(app, ctx);
    register_merge(app, ctx);
    register_slurm(app, ctx);
    register_export(app, ctx);
    register_bench(app, ctx);
    register_uci(app, ctx);
    register_report(app, ctx);
    register_sprt(app, ctx);
    register_values(app, ctx);
    register_calibrate(app, ctx);
    register_tune(app, ctx);
    register_fix(app, ctx);
    register_serve(app, ctx);
    register_queue(app, ctx);
}

}  // namespace balance::cli
