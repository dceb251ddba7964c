#pragma once
// An external program as a child process with line-based stdin/stdout (RAII).
//
// Design choices (why):
// - posix_spawn, not fork+exec: no async-signal-safety hazards in a multi-threaded harness.
// - Every descriptor is created with O_CLOEXEC, so engines started concurrently from other threads
//   never inherit each other's pipes (a leaked write end would hide an engine's EOF forever).
// - SIGPIPE: writing to an engine that died raises SIGPIPE, which would kill the harness. Library
//   code must not install process-wide handlers, so each write blocks SIGPIPE in the calling thread
//   only (pthread_sigmask), and if the write failed with EPIPE the SIGPIPE it generated is consumed
//   with sigtimedwait before the old mask is restored. The engine keeps an ordinary pipe as stdin
//   (a socketpair + MSG_NOSIGNAL would be cheaper but changes what the engine sees on fd 0).
// - Every read and write has a deadline (poll); nothing here can block forever, and nothing throws.
// - The destructor terminates and reaps the child: no zombies, no orphaned engines.
// - Engines die with the harness, however it ends (SIGKILL included): each engine leads its own
//   process group, and a watchdog (/bin/sh, in that group) blocks reading a pipe whose only write
//   end we hold. When we die the pipe reports end of input and the watchdog SIGKILLs the group,
//   so an engine that ignores end of input and SIGTERM (and anything it started) goes too.
//   Why not PR_SET_PDEATHSIG: it needs fork+exec (posix_spawn cannot set it), and it fires when
//   the *thread* that started the engine exits, which in a thread pool happens while the harness
//   lives on; it also misses the engine's own children. Own process groups also keep a terminal's
//   Ctrl-C away from engines: the harness stops them itself, so no game is lost to a crash. The
//   group id cannot be reused while the watchdog, a member, is alive.
// - spawn() reads `environ` to build the child's environment: do not setenv() concurrently.

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "balance/players/external/engine_error.hpp"

namespace balance::players::external {

// The default cap of an engine's stderr log (ProcessOptions::stderr_log_max_bytes): enough for
// any engine's diagnostics over a long sweep, far from filling a disk.
inline constexpr std::uint64_t kDefaultStderrLogMaxBytes = 4u << 20;

struct ProcessOptions {
    std::vector<std::string> argv;            // argv[0] is the program: a path, or a name for PATH
    std::filesystem::path working_directory;  // empty: inherit ours
    // Added to (or replacing same-named entries of) our environment.
    std::vector<std::pair<std::string, std::string>> extra_environment;
    std::filesystem::path stderr_log;  // the child's stderr is appended here; empty: /dev/null
    // The log holds at most this many bytes, whatever writes to it (restarts and other instances
    // of the engine share it): an engine that floods stderr cannot fill the disk. Past the cap
    // the log ends with a note saying so, and the rest of the output is read and discarded.
    // 0: no limit.
    std::uint64_t stderr_log_max_bytes = kDefaultStderrLogMaxBytes;
    std::string name;  // names the engine in errors; empty: argv[0]
    // A write that cannot complete within this time (engine not reading stdin) is a Timeout.
    std::chrono::milliseconds write_timeout{10'000};
};

class Process {
  public:
    // Starts the program; Fault::SpawnFailed when it cannot be started.
    [[nodiscard]] static EngineResult<Process> spawn(const ProcessOptions& options);

    Process(Process&& other) noexcept;
    Process& operator=(Process&& other) noexcept;
    Process(const Process&) = delete;
    Process& operator=(const Process&) = delete;
    ~Process();  // terminate(default_grace)

    static constexpr std::chrono::milliseconds default_grace{500};

    // Writes `line` plus '\n'. Fails with Crashed when the child has closed its stdin (EPIPE).
    [[nodiscard]] EngineResult<void> write_line(std::string_view line);

    // The next complete line from the child's stdout, without '\n' or a trailing '\r'. Timeout when
    // no full line arrives in time (a partial line stays buffered); Crashed at end of output, with
    // the exit status when the child has ended (a final unterminated line is returned first).
    [[nodiscard]] EngineResult<std::string> read_line(std::chrono::milliseconds timeout);

    // True while the child has not been reaped; reaps it (without blocking) if it has ended.
    [[nodiscard]] bool alive();

    // Waits up to `timeout` for the child to exit by itself (after "quit"); its status if it did.
    std::optional<ExitStatus> wait_exit(std::chrono::milliseconds timeout);

    // Closes stdin, sends SIGTERM, waits up to `grace`, then SIGKILL (to the engine's process
    // group); always reaps the child and its watchdog, which kills what is left of the group.
    // With sigterm = false (XBoard engines that announce sigterm=0) it only waits after closing
    // stdin. Returns how it ended (nullopt only for a moved-from or never-started Process).
    std::optional<ExitStatus> terminate(std::chrono::milliseconds grace = default_grace,
                                        bool sigterm = true);

    [[nodiscard]] pid_t pid() const { return pid_; }
    // The watchdog's pid (-1 when none runs); the engine's process group id is pid().
    [[nodiscard]] pid_t watchdog_pid() const { return watchdog_pid_; }
    [[nodiscard]] const std::string& name() const { return name_; }
    // Set once the child has been reaped.
    [[nodiscard]] const std::optional<ExitStatus>& exit_status() const { return exit_status_; }

  private:
    Process() = default;
    [[nodiscard]] EngineError fail(Fault fault, std::string message) const;
    bool try_reap();  // waitpid(WNOHANG); true once the child is reaped
    void close_fds();
    // Reads what the child wrote to stderr (at most `chunks` reads, without blocking) into the
    // log, up to its cap. The child's stderr is a pipe read by us, so that it can be capped.
    void drain_stderr(int chunks = 16);
    void append_to_log(const char* data, std::size_t size);
    void stop_watchdog();  // closes its pipe (it kills the group and exits), then reaps it

    pid_t pid_ = -1;
    int stdin_fd_ = -1;   // our write end of the child's stdin (non-blocking)
    int stdout_fd_ = -1;  // our read end of the child's stdout
    int stderr_fd_ = -1;  // our read end of the child's stderr (non-blocking), when logged
    int log_fd_ = -1;     // the stderr log (O_APPEND)
    std::uint64_t log_max_bytes_ = 0;
    pid_t watchdog_pid_ = -1;
    int watchdog_fd_ = -1;  // the only write end of the watchdog's stdin
    std::string name_;
    std::chrono::milliseconds write_timeout_{10'000};
    std::string buffer_;  // bytes read but not yet returned as lines
    bool eof_ = false;
    std::optional<ExitStatus> exit_status_;
};

}  // namespace balance::players::external
