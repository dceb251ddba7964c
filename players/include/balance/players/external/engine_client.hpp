#pragma once
// The common face of the UCI and XBoard clients: one engine process, searched position by
// position. Every call has a deadline and returns failures as values (engine_error.hpp). After a
// Timeout, Crashed or Io failure the engine process has been stopped (a half-finished search would
// leave its state unknown) and every call fails with NotRunning until restart().

#include <sys/types.h>

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "balance/players/external/engine_error.hpp"
#include "balance/players/external/search_types.hpp"

namespace balance::players::external {

enum class LineDirection : std::uint8_t { ToEngine, FromEngine };
// Sees every protocol line, e.g. to keep a transcript for debugging; may be empty.
using LineObserver = std::function<void(LineDirection, std::string_view line)>;

class EngineClient {
  public:
    virtual ~EngineClient() = default;

    // Starts the process and completes the protocol handshake.
    [[nodiscard]] virtual EngineResult<void> start() = 0;
    // stop() then start(): the way back after a crash or timeout.
    [[nodiscard]] virtual EngineResult<void> restart() = 0;
    // Asks the engine to quit, then terminates and reaps it; safe to call at any time.
    virtual void stop() = 0;
    [[nodiscard]] virtual bool running() const = 0;
    // running(), and its process has not exited meanwhile (an engine can die while idle, which
    // the client otherwise learns only from its next command).
    [[nodiscard]] virtual bool alive() = 0;

    [[nodiscard]] virtual EngineResult<void> set_option(std::string_view name,
                                                        std::string_view value) = 0;
    // Waits until the engine has processed everything sent so far (isready / ping).
    [[nodiscard]] virtual EngineResult<void> sync() = 0;
    [[nodiscard]] virtual EngineResult<void> new_game() = 0;

    // Searches the position reached by `moves` (engine notation) from `start_fen` ("startpos" for
    // the variant's initial position) and returns the engine's answer.
    [[nodiscard]] virtual EngineResult<SearchReply> go(std::string_view start_fen,
                                                       const std::vector<std::string>& moves,
                                                       const Limits& limits) = 0;
    // The engine's board may differ from the game's after the move it just played (it applied
    // that move by rules of its own): the next go() sets the whole position up again. A client
    // that states the whole position at every go() (UCI) has nothing to forget.
    virtual void forget_position() {}

    // The engine's name as it reports it (UCI `id name`, XBoard `myname`).
    [[nodiscard]] virtual const std::string& engine_name() const = 0;
    [[nodiscard]] virtual std::optional<pid_t> pid() const = 0;
    // Lines the protocol does not allow, ignored since start().
    [[nodiscard]] virtual int garbage_lines() const = 0;
};

}  // namespace balance::players::external
