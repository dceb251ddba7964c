// A UCI engine that plays normally for a while, then dies in the middle of a search:
//   mock_engine_crash [--after N] [--signal SIG | --exit CODE]
// It answers the first N `go` commands (default 1) with `bestmove e2e4`; on the next one it
// prints a partial info line (no newline) and raises SIG (default SIGSEGV) or exits with CODE.

#include <csignal>
#include <cstring>

#include "mock_common.hpp"

int main(int argc, char** argv) {
    using namespace balance::mocks;
    int answered_before_crash = 1;
    int signal_number = SIGSEGV;
    int exit_code = -1;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (std::strcmp(argv[i], "--after") == 0) answered_before_crash = std::atoi(argv[i + 1]);
        if (std::strcmp(argv[i], "--signal") == 0) signal_number = std::atoi(argv[i + 1]);
        if (std::strcmp(argv[i], "--exit") == 0) exit_code = std::atoi(argv[i + 1]);
    }
    std::string command;
    int searches = 0;
    while (read_command(command)) {
        if (answer_uci_basics(command, "mock crash")) continue;
        if (!starts_with(command, "go")) continue;
        if (searches++ < answered_before_crash) {
            say("info depth 1 score cp 10 nodes 1 pv e2e4");
            say("bestmove e2e4");
            continue;
        }
        emit("info depth 2 sc");  // dies mid-line, as a real crash would
        if (exit_code >= 0) std::exit(exit_code);
        disable_core_dumps();
        std::signal(signal_number, SIG_DFL);
        std::raise(signal_number);
    }
    return 0;
}
