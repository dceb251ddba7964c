#include "child_process.hpp"

#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <thread>

namespace balance::runs {

Result<pid_t> start_child(const std::vector<std::string>& argv, const std::filesystem::path& cwd,
                          int nice, const std::filesystem::path& log) {
    // Everything the child needs is built before fork(): after it, only async-signal-safe calls.
    std::vector<std::string> args = argv;
    std::vector<char*> pointers;
    for (auto& a : args) pointers.push_back(a.data());
    pointers.push_back(nullptr);
    const std::string dir = cwd.string();
    const int log_fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (log_fd < 0) return make_error("cannot open the entry's log", log.string());
    const pid_t parent = ::getpid();
    const pid_t pid = ::fork();
    if (pid < 0) {
        ::close(log_fd);
        return make_error(std::string("cannot start a process: ") + std::strerror(errno));
    }
    if (pid == 0) {
        ::setpgid(0, 0);
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (::getppid() != parent) ::_exit(137);  // the queue died before prctl took effect
        // The queue's stop handler is not the entry's: back to the defaults before exec.
        ::signal(SIGINT, SIG_DFL);
        ::signal(SIGTERM, SIG_DFL);
        ::dup2(log_fd, STDOUT_FILENO);
        ::dup2(log_fd, STDERR_FILENO);
        const int null_fd = ::open("/dev/null", O_RDONLY);
        if (null_fd >= 0) ::dup2(null_fd, STDIN_FILENO);
        // -1 is also a valid niceness: errno alone would tell, and nothing is done about it.
        if (nice > 0 && ::nice(nice) == -1) errno = 0;
        if (!dir.empty() && ::chdir(dir.c_str()) != 0) {
            static const char message[] = "balance queue: cannot enter the entry's directory\n";
            [[maybe_unused]] const auto written =
                ::write(STDERR_FILENO, message, sizeof message - 1);
            ::_exit(127);
        }
        ::execv(pointers[0], pointers.data());
        static const char message[] = "balance queue: cannot run the entry's balance\n";
        [[maybe_unused]] const auto written = ::write(STDERR_FILENO, message, sizeof message - 1);
        ::_exit(127);
    }
    ::close(log_fd);
    return pid;
}

ChildExit wait_child(pid_t pid, const std::atomic<bool>& stop) {
    ChildExit result;
    for (;;) {
        int status = 0;
        const pid_t done = ::waitpid(pid, &status, WNOHANG);
        if (done == pid) {
            result.signalled = WIFSIGNALED(status);
            result.code = result.signalled ? 128 + WTERMSIG(status) : WEXITSTATUS(status);
            return result;
        }
        if (done < 0 && errno != EINTR) {
            result.code = 127;
            return result;
        }
        if (stop && !result.stop_sent) {
            ::kill(pid, SIGTERM);
            result.stop_sent = true;
        }
        // A poll rather than a blocking wait: the stop flag is set by a signal handler.
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
}

}  // namespace balance::runs
