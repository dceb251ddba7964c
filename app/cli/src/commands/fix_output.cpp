// The result of `balance fix`: the candidates best first as a table with the TOML of the
// balanced ones, one JSON object, or a page with their intervals against the band.

#include <algorithm>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "balance/analysis/svg_charts.hpp"
#include "balance/analysis/text_format.hpp"
#include "fix_output.hpp"

namespace balance::cli {

namespace {

using analysis::Json;
using runs::FixConfirmation;
using runs::FixOutcome;
using Row = runs::FixRow;

}  // namespace

std::string fix_score_owner(const tournament::FixSpec& fix) {
    return fix.side.empty() ? "White's score" : fmt::format("{}' score", fix.side);
}

std::string fix_confirm_flags(const FixArgs& args) {
    if (args.confirm <= 0) return "";
    std::string flags = fmt::format(" --confirm {}", args.confirm);
    if (args.confirm_top > 0) flags += fmt::format(" --confirm-top {}", args.confirm_top);
    if (args.confirm_open) flags += " --confirm-open";
    return flags;
}

namespace {

// Where a stopped run stopped, for the summary line (empty when it did not stop).
std::string stop_note(const FixArgs& args, const FixOutcome& r) {
    if (r.complete) return {};
    const std::string where =
        r.confirming ? "the confirmation" : fmt::format("round {}", r.rounds + 1);
    if (args.status)
        return fmt::format(
            " (in progress inside {}: {}; read from the stored games, nothing played{})", where,
            r.in_progress,
            r.interim.empty() ? "" : "; the open candidates show their games so far");
    return fmt::format(" (stopped inside {} after {} games this run: the same command resumes)",
                       where, r.played);
}

// " (open in the race)" for a confirmed candidate the race left open, "" otherwise.
std::string open_note(const Row& row) {
    return row.entry && row.entry->status == stats::RaceStatus::Racing ? " (open in the race)" : "";
}

// A candidate's TOML on the page, with its confirmation when it has one.
std::string fragment_html(const Row& row, const FixConfirmation* c) {
    std::string out =
        fmt::format("<h3>{}</h3>\n<pre>{}</pre>\n", analysis::xml_escape(row.candidate->label),
                    analysis::xml_escape(row.candidate->fragment));
    if (c) {
        out += fmt::format("<p>{} by {} independent games: {:.1f}% [{:.1f}%, {:.1f}%].</p>\n",
                           c->inside ? "Confirmed" : "Not confirmed", c->sample.games,
                           100 * c->interval.estimate, 100 * c->interval.lower,
                           100 * c->interval.upper);
    }
    return out;
}

}  // namespace

void print_fix(std::ostream& out, const FixArgs& args, const FixOutcome& r) {
    const tournament::FixSpec& fix = r.fix();
    const double low = fix.target - fix.margin;
    const double high = fix.target + fix.margin;
    out << fmt::format("\nFix of {} ({}, band {:.3f}-{:.3f}), player {}, database {}\n\n",
                       r.search.variant, fix_score_owner(fix), low, high, fix.player, r.db);
    out << fmt::format("  {:<8} {:>5}  {:<22}  {}\n", "verdict", "games",
                       fmt::format("score [{:.0f}% interval]", 100 * fix.confidence), "change");
    std::vector<const Row*> balanced;
    const auto rows = r.ranked();
    for (const Row& row : rows) {
        if (!row.entry) {
            out << fmt::format("  {:<8} {:>5}  {:<22}  {}: {}\n", "rejected", "-", "",
                               row.candidate->label, row.candidate->rejected);
            continue;
        }
        const auto& e = *row.entry;
        const std::string verdict =
            e.status == stats::RaceStatus::Racing ? "open" : stats::race_status_name(e.status);
        const std::string score = e.sample.games == 0
                                      ? "-"
                                      : fmt::format("{:.3f} [{:.3f}, {:.3f}]", e.interval.estimate,
                                                    e.interval.lower, e.interval.upper);
        out << fmt::format("  {:<8} {:>5}  {:<22}  {}\n", verdict, e.sample.games, score,
                           row.candidate->label);
        if (e.status == stats::RaceStatus::Balanced) balanced.push_back(&row);
    }
    if (std::any_of(rows.begin(), rows.end(),
                    [&](const Row& row) { return row.entry && r.capped(*row.entry); })) {
        out << fmt::format(
            "\nOpen with {} games (max_candidate_games): an interval that straddles an edge of the "
            "band; the score is that close to the edge.\n",
            r.candidate_cap());
    }
    std::int64_t most = 0;
    std::int64_t raced = 0;
    for (const auto& e : r.entries) {
        if (!e) continue;
        most = std::max(most, e->sample.games);
        ++raced;
    }
    std::int64_t rejected = 0;
    for (const auto& c : r.candidates) rejected += c.rejected.empty() ? 0 : 1;
    const auto all = most * raced;
    out << fmt::format(
        "\n{} candidates raced, {} rejected; {} games in {} round(s) of a {}-game budget{}.\n",
        raced, rejected, r.stored_games(), r.rounds, fix.budget, stop_note(args, r));
    // (Not with a round stopped or in progress: the comparison is of finished rounds.)
    if (all > 0 && r.interim.empty()) {
        out << fmt::format(
            "Every candidate to {} games, as many as the most-played one, would take {} games: "
            "racing spent {:.0f}% of that.\n",
            most, all, 100.0 * static_cast<double>(r.games) / static_cast<double>(all));
    }
    if (balanced.empty()) {
        out << (r.complete ? "No candidate is balanced within the budget.\n"
                           : "No candidate is balanced yet.\n");
    } else {
        out << "\nBalanced: paste into the variant file\n";
        for (const Row* row : balanced)
            out << fmt::format("\n# {}\n{}", row->candidate->label, row->candidate->fragment);
    }
    // Stopped inside the confirmation: nothing confirmed yet, the stop notice says so.
    std::vector<const Row*> confirmed;
    for (const Row& row : rows)
        if (r.confirmation_of(row)) confirmed.push_back(&row);
    if (confirmed.empty()) return;
    out << fmt::format("\nConfirmed by independent games (another seed, database {}):\n",
                       r.confirm_db);
    for (const Row* row : confirmed) {
        const FixConfirmation* c = r.confirmation_of(*row);
        out << fmt::format("  {:<13} {:>5}  {:.3f} [{:.3f}, {:.3f}]  {}{}\n",
                           c->inside ? "confirmed" : "not confirmed", c->sample.games,
                           c->interval.estimate, c->interval.lower, c->interval.upper,
                           row->candidate->label, open_note(*row));
    }
    // A change the race left open that independent games place inside the band is as good a
    // fix as a balanced one: its TOML too.
    for (const Row* row : confirmed)
        if (r.confirmation_of(*row)->inside && !open_note(*row).empty())
            out << fmt::format("\n# {} (confirmed; left open by the race)\n{}",
                               row->candidate->label, row->candidate->fragment);
}

Json fix_json(const FixArgs& args, const FixOutcome& r) {
    const tournament::FixSpec& fix = r.fix();
    Json out;
    out["variant"] = r.search.variant;
    out["player"] = fix.player;
    out["side"] = fix.side.empty() ? Json(nullptr) : Json(fix.side);
    out["band"] = {fix.target - fix.margin, fix.target + fix.margin};
    out["confidence"] = fix.confidence;
    out["database"] = r.db;
    out["budget"] = fix.budget;
    out["games"] = r.stored_games();
    out["rounds"] = r.rounds;
    out["complete"] = r.complete;
    if (!r.confirm_db.empty())
        out["confirmation"] = {{"database", r.confirm_db},
                               {"seed", runs::confirmation_seed(r.search.seed)},
                               {"games", args.confirm}};
    Json list = Json::array();
    for (const Row& row : r.ranked()) {
        Json c;
        c["edit"] = row.candidate->label;
        c["changes"] = row.candidate->changes;
        if (row.entry && row.entry->sample.games > 0) {
            c["score"] = row.entry->interval.estimate;
            c["low"] = row.entry->interval.lower;
            c["high"] = row.entry->interval.upper;
        } else {
            c["score"] = c["low"] = c["high"] = nullptr;
        }
        c["games"] = row.entry ? row.entry->sample.games : 0;
        c["balanced"] = row.entry && row.entry->status == stats::RaceStatus::Balanced;
        c["status"] = row.entry ? stats::race_status_name(row.entry->status) : "rejected";
        if (row.entry && r.capped(*row.entry)) c["capped"] = true;
        if (!row.entry) c["rejected"] = row.candidate->rejected;
        if (const FixConfirmation* confirmation = r.confirmation_of(row)) {
            c["confirmation"] = {{"games", confirmation->sample.games},
                                 {"score", confirmation->interval.estimate},
                                 {"low", confirmation->interval.lower},
                                 {"high", confirmation->interval.upper},
                                 {"inside", confirmation->inside}};
        } else if (!r.confirm_db.empty() && c["balanced"].get<bool>()) {
            c["confirmation"] = nullptr;
        }
        c["toml"] = row.candidate->fragment;
        list.push_back(std::move(c));
    }
    out["candidates"] = std::move(list);
    return out;
}

std::string fix_page(const FixOutcome& r) {
    const tournament::FixSpec& fix = r.fix();
    using analysis::xml_escape;
    const double low = fix.target - fix.margin;
    const double high = fix.target + fix.margin;
    const std::string title = fmt::format("Fix of {}: {} into {:.1f}%-{:.1f}%", r.search.variant,
                                          fix_score_owner(fix), 100 * low, 100 * high);
    std::string page = fmt::format(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<title>{0}</title>\n<style>body{{font-family:sans-serif;max-width:64em;margin:2em auto;"
        "padding:0 1em}} table{{border-collapse:collapse}} td,th{{padding:2px 8px;"
        "border-bottom:1px solid #ddd;text-align:left}} pre{{background:#f4f4f4;padding:6px}}"
        "</style>\n</head>\n<body>\n<h1>{0}</h1>\n",
        xml_escape(title));
    page += fmt::format(
        "<p>Player {}, database <code>{}</code>: {} games in {} round(s) of a {}-game budget{}. "
        "Each row is a candidate's score with its {:.0f}% interval; the shaded band is the "
        "target. Balanced: the interval lies inside the band; dropped: its {:.0f}% interval "
        "missed it; open: neither when the race ended.</p>\n",
        xml_escape(fix.player), xml_escape(r.db), r.stored_games(), r.rounds, fix.budget,
        r.complete ? "" : " (stopped before the race ended)", 100 * fix.confidence,
        100 * fix.drop_confidence);
    std::vector<analysis::ForestRow> rows;
    std::vector<const Row*> balanced;
    const auto ranked_rows = r.ranked();
    for (const Row& row : ranked_rows) {
        if (!row.entry || row.entry->sample.games == 0) continue;
        const auto& e = *row.entry;
        const std::string verdict =
            e.status == stats::RaceStatus::Racing ? "open" : stats::race_status_name(e.status);
        analysis::ForestRow forest;
        forest.label = fmt::format("{} [{}]", row.candidate->label, verdict);
        forest.estimate = e.interval.estimate;
        forest.lower = e.interval.lower;
        forest.upper = e.interval.upper;
        forest.emphasis = e.status == stats::RaceStatus::Balanced;
        rows.push_back(std::move(forest));
        // Its independent games right below it: where the race's interval and theirs differ, a
        // race that looked after every round stopped on a lucky stretch.
        if (const FixConfirmation* c = r.confirmation_of(row)) {
            analysis::ForestRow k;
            k.label = fmt::format("  {} by {} independent games",
                                  c->inside ? "confirmed" : "not confirmed", c->sample.games);
            k.estimate = c->interval.estimate;
            k.lower = c->interval.lower;
            k.upper = c->interval.upper;
            rows.push_back(std::move(k));
        }
        if (e.status == stats::RaceStatus::Balanced) balanced.push_back(&row);
    }
    analysis::ForestAxis axis;
    axis.null_value = fix.target;
    axis.scale = analysis::ForestAxis::Scale::Percent;
    axis.label = fix_score_owner(fix);
    axis.band = std::pair{low, high};
    axis.band_label = "target band";
    page += analysis::forest_plot("candidates", "Candidates against the band", rows, axis);
    page += "<h2>Balanced: paste into the variant file</h2>\n";
    if (balanced.empty()) page += "<p>None.</p>\n";
    for (const Row* row : balanced) {
        page += fragment_html(*row, r.confirmation_of(*row));
    }
    bool open_confirmed = false;
    for (const Row& row : ranked_rows) {
        const FixConfirmation* c = r.confirmation_of(row);
        if (!c || open_note(row).empty()) continue;
        if (!open_confirmed)
            page += "<h2>Left open by the race, replayed by independent games</h2>\n";
        open_confirmed = true;
        page += fragment_html(row, c);
    }
    page += "<h2>Rejected</h2>\n";
    const bool none = std::all_of(ranked_rows.begin(), ranked_rows.end(),
                                  [](const Row& row) { return row.entry != nullptr; });
    page += none ? "<p>None.</p>\n" : "<table>\n<tr><th>change</th><th>why</th></tr>\n";
    for (const Row& row : ranked_rows) {
        if (row.entry) continue;
        page += fmt::format("<tr><td>{}</td><td>{}</td></tr>\n", xml_escape(row.candidate->label),
                            xml_escape(row.candidate->rejected));
    }
    if (!none) page += "</table>\n";
    page += "</body>\n</html>\n";
    return page;
}

}  // namespace balance::cli
