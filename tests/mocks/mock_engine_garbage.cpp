// A UCI engine that surrounds correct answers with junk the client must skip and count:
// CRLF line ends, lines written in pieces with pauses, binary bytes, a 100 kB line, empty lines
// and unknown words. Exactly 3 garbage lines come before `uciok` and 4 during every search, so
// tests can check the counts; `bestmove` itself is correct (g1f3, ponder g8f6).

#include <chrono>
#include <thread>

#include "mock_common.hpp"

int main() {
    using namespace balance::mocks;
    using namespace std::chrono_literals;
    std::string command;
    while (read_command(command)) {
        if (command == "uci") {
            say("Mock Garbage 1.0 by nobody");                 // garbage 1 (a banner)
            emit(std::string("\x01\x02\xff\xfe binary\r\n"));  // garbage 2
            say("id name mock garbage");
            say("option name Hash type spin default 16 min 1 max 1024");
            say(std::string(100'000, 'x'));  // garbage 3
            say("uciok");
        } else if (command == "isready") {
            say("readyok");
        } else if (command == "quit") {
            return 0;
        } else if (command.rfind("go", 0) == 0) {
            say("");                                    // empty lines are garbage too: 1
            say("thinking really hard...");             // 2
            emit("info depth 1 score cp 5 nodes 10 ");  // a line written in three pieces
            std::this_thread::sleep_for(20ms);
            emit("nps 1000 pv g1f3");
            std::this_thread::sleep_for(20ms);
            emit("\r\n");
            say("info string this is allowed");  // not garbage
            say("bestmovebestmove");             // 3
            say("info depth 2 score cp 7 nodes 30 nps 1500 pv g1f3 g8f6");
            emit("\xc3\x28 invalid utf-8\n");  // 4
            emit("bestmove g1f3 ponder g8f6\r\n");
        }
    }
    return 0;
}
