#include "balance/stats/score_sample.hpp"

#include <limits>

namespace balance::stats {

bool ScoreSample::add(double x) {
    if (!(x >= 0.0 && x <= 1.0)) return false;  // also rejects NaN
    ++games;
    sum += x;
    spread += x * (1.0 - x);
    return true;
}

double ScoreSample::mean() const {
    return games > 0 ? sum / static_cast<double>(games) : std::numeric_limits<double>::quiet_NaN();
}

double ScoreSample::mean_spread() const {
    return games > 0 ? spread / static_cast<double>(games)
                     : std::numeric_limits<double>::quiet_NaN();
}

ScoreSample ScoreSample::flipped() const {
    // x (1 - x) is symmetric under x -> 1 - x.
    return ScoreSample{games, static_cast<double>(games) - sum, spread};
}

ScoreSample& ScoreSample::operator+=(const ScoreSample& other) {
    games += other.games;
    sum += other.sum;
    spread += other.spread;
    return *this;
}

ScoreSample to_sample(const Wdl& wdl) {
    return ScoreSample{wdl.games(), wdl.points(), 0.25 * static_cast<double>(wdl.draws)};
}

}  // namespace balance::stats
