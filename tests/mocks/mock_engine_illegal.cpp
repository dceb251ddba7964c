// A UCI engine that always answers with the same move, legal or not (default e2e5):
//   mock_engine_illegal [MOVE]
// The protocol layer must pass it on unchanged; judging it is the caller's job.

#include "mock_common.hpp"

int main(int argc, char** argv) {
    using namespace balance::mocks;
    const std::string move = argc > 1 ? argv[1] : "e2e5";
    std::string command;
    while (read_command(command)) {
        if (answer_uci_basics(command, "mock illegal")) continue;
        if (starts_with(command, "go")) {
            say("info depth 1 score cp 0 nodes 1 pv " + move);
            say("bestmove " + move);
        }
    }
    return 0;
}
