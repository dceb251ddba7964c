#pragma once
// The part both protocol clients share: one engine process (or none), deadlines, the line
// observer, and the rule that a Timeout, Crashed or Io failure stops the process.

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

#include "balance/players/external/engine_client.hpp"
#include "balance/players/external/process.hpp"
#include "external/active_clock.hpp"

namespace balance::players::external {

class EngineChannel {
  public:
    using Clock = ActiveClock;  // deadlines do not run while the process is stopped

    EngineChannel(ProcessOptions options, LineObserver observer)
        : options_(std::move(options)), observer_(std::move(observer)) {}

    [[nodiscard]] EngineResult<void> open();
    [[nodiscard]] bool is_open() const { return process_.has_value(); }
    // is_open() and the process has not exited (reaps it if it has).
    [[nodiscard]] bool process_alive() { return process_ && process_->alive(); }

    [[nodiscard]] EngineResult<void> send(std::string_view line);
    // The next line, waiting until `deadline` at most.
    [[nodiscard]] EngineResult<std::string> receive(Clock::time_point deadline);
    // receive() for an answer the protocol requires: a failure stops the engine as fail() says,
    // and a timeout says what was missing: "no uciok within 10000 ms".
    [[nodiscard]] EngineResult<std::string> await(Clock::time_point deadline,
                                                  std::chrono::milliseconds budget,
                                                  std::string_view awaited);

    // Sends `quit_command`, gives the engine `grace` to exit, then terminates and reaps it
    // (`sigterm`: see Process::terminate).
    void close(std::string_view quit_command, std::chrono::milliseconds grace, bool sigterm = true);
    // Stops the engine if `error` leaves it in an unknown state (Timeout, Crashed, Io) and
    // returns the error, so callers can write `return channel_.fail(...)`.
    [[nodiscard]] EngineError fail(EngineError error);
    // An error about this engine (for failures found by the protocol layer).
    [[nodiscard]] EngineError error(Fault fault, std::string message) const;
    [[nodiscard]] EngineError not_running() const;

    [[nodiscard]] std::optional<pid_t> pid() const;
    [[nodiscard]] const ProcessOptions& options() const { return options_; }

  private:
    ProcessOptions options_;
    LineObserver observer_;
    std::optional<Process> process_;
};

}  // namespace balance::players::external
