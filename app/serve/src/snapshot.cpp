#include "balance/serve/snapshot.hpp"

#include <malloc.h>

#include <sstream>

#include <fmt/format.h>

#include "balance/analysis/render.hpp"
#include "balance/analysis/report_data.hpp"
#include "balance/analysis/svg_charts.hpp"
#include "balance/analysis/text_format.hpp"
#include "balance/serve/pages.hpp"
#include "balance/tournament/shard_lock.hpp"
#include "balance/tournament/store.hpp"

namespace balance::serve {

namespace {

std::string stamp_text(const tournament::StoreStamp& stamp, const std::filesystem::path& db) {
    return fmt::format("{}-{}-{}-{}-{}", stamp.games, stamp.last_game, stamp.runs,
                       stamp.finished_runs, tournament::writing_command(db.string()));
}

std::string duration_text(double seconds) {
    const auto s = static_cast<long long>(seconds + 0.5);
    if (s < 120) return fmt::format("{} s", s);
    if (s < 7200) return fmt::format("{} min", (s + 30) / 60);
    return fmt::format("{} h {:02} min", s / 3600, (s % 3600 + 30) / 60);
}

}  // namespace

Result<std::string> read_stamp(const std::filesystem::path& db) {
    auto store = tournament::ResultStore::open_existing(db);
    if (!store) return store.error();
    auto stamp = store->stamp();
    if (!stamp) return stamp.error();
    return stamp_text(*stamp, db);
}

std::string progress_html(const RunStatus& s) {
    using analysis::xml_escape;
    std::ostringstream out;
    out << "<section id=\"progress\">\n<h2>Progress</h2>\n<p><strong id=\"state\">"
        << xml_escape(s.state) << "</strong>"
        << (s.writer.empty() ? "" : " (balance " + xml_escape(s.writer) + ")") << ": sweep <code>"
        << xml_escape(s.sweep) << "</code>, <span id=\"stored\">" << s.stored
        << "</span> games stored";
    if (s.planned) {
        const double share = *s.planned > 0 ? static_cast<double>(s.stored) / *s.planned : 1.0;
        out << " of <span id=\"planned\">" << *s.planned << "</span> planned ("
            << analysis::percent(std::min(share, 1.0)) << ")";
    }
    out << ".";
    if (s.games_per_minute)
        out << " The latest run plays " << analysis::number(*s.games_per_minute, 1)
            << " games a minute";
    if (s.eta_seconds) out << "; about " << duration_text(*s.eta_seconds) << " left at that rate";
    out << (s.games_per_minute ? "." : "") << "</p>\n";
    if (s.planned && *s.planned > 0)
        out << "<progress max=\"" << *s.planned << "\" value=\"" << std::min(s.stored, *s.planned)
            << "\"></progress>\n";
    if (s.target_half_width)
        out << "<p>Adaptive stopping rule: " << s.cells_at_target << " of " << s.cells
            << " cells have a 95% interval half-width of at most "
            << analysis::percent(*s.target_half_width) << " (the sweep stops when all do, or "
            << "when its budget is spent).</p>\n";
    out << "<details><summary>" << s.runs.size() << (s.runs.size() == 1 ? " run" : " runs")
        << " (resumptions, shards, rounds)</summary>\n<table>\n<tr><th>run</th><th>sweep</th>"
        << "<th>shard</th><th>started</th><th>finished</th><th>games</th></tr>\n";
    for (const RunRecord& run : s.runs) {
        out << "<tr><td>" << run.run_id << "</td><td>" << xml_escape(run.sweep) << "</td><td>"
            << xml_escape(run.shard) << "</td><td>" << xml_escape(run.started_at) << "</td><td>"
            << (run.finished_at.empty() ? "not finished" : xml_escape(run.finished_at))
            << "</td><td>" << run.games << "</td></tr>\n";
    }
    out << "</table>\n</details>\n</section>\n";
    return out.str();
}

Result<Snapshot> build_snapshot(const std::filesystem::path& db, const SearchReader& search) {
    analysis::StoreFollower games(db, analysis::GameText::Dropped);
    return build_snapshot(db, games, search);
}

Result<Snapshot> build_snapshot(const std::filesystem::path& db, analysis::StoreFollower& games,
                                const SearchReader& search) {
    auto read = games.update();
    if (!read) return read.error();
    const analysis::Store& store = **read;
    // The stamp the games were read up to: a game stored since makes the next stamp differ, so
    // the page is rebuilt rather than left one game behind.
    std::string stamp = stamp_text(games.stamp(), db);
    analysis::VariantCatalog catalog(store.specs);
    const analysis::ReportData data = analysis::build_report(store, catalog, {});
    const analysis::Json report = analysis::report_json(data);
    Snapshot snapshot;
    snapshot.stamp = std::move(stamp);
    snapshot.status = run_status(store, report, tournament::writing_command(db.string()));
    snapshot.report_json = report.dump(2) + "\n";
    if (search && !store.runs.empty() && round_sweep(store.runs.back().sweep_name)) {
        auto state = search(store.runs.back(), db);
        if (state)
            snapshot.search = std::move(*state);
        else
            snapshot.search_error = state.error().to_string();
    }
    snapshot.fragment = progress_html(snapshot.status) + search_html(snapshot) +
                        analysis::render_html_body(data, catalog);
    snapshot.live_json = live_json(snapshot).dump();
    return snapshot;
}

Result<std::shared_ptr<const Snapshot>> RunSource::current() {
    {
        std::lock_guard lock(mutex_);
        const auto now = Clock::now();
        if (snapshot_ && (building_ || now - checked_at_ < freshness_.recheck ||
                          now - built_at_ < freshness_.rebuild_spacing * build_time_))
            return snapshot_;
        checked_at_ = now;
        auto stamp = read_stamp(db_);
        if (!stamp) return stamp.error();
        if (snapshot_ && *stamp == snapshot_->stamp) return snapshot_;
        building_ = true;
    }
    const auto start = Clock::now();
    // Only this thread builds (building_): the games kept are its own until it is done.
    auto built = build_snapshot(db_, games_, search_);
    // A build that read the store whole freed that read's memory: it goes back to the system,
    // else the malloc arena of the server thread that built keeps it. A build after new games
    // frees only its report's, which the next build reuses (giving it back costs more than the
    // rest of such a build).
    if (games_.read_whole()) malloc_trim(0);
    std::lock_guard lock(mutex_);
    building_ = false;
    if (!built) return built.error();
    snapshot_ = std::make_shared<const Snapshot>(std::move(*built));
    built_at_ = Clock::now();
    build_time_ = built_at_ - start;
    return snapshot_;
}

}  // namespace balance::serve
