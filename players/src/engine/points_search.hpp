#pragma once
// The searcher's view of a points variant (Stylish chess, core/scoring.hpp). Scores there are
// in decipoints from the side to move's view: 10 x (own points - opponent's points) at the end
// of the game. A node's value is that final difference, so it includes the points so far:
//  * the points so far are kept incrementally beside the position (a core::PointsLedger, one
//    push per make, one pop per unmake; seeded at the root by replaying the game's moves);
//  * they are part of what a node is worth, so the transposition-table key hashes them (the
//    points difference and the last capturer, which decides the bare-kings draw): the same board
//    reached with other points so far is another node;
//  * a mated node scores the mate points (checkers, discovered, newly covered) for the mater; a
//    draw scores the draw points; mate distance no longer matters, the points do;
//  * the static evaluation (centipawns) estimates the points still to come at 1 cp = 1
//    decipoint, i.e. a pawn of material is worth 10 points to come: about what a queen's worth
//    of material (90) brings in mate points plus capture points in the games we played.
// For every other variant the class is inert and the searcher scores as before.

#include <algorithm>
#include <cstdint>

#include "balance/core/scoring.hpp"
#include "balance/core/splitmix64.hpp"
#include "balance/players/engine/search_types.hpp"

namespace balance::players::engine {

inline constexpr int DecipointsPerPoint = 10;

template <core::Bitboard BB>
class PointsSearch {
  public:
    void begin(const core::Position<BB>& pos) {
        active_ = pos.rules().scoring != nullptr;
        ledger_ = core::PointsLedger{};
        if (!active_) return;
        ledger_.reset(core::points_so_far(pos));
        ledger_.reserve(MaxPly + 8);
    }
    [[nodiscard]] bool active() const { return active_; }

    void make(const core::Position<BB>& pos, core::Move m) {
        if (active_) ledger_.play(pos, m);
    }
    void unmake() {
        if (active_) ledger_.undo();
    }

    [[nodiscard]] std::uint64_t key(const core::Position<BB>& pos) const {
        if (!active_) return pos.key();
        const core::Points& p = ledger_.now();
        const auto diff = static_cast<std::uint64_t>(p.total[0] - p.total[1] + (1 << 20));
        return pos.key() ^
               core::splitmix64(diff * 4 + static_cast<std::uint64_t>(p.last_capturer + 1));
    }

    // The static evaluation plus the points so far, side to move's view.
    [[nodiscard]] int evaluation(const core::Position<BB>& pos, int eval_cp) const {
        return clamp(ledger_.now().diff(pos.side_to_move()) * DecipointsPerPoint + eval_cp);
    }
    // The game ends here: the side to move is mated, or it is a draw.
    [[nodiscard]] int mated(core::Position<BB>& pos) const {
        const int winner = core::index(~pos.side_to_move());
        return final_score(pos, {core::Termination::Checkmate, winner});
    }
    [[nodiscard]] int draw(core::Position<BB>& pos) const {
        return final_score(pos, {core::Termination::Repetition, -1});
    }

  private:
    static int clamp(int s) { return std::clamp(s, -MateBound + 1, MateBound - 1); }
    int final_score(core::Position<BB>& pos, const core::Outcome& o) const {
        const core::Points p = core::final_points(pos, ledger_.now(), o);
        return clamp(p.diff(pos.side_to_move()) * DecipointsPerPoint);
    }

    bool active_ = false;
    core::PointsLedger ledger_;
};

}  // namespace balance::players::engine
