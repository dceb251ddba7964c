#include "balance/players/external/process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <thread>

extern char** environ;  // read once per spawn to build the child's environment; never written

namespace balance::players::external {
namespace {

using Clock = std::chrono::steady_clock;

// An engine line longer than this is garbage that would otherwise grow the buffer forever.
constexpr std::size_t max_line_bytes = 1 << 20;

std::string errno_text(const char* what, int err) {
    return std::string(what) + ": " + std::strerror(err);
}

// Milliseconds left until `deadline`, rounded up so that poll never returns just before it.
int poll_millis(Clock::time_point deadline) {
    const auto left = deadline - Clock::now();
    if (left <= Clock::duration::zero()) return 0;
    const auto ms = std::chrono::ceil<std::chrono::milliseconds>(left).count();
    return static_cast<int>(std::min<long long>(ms, 1'000'000'000));
}

// Blocks SIGPIPE in this thread for the lifetime of the guard; see the header for why. If a
// write failed with EPIPE, the SIGPIPE it raised is pending on this thread: consume it so that it
// is not delivered (and kills us) when the old mask is restored. A SIGPIPE that was already
// pending before the guard is left alone.
class SigpipeGuard {
  public:
    SigpipeGuard() {
        sigemptyset(&pipe_set_);
        sigaddset(&pipe_set_, SIGPIPE);
        sigset_t pending;
        sigemptyset(&pending);
        sigpending(&pending);
        was_pending_ = sigismember(&pending, SIGPIPE) == 1;
        pthread_sigmask(SIG_BLOCK, &pipe_set_, &old_mask_);
    }
    SigpipeGuard(const SigpipeGuard&) = delete;
    SigpipeGuard& operator=(const SigpipeGuard&) = delete;
    ~SigpipeGuard() {
        if (saw_epipe_ && !was_pending_) {
            const timespec zero{0, 0};
            while (sigtimedwait(&pipe_set_, nullptr, &zero) < 0 && errno == EINTR) {
            }
        }
        pthread_sigmask(SIG_SETMASK, &old_mask_, nullptr);
    }
    void saw_epipe() { saw_epipe_ = true; }

  private:
    sigset_t pipe_set_;
    sigset_t old_mask_;
    bool was_pending_ = false;
    bool saw_epipe_ = false;
};

// Closes a descriptor on scope exit unless released; keeps spawn's error paths leak-free.
class FdCloser {
  public:
    explicit FdCloser(int fd = -1) : fd_(fd) {}
    FdCloser(const FdCloser&) = delete;
    FdCloser& operator=(const FdCloser&) = delete;
    ~FdCloser() {
        if (fd_ >= 0) ::close(fd_);
    }
    [[nodiscard]] int get() const { return fd_; }
    int release() { return std::exchange(fd_, -1); }
    void reset(int fd) {
        if (fd_ >= 0) ::close(fd_);
        fd_ = fd;
    }

  private:
    int fd_;
};

// Our environment with `extra` added; same-named entries are replaced.
std::vector<std::string> child_environment(
    const std::vector<std::pair<std::string, std::string>>& extra) {
    std::vector<std::string> env;
    for (char** entry = environ; entry != nullptr && *entry != nullptr; ++entry) {
        const std::string_view text(*entry);
        const std::string_view key = text.substr(0, text.find('='));
        const bool overridden = std::any_of(extra.begin(), extra.end(),
                                            [&](const auto& kv) { return kv.first == key; });
        if (!overridden) env.emplace_back(text);
    }
    for (const auto& [key, value] : extra) env.push_back(key + "=" + value);
    return env;
}

std::vector<char*> c_strings(std::vector<std::string>& strings) {
    std::vector<char*> pointers;
    pointers.reserve(strings.size() + 1);
    for (auto& s : strings) pointers.push_back(s.data());
    pointers.push_back(nullptr);
    return pointers;
}

// posix_spawn's attribute and file-action objects, destroyed on scope exit.
struct SpawnSetup {
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attr;
    SpawnSetup() {
        posix_spawn_file_actions_init(&actions);
        posix_spawnattr_init(&attr);
    }
    SpawnSetup(const SpawnSetup&) = delete;
    SpawnSetup& operator=(const SpawnSetup&) = delete;
    ~SpawnSetup() {
        posix_spawn_file_actions_destroy(&actions);
        posix_spawnattr_destroy(&attr);
    }
};

// The signals an engine or watchdog starts with at their default disposition and unblocked
// (a harness may block or ignore some of them in its own threads, e.g. SIGPIPE).
void reset_signals(posix_spawnattr_t& attr) {
    sigset_t empty_mask;
    sigemptyset(&empty_mask);
    posix_spawnattr_setsigmask(&attr, &empty_mask);
    sigset_t defaults;
    sigemptyset(&defaults);
    for (int sig : {SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGCHLD}) sigaddset(&defaults, sig);
    posix_spawnattr_setsigdefault(&attr, &defaults);
}

// Starts the watchdog of process group `group` (see process.hpp): /bin/sh, a member of the
// group, waits for end of input on a pipe and then SIGKILLs the group. Returns its pid and our
// write end of the pipe (O_CLOEXEC, so no other child inherits it), or an errno value.
std::pair<pid_t, int> spawn_watchdog(pid_t group, int& error) {
    int pipe_fds[2];
    if (pipe2(pipe_fds, O_CLOEXEC) != 0) {
        error = errno;
        return {-1, -1};
    }
    FdCloser read_end(pipe_fds[0]);
    FdCloser write_end(pipe_fds[1]);
    FdCloser null_fd(::open("/dev/null", O_WRONLY | O_CLOEXEC));
    SpawnSetup setup;
    posix_spawn_file_actions_adddup2(&setup.actions, read_end.get(), STDIN_FILENO);
    if (null_fd.get() >= 0) {
        posix_spawn_file_actions_adddup2(&setup.actions, null_fd.get(), STDOUT_FILENO);
        posix_spawn_file_actions_adddup2(&setup.actions, null_fd.get(), STDERR_FILENO);
    }
    reset_signals(setup.attr);
    posix_spawnattr_setpgroup(&setup.attr, group);
    posix_spawnattr_setflags(
        &setup.attr, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP);
    std::string group_text = std::to_string(group);
    std::vector<std::string> args = {"balance-watchdog", "-c",
                                     "read -r _; kill -KILL -\"$1\" 2>/dev/null; exit 0",
                                     "balance-watchdog", group_text};
    std::vector<char*> argv = c_strings(args);
    pid_t pid = -1;
    const int rc = posix_spawn(&pid, "/bin/sh", &setup.actions, &setup.attr, argv.data(), environ);
    if (rc != 0) {
        error = rc;
        return {-1, -1};
    }
    return {pid, write_end.release()};
}

}  // namespace

EngineResult<Process> Process::spawn(const ProcessOptions& options) {
    const std::string name = options.name.empty()
                                 ? (options.argv.empty() ? std::string("?") : options.argv[0])
                                 : options.name;
    auto spawn_error = [&](std::string message) {
        return EngineError{Fault::SpawnFailed, std::move(message), "engine " + name, std::nullopt};
    };
    if (options.argv.empty() || options.argv[0].empty()) return spawn_error("empty command line");

    int in_pipe[2];   // child's stdin: [0] read by the child, [1] written by us
    int out_pipe[2];  // child's stdout: [0] read by us, [1] written by the child
    if (pipe2(in_pipe, O_CLOEXEC) != 0) return spawn_error(errno_text("pipe2", errno));
    FdCloser child_in(in_pipe[0]);
    FdCloser our_in(in_pipe[1]);
    if (pipe2(out_pipe, O_CLOEXEC) != 0) return spawn_error(errno_text("pipe2", errno));
    FdCloser our_out(out_pipe[0]);
    FdCloser child_out(out_pipe[1]);

    // Unlogged, the child's stderr is /dev/null; logged, a pipe we copy into the log up to its
    // cap (a file of its own would grow as long as the engine writes).
    const std::string log_path =
        options.stderr_log.empty() ? std::string("/dev/null") : options.stderr_log.string();
    FdCloser log_file(::open(log_path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644));
    if (log_file.get() < 0) {
        return spawn_error(
            errno_text(("cannot open stderr log '" + log_path + "'").c_str(), errno));
    }
    FdCloser our_err;
    FdCloser child_err;
    if (options.stderr_log.empty()) {
        child_err.reset(log_file.release());
    } else {
        int err_pipe[2];  // child's stderr: [0] read by us, [1] written by the child
        if (pipe2(err_pipe, O_CLOEXEC) != 0) return spawn_error(errno_text("pipe2", errno));
        our_err.reset(err_pipe[0]);
        child_err.reset(err_pipe[1]);
        fcntl(our_err.get(), F_SETFL, fcntl(our_err.get(), F_GETFL) | O_NONBLOCK);
    }

    // dup2 onto 0/1/2 clears O_CLOEXEC on the copies only; the originals close at exec.
    SpawnSetup setup;
    posix_spawn_file_actions_adddup2(&setup.actions, child_in.get(), STDIN_FILENO);
    posix_spawn_file_actions_adddup2(&setup.actions, child_out.get(), STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&setup.actions, child_err.get(), STDERR_FILENO);
    if (!options.working_directory.empty()) {
        posix_spawn_file_actions_addchdir_np(&setup.actions, options.working_directory.c_str());
    }
    // The engine starts with no blocked signals and default dispositions, leading its own
    // process group (see the header for why).
    reset_signals(setup.attr);
    posix_spawnattr_setpgroup(&setup.attr, 0);
    posix_spawnattr_setflags(
        &setup.attr, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP);

    std::vector<std::string> argv_strings = options.argv;
    std::vector<std::string> env_strings = child_environment(options.extra_environment);
    std::vector<char*> argv = c_strings(argv_strings);
    std::vector<char*> envp = c_strings(env_strings);

    pid_t pid = -1;
    // posix_spawnp searches PATH when argv[0] has no '/'. glibc reports exec failures (missing
    // binary, failed chdir) as the return value, so no half-started child can remain.
    const int rc =
        posix_spawnp(&pid, argv[0], &setup.actions, &setup.attr, argv.data(), envp.data());
    if (rc != 0) {
        std::string what = "cannot start '" + options.argv[0] + "'";
        if (!options.working_directory.empty()) {
            what += " in '" + options.working_directory.string() + "'";
        }
        return spawn_error(errno_text(what.c_str(), rc));
    }

    Process process;
    process.pid_ = pid;
    process.name_ = name;
    process.write_timeout_ = options.write_timeout;
    // Non-blocking writes let write_line honour its deadline when the engine stops reading.
    const int flags = fcntl(our_in.get(), F_GETFL);
    fcntl(our_in.get(), F_SETFL, flags | O_NONBLOCK);
    process.stdin_fd_ = our_in.release();
    process.stdout_fd_ = our_out.release();
    process.stderr_fd_ = our_err.release();
    process.log_fd_ = process.stderr_fd_ >= 0 ? log_file.release() : -1;
    process.log_max_bytes_ = options.stderr_log_max_bytes;
    int watchdog_error = 0;
    const auto [watchdog, watchdog_fd] = spawn_watchdog(pid, watchdog_error);
    if (watchdog < 0) {
        // Without a watchdog the engine could outlive us: do not run it at all.
        process.terminate(std::chrono::milliseconds(0));
        return spawn_error(errno_text("cannot start the watchdog /bin/sh", watchdog_error));
    }
    process.watchdog_pid_ = watchdog;
    process.watchdog_fd_ = watchdog_fd;
    return process;  // the child's ends close here, so its exit is seen as EOF
}

Process::Process(Process&& other) noexcept
    : pid_(std::exchange(other.pid_, -1)),
      stdin_fd_(std::exchange(other.stdin_fd_, -1)),
      stdout_fd_(std::exchange(other.stdout_fd_, -1)),
      stderr_fd_(std::exchange(other.stderr_fd_, -1)),
      log_fd_(std::exchange(other.log_fd_, -1)),
      log_max_bytes_(other.log_max_bytes_),
      watchdog_pid_(std::exchange(other.watchdog_pid_, -1)),
      watchdog_fd_(std::exchange(other.watchdog_fd_, -1)),
      name_(std::move(other.name_)),
      write_timeout_(other.write_timeout_),
      buffer_(std::move(other.buffer_)),
      eof_(other.eof_),
      exit_status_(std::move(other.exit_status_)) {}

Process& Process::operator=(Process&& other) noexcept {
    if (this != &other) {
        terminate();
        pid_ = std::exchange(other.pid_, -1);
        stdin_fd_ = std::exchange(other.stdin_fd_, -1);
        stdout_fd_ = std::exchange(other.stdout_fd_, -1);
        stderr_fd_ = std::exchange(other.stderr_fd_, -1);
        log_fd_ = std::exchange(other.log_fd_, -1);
        log_max_bytes_ = other.log_max_bytes_;
        watchdog_pid_ = std::exchange(other.watchdog_pid_, -1);
        watchdog_fd_ = std::exchange(other.watchdog_fd_, -1);
        name_ = std::move(other.name_);
        write_timeout_ = other.write_timeout_;
        buffer_ = std::move(other.buffer_);
        eof_ = other.eof_;
        exit_status_ = std::move(other.exit_status_);
    }
    return *this;
}

Process::~Process() {
    terminate();
}

EngineError Process::fail(Fault fault, std::string message) const {
    return EngineError{fault, std::move(message),
                       "engine " + name_ + " (pid " + std::to_string(pid_) + ")", exit_status_};
}

EngineResult<void> Process::write_line(std::string_view line) {
    if (stdin_fd_ < 0) return fail(Fault::NotRunning, "process is not running");
    std::string data;
    data.reserve(line.size() + 1);
    data.append(line);
    data.push_back('\n');

    const auto deadline = Clock::now() + write_timeout_;
    SigpipeGuard guard;
    std::size_t done = 0;
    while (done < data.size()) {
        const ssize_t n = ::write(stdin_fd_, data.data() + done, data.size() - done);
        if (n > 0) {
            done += static_cast<std::size_t>(n);
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && errno == EPIPE) {
            guard.saw_epipe();
            // The reader is gone: the child exited or closed stdin. Give it a moment to finish
            // exiting so that the error can say how it ended.
            wait_exit(std::chrono::milliseconds(200));
            return fail(Fault::Crashed,
                        "engine closed its input while we wrote '" + std::string(line) + "'");
        }
        if (n < 0 && errno != EAGAIN) return fail(Fault::Io, errno_text("write", errno));
        // Pipe full: the engine is not reading (perhaps blocked writing stderr, which we read
        // meanwhile). Wait for room, but not past the deadline.
        pollfd pfds[2] = {{stdin_fd_, POLLOUT, 0}, {stderr_fd_, POLLIN, 0}};
        const int ready = ::poll(pfds, stderr_fd_ >= 0 ? 2 : 1, poll_millis(deadline));
        if (ready > 0 && pfds[1].revents != 0) drain_stderr();
        if (ready == 0 || (pfds[0].revents == 0 && Clock::now() >= deadline)) {
            return fail(Fault::Timeout, "engine did not read its input for " +
                                            std::to_string(write_timeout_.count()) + " ms");
        }
        if (ready < 0 && errno != EINTR) return fail(Fault::Io, errno_text("poll", errno));
    }
    return {};
}

EngineResult<std::string> Process::read_line(std::chrono::milliseconds timeout) {
    if (stdout_fd_ < 0) return fail(Fault::NotRunning, "process is not running");
    const auto deadline = Clock::now() + timeout;
    std::size_t scanned = 0;  // bytes of buffer_ known to hold no '\n'
    while (true) {
        const std::size_t newline = buffer_.find('\n', scanned);
        if (newline != std::string::npos) {
            std::string line = buffer_.substr(0, newline);
            buffer_.erase(0, newline + 1);
            if (!line.empty() && line.back() == '\r') line.pop_back();
            return line;
        }
        scanned = buffer_.size();
        if (eof_) {
            if (!buffer_.empty()) {  // a last line without '\n' before the end
                std::string line = std::move(buffer_);
                buffer_.clear();
                if (!line.empty() && line.back() == '\r') line.pop_back();
                return line;
            }
            wait_exit(std::chrono::milliseconds(200));
            drain_stderr();  // its last words, before anyone reads the log
            return fail(Fault::Crashed,
                        exit_status_ ? "engine exited" : "engine closed its output");
        }
        if (buffer_.size() > max_line_bytes) {
            buffer_.clear();
            scanned = 0;
            return fail(Fault::Protocol, "engine sent a line longer than " +
                                             std::to_string(max_line_bytes) + " bytes");
        }
        pollfd pfds[2] = {{stdout_fd_, POLLIN, 0}, {stderr_fd_, POLLIN, 0}};
        const int ready = ::poll(pfds, stderr_fd_ >= 0 ? 2 : 1, poll_millis(deadline));
        if (ready > 0 && pfds[1].revents != 0) drain_stderr();
        if (ready == 0 || (pfds[0].revents == 0 && Clock::now() >= deadline)) {
            return fail(Fault::Timeout,
                        "no complete line within " + std::to_string(timeout.count()) + " ms");
        }
        if (ready < 0) {
            if (errno == EINTR) continue;
            return fail(Fault::Io, errno_text("poll", errno));
        }
        if (pfds[0].revents == 0) continue;  // only stderr had something
        char chunk[4096];
        const ssize_t n = ::read(stdout_fd_, chunk, sizeof chunk);
        if (n > 0) {
            buffer_.append(chunk, static_cast<std::size_t>(n));
        } else if (n == 0) {
            eof_ = true;
        } else if (errno != EINTR && errno != EAGAIN) {
            return fail(Fault::Io, errno_text("read", errno));
        }
    }
}

bool Process::try_reap() {
    if (exit_status_) return true;
    if (pid_ < 0) return true;
    int status = 0;
    while (true) {
        const pid_t r = ::waitpid(pid_, &status, WNOHANG);
        if (r == pid_) {
            exit_status_ = ExitStatus::from_wait_status(status);
            return true;
        }
        if (r == 0) return false;
        if (errno == EINTR) continue;
        exit_status_ = ExitStatus{};  // ECHILD: reaped elsewhere (SIGCHLD set to SIG_IGN)
        return true;
    }
}

bool Process::alive() {
    return pid_ >= 0 && !try_reap();
}

std::optional<ExitStatus> Process::wait_exit(std::chrono::milliseconds timeout) {
    if (pid_ < 0) return exit_status_;
    const auto deadline = Clock::now() + timeout;
    auto pause = std::chrono::microseconds(200);
    while (!try_reap()) {
        drain_stderr();  // an engine blocked writing stderr could not exit
        const auto now = Clock::now();
        if (now >= deadline) return std::nullopt;
        std::this_thread::sleep_for(std::min<Clock::duration>(pause, deadline - now));
        pause = std::min(pause * 2, std::chrono::microseconds(5000));
    }
    return exit_status_;
}

std::optional<ExitStatus> Process::terminate(std::chrono::milliseconds grace, bool sigterm) {
    if (pid_ < 0) return exit_status_;
    if (stdin_fd_ >= 0) {  // EOF on stdin alone makes most engines quit
        ::close(stdin_fd_);
        stdin_fd_ = -1;
    }
    if (!try_reap()) {
        if (sigterm) ::kill(pid_, SIGTERM);
        if (!wait_exit(grace)) {
            ::kill(-pid_, SIGKILL);  // the group: whatever the engine started goes with it
            int status = 0;
            pid_t r;
            while ((r = ::waitpid(pid_, &status, 0)) < 0 && errno == EINTR) {
            }
            exit_status_ = r == pid_ ? ExitStatus::from_wait_status(status) : ExitStatus{};
        }
    }
    drain_stderr(64);  // what it wrote last (bounded: an escaped child may still write)
    close_fds();
    stop_watchdog();
    return exit_status_;
}

void Process::stop_watchdog() {
    if (watchdog_fd_ >= 0) ::close(watchdog_fd_);
    watchdog_fd_ = -1;
    if (watchdog_pid_ < 0) return;
    // End of input makes it kill the rest of the group (the engine is already reaped) and exit
    // at once. If it is too slow (a loaded machine), we kill the group ourselves: the watchdog
    // is a member, so the group id is still valid, and the wait below never hangs.
    int status = 0;
    pid_t r = 0;
    for (int i = 0; i < 2000 && (r = ::waitpid(watchdog_pid_, &status, WNOHANG)) == 0; ++i) {
        std::this_thread::sleep_for(std::chrono::microseconds(500));
    }
    if (r == 0) {
        ::kill(-pid_, SIGKILL);
        ::kill(watchdog_pid_, SIGKILL);
        while (::waitpid(watchdog_pid_, &status, 0) < 0 && errno == EINTR) {
        }
    }
    watchdog_pid_ = -1;
}

void Process::close_fds() {
    for (int* fd : {&stdin_fd_, &stdout_fd_, &stderr_fd_, &log_fd_}) {
        if (*fd >= 0) ::close(*fd);
        *fd = -1;
    }
}

void Process::drain_stderr(int chunks) {
    char chunk[65536];
    for (int i = 0; i < chunks && stderr_fd_ >= 0; ++i) {
        const ssize_t n = ::read(stderr_fd_, chunk, sizeof chunk);
        if (n > 0) {
            append_to_log(chunk, static_cast<std::size_t>(n));
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && errno == EAGAIN) return;  // nothing more for now
        ::close(stderr_fd_);                   // end of output, or a pipe we cannot read
        stderr_fd_ = -1;
    }
}

// Log writes are best effort: a log that cannot be written never fails the engine.
void Process::append_to_log(const char* data, std::size_t size) {
    auto write_all = [this](const char* bytes, std::size_t count) {
        while (count > 0) {
            const ssize_t n = ::write(log_fd_, bytes, count);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) return;
            bytes += n;
            count -= static_cast<std::size_t>(n);
        }
    };
    if (log_fd_ < 0) return;
    if (log_max_bytes_ == 0) return write_all(data, size);
    // The file's size, not what this process wrote: restarts and other instances of the engine
    // append to the same log, and the cap is the log's.
    struct stat st {};
    if (::fstat(log_fd_, &st) != 0) return;
    const auto used = static_cast<std::uint64_t>(st.st_size);
    if (used >= log_max_bytes_) return;  // full: the note is already there
    const std::uint64_t room = log_max_bytes_ - used;
    if (size < room) return write_all(data, size);
    // Reaching the cap writes the note, so a full log always ends with it.
    write_all(data, static_cast<std::size_t>(room));
    const std::string limit = log_max_bytes_ % (1u << 20) == 0
                                  ? std::to_string(log_max_bytes_ >> 20) + " MB"
                                  : std::to_string(log_max_bytes_) + " bytes";
    const std::string note = "\n[balance: engine log reached its limit of " + limit +
                             "; the rest of the engine's stderr is discarded]\n";
    write_all(note.data(), note.size());
}

}  // namespace balance::players::external
