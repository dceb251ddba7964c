#include "balance/runs/play.hpp"

#include "balance/tournament/player_factory.hpp"

namespace balance::runs {

int exit_code(Ending ending) {
    switch (ending) {
        case Ending::Finished:
        case Ending::MaxGames:
            return 0;
        case Ending::Signal:
            return 130;
        case Ending::Unplayed:
            return 1;
    }
    return 1;
}

Result<Played> play(const tournament::OpenSweep& open, tournament::ResultStore& store,
                    const tournament::RunOptions& options, std::atomic<bool>& stop,
                    tournament::ProgressObserver* progress) {
    auto summary =
        tournament::run_sweep(open, store, options, tournament::make_player, stop, progress);
    if (!summary) return summary.error();
    Played played{std::move(*summary), Ending::Finished};
    const auto& s = played.summary;
    if (s.stopped && stop)
        played.ending = Ending::Signal;
    else if (s.stopped || s.remaining > 0)
        played.ending = options.max_games ? Ending::MaxGames : Ending::Unplayed;
    return played;
}

}  // namespace balance::runs
