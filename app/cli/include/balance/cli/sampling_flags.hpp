#pragma once
// The position-sampling flags shared by `report` (its piece-value section) and `values`.

#include <CLI/CLI.hpp>

#include "balance/analysis/material_samples.hpp"

namespace balance::app::report {

// Adds --min-ply and --per-game to `command`, stored in `options`.
void add_sampling_flags(CLI::App& command, SamplingOptions& options);

}  // namespace balance::app::report
