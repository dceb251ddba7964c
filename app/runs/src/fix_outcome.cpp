// Reading a search's outcome: its candidates ranked for the result's table, their confirmations.

#include <algorithm>
#include <vector>

#include "balance/runs/fix_race.hpp"

namespace balance::runs {

const FixConfirmation* FixOutcome::confirmation_of(const FixRow& row) const {
    const auto i = static_cast<std::size_t>(row.candidate - candidates.data());
    return i < confirmations.size() && confirmations[i] ? &*confirmations[i] : nullptr;
}

std::vector<FixRow> FixOutcome::ranked() const {
    std::vector<FixRow> rows;
    for (std::size_t i = 0; i < candidates.size(); ++i)
        if (entries[i]) rows.push_back({&candidates[i], &*entries[i]});
    const auto rank = [](const FixRow& r) {
        switch (r.entry->status) {
            case stats::RaceStatus::Balanced:
                return 0;
            case stats::RaceStatus::Racing:
                return 1;
            case stats::RaceStatus::Dropped:
                return 2;
        }
        return 2;
    };
    const double target = fix().target;
    std::stable_sort(rows.begin(), rows.end(), [&](const FixRow& a, const FixRow& b) {
        if (rank(a) != rank(b)) return rank(a) < rank(b);
        return distance(a.entry->interval.estimate, target) <
               distance(b.entry->interval.estimate, target);
    });
    for (const auto& c : candidates)
        if (!c.rejected.empty()) rows.push_back({&c, nullptr});
    return rows;
}

}  // namespace balance::runs
