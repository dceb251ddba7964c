#pragma once
// What the serve tests share: a real tiny sweep played into a scratch database through the
// command line, the server started on a free port in a thread of the test, and plain HTTP
// requests written byte for byte (so that hostile ones reach the server as sent).

#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <atomic>
#include <condition_variable>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "../cli/cli_runner.hpp"
#include "../support/sweep_support.hpp"
#include "../support/temp_dir.hpp"
#include "balance/serve/server.hpp"

namespace balance::serve::testing {

using balance::cli::testing::run_balance;

// The tiny sweep: chess, the internal engine at 300 nodes against the greedy baseline, both
// colour orders, 6 short games a cell (12 planned).
inline std::string tiny_sweep() {
    return tournament::testing::small_sweep(6);
}

// Plays `games` more games of the tiny sweep into `db` (the first call creates it).
inline void play(const std::filesystem::path& sweep, const std::filesystem::path& db, int games) {
    std::vector<std::string> args{"sweep",     sweep.string(), "--db",
                                  db.string(), "--threads",    "1",
                                  "--quiet",   "--max-games",  std::to_string(games)};
    if (std::filesystem::exists(db)) args.push_back("--resume");
    const auto run = run_balance(args);
    ASSERT_EQ(run.status, 0) << run.err;
}

// The server in a thread of the test; its access log kept for the test to wait on.
class RunningServer {
  public:
    RunningServer(const std::vector<std::filesystem::path>& dbs, ServeOptions options = {}) {
        options.port = 0;
        options.access_log = [this](const std::string& line) {
            std::lock_guard lock(mutex_);
            log_.push_back(line);
            changed_.notify_all();
        };
        auto server = Server::open(dbs, options);
        EXPECT_TRUE(server.ok()) << (server ? "" : server.error().to_string());
        if (!server) return;
        server_ = std::move(*server);
        auto bound = server_->bind();
        EXPECT_TRUE(bound.ok()) << (bound ? "" : bound.error().to_string());
        thread_ = std::thread([this] { server_->run(stop_); });
    }
    ~RunningServer() {
        stop_ = true;
        if (thread_.joinable()) thread_.join();
    }
    [[nodiscard]] int port() const { return server_ ? server_->port() : 0; }

    // Waits until a request whose log line starts with `prefix` has been answered (false after
    // two minutes: a hung browser, not a slow machine).
    bool wait_for(const std::string& prefix) {
        std::unique_lock lock(mutex_);
        return changed_.wait_for(lock, std::chrono::minutes(2), [&] {
            for (const auto& line : log_)
                if (line.rfind(prefix, 0) == 0) return true;
            return false;
        });
    }

  private:
    std::unique_ptr<Server> server_;
    std::atomic<bool> stop_{false};
    std::thread thread_;
    std::mutex mutex_;
    std::condition_variable changed_;
    std::vector<std::string> log_;
};

// Sends `request` as it is to 127.0.0.1:port and returns the answer: the status line, headers
// and as much body as Content-Length says, or whatever came before the server closed the
// connection. The connection is not half-closed (the server would take that for a client gone).
// The receive timeout only keeps a broken server from hanging the test.
inline std::string raw_request(int port, const std::string& request) {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) return "";
    timeval timeout{60, 0};
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<std::uint16_t>(port));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    std::string answer;
    if (::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0) {
        std::size_t sent = 0;
        while (sent < request.size()) {
            const ssize_t n =
                ::send(fd, request.data() + sent, request.size() - sent, MSG_NOSIGNAL);
            if (n <= 0) break;
            sent += static_cast<std::size_t>(n);
        }
        char buffer[4096];
        ssize_t n;
        while ((n = ::recv(fd, buffer, sizeof buffer, 0)) > 0) {
            answer.append(buffer, static_cast<std::size_t>(n));
            const auto head_end = answer.find("\r\n\r\n");
            if (head_end == std::string::npos) continue;
            const auto length_at = answer.find("Content-Length: ");
            if (length_at == std::string::npos || length_at > head_end) continue;
            const auto length = std::stoul(answer.substr(length_at + 16));
            if (answer.size() >= head_end + 4 + length) break;
        }
    }
    ::close(fd);
    return answer;
}

// The status code of an HTTP answer ("HTTP/1.1 404 Not Found" -> 404); 0 when there is none.
inline int status_of(const std::string& answer) {
    if (answer.rfind("HTTP/1.", 0) != 0 || answer.size() < 12) return 0;
    return std::atoi(answer.substr(9, 3).c_str());
}

// The body of an HTTP answer (after the blank line).
inline std::string body_of(const std::string& answer) {
    const auto at = answer.find("\r\n\r\n");
    return at == std::string::npos ? "" : answer.substr(at + 4);
}

inline std::string get(int port, const std::string& path) {
    return raw_request(port,
                       "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
}

}  // namespace balance::serve::testing
