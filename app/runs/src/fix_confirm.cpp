// `balance fix --confirm N`: every balanced change (with --confirm-open also every open one)
// replays N games from another seed into a second database, and is confirmed when the interval
// of those games alone lies inside the band.

#include <algorithm>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "balance/runs/fix_race.hpp"
#include "balance/runs/run_store.hpp"
#include "balance/stats/band_race.hpp"
#include "balance/tournament/shard_lock.hpp"
#include "fix_search.hpp"

namespace balance::runs {

std::uint64_t confirmation_seed(std::uint64_t seed) {
    std::uint64_t z = seed ^ 0x636f6e6669726dULL;  // "confirm"
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

std::string confirmation_db(const std::string& db) {
    const std::string ext = ".db";
    if (db.size() > ext.size() && db.compare(db.size() - ext.size(), ext.size(), ext) == 0)
        return db.substr(0, db.size() - ext.size()) + "-confirm.db";
    return db + "-confirm";
}

namespace fix_search {

Result<bool> FixSearch::confirm() {
    const auto& candidates = out_.candidates;
    const auto& entries = out_.entries;
    // The balanced candidates, and with confirm_open the open ones: independent games judge
    // them all the same way, so a change the budget left undecided may be confirmed too.
    std::vector<std::size_t> chosen;
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        if (!entries[i] || entries[i]->sample.games == 0) continue;
        const stats::RaceStatus status = entries[i]->status;
        if (status == stats::RaceStatus::Balanced ||
            (settings_.confirm_open && status == stats::RaceStatus::Racing))
            chosen.push_back(i);
    }
    // confirm_top K: the K closest to the target (the order of the result's table).
    closest_first(chosen);
    if (settings_.confirm_top > 0 &&
        chosen.size() > static_cast<std::size_t>(settings_.confirm_top))
        chosen.resize(static_cast<std::size_t>(settings_.confirm_top));
    std::sort(chosen.begin(), chosen.end());  // the sweep's rule sets in candidate order
    out_.confirmations.assign(candidates.size(), std::nullopt);
    if (chosen.empty()) return true;
    out_.confirm_db = confirmation_db(out_.db);
    const std::int64_t cells = out_.cells();
    tournament::Sweep sweep = out_.search;
    sweep.name = loaded_.name + "-confirm";
    sweep.seed = confirmation_seed(out_.search.seed);
    const std::int64_t per_cell = (settings_.confirm + cells - 1) / cells;
    sweep.games_per_cell = static_cast<int>(per_cell);
    sweep.rule_sets.clear();
    for (std::size_t i : chosen) {
        sweep.rule_sets.push_back(candidates[i].rule_set);
        sweep.rule_sets.back().name = fmt::format("c{}", i);
    }
    // status reads the confirmation's database as it is (none yet: nothing of it stored).
    auto opened = open_run_store(out_.confirm_db, settings_.status, tournament::Writer::Fix);
    if (!opened) return opened.error();
    if (!*opened) {
        out_.in_progress =
            fmt::format("0 of its {} games stored",
                        static_cast<std::int64_t>(sweep.rule_sets.size()) * cells * per_cell);
        return false;
    }
    tournament::ResultStore* store = &(*opened)->store;
    if (!settings_.force)
        if (auto same = same_search(*store, sweep, out_.confirm_db); !same) return same.error();
    if (auto own = own_cells(*store, out_.confirm_db, chosen); !own) return own.error();
    for (std::size_t k = 0; k < chosen.size(); ++k)
        sweep.rule_sets[k].cell_suffix = candidates[chosen[k]].rule_set.cell_suffix;
    auto complete = play(sweep, chosen, *store, out_.confirm_db);
    if (!complete || !*complete) return complete;
    const double low = fix_.target - fix_.margin;
    const double high = fix_.target + fix_.margin;
    for (std::size_t i : chosen) {
        auto s = sample(candidates[i], per_cell * cells, *store, out_.confirm_db);
        if (!s) return s.error();
        auto interval = stats::sample_interval(*s, fix_.confidence);
        if (!interval) return interval.error();
        out_.confirmations[i] =
            FixConfirmation{*s, *interval, interval->lower >= low && interval->upper <= high};
    }
    return true;
}

}  // namespace fix_search

}  // namespace balance::runs
