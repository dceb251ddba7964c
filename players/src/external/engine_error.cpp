#include "balance/players/external/engine_error.hpp"

#include <sys/wait.h>

#include <cstring>

namespace balance::players::external {

const char* to_string(Fault fault) {
    switch (fault) {
        case Fault::SpawnFailed:
            return "spawn failed";
        case Fault::Timeout:
            return "timeout";
        case Fault::Crashed:
            return "crashed";
        case Fault::Protocol:
            return "protocol error";
        case Fault::Io:
            return "i/o error";
        case Fault::NotRunning:
            return "not running";
    }
    return "unknown fault";
}

ExitStatus ExitStatus::from_wait_status(int status) {
    ExitStatus result;
    if (WIFEXITED(status)) result.code = WEXITSTATUS(status);
    if (WIFSIGNALED(status)) result.signal = WTERMSIG(status);
    return result;
}

std::string ExitStatus::to_string() const {
    if (code) return "exit code " + std::to_string(*code);
    if (signal) {
        const char* abbrev = sigabbrev_np(*signal);  // "SEGV"; nullptr for unknown numbers
        std::string text = "killed by signal " + std::to_string(*signal);
        if (abbrev != nullptr) text.append(" (SIG").append(abbrev).append(")");
        return text;
    }
    return "exit status unknown";  // reaped by someone else (SIGCHLD ignored)
}

std::string EngineError::describe() const {
    std::string text = std::string(external::to_string(fault)) + ": " + message;
    if (exit) text.append(" (").append(exit->to_string()).append(")");
    return text;
}

std::string EngineError::to_string() const {
    return where.empty() ? describe() : where + ": " + describe();
}

}  // namespace balance::players::external
