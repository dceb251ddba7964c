#pragma once
// What `balance check` and a sweep's start say about where a sweep's games begin. Without an
// opening (no [openings] table) every game of a cell starts from the start position, and its
// only variety is the players' own randomness (the internal engine varies its first root moves
// by the seed, random_plies): where neither player of a matchup has any (random_plies = 0, an
// external engine), its games may all be one game, and repeated games make a cell's interval
// narrower than the variant warrants. That stays the default, so that existing sweeps keep
// their games; the note says so. (The report counts the games that did repeat.)

#include <cstddef>
#include <optional>
#include <string>

#include <vector>
#include "balance/core/error.hpp"

#include "balance/tournament/open_sweep.hpp"
#include "balance/tournament/sweep.hpp"

namespace balance::tournament {

// The notes: games without openings between players that do not vary by the seed, and
// free-placement rule sets whose random plies are placements.
[[nodiscard]] std::vector<std::string> opening_notes(const Sweep& sweep);

// A sample of the plan's first openings against the imbalance window (`balance check`): the
// first draw of the first games of up to 8 positions (rule set and armies, spread over the plan),
// about `draws` draws in all (at least 3 a position), each scored as the sweep scores it (two
// quick searches: the start and the line).
struct WindowSample {
    struct Position {
        std::string position_key;
        int drawn = 0;   // draws that left the game running
        int within = 0;  // ... and landed in the window
    };
    std::vector<Position> positions;
    std::size_t plan_positions = 0;  // the positions of the whole plan
    std::optional<int> centre_cp;    // the first sampled position's centre (White's view)
};
// nullopt when the sweep's openings are not filtered.
[[nodiscard]] Result<std::optional<WindowSample>> sample_opening_window(const OpenSweep& open,
                                                                        int draws = 32);

}  // namespace balance::tournament
