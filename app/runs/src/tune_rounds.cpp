#include "balance/runs/tune_rounds.hpp"

#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <tbb/task_arena.h>

#include "balance/analysis/store_reader.hpp"
#include "balance/analysis/variant_catalog.hpp"
#include "balance/runs/run_store.hpp"
#include "balance/tournament/shard_lock.hpp"
#include "rounds.hpp"

namespace balance::runs {

namespace {

using players::engine::EvalWeights;

// The tuned player playing by `weights`: its own evaluation file's, or fitted ones (then the
// file it names is no longer what it plays by).
tournament::PlayerSpec weighted(const tournament::PlayerSpec& player, const TuneWeights& weights) {
    tournament::PlayerSpec p = player;
    if (p.eval_weights != weights) p.eval_file.clear();
    p.eval_weights = weights;
    return p;
}

// The games `player` played against itself, fitted from the weights it played by; their
// number goes to `games`.
Result<analysis::TuneResult> fit_self_play(const std::string& db, const std::string& variant,
                                           const std::string& player, const TuneWeights& played,
                                           analysis::TuneOptions options, std::int64_t& games) {
    auto store = analysis::read_store(db);
    if (!store) return store.error();
    std::vector<analysis::StoredGame> own;
    for (auto& game : store->games)
        if (game.white_player == player && game.black_player == player)
            own.push_back(std::move(game));
    games = static_cast<std::int64_t>(own.size());
    analysis::VariantCatalog catalog(store->specs);
    options.start = played.value_or(EvalWeights{});
    // On one thread: the quiet test's searches share a hash table across a thread's games, so
    // only one order of the games gives the same positions, and the same weights, on a re-run
    // (whose rounds must match the stored ones to resume).
    tbb::task_arena one_thread(1);
    auto fit = one_thread.execute(
        [&] { return analysis::tune_evaluation(own, variant, catalog, options); });
    if (!fit)
        return make_error(
            fmt::format("fitting the weights of {}: {}", player, fit.error().message));
    return fit;
}

// One run of the rounds: its store, what it has played and fitted so far.
class TuneLoop {
  public:
    TuneLoop(const tournament::Sweep& sweep, const TuneRoundsSettings& settings,
             const TuneRoundsObserver& observer, std::atomic<bool>& stop)
        : sweep_(sweep), settings_(settings), observer_(observer), stop_(stop) {}

    Result<TuneRoundsOutcome> run();

  private:
    // Opens the database (refusing one that is not these rounds') for `first`, round 0's player.
    Result<void> open_store(const tournament::PlayerSpec& first);
    // Plays `sweep` (resuming); false when it stopped with games to go.
    Result<bool> play(tournament::Sweep sweep);
    // The round's match of `now` against `before` (the previous round's weights) and its verdict.
    Result<bool> play_match(TuneRound& round, const tournament::PlayerSpec& now,
                            const tournament::PlayerSpec& before);
    // The round's self-play by `player` and the fit to it.
    Result<bool> play_and_fit(TuneRound& round, const tournament::PlayerSpec& player);
    void finish(TuneRound round);

    const tournament::Sweep& sweep_;
    const TuneRoundsSettings& settings_;
    const TuneRoundsObserver& observer_;
    std::atomic<bool>& stop_;
    std::optional<RunStore> store_;
    std::optional<rounds::RoundPlayer> player_;
    TuneRoundsOutcome out_;
};

Result<void> TuneLoop::open_store(const tournament::PlayerSpec& first) {
    // Before the database is opened for writing, so that one that is not these rounds' is left
    // as it was: its runs, and round 0 (whose weights the file gives) played the same way.
    if (auto same = rounds::existing_rounds(out_.db, sweep_.name,
                                            rounds::self_play(sweep_, first, 0), "tuning");
        !same)
        return same.error();
    auto opened = open_run_store(out_.db, false, tournament::Writer::Tune, "tuning");
    if (!opened) return opened.error();
    store_.emplace(std::move(*opened));
    rounds::PlayHooks hooks;
    hooks.playing = observer_.playing;
    if (observer_.stopped)
        hooks.stopped = [this](const std::string& sweep, const tournament::RunSummary& summary) {
            observer_.stopped({sweep, out_.db, summary});
        };
    player_.emplace(store_->store,
                    rounds::PlaySettings{settings_.threads, settings_.max_games, false,
                                         settings_.sweep_file, sweep_.name, "tuning"},
                    std::move(hooks), stop_);
    return {};
}

Result<bool> TuneLoop::play(tournament::Sweep sweep) {
    auto complete = player_->play(std::move(sweep));
    out_.played = player_->played;
    out_.ending = player_->ending;
    out_.in_progress = player_->in_progress;
    if (complete && !*complete) out_.stopped = true;
    return complete;
}

Result<bool> TuneLoop::play_match(TuneRound& round, const tournament::PlayerSpec& now,
                                  const tournament::PlayerSpec& before) {
    auto complete = play(rounds::match(sweep_, now, before, round.index, settings_.match_games));
    if (!complete || !*complete) return complete;
    round.match = rounds::match_score(
        out_.db, round.player, rounds::round_player(before.name, round.index - 1), round.match_wdl);
    round.gains = round.match && round.match->lower > 0.5;
    return true;
}

Result<bool> TuneLoop::play_and_fit(TuneRound& round, const tournament::PlayerSpec& player) {
    auto complete = play(rounds::self_play(sweep_, player, round.index));
    if (!complete || !*complete) return complete;
    auto fit = fit_self_play(out_.db, sweep_.variant, round.player, round.played, settings_.fit,
                             round.games);
    if (!fit) return fit.error();
    round.fit = std::move(*fit);
    return true;
}

void TuneLoop::finish(TuneRound round) {
    if (observer_.finished) observer_.finished(round);
    out_.rounds.push_back(std::move(round));
}

Result<TuneRoundsOutcome> TuneLoop::run() {
    auto tuned = tuned_player(sweep_, settings_.player);
    if (!tuned) return tuned.error();
    const tournament::PlayerSpec player =
        settings_.start ? weighted(*tuned, settings_.start) : *tuned;
    out_.name = sweep_.name;
    out_.player = player.name;
    out_.db = settings_.db.empty() ? "results/" + sweep_.name + "-tune.db" : settings_.db;
    out_.weights = player.eval_weights;
    if (auto opened = open_store(player); !opened) return opened.error();

    TuneWeights played = player.eval_weights;
    for (int r = 0; r <= settings_.rounds; ++r) {
        TuneRound round;
        round.index = r;
        round.player = rounds::round_player(player.name, r);
        round.played = played;
        const tournament::PlayerSpec now = weighted(player, played);
        if (r > 0) {
            auto complete = play_match(round, now, weighted(player, out_.rounds.back().played));
            if (!complete) return complete.error();
            if (!*complete) break;
            if (!round.gains) {
                finish(std::move(round));
                break;
            }
            out_.weights = played;
            out_.best = r;
        }
        if (r < settings_.rounds) {
            auto complete = play_and_fit(round, now);
            if (!complete) return complete.error();
            if (!*complete) break;
            played = round.fit->weights;
        }
        finish(std::move(round));
    }
    return std::move(out_);
}

}  // namespace

Result<tournament::PlayerSpec> tuned_player(const tournament::Sweep& sweep,
                                            const std::string& name) {
    std::vector<std::string> engines;
    const tournament::PlayerSpec* found = nullptr;
    for (const auto& p : sweep.players) {
        if (p.kind == tournament::PlayerKind::Engine) engines.push_back(p.name);
        if (p.name == name || (name.empty() && p.kind == tournament::PlayerKind::Engine))
            found = &p;
    }
    if (!name.empty() && !found)
        return make_error(
            fmt::format("no player '{}' in the sweep (internal-engine players: {})", name,
                        engines.empty() ? "none" : fmt::format("{}", fmt::join(engines, ", "))),
            sweep.file);
    if (!name.empty() && found->kind != tournament::PlayerKind::Engine)
        return make_error(fmt::format("player '{}' is a {} player: only the internal engine's "
                                      "evaluation weights are tuned",
                                      name, tournament::player_kind_name(found->kind)),
                          sweep.file);
    if (name.empty() && engines.empty())
        return make_error("no internal-engine player (type = \"engine\") to tune in the sweep",
                          sweep.file);
    if (name.empty() && engines.size() > 1)
        return make_error(fmt::format("{} internal-engine players ({}): name the one to tune "
                                      "(--player)",
                                      engines.size(), fmt::join(engines, ", ")),
                          sweep.file);
    return *found;
}

Result<TuneRoundsOutcome> tune_rounds(const tournament::Sweep& sweep,
                                      const TuneRoundsSettings& settings,
                                      const TuneRoundsObserver& observer, std::atomic<bool>& stop) {
    TuneLoop loop(sweep, settings, observer, stop);
    return loop.run();
}

}  // namespace balance::runs
