#include "sweep_check.hpp"
#include "balance/analysis/text_format.hpp"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <sstream>

#include <fmt/format.h>

#include "balance/config/fix_candidates.hpp"
#include "balance/config/sweep_reader.hpp"
#include "balance/tournament/fairy_stockfish_check.hpp"
#include "balance/tournament/open_sweep.hpp"
#include "balance/tournament/opening_notes.hpp"
#include "balance/tournament/plan.hpp"
#include "balance/tournament/points_notes.hpp"

namespace balance::cli {

using analysis::Json;

namespace {

bool executable(const std::filesystem::path& path) {
    return ::access(path.c_str(), X_OK) == 0;
}

// The program as posix_spawnp would find it: a path, or a name on PATH.
bool program_exists(const std::string& program, const std::string& working_dir) {
    if (program.find('/') != std::string::npos) {
        std::filesystem::path path(program);
        if (path.is_relative() && !working_dir.empty()) path = working_dir / path;
        return executable(path);
    }
    const char* env = std::getenv("PATH");
    std::istringstream dirs(env ? env : "/usr/bin:/bin");
    for (std::string dir; std::getline(dirs, dir, ':');) {
        if (!dir.empty() && executable(std::filesystem::path(dir) / program)) return true;
    }
    return false;
}

Result<void> check_programs(const tournament::Sweep& sweep) {
    for (const auto& player : sweep.players) {
        const auto& command = player.external.command;
        if (command.empty()) continue;
        if (!program_exists(command.front(), player.external.working_dir)) {
            return make_error(fmt::format("[players.{}] command: program '{}' not found or not "
                                          "executable",
                                          player.name, command.front()),
                              player.command_where.empty() ? sweep.file : player.command_where);
        }
    }
    return {};
}

Result<tournament::OpenSweep> load_and_validate(const std::string& file,
                                                std::vector<std::string>& notes) {
    auto sweep = config::load_sweep(file);
    if (!sweep) return sweep.error();
    auto open = tournament::open_sweep(std::move(*sweep));
    if (!open) return open.error();
    if (auto programs = check_programs(open->sweep); !programs) return programs.error();
    auto verified = tournament::verify_fairy_stockfish_players(open->sweep);
    if (!verified) return verified.error();
    notes = std::move(*verified);
    return open;
}

// What the sample of the plan's openings says: one line, and a warning for each position whose
// draws land in the window so rarely that `attempts` draws would often all miss it.
std::vector<std::string> window_notes(const tournament::WindowSample& sample,
                                      const tournament::OpeningSpec& o) {
    using tournament::OpeningSpec;
    int drawn = 0, within = 0;
    std::vector<std::string> warnings;
    for (const auto& p : sample.positions) {
        drawn += p.drawn;
        within += p.within;
        if (p.drawn == 0) continue;
        const double share = static_cast<double>(p.within) / p.drawn;
        const double miss = std::pow(1.0 - share, std::max(1, o.attempts));
        if (p.within > 0 && miss <= 0.01) continue;
        warnings.push_back(fmt::format(
            "warning: the openings of {} rarely meet the window ({} of {} sampled draws within "
            "it): {} of its games will open outside it, from the closest of {} draws, marked in "
            "the store ([openings] on_miss = \"refuse\" stops the sweep instead); widen the "
            "window, raise attempts or use fewer plies",
            p.position_key, p.within, p.drawn,
            p.within == 0 ? std::string("most") : fmt::format("about {:.0f}%", 100.0 * miss),
            o.attempts));
    }
    const std::string centre =
        o.kind == OpeningSpec::Kind::Book ? std::string("the book position's own score")
        : o.centre == OpeningSpec::Centre::Zero
            ? std::string("0 (centre = \"zero\")")
            : fmt::format("the start's own score ({:+} cp by a {}-node search{}){}",
                          sample.centre_cp.value_or(0), o.imbalance_nodes,
                          sample.positions.size() > 1 ? " in the first position" : "",
                          o.placement == OpeningSpec::Placement::Random
                              ? ", or 0 where the back ranks are placed at random"
                              : "");
    std::vector<std::string> notes{fmt::format(
        "openings: {} of {} sampled draws ({} of {} positions) land within {}{} cp of {}", within,
        drawn, sample.positions.size(), sample.plan_positions,
        o.min_imbalance_cp > 0 ? fmt::format("{}-", o.min_imbalance_cp) : std::string(),
        o.max_imbalance_cp, centre)};
    notes.insert(notes.end(), warnings.begin(), warnings.end());
    return notes;
}

// A file that does not check: the error, and its JSON entry when asked for.
void report_failure(const std::string& file, bool json, Json& files, AppContext& ctx,
                    const Error& error) {
    report_error(ctx, error);
    if (json) {
        files.push_back(
            {{"file", file},
             {"ok", false},
             {"kind", "sweep"},
             {"errors", Json::array({{{"where", error.where}, {"message", error.message}}})}});
    }
}

// How many games the plan plays: per cell and in all, or the adaptive target and budget.
std::string games_phrase(const tournament::Sweep& sweep,
                         const std::vector<tournament::Cell>& all_cells) {
    std::size_t planned = 0;
    for (const auto& cell : all_cells)
        planned += static_cast<std::size_t>(tournament::planned_games(sweep, cell));
    const std::string gaps =
        sweep.rung_gap_games > 0 ? fmt::format(", {} per rung-gap cell", sweep.rung_gap_games) : "";
    return sweep.adaptive
               ? fmt::format("adaptive, target +-{} within {} games",
                             sweep.adaptive->target_half_width, sweep.adaptive->budget)
               : fmt::format("{} games each{} ({} games)", sweep.games_per_cell, gaps, planned);
}

// A fix search's notes: its target and candidates, its pairs, each rejected candidate.
void add_fix_notes(const tournament::FixSpec& f,
                   const std::vector<config::FixCandidate>& candidates,
                   std::vector<std::string>& notes) {
    const auto rejected = static_cast<std::size_t>(
        std::count_if(candidates.begin(), candidates.end(),
                      [](const config::FixCandidate& c) { return !c.rejected.empty(); }));
    notes.push_back(fmt::format(
        "a fix search (`balance fix`): {} within {:.3f}-{:.3f}, player '{}'; {} candidates "
        "(the unchanged rules among them), {} rejected",
        f.side.empty() ? std::string("White's score") : f.side + "' score", f.target - f.margin,
        f.target + f.margin, f.player, candidates.size(), rejected));
    if (f.pairs == "fallback" || f.pairs == "best")
        notes.push_back(
            f.pairs == "best"
                ? fmt::format("if no single change is balanced, every second change on top of "
                              "the {} closest to the target races with the budget left (pairs "
                              "= \"best\")",
                              f.pairs_base == 1 ? std::string("one") : std::to_string(f.pairs_base))
                : std::string("if no single change is balanced, every two single changes race "
                              "with the budget left (pairs = \"fallback\")"));
    for (const auto& c : candidates)
        if (!c.rejected.empty())
            notes.push_back(fmt::format("rejected: {}: {}", c.label, c.rejected));
}

// The JSON entry of a file that checks; a fix file's candidates, each with its TOML or why it
// cannot be played.
Json sweep_entry(const std::string& file, const tournament::Sweep& sweep, std::size_t cells,
                 const std::vector<std::string>& notes,
                 const std::optional<std::vector<config::FixCandidate>>& candidates) {
    Json entry = {{"file", file},
                  {"ok", true},
                  {"kind", "sweep"},
                  {"name", sweep.name},
                  {"variant", sweep.variant},
                  {"cells", cells},
                  {"notes", notes},
                  {"errors", Json::array()}};
    if (candidates) {
        Json list = Json::array();
        for (const auto& c : *candidates) {
            Json item = {{"edit", c.label}, {"playable", c.rejected.empty()}};
            if (c.rejected.empty())
                item["toml"] = c.fragment;
            else
                item["rejected"] = c.rejected;
            list.push_back(std::move(item));
        }
        entry["candidates"] = std::move(list);
    }
    return entry;
}

// The text line of a file that checks: pairings x rule sets x matchups = cells, and the games.
void print_sweep_line(AppContext& ctx, const std::string& file, const tournament::Sweep& sweep,
                      const std::vector<tournament::Cell>& all_cells, const std::string& games) {
    // Rung-gap matchups are played in the mirror pairings alone, so they are counted as
    // cells of their own: the product of the other three factors stays a true product.
    const auto gap_matchups = static_cast<std::size_t>(
        std::count_if(sweep.matchups.begin(), sweep.matchups.end(),
                      [](const tournament::Matchup& m) { return m.rung_gap; }));
    const auto gap_cells = static_cast<std::size_t>(std::count_if(
        all_cells.begin(), all_cells.end(), [](const tournament::Cell& c) { return c.rung_gap; }));
    const std::string gap_term =
        gap_cells ? fmt::format(" + {}", analysis::count_of(gap_cells, "rung-gap cell")) : "";
    ctx.out << fmt::format("ok {}: sweep '{}', variant {}, {} x {} x {}{} = {}, {}\n", file,
                           sweep.name, sweep.variant,
                           analysis::count_of(sweep.pairings.size(), "pairing"),
                           analysis::count_of(sweep.rule_sets.size(), "rule set"),
                           analysis::count_of(sweep.matchups.size() - gap_matchups, "matchup"),
                           gap_term, analysis::count_of(all_cells.size(), "cell"), games);
}

}  // namespace

bool check_sweep(const std::string& file, bool json, Json& files, AppContext& ctx) {
    std::vector<std::string> verified;
    auto opened = load_and_validate(file, verified);
    auto window = opened ? tournament::sample_opening_window(*opened)
                         : Result<std::optional<tournament::WindowSample>>(opened.error());
    if (!opened || !window) {
        report_failure(file, json, files, ctx, opened ? window.error() : opened.error());
        return false;
    }
    tournament::Sweep* sweep = &opened->sweep;
    std::optional<std::vector<config::FixCandidate>> candidates;
    if (sweep->fix) {
        auto found = config::fix_candidates(*sweep);
        if (!found) {
            report_failure(file, json, files, ctx, found.error());
            return false;
        }
        candidates = std::move(*found);
        *sweep = config::fix_search_sweep(*sweep);
    }
    const auto all_cells = tournament::make_cells(*sweep);
    std::string games = games_phrase(*sweep, all_cells);
    auto notes = tournament::points_variant_notes(*sweep);
    for (auto& note : tournament::opening_notes(*sweep)) notes.push_back(std::move(note));
    for (auto& note : verified) notes.push_back(std::move(note));
    if (*window)
        for (auto& note : window_notes(**window, sweep->openings)) notes.push_back(std::move(note));
    if (const auto& c = sweep->calibration) {
        notes.push_back(fmt::format(
            "a calibration (`balance calibrate`): player '{}', method {}, at most {} rounds of "
            "these games, {} games between rounds",
            c->player, c->method, c->max_rounds, c->match_games));
    }
    if (const auto& f = sweep->fix) {
        games = fmt::format("{} game{} per cell a round, budget {} games", f->round_games,
                            f->round_games == 1 ? "" : "s", f->budget);
        add_fix_notes(*f, *candidates, notes);
    }
    if (json) {
        files.push_back(sweep_entry(file, *sweep, all_cells.size(), notes, candidates));
    } else {
        print_sweep_line(ctx, file, *sweep, all_cells, games);
        for (const auto& note : notes) ctx.out << "  note: " << note << "\n";
    }
    return true;
}

}  // namespace balance::cli
