#pragma once
// One database as the server shows it at one moment: everything a page and its updates need,
// built once per change of the store (tournament::StoreStamp) and shared by every client.

#include <chrono>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "balance/analysis/json.hpp"
#include "balance/analysis/store_reader.hpp"
#include "balance/core/error.hpp"
#include "balance/serve/run_status.hpp"
#include "balance/tournament/store.hpp"

namespace balance::serve {

// A fix search's race or a calibration's rounds: what `balance fix --status --json` or
// `balance calibrate --status --json` prints for the database (the command reads them from the
// stored games and the sweep file, playing and writing nothing).
struct SearchState {
    std::string kind;  // "fix" or "calibrate"
    analysis::Json json;
};

// Reads the search state of `db`, whose latest run is `latest` (its sweep file names the
// search): none when that file is neither a fix nor a calibration file; an error (the file
// cannot be read, the command refuses) is shown on the page instead. The command line
// supplies it (the searches live there); without one the page shows no search.
using SearchReader = std::function<Result<std::optional<SearchState>>(
    const tournament::RunRow& latest, const std::filesystem::path& db)>;

// Whether `sweep_name` is a round of a fix search or a calibration ("<name>-r<k>", a
// calibration's match "<name>-r<k>-match"): only then is the reader asked.
[[nodiscard]] bool round_sweep(const std::string& sweep_name);

struct Snapshot {
    std::string stamp;  // tournament::StoreStamp and the writing command, as text
    RunStatus status;
    std::string report_json;  // exactly what `balance report --db <db> --format json` prints
    std::optional<SearchState> search;  // a fix search's race or a calibration's rounds
    std::string search_error;           // why the search state could not be read (else empty)
    std::string fragment;   // the page's live part: progress, then the report's body (HTML)
    std::string live_json;  // pages.hpp live_json(), as sent
};

// The stamp of `db` now: one short read of its counts, plus who writes it. Errors name the file.
[[nodiscard]] Result<std::string> read_stamp(const std::filesystem::path& db);

// Reads the whole store and builds the snapshot (the report with its default options, no piece
// values: those replay every game; the search state through `search` when the latest run is a
// round of one). Errors name the file.
[[nodiscard]] Result<Snapshot> build_snapshot(const std::filesystem::path& db,
                                              const SearchReader& search = {});
// The same, its games read through `games`, which keeps them between builds: a build reads only
// the games stored since the one before.
[[nodiscard]] Result<Snapshot> build_snapshot(const std::filesystem::path& db,
                                              analysis::StoreFollower& games,
                                              const SearchReader& search = {});

// The live part of the page: the progress section and the report's body.
[[nodiscard]] std::string progress_html(const RunStatus& status);

// The search section of the page: a fix search's race standings (every candidate's games,
// score and interval against the band, racing / balanced / dropped / rejected, with the
// candidates' forest plot) or a calibration's rounds (each round's values played and fitted,
// its match against the round before). Empty when the snapshot has no search.
[[nodiscard]] std::string search_html(const Snapshot& snapshot);

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
// allows); while one client's request rebuilds it, the others get the previous snapshot. Its
// games are kept between builds without their moves and details (analysis::StoreFollower, about
// 1 KB a game), so that a rebuild reads only the games stored since the last one.
class RunSource {
  public:
    explicit RunSource(std::filesystem::path db, Freshness freshness = {}, SearchReader search = {})
        : db_(std::move(db)),
          freshness_(freshness),
          search_(std::move(search)),
          games_(db_, analysis::GameText::Dropped) {}

    [[nodiscard]] const std::filesystem::path& database() const { return db_; }
    // The snapshot, current as Freshness allows. Errors name the file.
    [[nodiscard]] Result<std::shared_ptr<const Snapshot>> current();

  private:
    using Clock = std::chrono::steady_clock;
    std::filesystem::path db_;
    Freshness freshness_;
    SearchReader search_;
    analysis::StoreFollower games_;  // read by the one request that builds (building_)
    std::mutex mutex_;               // guards everything below
    std::shared_ptr<const Snapshot> snapshot_;
    bool building_ = false;
    Clock::time_point checked_at_{};
    Clock::time_point built_at_{};
    Clock::duration build_time_{};
};

}  // namespace balance::serve
