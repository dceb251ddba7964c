#pragma once
// Shared bits of the mock engines: unbuffered output (so tests see exactly what was written and
// when) and the UCI handshake answers that every UCI mock gives.

#include <sys/resource.h>
#include <unistd.h>

#include <iostream>
#include <string>
#include <string_view>

namespace balance::mocks {

// Writes raw bytes to stdout now, no buffering, no newline added.
inline void emit(std::string_view bytes) {
    while (!bytes.empty()) {
        const ssize_t n = ::write(STDOUT_FILENO, bytes.data(), bytes.size());
        if (n <= 0) return;
        bytes.remove_prefix(static_cast<std::size_t>(n));
    }
}

inline void say(std::string_view line) {
    emit(std::string(line) + "\n");
}

// The next command from stdin; false at end of input.
inline bool read_command(std::string& line) {
    return static_cast<bool>(std::getline(std::cin, line));
}

inline bool starts_with(std::string_view text, std::string_view prefix) {
    return text.substr(0, prefix.size()) == prefix;
}

// Answers uci / isready / quit the way a well-behaved engine does. Returns true if the command
// was one of those (quit exits the program).
inline bool answer_uci_basics(const std::string& command, std::string_view name) {
    if (command == "uci") {
        say(std::string("id name ") + std::string(name));
        say("id author balance tests");
        say("option name Hash type spin default 16 min 1 max 1024");
        say("uciok");
        return true;
    }
    if (command == "isready") {
        say("readyok");
        return true;
    }
    if (command == "quit") std::exit(0);
    return starts_with(command, "setoption") || starts_with(command, "position") ||
           command == "ucinewgame";
}

// Crashing mocks must not leave core files behind or spend time writing them.
inline void disable_core_dumps() {
    rlimit none{0, 0};
    setrlimit(RLIMIT_CORE, &none);
}

}  // namespace balance::mocks
