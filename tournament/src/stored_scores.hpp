#pragma once
// The games of a sweep already stored, by (cell, game index): White's score or nothing. A flat
// vector per cell, 8 bytes a game and no allocation per game, so a sweep of millions of games
// resumes and runs without its bookkeeping growing by a string per game (the overnight soak
// measured ~137 bytes per stored game when this was a map keyed by the game key).

#include <cmath>
#include <cstddef>
#include <optional>
#include <vector>

namespace balance::tournament {

class StoredScores {
  public:
    explicit StoredScores(std::size_t cells = 0) : cells_(cells) {}

    void set(std::size_t cell, int index, double white_score) {
        if (index < 0 || cell >= cells_.size()) return;
        auto& scores = cells_[cell];
        const auto at = static_cast<std::size_t>(index);
        if (at >= scores.size()) scores.resize(at + 1, kNone);
        scores[at] = white_score;
    }

    [[nodiscard]] std::optional<double> get(std::size_t cell, int index) const {
        if (index < 0 || cell >= cells_.size()) return std::nullopt;
        const auto& scores = cells_[cell];
        const auto at = static_cast<std::size_t>(index);
        if (at >= scores.size() || std::isnan(scores[at])) return std::nullopt;
        return scores[at];
    }

    [[nodiscard]] bool contains(std::size_t cell, int index) const {
        return get(cell, index).has_value();
    }

  private:
    static constexpr double kNone = NAN;  // scores are in [0, 1]: NaN is never one
    std::vector<std::vector<double>> cells_;
};

}  // namespace balance::tournament
