#pragma once
// The position-sampling flags shared by `report` (its piece-value section) and `values`. Each
// flag overrides the chosen fit method's default only when given.

#include <optional>

#include <CLI/CLI.hpp>

#include <string>

#include "balance/analysis/value_methods.hpp"

namespace balance::cli {

struct SamplingFlags {
    std::optional<int> min_ply, per_game, settled_plies;
    std::optional<std::string> positional;  // "none", "held", "free"

    // `method` with every given flag applied.
    [[nodiscard]] analysis::ValueMethod over(analysis::ValueMethod method) const;
};

// Adds --min-ply, --per-game, --settled-plies and --positional to `command`.
void add_sampling_flags(CLI::App& command, SamplingFlags& flags);

}  // namespace balance::cli
