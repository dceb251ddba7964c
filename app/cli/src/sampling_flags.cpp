#include "balance/cli/sampling_flags.hpp"

namespace balance::app::report {

void add_sampling_flags(CLI::App& command, SamplingOptions& options) {
    command
        .add_option("--min-ply", options.min_ply,
                    "Piece values: sample positions from this ply on (default 16)")
        ->check(CLI::Range(0, 10000));
    command
        .add_option("--per-game", options.per_game,
                    "Piece values: quiet positions sampled per game (default 4)")
        ->check(CLI::Range(1, 1000));
}

}  // namespace balance::app::report
