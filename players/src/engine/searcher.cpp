// The searcher: iterative deepening, PVS, quiescence. See searcher.hpp for the feature list and
// the determinism contract.

#include "engine/searcher.hpp"

#include <algorithm>
#include <cstring>
#include <optional>

#include "balance/core/debug_assert.hpp"
#include "balance/core/movegen.hpp"
#include "balance/core/movegen_search.hpp"

namespace balance::players::engine {
namespace {

using core::Bitboard;
using core::Color;
using core::Move;
using core::MoveKind;
using core::MoveList;

constexpr int HashMoveScore = 1 << 30;
constexpr int GoodCaptureScore = 1 << 28;
constexpr int KillerScore = 1 << 27;
constexpr int BadCaptureScore = -(1 << 28);
constexpr int HistoryMax = 1 << 14;

// Mate scores are stored relative to the node, returned relative to the root.
int score_to_tt(int s, int ply) {
    return s >= MateBound ? s + ply : s <= -MateBound ? s - ply : s;
}
int score_from_tt(int s, int ply) {
    return s >= MateBound ? s - ply : s <= -MateBound ? s + ply : s;
}

}  // namespace

// 1e6 * ln(n) for n = 0..63 (entry 0 unused): the reduction table is built with integers only,
// so it cannot differ between C libraries.
constexpr std::int64_t Ln1e6[64] = {
    0,       0,       693147,  1098612, 1386294, 1609438, 1791759, 1945910, 2079442, 2197225,
    2302585, 2397895, 2484907, 2564949, 2639057, 2708050, 2772589, 2833213, 2890372, 2944439,
    2995732, 3044522, 3091042, 3135494, 3178054, 3218876, 3258097, 3295837, 3332205, 3367296,
    3401197, 3433987, 3465736, 3496508, 3526361, 3555348, 3583519, 3610918, 3637586, 3663562,
    3688879, 3713572, 3737670, 3761200, 3784190, 3806662, 3828641, 3850148, 3871201, 3891820,
    3912023, 3931826, 3951244, 3970292, 3988984, 4007333, 4025352, 4043051, 4060443, 4077537,
    4094345, 4110874, 4127134, 4143135};

template <Bitboard BB>
Searcher<BB>::Searcher(TranspositionTable& tt) : tt_(tt), frames_(MaxPly + 2) {
    // Late move reductions: floor(0.75 + ln(depth) ln(moves) / 2.25).
    for (int d = 1; d < 64; ++d)
        for (int m = 1; m < 64; ++m)
            reductions_[d][m] = static_cast<std::uint8_t>(
                (Ln1e6[d] * Ln1e6[m] + 1'687'500'000'000) / 2'250'000'000'000);
}

template <Bitboard BB>
std::size_t Searcher<BB>::scratch_bytes() const {
    return sizeof(*this) + frames_.capacity() * sizeof(Frame) + PawnCache<BB>::bytes();
}

template <Bitboard BB>
void Searcher<BB>::check_limits() {
    // The node limit holds from the first node: a first iteration can be huge (quiescence when
    // every capture is an even trade), and its nodes count like any other. Time and `stop` wait
    // for a completed first iteration, so that a timed search always has a searched reply.
    if (node_limit_ && nodes_ >= node_limit_) stopped_ = true;
    if (!limits_armed_) return;
    if (hooks_->stop && hooks_->stop->load(std::memory_order_relaxed)) stopped_ = true;
    if (has_deadline_ && (nodes_ & 1023) == 0 && std::chrono::steady_clock::now() >= deadline_)
        stopped_ = true;
}

template <Bitboard BB>
bool Searcher<BB>::enter_node(int ply) {
    BALANCE_ASSERT(ply >= 0 && ply <= MaxPly);  // pv_length_, pv_ and frames_[ply + 1] hold it
    ++nodes_;
    check_limits();
    if (stopped_) return false;
    pv_length_[ply] = ply;
    seldepth_ = std::max(seldepth_, ply);
    return true;
}

template <Bitboard BB>
bool Searcher<BB>::has_non_pawn_material(Color c) const {
    for (core::PieceType t : et_->piece_types[core::index(c)])
        if (pos_->pieces(c, t)) return true;
    return false;
}

template <Bitboard BB>
bool Searcher<BB>::draw_by_rule(int ply) const {
    const core::Position<BB>& pos = *pos_;
    const auto& g = pos.rules().game;
    // Any repetition inside the tree or of a game position counts as a draw: repeating is
    // never better than the alternative the side could have played instead.
    if (g.repetition_count > 0 && pos.reversible_plies() >= 4 && ply > 0 && pos.repetitions() > 0)
        return true;
    if (g.insufficient_material &&
        (core::popcount(pos.pieces(Color::White)) == 1 ||
         core::popcount(pos.pieces(Color::Black)) == 1) &&
        !pos.in_placement() && pos.insufficient_material())
        return true;
    return false;
}

template <Bitboard BB>
int Searcher<BB>::captured_value(Move m) const {
    const core::Position<BB>& pos = *pos_;
    if (m.kind() == MoveKind::EnPassant)
        return et_->value[core::type_of(pos.piece_on(pos.ep_victim()))];
    const core::PieceCode v = pos.piece_on(m.to());
    // A self-capture (where the rules allow it) wins nothing.
    return v == core::NoPiece || core::color_of(v) == pos.side_to_move()
               ? 0
               : et_->value[core::type_of(v)];
}

// A capture by a more valuable piece onto a square the opponent defends: likely to lose
// material (a cheap stand-in for static exchange evaluation that works for any piece).
template <Bitboard BB>
bool Searcher<BB>::losing_capture(Move m) const {
    const core::Position<BB>& pos = *pos_;
    // A self-capture (where the rules allow it) gives material away: ordered with the losing
    // captures, and left out of quiescence search unless it promotes.
    if (m.kind() == MoveKind::Normal || m.kind() == MoveKind::Promotion) {
        const core::PieceCode v = pos.piece_on(m.to());
        if (v != core::NoPiece && core::color_of(v) == pos.side_to_move()) return true;
    }
    const int attacker = et_->value[core::type_of(pos.piece_on(m.from()))];
    const int victim =
        captured_value(m) + (m.kind() == MoveKind::Promotion ? et_->value[m.promotion()] : 0);
    if (attacker <= victim + 50 || m.kind() == MoveKind::Shoot) return false;  // a shot stays
    const Color them = ~pos.side_to_move();
    BB occ = pos.pieces() ^ core::square_bb<BB>(m.from());
    if (m.kind() == MoveKind::EnPassant)
        occ ^= core::square_bb<BB>(pos.ep_victim()) | core::square_bb<BB>(m.to());
    return pos.attacked(m.to(), them, occ);
}

template <Bitboard BB>
void Searcher<BB>::score_moves(Frame& f, Move hash_move, int ply, bool captures_only, int first) {
    const core::Position<BB>& pos = *pos_;
    const Move killer0 = f.killers[0], killer1 = f.killers[1];
    Move counter;
    if (ply > 0 && frames_[ply - 1].moved != core::NoPiece)
        counter = counter_[frames_[ply - 1].moved][frames_[ply - 1].current.to()];
    if (first == 0) {
        f.next = 0;
        f.sorted = false;
    }
    for (int i = first; i < f.moves.size(); ++i) {
        const Move m = f.moves[i];
        int s;
        if (m == hash_move) {
            s = HashMoveScore;
        } else if (pos.is_capture(m) || m.kind() == MoveKind::Promotion) {
            const int victim = captured_value(m);
            const int promo = m.kind() == MoveKind::Promotion ? et_->value[m.promotion()] : 0;
            const int attacker = et_->value[core::type_of(pos.piece_on(m.from()))];
            const int mvv_lva = (victim + promo) * 16 - attacker / 8;
            s = (!captures_only && losing_capture(m) ? BadCaptureScore : GoodCaptureScore) +
                mvv_lva;
        } else if (m == killer0) {
            s = KillerScore + 2;
        } else if (m == killer1) {
            s = KillerScore + 1;
        } else if (m == counter) {
            s = KillerScore;
        } else {
            s = history_[pos.moved_piece(m)][m.to()];
        }
        f.scores[i] = s;
    }
}

template <Bitboard BB>
Move Searcher<BB>::pick(Frame& f, int& score) {
    const int n = f.moves.size();
    if (f.next >= n) return Move::none();
    if (f.sorted) {
        score = f.scores[f.next];
        return f.moves[f.next++];
    }
    // The first move with the highest score, found in two passes: the maximum alone has no
    // loop-carried index, so it vectorises (the one-pass "if greater, remember i" did not, and
    // was 6% of the bench). Same choice as that pass, ties included.
    const int* scores = f.scores.data();
    int top = scores[f.next];
    for (int i = f.next + 1; i < n; ++i) top = std::max(top, scores[i]);
    int best = f.next;
    while (scores[best] != top) ++best;
    std::swap(f.moves[f.next], f.moves[best]);
    std::swap(f.scores[f.next], f.scores[best]);
    score = f.scores[f.next];
    return f.moves[f.next++];
}

template <Bitboard BB>
void Searcher<BB>::sort_rest(Frame& f) {
    const int n = f.moves.size();
    for (int i = f.next + 1; i < n; ++i) {
        const Move m = f.moves[i];
        const int s = f.scores[i];
        int j = i;
        for (; j > f.next && f.scores[j - 1] < s; --j) {
            f.moves[j] = f.moves[j - 1];
            f.scores[j] = f.scores[j - 1];
        }
        f.moves[j] = m;
        f.scores[j] = s;
    }
    f.sorted = true;
}

template <Bitboard BB>
void Searcher<BB>::update_pv(int ply, Move m) {
    pv_[ply][ply] = m;
    for (int i = ply + 1; i < pv_length_[ply + 1]; ++i) pv_[ply][i] = pv_[ply + 1][i];
    pv_length_[ply] = std::max(pv_length_[ply + 1], ply + 1);
}

template <Bitboard BB>
void Searcher<BB>::update_quiet_stats(Frame& f, int ply, Move best, int depth, const Move* tried,
                                      int n) {
    if (f.killers[0] != best) {
        f.killers[1] = f.killers[0];
        f.killers[0] = best;
    }
    const int bonus = std::min(depth * depth, 400);
    auto adjust = [&](Move m, int delta) {
        int& h = history_[pos_->moved_piece(m)][m.to()];
        h += delta - h * std::abs(delta) / HistoryMax;
    };
    adjust(best, bonus);
    for (int i = 0; i < n; ++i)
        if (tried[i] != best) adjust(tried[i], -bonus);
    if (ply > 0 && frames_[ply - 1].moved != core::NoPiece)
        counter_[frames_[ply - 1].moved][frames_[ply - 1].current.to()] = best;
}

template <Bitboard BB>
int Searcher<BB>::child(Color mover, int depth, int alpha, int beta, int ply, bool in_check) {
    // A stopped search enters no more nodes (a re-search after a reduced one that was cut off
    // by the node limit would count one past it).
    if (stopped_) return 0;
    if (pos_->side_to_move() == mover) return search(depth, alpha, beta, ply, in_check);
    return -search(depth, -beta, -alpha, ply, in_check);
}

template <Bitboard BB>
int Searcher<BB>::child_q(Color mover, int alpha, int beta, int ply, bool in_check) {
    if (pos_->side_to_move() == mover) return qsearch(alpha, beta, ply, in_check);
    return -qsearch(-beta, -alpha, ply, in_check);
}

// The search's stages, inlined into search() and qsearch(): the hot path keeps its speed.

namespace {

// Whether a hash entry's bound settles the node: an exact score, or a bound beyond the window.
[[gnu::always_inline]] inline bool bound_cuts(const TTEntry& e, int score, int alpha, int beta) {
    return e.bound == Bound::Exact || (e.bound == Bound::Lower && score >= beta) ||
           (e.bound == Bound::Upper && score <= alpha);
}

}  // namespace

template <Bitboard BB>
[[gnu::always_inline]] inline int Searcher<BB>::stalemate_score(int ply) const {
    return pos_->rules().game.stalemate == core::StalemateResult::WinForStalemater
               ? -MateScore + ply
               : draw_score();
}

template <Bitboard BB>
[[gnu::always_inline]] inline void Searcher<BB>::store_node(std::uint64_t key, Move best_move,
                                                            int best, int orig_alpha, int beta,
                                                            int ply, int eval, int depth) {
    BALANCE_ASSERT(-Infinite < best && best < Infinite);
    const Bound bound = best >= beta        ? Bound::Lower
                        : best > orig_alpha ? Bound::Exact
                                            : Bound::Upper;
    tt_.store(key, best_move, score_to_tt(best, ply), eval, depth, bound);
}

// Quiescence's moves: in check every evasion, otherwise only captures and promotions, generated
// as such; when there are none, the bulk count tells whether it is stalemate. False when there
// is no legal move. A hash move already tried is picked off the front.
template <Bitboard BB>
[[gnu::always_inline]] inline bool Searcher<BB>::generate_q(Frame& f, Move hash_move, int ply,
                                                            bool in_check, bool hash_first) {
    core::Position<BB>& pos = *pos_;
    if (in_check)
        core::generate_legal(pos, f.moves);
    else
        core::generate_captures(pos, f.moves);
    if (f.moves.empty() && (in_check || !core::has_legal_move(pos))) return false;
    score_moves(f, hash_move, ply, true);
    if (hash_first) {
        int score;
        [[maybe_unused]] const Move again = pick(f, score);
        BALANCE_ASSERT(again == hash_move);  // the list's first move, already tried
    }
    return true;
}

// Quiescence leaves out (not in check) a capture that cannot lift the score to alpha (delta
// pruning) and a likely losing one; never a promotion.
template <Bitboard BB>
[[gnu::always_inline]] inline bool Searcher<BB>::q_skips(Move m, int stand_pat, int alpha) const {
    if (m.kind() == MoveKind::Promotion) return false;
    return stand_pat + captured_value(m) + 150 <= alpha || losing_capture(m);
}

// Before any move, away from the principal variation: reverse futility (far above beta at low
// depth, assume a cut) and the null move (give the opponent a free move; if we still beat beta,
// cut). True with the node's score in `cut` when the node is cut.
template <Bitboard BB>
[[gnu::always_inline]] inline bool Searcher<BB>::cuts_before_moves(int depth, int beta, int ply,
                                                                   int eval, bool improving,
                                                                   bool placement, int& cut) {
    core::Position<BB>& pos = *pos_;
    if (depth <= 6 && eval - 85 * (depth - improving) >= beta) {
        cut = eval;
        return true;
    }
    if (depth >= 3 && eval >= beta && !placement && ply > 0 &&
        frames_[ply - 1].current.raw() != 0 && has_non_pawn_material(pos.side_to_move())) {
        Frame& f = frames_[ply];
        const int r = 3 + depth / 4 + std::min(3, (eval - beta) / 200);
        f.current = Move::none();
        f.moved = core::NoPiece;
        pos.make_null();
        const int v = -search(depth - r, -beta, -beta + 1, ply + 1, false);
        pos.unmake_null();
        if (stopped_) {
            cut = 0;
            return true;
        }
        if (v >= beta) {
            cut = is_mate_score(v) ? beta : v;
            return true;
        }
    }
    return false;
}

// A late quiet move near the leaves not worth searching unless it gives check: past the move
// count for its depth (late move pruning), or too far below alpha (futility).
template <Bitboard BB>
[[gnu::always_inline]] inline bool Searcher<BB>::late_move_futile(int depth, bool improving,
                                                                  int quiets_tried, int eval,
                                                                  int alpha) const {
    const bool lmp = depth <= 5 && quiets_tried >= (3 + depth * depth) / (improving ? 1 : 2);
    const bool futile = depth <= 4 && eval + 100 + 90 * depth <= alpha;
    return lmp || futile;
}

// How much shallower a late quiet move is searched first (late move reductions): more when late,
// not improving or off the principal variation, less for killers, counter moves and good history.
template <Bitboard BB>
[[gnu::always_inline]] inline int Searcher<BB>::late_move_reduction(int depth, int moves_searched,
                                                                    bool improving, bool pv,
                                                                    int score,
                                                                    int new_depth) const {
    int r = reductions_[std::min(depth, 63)][std::min(moves_searched, 63)];
    r += !improving;
    r -= pv;
    r -= score >= KillerScore;             // killers and counter moves
    r -= std::clamp(score / 4096, -2, 2);  // history
    return std::clamp(r, 0, new_depth - 1);
}

template <Bitboard BB>
int Searcher<BB>::qsearch(int alpha, int beta, int ply, bool in_check) {
    BALANCE_ASSERT(-Infinite <= alpha && alpha < beta && beta <= Infinite);
    if (!enter_node(ply)) return 0;
    core::Position<BB>& pos = *pos_;
    if (draw_by_rule(ply)) return draw_score();
    if (ply >= MaxPly) return in_check ? draw_score() : evaluate_here();

    const std::uint64_t key = node_key();
    const TTEntry* tte = tt_.probe(key);
    Move hash_move;
    if (tte) {
        const int s = score_from_tt(tte->score, ply);
        if (bound_cuts(*tte, s, alpha, beta)) return s;
        hash_move = tte->best_move();
    }

    // Standing pat at or above beta needs only "is there a legal move?" (a stalemate is not a
    // stand-pat cut), which stops at the first legal move: no captures are generated. Same
    // score as generating them first, so the tree does not change.
    int stand_pat = -Infinite;
    if (!in_check) {
        stand_pat = tte ? tte->eval : evaluate_here();
        if (stand_pat >= beta) return core::has_legal_move(pos) ? stand_pat : stalemate_score(ply);
    }

    Frame& f = frames_[ply];
    const int orig_alpha = alpha;
    int best = -Infinite;
    if (!in_check) {
        alpha = std::max(alpha, stand_pat);
        best = stand_pat;
    }
    // The hash move is tried before anything is generated: when it cuts, nothing is. It is the
    // move the generated list would have put first (quiescence orders without history, which
    // only the main search changes), so the tree is the same as generating first. It must be
    // one the list would hold: legal, and a capture or promotion unless in check.
    const bool hash_first =
        !hash_move.is_none() &&
        (in_check || pos.is_capture(hash_move) || hash_move.kind() == MoveKind::Promotion) &&
        core::is_legal(pos, hash_move, f.moves);
    bool generated = false;

    const Color us = pos.side_to_move();
    Move best_move;
    int score;
    for (bool staged = hash_first;; staged = false) {
        Move m = hash_move;
        if (!staged) {
            if (!generated) {
                if (!generate_q(f, hash_move, ply, in_check, hash_first))
                    return in_check ? mated_score(ply) : stalemate_score(ply);
                generated = true;
            }
            m = pick(f, score);
            if (m.is_none()) break;
        }
        if (!in_check && q_skips(m, stand_pat, alpha)) continue;
        f.current = m;
        f.moved = pos.moved_piece(m);
        prefetch_child(m);
        make(m);
        const int v = child_q(us, alpha, beta, ply + 1, gives_check());
        unmake();
        if (stopped_) return 0;
        if (v > best) {
            best = v;
            if (v > alpha) {
                alpha = v;
                best_move = m;
                if (v >= beta) break;
            }
        }
    }
    if (in_check && best == -Infinite) best = -MateScore + ply;  // unreachable: evasions exist
    store_node(key, best_move, best, orig_alpha, beta, ply, in_check ? 0 : stand_pat, 0);
    return best;
}

// The node's static evaluation (none in check) in `raw_eval`; returned, the estimate pruning
// uses: a bounded hash score is a better one than the static evaluation when it agrees.
template <Bitboard BB>
[[gnu::always_inline]] inline int Searcher<BB>::node_eval(const TTEntry* tte, int tt_score,
                                                          bool in_check, int& raw_eval) {
    if (in_check) return -Infinite;
    int eval = raw_eval = tte ? tte->eval : evaluate_here();
    if (tte && ((tte->bound == Bound::Lower && tt_score > eval) ||
                (tte->bound == Bound::Upper && tt_score < eval)))
        eval = tt_score;
    return eval;
}

// A legal hash move is searched before anything is generated: when it cuts (the usual reason a
// node has one), nothing is. Then, not in check, the captures and promotions are generated; the
// quiet moves only once no good capture is left (a good capture often cuts, and then they never
// are), appended behind the bad captures' place in the order: hash move, good captures, killers
// and counter move, quiets by history, bad captures. Each stage is scored when it is generated,
// so history scores include what the moves before taught. In check, every evasion is generated
// at once.
//
// Generates the next stage; drops the hash move from it when it was searched already. Out of
// line, as the compiler kept the lambda it was: search() calls it from four places.
template <Bitboard BB>
[[gnu::noinline]] void Searcher<BB>::generate_stage(Frame& f, Staging& st) {
    core::Position<BB>& pos = *pos_;
    int first = 0;
    if (st.in_check) {
        core::generate_legal(pos, f.moves);
        st.stage = Stage::All;
    } else if (st.stage == Stage::None) {
        core::generate_captures(pos, f.moves);
        st.stage = Stage::Captures;
    } else {
        first = f.moves.size();
        core::append_quiets(pos, f.moves);
        st.stage = Stage::All;
    }
    score_moves(f, st.hash_move, st.ply, false, first);
    // The quiet stage is sorted once: nodes that reach it mostly go far down the list
    // (all-nodes, late moves pruned one by one), where a scan per pick cost 10% of the time.
    if (st.stage == Stage::All) sort_rest(f);
    if (st.hash_first &&
        (st.stage == Stage::All ? st.in_check || !st.hash_tactical : st.hash_tactical)) {
        int score;
        [[maybe_unused]] const Move again = pick(f, score);
        BALANCE_ASSERT(again == st.hash_move);  // the stage's first move, already searched
    }
}

// The picker's state at a node before any move: the hash move searched first when legal.
template <Bitboard BB>
[[gnu::always_inline]] inline typename Searcher<BB>::Staging Searcher<BB>::staging(Frame& f,
                                                                                   Move hash_move,
                                                                                   int ply,
                                                                                   bool in_check) {
    Staging st{Stage::None, hash_move, ply, in_check, false, false};
    st.hash_first = !hash_move.is_none() && core::is_legal(*pos_, hash_move, f.moves);
    st.hash_tactical =
        st.hash_first && (pos_->is_capture(hash_move) || hash_move.kind() == MoveKind::Promotion);
    return st;
}

// The next move of the generated stages (none when all are picked), with its ordering score.
template <Bitboard BB>
[[gnu::always_inline]] inline Move Searcher<BB>::next_staged(Frame& f, Staging& st, int& score) {
    if (st.stage == Stage::None) generate_stage(f, st);
    Move m = pick(f, score);
    // No good capture left: the quiet moves are due before the bad captures.
    if (st.stage == Stage::Captures && (m.is_none() || score < KillerScore)) {
        if (!m.is_none()) --f.next;  // back among the moves still to pick
        generate_stage(f, st);
        m = pick(f, score);
    }
    return m;
}

// Makes `m` unless it is pruned (a late quiet move near the leaves that gives no check; a plain
// quiet move's check is told before it is made, so a pruned move is never made). False when
// pruned: the position is as before.
template <Bitboard BB>
[[gnu::always_inline]] inline bool Searcher<BB>::make_unless_pruned(Move m, bool prune,
                                                                    bool& check) {
    const std::optional<bool> check_before =
        prune ? gives_check_before_move(*pos_, m) : std::nullopt;
    if (check_before && !*check_before) return false;
    prefetch_child(m);
    make(m);
    check = check_before ? *check_before : gives_check();
    if (prune && !check) {
        unmake();
        return false;
    }
    return true;
}

// The move just made, searched (principal variation search): the first with the full window;
// a later one with a null window, first `r` plies shallower, then at full depth, and with the
// full window only when it beats alpha.
template <Bitboard BB>
[[gnu::always_inline]] inline int Searcher<BB>::search_made(Color us, bool first, int new_depth,
                                                            int r, int alpha, int beta, int ply,
                                                            bool check) {
    if (first) return child(us, new_depth, alpha, beta, ply + 1, check);
    int v = child(us, new_depth - r, alpha, alpha + 1, ply + 1, check);
    if (v > alpha && r > 0) v = child(us, new_depth, alpha, alpha + 1, ply + 1, check);
    if (v > alpha && v < beta) v = child(us, new_depth, alpha, beta, ply + 1, check);
    return v;
}

template <Bitboard BB>
int Searcher<BB>::search(int depth, int alpha, int beta, int ply, bool in_check) {
    BALANCE_ASSERT(-Infinite <= alpha && alpha < beta && beta <= Infinite);
    if (depth <= 0) return qsearch(alpha, beta, ply, in_check);
    if (!enter_node(ply)) return 0;
    core::Position<BB>& pos = *pos_;
    const bool pv = beta - alpha > 1;
    const auto& game = pos.rules().game;

    if (draw_by_rule(ply)) return draw_score();
    if (ply >= MaxPly) return in_check ? draw_score() : evaluate_here();
    // Mate distance pruning: no line from here beats a mate already found closer to the root.
    alpha = std::max(alpha, -MateScore + ply);
    beta = std::min(beta, MateScore - ply - 1);
    if (alpha >= beta) return alpha;

    const std::uint64_t key = node_key();
    const TTEntry* tte = tt_.probe(key);
    Move hash_move;
    int tt_score = 0;
    if (tte) {
        hash_move = tte->best_move();
        tt_score = score_from_tt(tte->score, ply);
        if (!pv && tte->depth >= depth && bound_cuts(*tte, tt_score, alpha, beta)) return tt_score;
    }

    Frame& f = frames_[ply];
    frames_[ply + 1].killers[0] = frames_[ply + 1].killers[1] = Move::none();
    const bool placement = pos.in_placement();
    int raw_eval = 0;
    const int eval = node_eval(tte, tt_score, in_check, raw_eval);
    f.static_eval = eval;
    const bool improving = !in_check && ply >= 2 && eval > frames_[ply - 2].static_eval;

    if (!in_check && !pv && !is_mate_score(beta)) {
        int cut;
        if (cuts_before_moves(depth, beta, ply, eval, improving, placement, cut)) return cut;
    }
    // No hash move at a deep node: search it a little shallower (internal iterative reduction).
    if (depth >= 5 && hash_move.is_none()) --depth;

    // The hash move first, then the stages (generate_stage).
    Staging st = staging(f, hash_move, ply, in_check);
    int score = HashMoveScore;
    if (!st.hash_first) {
        generate_stage(f, st);
        if (st.stage == Stage::Captures && f.moves.empty()) generate_stage(f, st);
        if (f.moves.empty()) return in_check ? mated_score(ply) : stalemate_score(ply);
    }
    // The 50-move rule: a draw, unless this move is mate (there is a legal move here).
    if (game.fifty_move_plies > 0 && pos.rule50() >= game.fifty_move_plies) return draw_score();

    const Color us = pos.side_to_move();
    const int orig_alpha = alpha;
    int best = -Infinite, moves_searched = 0, quiets_tried = 0;
    Move best_move;
    Move quiets[64];
    for (bool staged = st.hash_first;; staged = false) {
        const Move m = staged ? hash_move : next_staged(f, st, score);
        if (m.is_none()) break;
        const bool quiet = !pos.is_capture(m) && m.kind() != MoveKind::Promotion;
        const bool late_quiet = quiet && score < KillerScore;
        f.current = m;
        f.moved = pos.moved_piece(m);
        const bool prune = !pv && !in_check && late_quiet && best > -MateBound &&
                           moves_searched > 0 &&
                           late_move_futile(depth, improving, quiets_tried, eval, alpha);
        bool check = false;
        if (!make_unless_pruned(m, prune, check)) continue;
        const int extension = check && ply < 2 * root_depth_ ? 1 : 0;
        const int new_depth = depth - 1 + extension;
        const int r =
            depth >= 3 && quiet && !in_check && !check && moves_searched >= 2
                ? late_move_reduction(depth, moves_searched, improving, pv, score, new_depth)
                : 0;
        const int v = search_made(us, moves_searched == 0, new_depth, r, alpha, beta, ply, check);
        unmake();
        if (stopped_) return 0;
        ++moves_searched;
        if (quiet && quiets_tried < 64) quiets[quiets_tried++] = m;
        if (v > best) {
            best = v;
            if (v > alpha) {
                alpha = v;
                best_move = m;
                if (pv) update_pv(ply, m);
                if (v >= beta) {
                    if (quiet) update_quiet_stats(f, ply, m, depth, quiets, quiets_tried);
                    break;
                }
            }
        }
    }
    if (moves_searched == 0) return alpha;  // everything pruned (cannot happen: first move is kept)
    store_node(key, best_move, best, orig_alpha, beta, ply, raw_eval, depth);
    return best;
}

template <Bitboard BB>
int Searcher<BB>::root_search(int depth, int alpha, int beta) {
    BALANCE_ASSERT(depth >= 1 && depth < MaxPly);
    BALANCE_ASSERT(-Infinite <= alpha && alpha < beta && beta <= Infinite);
    BALANCE_ASSERT(!root_moves_.empty());
    core::Position<BB>& pos = *pos_;
    const Color us = pos.side_to_move();
    const bool in_check = engine::in_check(pos);
    Frame& f = frames_[0];
    frames_[1].killers[0] = frames_[1].killers[1] = Move::none();
    pv_length_[0] = 0;
    int best = -Infinite;
    for (size_t i = 0; i < root_moves_.size(); ++i) {
        RootMove& rm = root_moves_[i];
        const Move m = rm.move;
        const bool quiet = !pos.is_capture(m) && m.kind() != MoveKind::Promotion;
        f.current = m;
        f.moved = pos.moved_piece(m);
        prefetch_child(m);
        make(m);
        const bool check = gives_check();
        const int new_depth = depth - 1 + (check ? 1 : 0);
        // With randomisation, moves within the margin of the best need exact scores.
        const int lo = random_margin_ > 0 && best > -Infinite
                           ? std::max(alpha, best - random_margin_ - 1)
                           : alpha;
        int v;
        if (i == 0) {
            v = child(us, new_depth, alpha, beta, 1, check);
        } else {
            int r = 0;
            if (depth >= 3 && quiet && !in_check && !check && i >= 3)
                r = std::clamp(reductions_[std::min(depth, 63)][std::min<int>(i, 63)] - 1, 0,
                               new_depth - 1);
            v = child(us, new_depth - r, lo, lo + 1, 1, check);
            if (v > lo && r > 0) v = child(us, new_depth, lo, lo + 1, 1, check);
            if (v > lo && v < beta) v = child(us, new_depth, lo, beta, 1, check);
        }
        unmake();
        if (stopped_) break;
        const int window_lo = i == 0 ? alpha : lo;
        rm.score = v;
        rm.exact = v > window_lo && v < beta;
        if (rm.exact || v >= beta) {
            rm.pv.assign(1, m);
            for (int k = 1; k < pv_length_[1]; ++k) rm.pv.push_back(pv_[1][k]);
        }
        if (v > best) {
            best = v;
            if (v > alpha) {
                if (!random_margin_) alpha = v;  // randomising: the window stays open below
                pv_[0][0] = m;
                for (int k = 1; k < pv_length_[1]; ++k) pv_[0][k] = pv_[1][k];
                pv_length_[0] = std::max(1, pv_length_[1]);
                // Bring the new best to the front so an interrupted iteration can use it.
                std::rotate(root_moves_.begin(), root_moves_.begin() + static_cast<long>(i),
                            root_moves_.begin() + static_cast<long>(i) + 1);
                if (v >= beta) break;
            }
        }
    }
    return best;
}

namespace {

// Depth: the limit, else "until stopped" when time or nodes bound the search, else 6.
int max_depth_of(const SearchLimits& limits, const SearchHooks& hooks) {
    int max_depth = limits.depth > 0 ? std::min(limits.depth, MaxPly - 1) : MaxPly - 1;
    if (limits.depth <= 0 && limits.nodes == 0 && limits.movetime_ms == 0 && !hooks.infinite &&
        !hooks.stop)
        max_depth = 6;
    if (hooks.infinite) max_depth = MaxPly - 1;
    return max_depth;
}

}  // namespace

template <Bitboard BB>
void Searcher<BB>::begin(core::Position<BB>& pos, const EvalTables<BB>& tables,
                         const SearchLimits& limits, const RootRandom& random,
                         const SearchHooks& hooks, bool next_move) {
    pos_ = &pos;
    et_ = &tables;
    pawn_cache_.clear();
    points_.begin(pos);
    hooks_ = &hooks;
    start_ = std::chrono::steady_clock::now();
    has_deadline_ = limits.movetime_ms > 0;
    deadline_ = start_ + std::chrono::milliseconds(limits.movetime_ms);
    node_limit_ = limits.nodes;
    nodes_ = 0;
    seldepth_ = 0;
    stopped_ = false;
    limits_armed_ = false;
    random_margin_ = random.active ? std::max(1, random.margin_cp) : 0;
    if (next_move) {
        tt_.new_search();
        for (auto& h : history_)
            for (int& v : h) v /= 2;
    } else {
        tt_.clear();
        for (auto& h : history_) h.fill(0);
        for (auto& c : counter_) c.fill(Move::none());
    }
    for (auto& fr : frames_) {
        fr.killers[0] = fr.killers[1] = Move::none();
        fr.static_eval = 0;
        fr.current = Move::none();
        fr.moved = core::NoPiece;
    }
}

template <Bitboard BB>
int Searcher<BB>::aspiration_search(int depth, int prev_score) {
    int alpha = -Infinite, beta = Infinite, delta = 20;
    if (depth >= 4 && !random_margin_ && !is_mate_score(prev_score)) {
        alpha = std::max(-Infinite, prev_score - delta);
        beta = std::min(Infinite, prev_score + delta);
    }
    int score;
    while (true) {
        score = root_search(depth, alpha, beta);
        if (stopped_) break;
        if (score <= alpha) {
            beta = (alpha + beta) / 2;
            alpha = std::max(-Infinite, score - delta);
        } else if (score >= beta) {
            beta = std::min(Infinite, score + delta);
        } else {
            break;
        }
        delta += delta;
        if (delta > 500) alpha = -Infinite, beta = Infinite;
    }
    return score;
}

template <Bitboard BB>
void Searcher<BB>::choose_seeded(SearchResult& result, const std::vector<CompletedMove>& completed,
                                 std::uint64_t seed) const {
    if (!random_margin_ || completed.empty() || is_mate_score(result.score)) return;
    std::vector<const CompletedMove*> pool;
    for (const auto& c : completed)
        if (c.score >= result.score - random_margin_ && !is_mate_score(c.score)) pool.push_back(&c);
    std::sort(pool.begin(), pool.end(), [](const CompletedMove* a, const CompletedMove* b) {
        return a->move.raw() < b->move.raw();
    });
    if (pool.empty()) return;
    const CompletedMove& pick_one =
        *pool[seeded_index(seed, pos_->key(), static_cast<int>(pool.size()))];
    result.best = pick_one.move;
    result.score = pick_one.score;
    result.pv = pick_one.pv.empty() ? std::vector<Move>{pick_one.move} : pick_one.pv;
    result.candidates = static_cast<int>(pool.size());
}

template <Bitboard BB>
SearchResult Searcher<BB>::run(core::Position<BB>& pos, const EvalTables<BB>& tables,
                               const SearchLimits& limits, const RootRandom& random,
                               const SearchHooks& hooks, bool next_move) {
    begin(pos, tables, limits, random, hooks, next_move);
    const int max_depth = max_depth_of(limits, hooks);

    SearchResult result;
    Frame& f0 = frames_[0];
    core::generate_legal(pos, f0.moves);
    root_moves_.clear();
    if (f0.moves.empty()) {
        result.score = pos.in_check() ? mated_score(0)
                       : pos.rules().game.stalemate == core::StalemateResult::WinForStalemater
                           ? -MateScore
                           : draw_score();
        return result;
    }
    // The root's own entry (a game's next move: the reply the last search expected) goes first.
    const TTEntry* root_entry = tt_.probe(node_key());
    score_moves(f0, root_entry ? root_entry->best_move() : Move::none(), 0, false);
    int unused;
    for (Move m = pick(f0, unused); !m.is_none(); m = pick(f0, unused))
        root_moves_.push_back(RootMove{m, -Infinite, false, {}});

    std::vector<CompletedMove> completed;  // every exact root score of the last completed iteration
    result.best = root_moves_[0].move;
    int prev_score = 0;
    for (int depth = 1; depth <= max_depth; ++depth) {
        root_depth_ = depth;
        for (auto& rm : root_moves_) {
            rm.score = -Infinite;
            rm.exact = false;
        }
        const int score = aspiration_search(depth, prev_score);
        if (stopped_) {
            // An interrupted iteration still counts if a root move beat the previous best (in
            // the first iteration, the move ordering's first choice).
            if (pv_length_[0] > 0 && !random_margin_ && root_moves_[0].move != result.best) {
                result.best = root_moves_[0].move;
                result.score = root_moves_[0].score;
                result.pv.assign(pv_[0].begin(), pv_[0].begin() + pv_length_[0]);
            }
            break;
        }
        // Completed: best first, then the others by this iteration's score.
        std::stable_sort(root_moves_.begin() + 1, root_moves_.end(),
                         [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
        prev_score = score;
        result.best = root_moves_[0].move;
        result.score = score;
        result.depth = depth;
        result.pv.assign(pv_[0].begin(), pv_[0].begin() + pv_length_[0]);
        if (result.pv.empty() || result.pv[0] != result.best) result.pv.assign(1, result.best);
        completed.clear();
        if (random_margin_)
            for (const auto& rm : root_moves_)
                if (rm.exact) completed.push_back({rm.move, rm.score, rm.pv});
        limits_armed_ = true;
        result.seldepth = seldepth_;
        if (hooks.on_iteration) {
            const double secs =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
            hooks.on_iteration(IterationInfo{depth, seldepth_, score, nodes_, secs, result.pv});
        }
        if (hooks.infinite) continue;
        if (root_moves_.size() == 1 && !random_margin_ && limits.depth <= 0) break;  // forced move
        if (is_mate_score(score) && depth > MateScore - std::abs(score) + 2 && limits.depth <= 0)
            break;
        check_limits();
        if (stopped_) break;
    }

    // Seeded choice among the moves within the margin of the best (root_random.hpp).
    choose_seeded(result, completed, random.seed);
    result.nodes = nodes_;
    result.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    pos_ = nullptr;
    return result;
}

template <Bitboard BB>
int Searcher<BB>::quiescence(core::Position<BB>& pos, const EvalTables<BB>& tables) {
    const SearchHooks hooks;
    begin(pos, tables, SearchLimits{}, RootRandom{}, hooks, false);
    const int score = qsearch(-Infinite, Infinite, 0, in_check(pos));
    hooks_ = nullptr;  // `hooks` ends here
    return score;
}

template class Searcher<core::u64>;
template class Searcher<core::u128>;

}  // namespace balance::players::engine
