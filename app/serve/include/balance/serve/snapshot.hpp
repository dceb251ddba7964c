#pragma once
// One database as the server shows it at one moment: everything a page and its updates need,
// built once per change of the store (tournament::StoreStamp) and shared by every client.

#include <chrono>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>

#include "balance/analysis/json.hpp"
#include "balance/core/error.hpp"
#include "balance/serve/run_status.hpp"

namespace balance::serve {

struct Snapshot {
    std::string stamp;  // tournament::StoreStamp and the writing command, as text
    RunStatus status;
    std::string report_json;  // exactly what `balance report --db <db> --format json` prints
    std::string fragment;     // the page's live part: progress, then the report's body (HTML)
    std::string live_json;    // pages.hpp live_json(), as sent
};

// The stamp of `db` now: one short read of its counts, plus who writes it. Errors name the file.
[[nodiscard]] Result<std::string> read_stamp(const std::filesystem::path& db);

// Reads the whole store and builds the snapshot (the report with its default options, no piece
// values: those replay every game). Errors name the file.
[[nodiscard]] Result<Snapshot> build_snapshot(const std::filesystem::path& db);

// The live part of the page: the progress section and the report's body.
[[nodiscard]] std::string progress_html(const RunStatus& status);

// How often a served database is looked at again.
struct Freshness {
    // The stamp is read at most this often, however many clients ask.
    std::chrono::milliseconds recheck{150};
    // A rebuild waits until this many times the last build's duration has passed since it: a
    // large database that changes with every game then costs its sweep at most 1 / (1 + this)
    // of a core, however many watch it.
    int rebuild_spacing = 3;
};

// One database served: its latest snapshot, rebuilt when the stamp changes (as Freshness
// allows); while one client's request rebuilds it, the others get the previous snapshot.
class RunSource {
  public:
    explicit RunSource(std::filesystem::path db, Freshness freshness = {})
        : db_(std::move(db)), freshness_(freshness) {}

    [[nodiscard]] const std::filesystem::path& database() const { return db_; }
    // The snapshot, current as Freshness allows. Errors name the file.
    [[nodiscard]] Result<std::shared_ptr<const Snapshot>> current();

  private:
    using Clock = std::chrono::steady_clock;
    std::filesystem::path db_;
    Freshness freshness_;
    std::mutex mutex_;  // guards everything below
    std::shared_ptr<const Snapshot> snapshot_;
    bool building_ = false;
    Clock::time_point checked_at_{};
    Clock::time_point built_at_{};
    Clock::duration build_time_{};
};

}  // namespace balance::serve
