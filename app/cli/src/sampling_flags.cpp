#include "sampling_flags.hpp"

namespace balance::cli {

analysis::ValueMethod SamplingFlags::over(analysis::ValueMethod method) const {
    if (min_ply) method.sampling.min_ply = *min_ply;
    if (per_game) method.sampling.per_game = *per_game;
    if (settled_plies) method.sampling.settled_plies = *settled_plies;
    if (positional)
        method.positional = *analysis::positional_term(*positional);  // checked by the flag
    method.sampling.positional = method.positional != analysis::PositionalTerm::None;
    return method;
}

void add_sampling_flags(CLI::App& command, SamplingFlags& flags) {
    command
        .add_option("--min-ply", flags.min_ply,
                    "Piece values: sample positions from this ply on (default 16)")
        ->check(CLI::Range(0, 10000));
    command
        .add_option("--per-game", flags.per_game,
                    "Piece values: quiet positions sampled per game (default: the method's)")
        ->check(CLI::Range(1, 1000));
    command
        .add_option("--settled-plies", flags.settled_plies,
                    "Piece values: sample only positions whose material the next N plies of the "
                    "game leave unchanged (default: the method's)")
        ->check(CLI::Range(0, 1000));
    command
        .add_option("--positional", flags.positional,
                    "Piece values: the engine's evaluation beyond material: none, held (at the "
                    "engine's own weight) or free (a covariate); default: the method's")
        ->check(CLI::IsMember(analysis::positional_term_names()));
}

}  // namespace balance::cli
