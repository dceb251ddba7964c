#pragma once
// Points of a points variant (Stylish chess, RULES.md §3): what a move scores (captures,
// promotions), what the mating move scores at the end (checkers, adjacency, discovered mate,
// newly covered squares), what a draw pays, and the result by points. All of it reads the
// compiled ScoringTables of the position's rules (rules().scoring, null for other variants).
//
// Points so far live beside the position, not in it: PointsLedger adds each move's points as
// it is played and takes them back on undo (the Game keeps one, the engine another).

#include <array>
#include <vector>

#include "balance/core/outcome.hpp"
#include "balance/core/position.hpp"
#include "balance/core/scoring_tables.hpp"

namespace balance::core {

struct Points {
    std::array<int, 2> total{};  // [White, Black]
    int last_capturer = -1;      // colour index of the side that made the last capture; -1 none
    [[nodiscard]] int diff(Color c) const { return total[index(c)] - total[1 - index(c)]; }
    bool operator==(const Points&) const = default;
};

// Capture points plus the promotion bonus of a legal move, before it is made. The promotion
// bonus is taken back again when the move turns out to mate (mate_points includes it).
template <Bitboard BB>
[[nodiscard]] int capture_points(const Position<BB>& pos, Move m);
template <Bitboard BB>
[[nodiscard]] int promotion_points(const Position<BB>& pos, Move m);

// The mate, itemised. `pos` is the position after the mating move (the side to move is mated);
// it is unmade and remade to see the position before, and is unchanged on return.
struct MatePoints {
    int checker = 0;        // the cheaper checker's table value (+ promoted bonus if it applies)
    int discovered = 0;     // a piece other than a checker moved and unblocked one
    int newly_covered = 0;  // ... and the moved piece now covers squares that were safe
    int squares = 0;        // how many such squares
    [[nodiscard]] int total() const { return checker + discovered + newly_covered; }
};
template <Bitboard BB>
[[nodiscard]] MatePoints mate_points(Position<BB>& pos);

// Draw points of §3.5 for a drawn position: [White, Black].
template <Bitboard BB>
[[nodiscard]] std::array<int, 2> draw_points(const Position<BB>& pos, int last_capturer);

class PointsLedger {
  public:
    template <Bitboard BB>
    void play(const Position<BB>& before, Move m);  // call before pos.make(m)
    void undo();
    void reserve(std::size_t n) { stack_.reserve(n); }
    void reset(const Points& start) {  // points of moves played before this ledger started
        now_ = start;
        stack_.clear();
    }
    [[nodiscard]] const Points& now() const { return now_; }

  private:
    Points now_;
    std::vector<Points> stack_;
};

// The points of every move of pos's game so far (the position's history replayed).
template <Bitboard BB>
[[nodiscard]] Points points_so_far(const Position<BB>& pos);

// The final points of a game that ended with `outcome` (a draw adjudicated by the runner is a
// draw: pass Termination::None with winner -1 and `adjudicated_draw`). `pos` is restored.
template <Bitboard BB>
[[nodiscard]] Points final_points(Position<BB>& pos, const Points& so_far, const Outcome& outcome,
                                  bool adjudicated_draw = false);

// White's score by points (1, 0.5, 0); a tie is a draw or goes by the board (`board_winner`:
// 0 White, 1 Black, -1 draw).
[[nodiscard]] double white_score_by_points(const ScoringTables& t, const Points& p,
                                           int board_winner);

}  // namespace balance::core
