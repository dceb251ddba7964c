#include "balance/stats/game_result.hpp"

namespace balance::stats {

void add_game_score(Wdl& wdl, double score) {
    if (score > 0.75) {
        ++wdl.wins;
    } else if (score < 0.25) {
        ++wdl.losses;
    } else {
        ++wdl.draws;
    }
}

}  // namespace balance::stats
