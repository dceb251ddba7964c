#pragma once
// The whole command line as a function, so tests can run `balance ...` in-process.

#include <string>
#include <vector>

#include "balance/cli/app_context.hpp"

namespace balance::cli {

// Parses `args` (without the program name), runs the chosen subcommand and returns the exit
// status: 0 on success (and for --help), 1 on any error. Never throws: this is the one place
// where anything escaping a subcommand is caught and reported.
int run_cli(const std::vector<std::string>& args, AppContext& ctx);

}  // namespace balance::cli
