#pragma once
// Which stored games opened outside their sweep's imbalance window (OpeningSpec::max_imbalance_cp
// and min_imbalance_cp), for the report and `balance sweep --status`. A game stored with
// details_json.opening_missed says so itself. A game stored before that field is judged by its
// opening_imbalance_cp against the window its run's config_json names: that score was already
// measured from the window's centre (0 for random plies then, the position for a book).

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <utility>

#include "balance/tournament/store.hpp"

namespace balance::tournament {

class OpeningMisses {
  public:
    explicit OpeningMisses(std::span<const RunRow> runs);

    // From what a game's details_json holds: its opening_missed flag, its opening_imbalance_cp.
    [[nodiscard]] bool missed(std::int64_t run_id, std::optional<bool> flag,
                              std::optional<int> imbalance_cp) const;
    // The same, reading details_json itself.
    [[nodiscard]] bool missed(const GameRow& game) const;

  private:
    std::map<std::int64_t, std::pair<int, int>> windows_;  // run -> [min, max]; filtered runs only
};

}  // namespace balance::tournament
