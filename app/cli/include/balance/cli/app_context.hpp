#pragma once
// What every subcommand gets: where to print and where to leave its exit status. Passing the
// streams (instead of using std::cout) lets tests run commands in-process and read the output.

#include <ostream>
#include <string>

namespace balance::cli {

struct AppContext {
    std::ostream& out;  // results: text tables or exactly one JSON object
    std::ostream& err;  // "balance: error: <where>: <message>" lines
    int exit_code = 0;  // set by the subcommand that ran
    // The program as the user typed it (argv[0], e.g. build/app/balance), so that the commands
    // the tool prints to be run again (resume, submit) paste as they are.
    std::string program = "balance";
    bool terminal = false;  // `out` is a terminal: prose may be wrapped to its width
};

}  // namespace balance::cli
