#include "engine_channel.hpp"

#include <algorithm>

namespace balance::players::external {

EngineResult<void> EngineChannel::open() {
    process_.reset();
    auto spawned = Process::spawn(options_);
    if (!spawned) return spawned.error();
    process_.emplace(std::move(spawned).value());
    return {};
}

EngineResult<void> EngineChannel::send(std::string_view line) {
    if (!process_) return not_running();
    if (observer_) observer_(LineDirection::ToEngine, line);
    auto written = process_->write_line(line);
    if (!written) return fail(written.error());
    return {};
}

EngineResult<std::string> EngineChannel::receive(Clock::time_point deadline) {
    if (!process_) return not_running();
    while (true) {
        const auto left = std::max(Clock::duration::zero(), deadline - Clock::now());
        auto line = process_->read_line(std::chrono::ceil<std::chrono::milliseconds>(left));
        // Timed out by the steady clock only: we were stopped meanwhile (ActiveClock), and so,
        // most likely, was the engine. It gets the time it could not use.
        if (!line && line.error().fault == Fault::Timeout && Clock::now() < deadline) continue;
        if (line && observer_) observer_(LineDirection::FromEngine, *line);
        return line;  // failures are the caller's to judge: a timeout may be expected (protover 1)
    }
}

EngineResult<std::string> EngineChannel::await(Clock::time_point deadline,
                                               std::chrono::milliseconds budget,
                                               std::string_view awaited) {
    auto line = receive(deadline);
    if (line) return line;
    EngineError error = line.error();
    if (error.fault == Fault::Timeout) {
        error.message =
            "no " + std::string(awaited) + " within " + std::to_string(budget.count()) + " ms";
    }
    return fail(std::move(error));
}

void EngineChannel::close(std::string_view quit_command, std::chrono::milliseconds grace,
                          bool sigterm) {
    if (!process_) return;
    if (!quit_command.empty() && process_->alive()) {
        if (observer_) observer_(LineDirection::ToEngine, quit_command);
        if (process_->write_line(quit_command)) process_->wait_exit(grace);
    }
    process_->terminate(Process::default_grace, sigterm);
    process_.reset();
}

EngineError EngineChannel::fail(EngineError error) {
    if (process_ && (error.fault == Fault::Timeout || error.fault == Fault::Crashed ||
                     error.fault == Fault::Io)) {
        // A crash report says how the engine died, if it has; the kill below is our doing.
        if (error.fault == Fault::Crashed && !error.exit) error.exit = process_->exit_status();
        process_->terminate();
        process_.reset();
    }
    return error;
}

EngineError EngineChannel::error(Fault fault, std::string message) const {
    std::string where =
        "engine " +
        (options_.name.empty() && !options_.argv.empty() ? options_.argv[0] : options_.name);
    if (process_) where += " (pid " + std::to_string(process_->pid()) + ")";
    return EngineError{fault, std::move(message), std::move(where), std::nullopt};
}

EngineError EngineChannel::not_running() const {
    return error(Fault::NotRunning, "engine is not running (start or restart it)");
}

std::optional<pid_t> EngineChannel::pid() const {
    if (!process_) return std::nullopt;
    return process_->pid();
}

}  // namespace balance::players::external
