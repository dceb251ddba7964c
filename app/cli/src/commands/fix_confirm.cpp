// `balance fix --confirm N`: every balanced change (with --confirm-open also every open one)
// replays N games from another seed into a second database, and is confirmed when the interval
// of those games alone lies inside the band.

#include <algorithm>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "balance/config/variant_loader.hpp"
#include "balance/runs/run_store.hpp"
#include "balance/stats/band_race.hpp"
#include "balance/tournament/shard_lock.hpp"
#include "fix_search.hpp"

namespace balance::cli::fix_command {

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

std::string FixSearch::confirm_flags() const {
    if (args_.confirm <= 0) return "";
    std::string flags = fmt::format(" --confirm {}", args_.confirm);
    if (args_.confirm_top > 0) flags += fmt::format(" --confirm-top {}", args_.confirm_top);
    if (args_.confirm_open) flags += " --confirm-open";
    return flags;
}

Result<bool> FixSearch::confirm() {
    // The balanced candidates, and with --confirm-open the open ones: independent games judge
    // them all the same way, so a change the budget left undecided may be confirmed too.
    std::vector<std::size_t> chosen;
    for (std::size_t i = 0; i < candidates_.size(); ++i) {
        if (!entries_[i] || entries_[i]->sample.games == 0) continue;
        const stats::RaceStatus status = entries_[i]->status;
        if (status == stats::RaceStatus::Balanced ||
            (args_.confirm_open && status == stats::RaceStatus::Racing))
            chosen.push_back(i);
    }
    // --confirm-top K: the K closest to the target (the order of the result's table).
    closest_first(chosen);
    if (args_.confirm_top > 0 && chosen.size() > static_cast<std::size_t>(args_.confirm_top))
        chosen.resize(static_cast<std::size_t>(args_.confirm_top));
    std::sort(chosen.begin(), chosen.end());  // the sweep's rule sets in candidate order
    confirmations_.assign(candidates_.size(), std::nullopt);
    if (chosen.empty()) return true;
    confirm_db_ = confirmation_db(db_);
    tournament::Sweep sweep = search_;
    sweep.name = loaded_.name + "-confirm";
    sweep.seed = confirmation_seed(search_.seed);
    const std::int64_t per_cell = (args_.confirm + cells() - 1) / cells();
    sweep.games_per_cell = static_cast<int>(per_cell);
    sweep.rule_sets.clear();
    for (std::size_t i : chosen) {
        sweep.rule_sets.push_back(candidates_[i].rule_set);
        sweep.rule_sets.back().name = fmt::format("c{}", i);
    }
    // --status reads the confirmation's database as it is (none yet: nothing of it stored).
    auto opened = runs::open_run_store(confirm_db_, args_.status, tournament::Writer::Fix);
    if (!opened) return opened.error();
    if (!*opened) {
        in_progress_ =
            fmt::format("0 of its {} games stored",
                        static_cast<std::int64_t>(sweep.rule_sets.size()) * cells() * per_cell);
        return false;
    }
    tournament::ResultStore* store = &(*opened)->store;
    if (!args_.force)
        if (auto same = same_search(*store, sweep, confirm_db_); !same) return same.error();
    if (auto own = own_cells(*store, confirm_db_, chosen); !own) return own.error();
    for (std::size_t k = 0; k < chosen.size(); ++k)
        sweep.rule_sets[k].cell_suffix = candidates_[chosen[k]].rule_set.cell_suffix;
    auto complete = play(sweep, *store, confirm_db_);
    if (!complete || !*complete) return complete;
    const double low = fix_.target - fix_.margin;
    const double high = fix_.target + fix_.margin;
    for (std::size_t i : chosen) {
        auto s = sample(candidates_[i], per_cell * cells(), *store, confirm_db_);
        if (!s) return s.error();
        auto interval = stats::sample_interval(*s, fix_.confidence);
        if (!interval) return interval.error();
        confirmations_[i] =
            Confirmation{*s, *interval, interval->lower >= low && interval->upper <= high};
    }
    return true;
}

}  // namespace balance::cli::fix_command
