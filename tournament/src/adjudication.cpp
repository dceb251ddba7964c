#include "adjudication.hpp"

#include <cstdlib>

namespace balance::tournament {

namespace {

// Whether the last `plies` scores are all known and all satisfy `test`.
template <class Test>
bool last_plies_all(const std::vector<std::optional<int>>& scores, int plies, Test test) {
    if (plies <= 0 || static_cast<int>(scores.size()) < plies) return false;
    for (auto it = scores.end() - plies; it != scores.end(); ++it) {
        if (!*it || !test(**it)) return false;
    }
    return true;
}

}  // namespace

std::optional<Verdict> adjudicate(const AdjudicationSpec& spec,
                                  const std::vector<std::optional<int>>& scores) {
    const int played = static_cast<int>(scores.size());
    if (spec.resign.enabled) {
        const int plies = 2 * spec.resign.moves;
        const int t = spec.resign.score_cp;
        if (last_plies_all(scores, plies, [t](int s) { return s >= t; }))
            return Verdict{"adjudication-resign", 0};
        if (last_plies_all(scores, plies, [t](int s) { return s <= -t; }))
            return Verdict{"adjudication-resign", 1};
    }
    if (spec.draw.enabled && played >= spec.draw.after_ply) {
        const int t = spec.draw.score_cp;
        if (last_plies_all(scores, 2 * spec.draw.moves, [t](int s) { return std::abs(s) <= t; }))
            return Verdict{"adjudication-draw", -1};
    }
    if (spec.max_plies > 0 && played >= spec.max_plies)
        return Verdict{"adjudication-max-plies", -1};
    return std::nullopt;
}

}  // namespace balance::tournament
