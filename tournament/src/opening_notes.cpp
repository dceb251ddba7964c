#include "balance/tournament/opening_notes.hpp"

namespace balance::tournament {

std::vector<std::string> opening_notes(const Sweep& sweep) {
    if (sweep.openings.kind != OpeningSpec::Kind::None) return {};
    return {
        "every game starts from the start position: its only variety is the players' own "
        "randomness, so games may repeat, and repeats make the intervals narrower than the "
        "variant warrants (the report counts different games per cell); [openings] type = "
        "\"random-plies\" gives every game an opening of its own"};
}

}  // namespace balance::tournament
