#pragma once
// How talking to an external engine can fail, as values. balance::Error carries only text, but a
// tournament must treat "no answer in time" (loss on time), "the engine died" (crash, restart it)
// and "the engine said something unusable" (protocol error) differently, so the external layer
// returns EngineResult<T>, whose error also says which kind of failure it was and, for a dead
// engine, how it died. EngineResult<T> converts to balance::Result<T> where only text is needed.

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <variant>

#include "balance/core/error.hpp"

namespace balance::players::external {

enum class Fault : std::uint8_t {
    SpawnFailed,  // the program could not be started (missing binary, bad working directory)
    Timeout,      // no complete answer before the deadline; the engine may still be running
    Crashed,      // the engine exited or closed its output; EngineError::exit says how it ended
    Protocol,     // the engine answered something we cannot use, or rejected our command
    Io,           // a system call on the pipes failed
    NotRunning,   // the client was used before start() or after a failure that stopped the engine
};

[[nodiscard]] const char* to_string(Fault fault);

// How a child process ended: exactly one of `code` (normal exit) or `signal` is set.
struct ExitStatus {
    std::optional<int> code;
    std::optional<int> signal;

    [[nodiscard]] static ExitStatus from_wait_status(int status);
    [[nodiscard]] std::string to_string() const;  // "exit code 3", "killed by signal 11 (SIGSEGV)"
};

struct EngineError {
    Fault fault = Fault::Io;
    std::string message;
    std::string where;               // "engine stockfish (pid 1234)"
    std::optional<ExitStatus> exit;  // set when the process is known to have ended

    // "timeout: no bestmove within 1200 ms", plus ", exit code 3" when the process ended.
    [[nodiscard]] std::string describe() const;
    // describe() prefixed with `where`, like balance::Error::to_string().
    [[nodiscard]] std::string to_string() const;
    [[nodiscard]] Error to_error() const { return Error{describe(), where}; }
};

// A value or an EngineError; the same shape as balance::Result<T>.
template <class T>
class [[nodiscard]] EngineResult {
  public:
    EngineResult(T value) : data_(std::move(value)) {}
    EngineResult(EngineError error) : data_(std::move(error)) {}

    [[nodiscard]] bool ok() const { return data_.index() == 0; }
    explicit operator bool() const { return ok(); }

    [[nodiscard]] T& value() & { return std::get<0>(data_); }
    [[nodiscard]] const T& value() const& { return std::get<0>(data_); }
    [[nodiscard]] T&& value() && { return std::get<0>(std::move(data_)); }
    [[nodiscard]] const EngineError& error() const { return std::get<1>(data_); }
    [[nodiscard]] Fault fault() const { return error().fault; }

    T& operator*() & { return value(); }
    const T& operator*() const& { return value(); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }

    // Drops the failure kind for callers that only report the text.
    operator Result<T>() && {
        if (ok()) return Result<T>(std::move(*this).value());
        return Result<T>(error().to_error());
    }

  private:
    std::variant<T, EngineError> data_;
};

template <>
class [[nodiscard]] EngineResult<void> {
  public:
    EngineResult() = default;
    EngineResult(EngineError error) : error_(std::move(error)), failed_(true) {}

    [[nodiscard]] bool ok() const { return !failed_; }
    explicit operator bool() const { return ok(); }
    [[nodiscard]] const EngineError& error() const { return error_; }
    [[nodiscard]] Fault fault() const { return error_.fault; }

    operator Result<void>() const {
        if (ok()) return Result<void>();
        return Result<void>(error_.to_error());
    }

  private:
    EngineError error_;
    bool failed_ = false;
};

}  // namespace balance::players::external
