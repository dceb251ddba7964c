// A UCI engine that plays legal chess (our own rules: the first legal move in a rotating order)
// and fails on request, for the engine-fault matrix of whole sweeps
// (tests/tournament/engine_fault_test.cpp):
//
//   mock_engine_faulty [--crash-at N] [--hang-at N [--hangs H --hang-state FILE]] [--illegal-at N]
//                      [--garbage]
//                      [--no-handshake] [--handshake-ms MS] [--die-in-handshake]
//                      [--down-after-crash K --state FILE] [--ignore-term]
//                      [--exit-at-new-game K] [--stderr-per-move BYTES] [--tag TEXT]
//
// N counts the `go` commands of one game (since `ucinewgame`), from 1: the engine's N-th move.
// --crash-at: dies by SIGSEGV on that move. --hang-at: never answers it (with --hangs H and
// --hang-state FILE: only the first H times in all, counted in FILE). --illegal-at: answers
// e2e5-like nonsense that is no legal move. --garbage: junk lines around every answer (the
// answers stay correct). --no-handshake: never answers `uci`. --handshake-ms: answers `uci`
// that late. --die-in-handshake: exits with code 3 on `uci`.
// --down-after-crash K --state FILE: an outage: the first crash (when FILE does not exist yet)
// writes K to FILE, and each start that finds a count above 0 there decrements it and exits at
// once (code 1): the next K starts fail.
// --exit-at-new-game K: exits quietly (code 0) on its K-th `ucinewgame`, as an engine that died
// while idle between games is found by the next game (with --down-after-crash and --state, the
// exit starts the outage as a crash does).
// --stderr-per-move BYTES: writes that many bytes of chatter to stderr before every answer.
// --ignore-term: ignores SIGTERM and end of input (only SIGKILL stops it).
// --tag: ignored; lets a test find its engines among all processes.

#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstring>
#include <fstream>
#include <optional>
#include <sstream>
#include <thread>
#include <vector>

#include "balance/config/variant_loader.hpp"
#include "balance/core/game.hpp"
#include "mock_common.hpp"

namespace {

using namespace balance;
using namespace balance::mocks;

struct Faults {
    int crash_at = 0;
    int hang_at = 0;
    int hangs = 0;  // with --hang-state: hang at hang_at only this many times in all
    std::string hang_state_file;
    int illegal_at = 0;
    bool garbage = false;
    bool no_handshake = false;
    int handshake_ms = 0;
    bool die_in_handshake = false;
    int down_after_crash = 0;
    std::string state_file;
    bool ignore_term = false;
    int exit_at_new_game = 0;
    long stderr_per_move = 0;
};

Faults parse(int argc, char** argv) {
    Faults f;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        const char* next = i + 1 < argc ? argv[i + 1] : "0";
        if (arg == "--crash-at") f.crash_at = std::atoi(next);
        if (arg == "--hang-at") f.hang_at = std::atoi(next);
        if (arg == "--hangs") f.hangs = std::atoi(next);
        if (arg == "--hang-state") f.hang_state_file = next;
        if (arg == "--illegal-at") f.illegal_at = std::atoi(next);
        if (arg == "--handshake-ms") f.handshake_ms = std::atoi(next);
        if (arg == "--down-after-crash") f.down_after_crash = std::atoi(next);
        if (arg == "--state") f.state_file = next;
        if (arg == "--garbage") f.garbage = true;
        if (arg == "--no-handshake") f.no_handshake = true;
        if (arg == "--die-in-handshake") f.die_in_handshake = true;
        if (arg == "--ignore-term") f.ignore_term = true;
        if (arg == "--exit-at-new-game") f.exit_at_new_game = std::atoi(next);
        if (arg == "--stderr-per-move") f.stderr_per_move = std::atol(next);
    }
    return f;
}

int read_count(const std::string& file) {
    std::ifstream in(file);
    int count = 0;
    in >> count;
    return count;
}

void write_count(const std::string& file, int count) {
    std::ofstream(file) << count << "\n";
}

[[noreturn]] void hang() {
    while (true) pause();
}

// Whether to hang at hang_at this time: always, or (--hangs with --hang-state) while fewer than
// `hangs` hangs are counted in that file, which outlives the engine the harness kills. A file of
// its own: the outage's --state file makes every start that finds a count there fail.
bool hang_now(const Faults& faults) {
    if (faults.hangs <= 0 || faults.hang_state_file.empty()) return true;
    const int done = read_count(faults.hang_state_file);
    if (done >= faults.hangs) return false;
    write_count(faults.hang_state_file, done + 1);
    return true;
}

// One outage per state file: the first crash (or exit) starts it.
void start_outage(const Faults& faults) {
    if (faults.down_after_crash > 0 && !faults.state_file.empty() &&
        !std::ifstream(faults.state_file)) {
        write_count(faults.state_file, faults.down_after_crash);
    }
}

void chatter(long bytes) {
    const std::string line(1023, '#');
    for (long written = 0; written < bytes; written += 1024) {
        const std::string text = line + "\n";
        if (::write(STDERR_FILENO, text.data(), text.size()) <= 0) return;
    }
}

[[noreturn]] void crash() {
    emit("info depth 2 sc");  // dies mid-line, as a real crash would
    disable_core_dumps();
    std::signal(SIGSEGV, SIG_DFL);
    std::raise(SIGSEGV);
    std::_Exit(139);
}

// The game of a `position` command, or nullopt when it does not parse.
std::optional<core::Game> position(const core::VariantSpec& spec, const std::string& command) {
    std::istringstream words(command);
    std::string word;
    words >> word >> word;  // "position", then "startpos" or "fen"
    std::string fen;
    if (word == "fen") {
        std::string part;
        while (words >> part && part != "moves") fen += (fen.empty() ? "" : " ") + part;
        word = part;
    } else {
        words >> word;  // "moves" or nothing
    }
    auto game = core::Game::start(spec, "", "", fen);
    if (!game) return std::nullopt;
    if (word == "moves") {
        while (words >> word) {
            if (!game->play(word)) return std::nullopt;
        }
    }
    return std::move(*game);
}

}  // namespace

int main(int argc, char** argv) {
    const Faults faults = parse(argc, argv);
    if (faults.ignore_term) std::signal(SIGTERM, SIG_IGN);
    if (!faults.state_file.empty()) {
        const int down = read_count(faults.state_file);
        if (down > 0) {
            write_count(faults.state_file, down - 1);
            return 1;  // still down: exits before the handshake
        }
    }
    auto spec =
        config::load_variant(std::string(BALANCE_SOURCE_DIR) + "/configs/variants/chess.toml", {});
    if (!spec) return 2;
    std::optional<core::Game> game;
    int move_in_game = 0;
    int moves_played = 0;
    int new_games = 0;
    std::string command;
    while (read_command(command)) {
        if (!command.empty() && command.back() == '\r') command.pop_back();
        if (command == "uci") {
            if (faults.die_in_handshake) return 3;
            if (faults.no_handshake) continue;
            if (faults.handshake_ms > 0) {
                std::this_thread::sleep_for(std::chrono::milliseconds(faults.handshake_ms));
            }
            if (faults.garbage) say("Mock Faulty 1.0, garbage edition");
            answer_uci_basics(command, "mock faulty");
        } else if (command == "quit") {
            if (!faults.ignore_term) return 0;
        } else if (command == "ucinewgame") {
            move_in_game = 0;
            if (++new_games == faults.exit_at_new_game) {
                start_outage(faults);
                return 0;
            }
        } else if (starts_with(command, "position")) {
            game = position(*spec, command);
        } else if (starts_with(command, "go")) {
            ++move_in_game;
            if (move_in_game == faults.crash_at) {
                start_outage(faults);
                crash();
            }
            chatter(faults.stderr_per_move);
            if (move_in_game == faults.hang_at && hang_now(faults))
                continue;  // never answers this search
            if (faults.garbage) {
                say("thinking really hard...");
                emit(std::string("\x01\x02\xff binary\r\n"));
            }
            if (move_in_game == faults.illegal_at) {
                say("bestmove e2e2");  // well-formed, never legal
                continue;
            }
            if (!game) {
                say("bestmove 0000");
                continue;
            }
            const auto legal = game->legal_moves();
            if (legal.empty()) {
                say("bestmove 0000");
                continue;
            }
            const auto move = legal[static_cast<std::size_t>(moves_played++) % legal.size()];
            say("info depth 1 score cp 0 nodes 1");
            say("bestmove " + game->uci(move));
        } else {
            answer_uci_basics(command, "mock faulty");
        }
    }
    if (faults.ignore_term) hang();  // end of input does not stop it either
    return 0;
}
