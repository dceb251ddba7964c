#pragma once
// The HTTP server of `balance serve` (cpp-httplib underneath, seen only by server.cpp). It
// serves the databases it was opened with and nothing else: a request names a database by its
// place in that list (/run/<id>, from 1), never by a path, and nothing of a request reaches the
// file system.
//
//   GET /                        the index: every database, its state and games stored / planned
//   GET /index.json              the same as JSON ({"runs": [{"id", "database", "status"}]})
//   GET /run/<id>                the database's page (progress, verdict, tables, charts; live)
//   GET /run/<id>/report.json    exactly what `balance report --db <db> --format json` prints
//   GET /run/<id>/live.json      {"stamp", "status", "html"}; with ?since=<stamp> the answer
//                                waits (up to long_poll) until the store differs from that stamp
//
// Anything else is answered 404 (an unknown page or run), 405 (a method other than GET/HEAD),
// 400 (a malformed or oversized request, a client too slow to send one) or 414 (a long URI).

#include <atomic>
#include <chrono>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "balance/core/error.hpp"
#include "balance/serve/snapshot.hpp"

namespace balance::serve {

struct ServeOptions {
    std::string bind = "127.0.0.1";
    int port = 8080;   // 0: any free port (Server::port says which)
    int threads = 24;  // connections served at once; more wait for a free thread
    std::chrono::milliseconds long_poll{2000};
    Freshness freshness;
    std::chrono::seconds read_timeout{5};  // a client slower than this to send its request: 400
    // Reads a fix search's race or a calibration's rounds for their pages (the command line's
    // `fix --status` / `calibrate --status`); none: pages without them.
    SearchReader search;
    // Called once per answered request with "GET /run/1 200" (one call at a time); none: no log.
    std::function<void(const std::string& line)> access_log;
};

class Server {
  public:
    // Reads every database once (its first snapshot): a missing file or one that is not a
    // results database is an error naming it, before anything is served.
    [[nodiscard]] static Result<std::unique_ptr<Server>> open(
        const std::vector<std::filesystem::path>& databases, const ServeOptions& options);
    ~Server();
    Server(const Server&) = delete;
    Server& operator=(const Server&) = delete;

    // Binds the address; errors name it (in use, not an address of this machine).
    [[nodiscard]] Result<void> bind();
    [[nodiscard]] int port() const;

    // Serves until `stop` becomes true (checked every 100 ms) or stop() is called; returns when
    // every connection has been answered and closed.
    void run(const std::atomic<bool>& stop);
    void stop();

  private:
    struct Impl;
    explicit Server(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> impl_;
};

}  // namespace balance::serve
