#pragma once
// What a running sweep reports after every stored game, and the text display of it: a live
// table on a terminal, a plain line now and then otherwise.

#include <chrono>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "balance/stats/counts.hpp"

namespace balance::tournament {

struct CellTally {
    std::string label;  // "humans-elves baseline balance-balance", short for the display
    stats::Wdl white;   // results from White's view
    // Filled when the run ends (RunSummary::cells): its stored games lost by an engine failure,
    // and when those are at least half of them (engine_failures.hpp), what they were ("10 of 10
    // games lost by an engine failure: White's player 'fairymax' (illegal-move) 10, e.g. ...").
    std::int64_t engine_failures = 0;
    std::string failure_note;

    // At least half of its games were lost by an engine failure: no score of the variant.
    [[nodiscard]] bool failed() const;
};

struct Progress {
    std::int64_t total = 0;   // games of the sweep in this shard (adaptive: the budget)
    std::int64_t done = 0;    // of those, stored (earlier runs included)
    std::int64_t played = 0;  // stored by this run
    double seconds = 0.0;     // since this run began
    bool adaptive = false;
    std::optional<std::int64_t> run_limit;  // --max-games: this run stops after so many games
    std::vector<CellTally> cells;
};

class ProgressObserver {
  public:
    virtual ~ProgressObserver() = default;
    // Called from the writer thread after each stored game (and once at the start).
    virtual void update(const Progress& progress) = 0;
    // Called once when the run ends.
    virtual void finish(const Progress& progress) = 0;
};

// Games per minute, ETA (of what this run will play) and score with its 95% interval per cell.
// `live`: redraw a block in place (ANSI) at most every `interval`; otherwise one summary line per
// `interval`.
class TextProgress final : public ProgressObserver {
  public:
    TextProgress(std::ostream& out, bool live, std::chrono::milliseconds interval);
    void update(const Progress& progress) override;
    void finish(const Progress& progress) override;

  private:
    void draw(const Progress& progress);

    std::ostream& out_;
    bool live_;
    std::chrono::milliseconds interval_;
    std::chrono::steady_clock::time_point last_{};
    int drawn_lines_ = 0;
};

// "0.563 [0.522, 0.603]": one cell's score for White with its 95% interval's ends (trinomial
// Wilson; not symmetric near 0 and 1, so no "+-").
[[nodiscard]] std::string score_text(const stats::Wdl& white);

// The final per-cell table printed when a sweep ends.
void print_table(std::ostream& out, const std::vector<CellTally>& cells);

}  // namespace balance::tournament
