#include "balance/serve/server.hpp"

#include <httplib.h>
#include <sys/socket.h>

#include <deque>
#include <mutex>
#include <optional>
#include <thread>

#include <fmt/format.h>

#include "balance/serve/pages.hpp"
#include "balance/serve/snapshot.hpp"

namespace balance::serve {

namespace {

constexpr const char* kHtml = "text/html; charset=utf-8";
constexpr const char* kJson = "application/json";
constexpr const char* kText = "text/plain; charset=utf-8";

// Connections waiting to be accepted. Debian's cpp-httplib is a compiled library that listens
// with a backlog of 5: a burst of new connections (a hundred clients) then overflows it, and
// the kernel drops their SYNs, which clients resend after 1, 3, 7, 15, 31 s.
constexpr int kListenBacklog = 1024;

// Why a status was answered, in the body, so that a client sees more than a number.
const char* reason(int status) {
    switch (status) {
        case 400:
            return "bad request: malformed, too large, or not sent in time";
        case 404:
            return "no such page: see / for the runs this server serves";
        case 405:
            return "method not allowed: this server only answers GET";
        case 413:
            return "request too large";
        case 414:
            return "request URI too long";
        case 500:
            return "internal error";
        default:
            return "error";
    }
}

}  // namespace

struct Server::Impl {
    ServeOptions options;
    std::deque<RunSource> sources;  // not movable (a mutex each): a deque keeps them in place
    httplib::Server http;
    int port = 0;
    socket_t listen_fd = INVALID_SOCKET;  // the listening socket, once bound
    std::atomic<bool> stopping{false};    // Server::stop()
    std::mutex log_mutex;

    // The place in `sources` of "/run/<id>", or none (and a 404 naming the range) for any other
    // id.
    std::optional<std::size_t> run_index(const std::string& id, httplib::Response& res) {
        std::size_t n = 0;
        bool digits = !id.empty() && id.size() <= 6;
        for (char c : id) {
            if (c < '0' || c > '9') digits = false;
            if (digits) n = n * 10 + static_cast<std::size_t>(c - '0');
        }
        if (digits && n >= 1 && n <= sources.size()) return n - 1;
        res.status = 404;
        res.set_content(
            fmt::format("no run {}: this server serves runs 1 to {} (see /)\n", id, sources.size()),
            kText);
        return std::nullopt;
    }

    RunSource* source(const std::string& id, httplib::Response& res) {
        const auto i = run_index(id, res);
        return i ? &sources[*i] : nullptr;
    }

    // The snapshot of `source`, or null with a 503 saying why it cannot be read now (a database
    // removed or replaced since the server started).
    std::shared_ptr<const Snapshot> snapshot(RunSource& source, httplib::Response& res) {
        auto snapshot = source.current();
        if (snapshot) return *snapshot;
        res.status = 503;
        res.set_content("cannot read the database now: " + snapshot.error().to_string() + "\n",
                        kText);
        return nullptr;
    }

    std::vector<IndexEntry> index() {
        std::vector<IndexEntry> entries;
        for (std::size_t i = 0; i < sources.size(); ++i) {
            IndexEntry entry{i + 1, sources[i].database().string(), nullptr, ""};
            auto snapshot = sources[i].current();
            if (snapshot) {
                entry.snapshot = *snapshot;
            } else {
                entry.error = snapshot.error().to_string();
            }
            entries.push_back(std::move(entry));
        }
        return entries;
    }

    // live.json?since=<stamp>: waits while the store still has that stamp, so that an open page
    // learns of a new game within a fraction of a second without asking many times a second.
    void live(RunSource& source, const httplib::Request& req, httplib::Response& res) {
        const std::string since = req.get_param_value("since");
        const auto deadline = std::chrono::steady_clock::now() + options.long_poll;
        std::shared_ptr<const Snapshot> current;
        while (true) {
            current = snapshot(source, res);
            if (!current) return;
            if (since.empty() || current->stamp != since || stopping.load() ||
                std::chrono::steady_clock::now() >= deadline)
                break;
            std::this_thread::sleep_for(std::chrono::milliseconds(200));
        }
        res.set_content(current->live_json, kJson);
    }

    void routes() {
        http.Get("/", [this](const httplib::Request&, httplib::Response& res) {
            res.set_content(index_page(index()), kHtml);
        });
        http.Get("/index.json", [this](const httplib::Request&, httplib::Response& res) {
            res.set_content(index_json(index()).dump(2) + "\n", kJson);
        });
        http.Get(R"(/run/([^/]+))", [this](const httplib::Request& req, httplib::Response& res) {
            const auto i = run_index(req.matches[1], res);
            if (!i) return;
            if (auto current = snapshot(sources[*i], res))
                res.set_content(run_page(*i + 1, sources[*i].database().string(), *current), kHtml);
        });
        http.Get(R"(/run/([^/]+)/report\.json)",
                 [this](const httplib::Request& req, httplib::Response& res) {
                     RunSource* source = this->source(req.matches[1], res);
                     if (!source) return;
                     if (auto current = snapshot(*source, res))
                         res.set_content(current->report_json, kJson);
                 });
        http.Get(R"(/run/([^/]+)/live\.json)",
                 [this](const httplib::Request& req, httplib::Response& res) {
                     if (RunSource* source = this->source(req.matches[1], res))
                         live(*source, req, res);
                 });
        // Only GET (and HEAD, which httplib answers from the GET routes): nothing here changes.
        const auto not_allowed = [](const httplib::Request&, httplib::Response& res) {
            res.status = 405;
        };
        http.Post(".*", not_allowed);
        http.Put(".*", not_allowed);
        http.Patch(".*", not_allowed);
        http.Delete(".*", not_allowed);
        http.Options(".*", not_allowed);
        // Every error says why in its body.
        http.set_error_handler([](const httplib::Request&, httplib::Response& res) {
            if (res.body.empty())
                res.set_content(fmt::format("{} {}\n", res.status, reason(res.status)), kText);
        });
        http.set_exception_handler(
            [](const httplib::Request&, httplib::Response& res, std::exception_ptr) {
                res.status = 500;
                res.set_content("500 internal error\n", kText);
            });
        http.set_default_headers(
            {{"Cache-Control", "no-store"}, {"X-Content-Type-Options", "nosniff"}});
        if (options.access_log) {
            http.set_logger([this](const httplib::Request& req, const httplib::Response& res) {
                std::lock_guard lock(log_mutex);
                options.access_log(fmt::format("{} {} {}", req.method, req.path, res.status));
            });
        }
        http.set_socket_options([this](socket_t sock) {
            httplib::default_socket_options(sock);
            listen_fd = sock;
        });
        http.set_read_timeout(options.read_timeout);
        http.set_payload_max_length(64 * 1024);
        const int threads = std::max(1, options.threads);
        http.new_task_queue = [threads] { return new httplib::ThreadPool(threads); };
    }
};

Server::Server(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Server::~Server() = default;

Result<std::unique_ptr<Server>> Server::open(const std::vector<std::filesystem::path>& databases,
                                             const ServeOptions& options) {
    if (databases.empty()) return make_error("no database to serve");
    auto impl = std::make_unique<Impl>();
    impl->options = options;
    for (const auto& db : databases) {
        RunSource& source = impl->sources.emplace_back(db, options.freshness, options.search);
        if (auto first = source.current(); !first) return first.error();
    }
    impl->routes();
    return std::unique_ptr<Server>(new Server(std::move(impl)));
}

Result<void> Server::bind() {
    const std::string where = fmt::format("{}:{}", impl_->options.bind, impl_->options.port);
    if (impl_->options.port == 0) {
        impl_->port = impl_->http.bind_to_any_port(impl_->options.bind);
        if (impl_->port < 0) return make_error("cannot listen here", where);
    } else {
        if (!impl_->http.bind_to_port(impl_->options.bind, impl_->options.port))
            return make_error(
                "cannot listen here (the port in use, or not an address of this "
                "machine)",
                where);
        impl_->port = impl_->options.port;
    }
    // Listening again on a listening socket sets its backlog (Linux).
    if (impl_->listen_fd != INVALID_SOCKET) ::listen(impl_->listen_fd, kListenBacklog);
    return {};
}

int Server::port() const {
    return impl_->port;
}

void Server::run(const std::atomic<bool>& stop) {
    std::atomic<bool> done{false};
    // Signal handlers only set a flag; this thread turns it into httplib's stop(), again until
    // the server has stopped (a stop() before httplib is listening does nothing).
    std::thread watcher([&] {
        while (!done.load()) {
            if (stop.load()) impl_->stopping.store(true);  // ends the waiting live.json requests
            if (impl_->stopping.load()) impl_->http.stop();
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        }
    });
    impl_->http.listen_after_bind();
    done.store(true);
    watcher.join();
}

void Server::stop() {
    impl_->stopping.store(true);
}

}  // namespace balance::serve
