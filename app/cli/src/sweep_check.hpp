#pragma once
// `balance check` for sweep files: reads and validates a sweep without playing it.

#include <string>

#include "balance/cli/app_context.hpp"
#include "output.hpp"

namespace balance::cli {

// Loads the sweep, compiles every cell, checks book positions and that external engine programs
// exist. Prints "ok ..." (or adds an entry to `files` with `json`) and reports errors on
// ctx.err; returns whether the sweep is sound.
bool check_sweep(const std::string& file, bool json, analysis::Json& files, AppContext& ctx);

}  // namespace balance::cli
