#pragma once
// The alpha-beta searcher for one board width. Engine owns one per width and reuses it (its
// per-ply scratch is allocated once); tests and the bench may drive it directly.
//
// Search: iterative deepening with aspiration windows, principal variation search, a
// transposition table (kept, with the history and counter moves, from one move of a game to the
// next), quiescence search (captures, e.p. and promotions; all evasions when in
// check), check extension, null-move pruning (not in check, not during free placement, only
// with non-pawn material), reverse futility pruning, late move reductions and late move /
// futility pruning of quiet moves, mate distance pruning. Move ordering: hash move, captures by
// MVV-LVA using the configured values (captures that lose material to a recapture go last),
// killers, counter move, history. Generation is staged: the hash move is searched before any
// generation, the quiet moves are generated only when no good capture is left.
//
// Points variants (Stylish chess): terminal nodes and the evaluation score by points, and the
// points so far are part of the node (points_search.hpp).
//
// Draws inside the tree: any repetition of an earlier position (game history included), the
// 50-move rule (a mate on the last move still counts), insufficient material (the variant's
// cannot_mate lists), stalemate (a loss for the stalemated side when game.stalemate ==
// WinForStalemater).
//
// Free placement: drops are ordinary moves, but the side to move may stay the same after one,
// so a child's score is negated only when the turn actually passed (see child()).
//
// Determinism: the result is a function of the position (with history), the limits, and the
// seed, and for a game's next move of the game's earlier searches (run's next_move). Time is only
// read when a movetime is set; node and depth limits are checked against the node counter, which
// counts the same on every machine.

#include <array>
#include <chrono>
#include <memory>
#include <vector>

#include "balance/core/position.hpp"
#include "balance/players/engine/eval.hpp"
#include "balance/players/engine/search_types.hpp"
#include "balance/players/player.hpp"
#include "engine/attacks.hpp"
#include "engine/check_after_move.hpp"
#include "engine/pawn_cache.hpp"
#include "engine/points_search.hpp"
#include "engine/root_random.hpp"
#include "engine/transposition_table.hpp"

namespace balance::players::engine {

template <core::Bitboard BB>
class Searcher {
  public:
    explicit Searcher(TranspositionTable& tt);

    // Searches `pos` (restored on return) with `tables` built from pos.rules().
    // `next_move`: `pos` is the next position of the game this searcher searched last (Engine
    // checks): the hash table's entries, the history and the counter moves of the game's
    // earlier searches are kept (history halved). Otherwise the search starts from nothing.
    SearchResult run(core::Position<BB>& pos, const EvalTables<BB>& tables,
                     const SearchLimits& limits, const RootRandom& random,
                     const SearchHooks& hooks = {}, bool next_move = false);

    // The quiescence search's score of `pos` (restored on return), from nothing: what the
    // evaluation says once captures and promotions have settled.
    int quiescence(core::Position<BB>& pos, const EvalTables<BB>& tables);

    [[nodiscard]] std::size_t scratch_bytes() const;
    void set_eval_terms(EvalTerms terms) { eval_terms_ = terms; }

  private:
    struct Frame {
        core::MoveList moves;
        std::array<int, core::MoveList::Capacity> scores;
        core::Move killers[2];
        int static_eval = 0;
        core::Move current;  // the move made from this ply
        core::PieceCode moved = core::NoPiece;
        int next = 0;         // next index the picker examines
        bool sorted = false;  // moves[next..] are in picking order already (sort_rest)
    };
    struct RootMove {
        core::Move move;
        int score = -Infinite;
        bool exact = false;  // score is exact (inside the window it was searched with)
        std::vector<core::Move> pv;
    };

    // A completed iteration's exact root score, for the seeded choice among the best.
    struct CompletedMove {
        core::Move move;
        int score;
        std::vector<core::Move> pv;
    };

    // run()'s stages: the state a search starts from, one iteration's aspiration windows (the
    // root searched until its score falls inside the window), the seeded choice among the
    // moves within the margin of the best (root_random.hpp).
    void begin(core::Position<BB>& pos, const EvalTables<BB>& tables, const SearchLimits& limits,
               const RootRandom& random, const SearchHooks& hooks, bool next_move);
    int aspiration_search(int depth, int prev_score);
    void choose_seeded(SearchResult& result, const std::vector<CompletedMove>& completed,
                       std::uint64_t seed) const;

    // The move picker's state at one node of search(): which stages are generated, and the
    // hash move searched before them (`hash_first`: it is legal; `hash_tactical`: a capture or
    // promotion, which the captures' stage holds).
    enum class Stage { None, Captures, All };
    struct Staging {
        Stage stage = Stage::None;
        core::Move hash_move;
        int ply = 0;
        bool in_check = false, hash_first = false, hash_tactical = false;
    };

    int search(int depth, int alpha, int beta, int ply, bool in_check);
    // search()'s and qsearch()'s stages (searcher.cpp), inlined into them.
    int node_eval(const TTEntry* tte, int tt_score, bool in_check, int& raw_eval);
    Staging staging(Frame& f, core::Move hash_move, int ply, bool in_check);
    void generate_stage(Frame& f, Staging& st);
    core::Move next_staged(Frame& f, Staging& st, int& score);
    bool make_unless_pruned(core::Move m, bool prune, bool& check);
    int search_made(core::Color us, bool first, int new_depth, int r, int alpha, int beta, int ply,
                    bool check);
    [[nodiscard]] int stalemate_score(int ply) const;
    void store_node(std::uint64_t key, core::Move best_move, int best, int orig_alpha, int beta,
                    int ply, int eval, int depth);
    bool generate_q(Frame& f, core::Move hash_move, int ply, bool in_check, bool hash_first);
    [[nodiscard]] bool q_skips(core::Move m, int stand_pat, int alpha) const;
    bool cuts_before_moves(int depth, int beta, int ply, int eval, bool improving, bool placement,
                           int& cut);
    [[nodiscard]] bool late_move_futile(int depth, bool improving, int quiets_tried, int eval,
                                        int alpha) const;
    [[nodiscard]] int late_move_reduction(int depth, int moves_searched, bool improving, bool pv,
                                          int score, int new_depth) const;
    int qsearch(int alpha, int beta, int ply, bool in_check);
    int root_search(int depth, int alpha, int beta);
    // Searches the position after a move: negated unless the mover keeps the turn (placement).
    int child(core::Color mover, int depth, int alpha, int beta, int ply, bool in_check);
    int child_q(core::Color mover, int alpha, int beta, int ply, bool in_check);

    // Scores f.moves from index `first` on (0: the whole list, and picking starts over).
    void score_moves(Frame& f, core::Move hash_move, int ply, bool captures_only, int first = 0);
    core::Move pick(Frame& f, int& score);
    // Puts the moves not yet picked in picking order once (best score first, ties in list order):
    // for a long list that will be picked far down, cheaper than a scan per pick.
    static void sort_rest(Frame& f);
    [[nodiscard]] bool losing_capture(core::Move m) const;
    [[nodiscard]] int captured_value(core::Move m) const;
    [[nodiscard]] bool draw_by_rule(int ply) const;
    [[nodiscard]] bool has_non_pawn_material(core::Color c) const;
    // After make(): is the side to move in check? (check_after_move.hpp)
    [[nodiscard]] bool gives_check() const { return in_check_after_move(*pos_); }
    void update_quiet_stats(Frame& f, int ply, core::Move best, int depth, const core::Move* tried,
                            int n);
    void update_pv(int ply, core::Move m);
    void check_limits();
    // Counts the node and checks the limits; false once the search must stop.
    [[nodiscard]] bool enter_node(int ply);
    [[nodiscard]] int evaluate_here() {
        const int cp = eval_terms_ == EvalTerms::Full ? evaluate(*pos_, *et_, &pawn_cache_)
                                                      : material_eval(*pos_, *et_);
        const int s = points_.active() ? points_.evaluation(*pos_, cp) : cp;
        BALANCE_ASSERT(-MateBound < s && s < MateBound);  // an evaluation is never a mate score
        return s;
    }
    // Game ends inside the tree: by the variant's points when it has them (points_search.hpp).
    [[nodiscard]] int draw_score() const { return points_.active() ? points_.draw(*pos_) : 0; }
    [[nodiscard]] int mated_score(int ply) const {
        return points_.active() ? points_.mated(*pos_) : -MateScore + ply;
    }
    void make(core::Move m) {
        points_.make(*pos_, m);
        pos_->make(m);
        if (points_.active()) tt_.prefetch(node_key());
    }
    void unmake() {
        pos_->unmake();
        points_.unmake();
    }
    [[nodiscard]] std::uint64_t node_key() const { return points_.key(*pos_); }
    // Starts loading the child's hash-table cluster before the move is made, so the load
    // overlaps make() and the check test (a probe's cache miss was 13% of a sweep's time).
    // Points variants hash the points too: their key is known only after the move.
    void prefetch_child(core::Move m) const {
        if (!points_.active()) tt_.prefetch(pos_->key_after(m));
    }

    TranspositionTable& tt_;
    core::Position<BB>* pos_ = nullptr;
    const EvalTables<BB>* et_ = nullptr;
    const SearchHooks* hooks_ = nullptr;
    PointsSearch<BB> points_;
    std::vector<Frame> frames_;
    std::vector<RootMove> root_moves_;
    std::array<std::array<core::Move, MaxPly + 1>, MaxPly + 1> pv_{};
    std::array<int, MaxPly + 1> pv_length_{};
    std::array<std::array<int, core::max_squares<BB>>, 64> history_{};  // [piece code][to]
    std::array<std::array<core::Move, core::max_squares<BB>>, 64> counter_{};
    std::array<std::array<std::uint8_t, 64>, 64> reductions_{};

    std::uint64_t nodes_ = 0, node_limit_ = 0;
    bool stopped_ = false, limits_armed_ = false, has_deadline_ = false;
    std::chrono::steady_clock::time_point start_, deadline_;
    int seldepth_ = 0;
    int root_depth_ = 0;
    EvalTerms eval_terms_ = EvalTerms::Full;
    PawnCache<BB> pawn_cache_;  // emptied by run(): entries belong to one search's tables
    int random_margin_ = 0;     // > 0: root moves within this of the best get exact scores
};

}  // namespace balance::players::engine
