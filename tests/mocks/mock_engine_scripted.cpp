// A protocol-agnostic engine that answers from a script file (argv[1]), one rule per line:
//
//   COMMAND => reply | reply | ...     answer every command whose first word(s) are COMMAND
//   COMMAND#N => ...                   answer only its N-th occurrence (checked in file order)
//   @start => ...                      printed once at startup
//   # comment
//
// In replies, $1 is the command's first argument ("ping 7" -> "7"), and these directives act:
//   @sleep MS     pause            @exit CODE    exit now           @signal N   raise signal N
//   @hang         never answer again (keeps reading nothing)        @raw TEXT   print without '\n'
//   @busy MS      compute for MS ms of CPU time (a stopped engine's work takes longer)
// Commands no rule matches are ignored; `quit` always exits.

#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <ctime>
#include <fstream>
#include <map>
#include <set>
#include <thread>
#include <vector>

#include "mock_common.hpp"

namespace {

using namespace balance::mocks;

struct Rule {
    std::string command;
    int occurrence = 0;  // 0: every time
    std::vector<std::string> replies;
};

std::string trim(const std::string& s) {
    const auto first = s.find_first_not_of(" \t");
    if (first == std::string::npos) return "";
    const auto last = s.find_last_not_of(" \t");
    return s.substr(first, last - first + 1);
}

std::vector<Rule> load(const char* path) {
    std::vector<Rule> rules;
    std::ifstream in(path);
    std::string line;
    while (std::getline(in, line)) {
        if (trim(line).empty() || trim(line)[0] == '#') continue;
        const auto arrow = line.find("=>");
        if (arrow == std::string::npos) continue;
        Rule rule;
        rule.command = trim(line.substr(0, arrow));
        if (const auto hash = rule.command.find('#'); hash != std::string::npos) {
            rule.occurrence = std::stoi(rule.command.substr(hash + 1));
            rule.command = rule.command.substr(0, hash);
        }
        std::string rest = line.substr(arrow + 2);
        std::size_t start = 0;
        while (true) {
            const auto bar = rest.find('|', start);
            rule.replies.push_back(trim(rest.substr(start, bar - start)));
            if (bar == std::string::npos) break;
            start = bar + 1;
        }
        rules.push_back(std::move(rule));
    }
    return rules;
}

void perform(const std::string& reply, const std::string& argument) {
    if (reply.empty()) return;  // "xboard =>": a rule that answers nothing
    if (starts_with(reply, "@sleep ")) {
        std::this_thread::sleep_for(std::chrono::milliseconds(std::stoi(reply.substr(7))));
    } else if (starts_with(reply, "@busy ")) {
        const std::clock_t until =
            std::clock() +
            static_cast<std::clock_t>(std::stoi(reply.substr(6))) * CLOCKS_PER_SEC / 1000;
        volatile unsigned sink = 0;
        while (std::clock() < until)
            for (int i = 0; i < 10000; ++i) sink = sink + static_cast<unsigned>(i);
    } else if (starts_with(reply, "@exit ")) {
        std::exit(std::stoi(reply.substr(6)));
    } else if (starts_with(reply, "@signal ")) {
        disable_core_dumps();
        std::signal(std::stoi(reply.substr(8)), SIG_DFL);
        std::raise(std::stoi(reply.substr(8)));
    } else if (reply == "@hang") {
        while (true) pause();
    } else if (starts_with(reply, "@raw ")) {
        emit(reply.substr(5));
    } else {
        std::string text = reply;
        for (auto pos = text.find("$1"); pos != std::string::npos; pos = text.find("$1")) {
            text.replace(pos, 2, argument);
        }
        say(text);
    }
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        say("usage: mock_engine_scripted SCRIPT");
        return 2;
    }
    const std::vector<Rule> rules = load(argv[1]);
    std::map<std::string, int> seen;
    for (const auto& rule : rules) {
        if (rule.command == "@start") {
            for (const auto& reply : rule.replies) perform(reply, "");
        }
    }
    std::string command;
    while (read_command(command)) {
        if (!command.empty() && command.back() == '\r') command.pop_back();
        if (command == "quit") return 0;
        auto matches = [&](const Rule& rule) {
            return rule.command != "@start" &&
                   (command == rule.command || starts_with(command, rule.command + " "));
        };
        std::set<std::string> counted;  // each matching command counted once, not once per rule
        for (const auto& rule : rules) {
            if (matches(rule) && counted.insert(rule.command).second) ++seen[rule.command];
        }
        for (const auto& rule : rules) {
            if (!matches(rule)) continue;
            if (rule.occurrence != 0 && rule.occurrence != seen[rule.command]) continue;
            std::string argument = trim(command.substr(rule.command.size()));
            argument = argument.substr(0, argument.find(' '));
            for (const auto& reply : rule.replies) perform(reply, argument);
            break;
        }
    }
    return 0;
}
