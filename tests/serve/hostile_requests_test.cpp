// `balance serve` against requests no page sends: paths that try to leave the list of runs,
// unknown runs, oversized requests, other methods, a client that never finishes its request.
// Each gets a 4xx with a reason in the body, nothing of the file system, and the server goes on
// answering.

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "serve_support.hpp"

namespace balance::serve::testing {
namespace {

using balance::testing::TempDir;

class ServeHostile : public ::testing::Test {
  protected:
    void SetUp() override {
        sweep_ = dir_.write("tiny.toml", tiny_sweep());
        db_ = dir_.path() / "tiny.db";
        play(sweep_, db_, 2);
        ServeOptions options;
        options.read_timeout = std::chrono::seconds(1);
        server_ = std::make_unique<RunningServer>(std::vector<std::filesystem::path>{db_}, options);
    }
    // The status, after checking that the answer names no file outside and says why.
    int status(const std::string& answer) {
        EXPECT_EQ(answer.find("root:"), std::string::npos);  // /etc/passwd's first line
        EXPECT_EQ(answer.find("SQLite format"), std::string::npos);
        const int code = status_of(answer);
        if (code >= 400) {
            EXPECT_FALSE(body_of(answer).empty()) << answer;
        }
        return code;
    }
    [[nodiscard]] int port() const { return server_->port(); }

    TempDir dir_;
    std::filesystem::path sweep_, db_;
    std::unique_ptr<RunningServer> server_;
};

TEST_F(ServeHostile, TraversalPlainAndEncodedIsNotFound) {
    for (const char* path :
         {"/../../../../etc/passwd", "/run/1/../../../../etc/passwd", "/run/../tiny.db",
          "/%2e%2e/%2e%2e/etc/passwd", "/run/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
          "/run/1%2f..%2f..%2ftiny.db", "/run/..%5c..%5ctiny.db", "/tiny.db", "/run/1/tiny.db",
          "/%00", "/run/1%00.json"})
        EXPECT_EQ(status(get(port(), path)), 404) << path;
}

TEST_F(ServeHostile, UnknownRunIdsAreNotFoundAndSaySo) {
    for (const char* id : {"0", "2", "99", "-1", "abc", "1a", "99999999999999999999"}) {
        const std::string answer = get(port(), std::string("/run/") + id);
        EXPECT_EQ(status(answer), 404) << id;
        EXPECT_NE(body_of(answer).find("this server serves runs 1 to 1"), std::string::npos) << id;
    }
    EXPECT_EQ(status(get(port(), "/run/7/report.json")), 404);
    EXPECT_EQ(status(get(port(), "/run/7/live.json")), 404);
}

TEST_F(ServeHostile, OversizedRequestsAreRefused) {
    const std::string huge_header =
        "GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + std::string(64 * 1024, 'a') +
        "\r\nConnection: close\r\n\r\n";
    EXPECT_EQ(status(raw_request(port(), huge_header)), 400);
    EXPECT_EQ(status(get(port(), "/run/1?" + std::string(20000, 'q'))), 414);
    EXPECT_EQ(status(get(port(), "/run/" + std::string(20000, '1'))), 414);
    const std::string body(1 << 20, 'b');
    EXPECT_EQ(status(raw_request(port(), "POST /run/1 HTTP/1.1\r\nHost: x\r\nContent-Length: " +
                                             std::to_string(body.size()) +
                                             "\r\nConnection: close\r\n\r\n" + body)),
              413);
}

TEST_F(ServeHostile, OtherMethodsAndGarbageAreRefused) {
    for (const char* method : {"POST", "PUT", "DELETE", "PATCH", "OPTIONS"}) {
        const std::string answer =
            raw_request(port(), std::string(method) +
                                    " /run/1 HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n"
                                    "Connection: close\r\n\r\n");
        EXPECT_EQ(status(answer), 405) << method;
    }
    EXPECT_EQ(status(raw_request(port(), "NONSENSE\r\n\r\n")), 400);
}

TEST_F(ServeHostile, SlowClientIsAnsweredAndTheServerGoesOn) {
    // Half a request, then nothing: answered 400 once the read timeout passes, not held.
    const std::string answer = raw_request(port(), "GET /run/1 HTTP/1.1\r\nHost: x\r\nX-Slow: ");
    EXPECT_EQ(status(answer), 400) << answer;
    // Half a request line: the connection is closed, with nothing to answer to.
    EXPECT_EQ(raw_request(port(), "GET /run/1 HTT"), "");
    // Meanwhile and afterwards, pages are served.
    EXPECT_EQ(status(get(port(), "/")), 200);
    EXPECT_EQ(status(get(port(), "/run/1")), 200);
}

TEST(ServeCommand, BadDatabasesAreNamedBeforeServing) {
    TempDir dir;
    const auto missing = dir.path() / "missing.db";
    auto run = run_balance({"serve", missing.string(), "--port", "0"});
    EXPECT_EQ(run.status, 1);
    EXPECT_NE(run.err.find(missing.string()), std::string::npos) << run.err;
    EXPECT_EQ(run.out, "");  // nothing served
    const auto text = dir.write("notes.db", "not a database\n");
    run = run_balance({"serve", text.string(), "--port", "0"});
    EXPECT_EQ(run.status, 1);
    EXPECT_NE(run.err.find(text.string()), std::string::npos) << run.err;
    EXPECT_EQ(run.out, "");
}

}  // namespace
}  // namespace balance::serve::testing
