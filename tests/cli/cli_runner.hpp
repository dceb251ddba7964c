#pragma once
// Runs `balance ...` in-process and captures what it prints.

#include <sstream>
#include <string>
#include <vector>

#include "balance/cli/run.hpp"

namespace balance::cli::testing {

struct CliRun {
    int status;
    std::string out, err;
};

inline CliRun run_balance(const std::vector<std::string>& args) {
    std::ostringstream out, err;
    AppContext ctx{out, err};
    const int status = run_cli(args, ctx);
    return {status, out.str(), err.str()};
}

}  // namespace balance::cli::testing
