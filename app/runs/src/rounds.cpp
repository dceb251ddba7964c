#include "rounds.hpp"

#include <algorithm>
#include <cctype>
#include <utility>

#include <fmt/format.h>

#include "balance/analysis/store_reader.hpp"
#include "balance/config/spec_text.hpp"
#include "balance/runs/run_settings.hpp"
#include "balance/tournament/rule_specs.hpp"
#include "balance/tournament/stored_count.hpp"
#include "balance/tournament/sweep_json.hpp"

namespace balance::runs::rounds {

namespace {

// Whether `name` is a round's sweep of the rounds named `base`: base-r<k> or base-r<k>-match.
bool round_sweep_name(const std::string& name, const std::string& base) {
    if (name.rfind(base + "-r", 0) != 0) return false;
    std::string round = name.substr(base.size() + 2);
    if (round.size() > 6 && round.ends_with("-match")) round.resize(round.size() - 6);
    return !round.empty() && std::all_of(round.begin(), round.end(), [](char c) {
        return std::isdigit(static_cast<unsigned char>(c)) != 0;
    });
}

}  // namespace

std::string round_player(const std::string& player, int round) {
    return fmt::format("{}-r{}", player, round);
}

tournament::Sweep self_play(const tournament::Sweep& base, const tournament::PlayerSpec& player,
                            int round) {
    tournament::Sweep sweep = base;
    sweep.name = fmt::format("{}-r{}", base.name, round);
    sweep.calibration.reset();
    sweep.rung_gap_games = 0;
    tournament::PlayerSpec p = player;
    p.name = round_player(player.name, round);
    sweep.players = {p};
    sweep.matchups = {{p.name, p.name}};
    return sweep;
}

tournament::Sweep match(const tournament::Sweep& base, const tournament::PlayerSpec& now,
                        const tournament::PlayerSpec& before, int round, int games) {
    tournament::Sweep sweep = self_play(base, now, round);
    sweep.name = fmt::format("{}-r{}-match", base.name, round);
    tournament::PlayerSpec previous = before;
    previous.name = round_player(before.name, round - 1);
    sweep.players.push_back(previous);
    const std::string& current = sweep.players.front().name;
    sweep.matchups = {{current, previous.name}, {previous.name, current}};
    const auto cells = static_cast<int>(2 * sweep.pairings.size() * sweep.rule_sets.size());
    sweep.adaptive.reset();
    sweep.games_per_cell = std::max(1, (games + cells - 1) / cells);
    return sweep;
}

// Their games' cells are named by the round players alone ("tiny-r0"), so anything else would
// be read back as these rounds' games.
Result<void> same_rounds(const tournament::ResultStore& store, const std::string& base,
                         const tournament::Sweep& round, const std::string& what) {
    auto runs = store.runs();
    if (!runs) return runs.error();
    const std::string ours = tournament::config_json(round);
    for (const auto& run : *runs) {
        if (!round_sweep_name(run.sweep_name, base))
            return make_error(fmt::format("holds games of '{}' (run {}, started {}), not of this "
                                          "{} (rounds '{}-r<k>'); use another --db",
                                          run.sweep_name, run.run_id, run.started_at, what, base),
                              store.file().string());
        if (run.sweep_name != round.name) continue;
        const std::string differs = tournament::config_differences(run.config_json, ours);
        if (differs.empty()) continue;
        return make_error(fmt::format("holds round '{}' played by another configuration (run "
                                      "{}, started {}; differs in: {}); use another --db",
                                      run.sweep_name, run.run_id, run.started_at, differs),
                          store.file().string());
    }
    return {};
}

Result<void> existing_rounds(const std::string& db, const std::string& base,
                             const tournament::Sweep& first, const std::string& what) {
    auto exists = tournament::database_exists(db);
    if (!exists) return exists.error();
    if (!*exists) return {};
    auto existing = tournament::ResultStore::open_existing(db);
    if (!existing) return existing.error();
    return same_rounds(*existing, base, first, what);
}

std::optional<stats::Interval> match_score(const std::string& db, const std::string& now,
                                           const std::string& before, stats::Wdl& wdl) {
    auto store = analysis::read_store(db);
    if (!store) return std::nullopt;
    for (const auto& game : store->games) {
        double score = 0.0;
        if (game.white_player == now && game.black_player == before)
            score = game.white_score;
        else if (game.white_player == before && game.black_player == now)
            score = 1.0 - game.white_score;
        else
            continue;
        if (score == 1.0)
            ++wdl.wins;
        else if (score == 0.0)
            ++wdl.losses;
        else
            ++wdl.draws;
    }
    auto interval = stats::score_interval(wdl, 0.95);
    if (!interval) return std::nullopt;
    return *interval;
}

Result<tournament::OpenSweep> RoundPlayer::open(tournament::Sweep sweep) {
    if (first_ && first_->rules.fits(sweep)) {
        tournament::OpenSweep open{std::move(sweep), first_->rules};
        return open;
    }
    auto open = tournament::open_sweep(std::move(sweep));
    if (!open) return open.error();
    if (!first_) first_ = *open;
    return open;
}

// The sweep's games stored so far: "tiny-r1: 12 of its 40 games stored"; true when all are.
Result<bool> RoundPlayer::note_in_progress(const tournament::Sweep& sweep) {
    auto count = tournament::count_stored(sweep, store_);
    if (!count) return count.error();
    if (count->complete()) return true;
    in_progress =
        fmt::format("{}: {} of its {} games stored", sweep.name, count->stored, count->planned);
    return false;
}

Result<bool> RoundPlayer::play(tournament::Sweep sweep) {
    auto open = this->open(std::move(sweep));
    if (!open) return open.error();
    if (auto same = same_rounds(store_, settings_.base, open->sweep, settings_.what); !same)
        return same.error();
    if (auto cells =
            tournament::assign_spec_cells(open->sweep, store_, false, config::spec_differences);
        !cells)
        return cells.error();
    if (settings_.status) return note_in_progress(open->sweep);
    tournament::RunOptions options = run_options(settings_.threads, settings_.sweep_file);
    if (settings_.max_games >= 0)
        options.max_games = std::max<std::int64_t>(0, settings_.max_games - played);
    tournament::ProgressObserver* progress =
        hooks_.playing ? hooks_.playing(open->sweep.name) : nullptr;
    auto result = runs::play(*open, store_, options, stop_, progress);
    if (!result) return result.error();
    played += result->summary.played;
    if (result->ending == Ending::Finished) return true;
    ending = result->ending;
    if (hooks_.stopped) hooks_.stopped(open->sweep.name, result->summary);
    auto noted = note_in_progress(open->sweep);
    if (!noted) return noted.error();
    return false;
}

}  // namespace balance::runs::rounds
