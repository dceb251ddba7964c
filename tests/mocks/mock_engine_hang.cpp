// A UCI engine that completes the handshake but never answers `go`:
//   mock_engine_hang [--ignore-term] [--deaf]
// --ignore-term: ignores SIGTERM, so only SIGKILL can stop it.
// --deaf: after `go` it stops reading stdin too, so writes to it eventually block.

#include <signal.h>
#include <unistd.h>

#include <cstring>

#include "mock_common.hpp"

int main(int argc, char** argv) {
    using namespace balance::mocks;
    bool deaf = false;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--ignore-term") == 0) signal(SIGTERM, SIG_IGN);
        if (std::strcmp(argv[i], "--deaf") == 0) deaf = true;
    }
    std::string command;
    while (read_command(command)) {
        if (answer_uci_basics(command, "mock hang")) continue;
        if (starts_with(command, "go") && deaf) {
            while (true) pause();
        }
        // everything else, `go` and `stop` included, goes unanswered
    }
    // Even at end of input it does not quit: a hung engine has to be killed.
    while (true) pause();
}
