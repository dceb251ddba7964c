// The `balance` executable: everything lives in balance_app; see cli/run.hpp.

#include <unistd.h>

#include <iostream>
#include <string>
#include <vector>

#include "balance/cli/run.hpp"

int main(int argc, char** argv) {
    balance::cli::AppContext ctx{std::cout, std::cerr};
    if (argc > 0 && argv[0] && *argv[0]) ctx.program = argv[0];
    ctx.terminal = isatty(STDOUT_FILENO) == 1;
    const std::vector<std::string> args(argv + 1, argv + argc);
    return balance::cli::run_cli(args, ctx);
}
