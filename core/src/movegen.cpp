// Legal move generation.
//
// Pseudo-legal moves come from the compiled tables (leaps, sliders, lame steps, shots), read per
// piece with the move rights it has in this position (Rules::moves_for). Legality is settled by
// the strategy Rules::compile chose for the side to move (Rules::legality):
//  * ExactPins: the opponent attacks only by leaps, shots and plain sliders (every orthodox army,
//    Uneven): pins and check evasions are computed exactly from lines.
//  * RemovalTest: moves are monotone in occupancy (a piece added never opens a line), so when not
//    in check only the moves of pieces whose removal exposes the king are tested.
//  * FullTest: move rights depend on the position (anti-relay); every move is tested on the
//    board it leaves (Position::king_safe_after).
// Shots (capture without moving) empty their victim's square, which can open a line to the king
// whatever the strategy, so they are always tested.

#include "balance/core/movegen.hpp"
#include "balance/core/movegen_search.hpp"

namespace balance::core {
namespace {

// Count = true only counts the legal moves (perft's last ply), skipping move construction.
// Part::Captures generates only captures (en passant and shots included) and promotions,
// Part::Quiets only the rest, each in the order the full generation lists them (quiescence
// search and the main search's staged generation; see generate_captures, append_quiets).
// Rights = false when no piece has shots or position-dependent move rights (Rules::plain_moves):
// the code for them is compiled out, which keeps orthodox and Asymmetric generation as fast as
// before the move-rights seam existed.
// Any = true (with Count) stops as soon as one legal move is counted: "is there a legal move?"
// (quiescence search's stalemate test), usually answered by the first piece that can move.
enum class Part { All, Captures, Quiets };

template <Bitboard BB, bool Count, bool Rights, Part Subset = Part::All, bool Any = false>
class Generator {
    static constexpr bool Captures = Subset == Part::Captures;
    static constexpr bool Quiets = Subset == Part::Quiets;
    static_assert(!(Count && Quiets), "the bulk count counts every move or only captures");

  public:
    // `only`: generate the moves of the pieces on these squares alone (drops are not filtered).
    Generator(const Position<BB>& pos, MoveList* list, BB only = ~BB{})
        : pos_(pos),
          r_(pos.rules()),
          list_(list),
          us_(pos.side_to_move()),
          them_(~us_),
          occ_(pos.pieces()),
          own_(pos.pieces(us_)),
          enemy_(pos.pieces(them_)),
          ksq_(pos.king_square(us_)),
          empty_(~occ_ & r_.board),
          ep_bb_(pos.ep_square() == NoSquare ? BB{} : square_bb<BB>(pos.ep_square())),
          only_(only) {
        victims_ = king_victims_ = Quiets ? BB{} : enemy_;
        if (r_.game.self_capture) self_capture_victims();
    }

    // Self-capture: own pieces but the king are victims too; like every capture, they belong
    // to the captures part (Position::is_capture), and search decides what to do with them.
    void self_capture_victims() {
        if constexpr (Quiets) return;
        const BB own = ksq_ == NoSquare ? own_ : own_ & ~square_bb<BB>(ksq_);
        victims_ |= own;
        if (r_.game.king_self_capture) king_victims_ |= own;
    }

    void run() {
        if (pos_.in_placement()) {
            if (!Captures) drops();
            return;
        }
        if (ksq_ == NoSquare) {  // no king (never in a valid game): everything pseudo-legal goes
            check_mask_ = ~BB{};
            pieces(false);
            return;
        }
        switch (r_.legality[index(us_)]) {
            case Legality::ExactPins:
                prepare_exact();
                break;
            case Legality::RemovalTest:
                prepare_tested();
                break;
            case Legality::FullTest:
                if constexpr (Rights) prepare_full();
                break;
        }
        if (!double_check_) pieces(true);
        if (Any && count_) return;
        if (!(only_ & square_bb<BB>(ksq_))) return;
        king_moves();
        if (!in_check_ && !Captures) castling();
    }

    // Exact checkers and pins (opponent has only leaps and plain sliders).
    void prepare_exact() {
        const int t = index(them_);
        BB leap_checkers{}, slider_checkers{};
        for (PieceType pt : r_.leaper_types[t])
            leap_checkers |= r_.moves[t][pt].attacked_from[ksq_] & pos_.pieces(them_, pt);
        BB orth{}, diag{};
        for (PieceType pt : r_.orth_slider_types[t]) orth |= pos_.pieces(them_, pt);
        for (PieceType pt : r_.diag_slider_types[t]) diag |= pos_.pieces(them_, pt);
        slider_checkers =
            (r_.sliders->rook(ksq_, occ_) & orth) | (r_.sliders->bishop(ksq_, occ_) & diag);
        const BB checkers = leap_checkers | slider_checkers;
        in_check_ = checkers != 0;
        double_check_ = more_than_one(checkers);
        if (!in_check_)
            check_mask_ = ~BB{};
        else if (leap_checkers)
            check_mask_ = leap_checkers;  // a leap cannot be blocked
        else
            check_mask_ = checkers | r_.between(ksq_, lsb(checkers));
        BB snipers = (r_.sliders->rook_rays(ksq_) & orth) | (r_.sliders->bishop_rays(ksq_) & diag);
        while (snipers) {
            const Square s = pop_lsb(snipers);
            const BB blockers = r_.between(ksq_, s) & occ_;
            if (blockers && !more_than_one(blockers) && (blockers & own_)) {
                pinned_ |= blockers;
                // A pinned piece may move only within the segment king..pinner: on the same line
                // beyond the king (where a fairy leaper could jump) the king would be exposed.
                pins_[pin_count_++] = Pin{lsb(blockers), r_.between(ksq_, s) | square_bb<BB>(s)};
            }
        }
        exact_ = true;
    }

    // Opponent has pieces whose attacks need a test. Not in check, a move can expose the king
    // only by vacating its from-square (moves are monotone in occupancy: an added piece never
    // opens a line, a captured one never adds an attack), so it is enough to find, once per
    // position, the own pieces whose removal exposes the king; only their moves are tested.
    void prepare_tested() {
        in_check_ = pos_.attacked(ksq_, them_, occ_);
        check_mask_ = ~BB{};
        exact_ = false;
        sensitive_ =
            in_check_ ? ~BB{}
                      : removal_sensitive([&](BB occ) { return pos_.attacked(ksq_, them_, occ); });
    }

    // Move rights depend on the position: a tested move is tested on the board it leaves. Which
    // moves need the test is found as in prepare_tested, but against the enemy's natural attacks
    // (every piece with all its natural moves, whatever types it has lost): lost types only ever
    // remove attacks, so a king no natural attack can reach after the move is safe, whatever the
    // move freezes or unfreezes. When the king is not naturally attacked now, only the moves of
    // own pieces whose removal would expose it naturally (and king moves, e.p., shots, as always)
    // can put it in danger.
    void prepare_full() {
        in_check_ = pos_.attacked(ksq_, them_, occ_);
        check_mask_ = ~BB{};
        exact_ = false;
        full_ = true;
        for (PieceType t = 0; t < static_cast<PieceType>(r_.pieces.size()); ++t)
            by_type_[t] = pos_.pieces(t);
        const BB by_color[2] = {pos_.pieces(Color::White), pos_.pieces(Color::Black)};
        const auto naturally_attacked = [&](BB occ) {
            return attacked_naturally(r_, by_type_.data(), by_color, ksq_, them_, occ, BB{});
        };
        sensitive_ = naturally_attacked(occ_) ? ~BB{} : removal_sensitive(naturally_attacked);
    }

    // The own pieces whose removal could expose the king, which `attacked(occ)` does not find
    // attacked now. Leaps never depend on occupancy; a plain slider exposes it only through a
    // pin (found from lines, as in prepare_exact); a complex piece only through a square of its
    // path to the king (Rules::complex_path_to), so only own pieces there are tried.
    template <class Attacked>
    [[nodiscard]] BB removal_sensitive(const Attacked& attacked) const {
        const int t = index(them_);
        BB orth{}, diag{};
        for (PieceType pt : r_.orth_slider_types[t]) orth |= pos_.pieces(them_, pt);
        for (PieceType pt : r_.diag_slider_types[t]) diag |= pos_.pieces(them_, pt);
        BB snipers = (r_.sliders->rook_rays(ksq_) & orth) | (r_.sliders->bishop_rays(ksq_) & diag);
        BB sensitive{};
        while (snipers) {
            const BB blockers = r_.between(ksq_, pop_lsb(snipers)) & occ_;
            if (blockers && !more_than_one(blockers) && (blockers & own_)) sensitive |= blockers;
        }
        BB candidates{};
        for (PieceType pt : r_.complex_types[t])
            if (pos_.pieces(them_, pt) & r_.complex_reach_to[t][pt][ksq_])
                candidates |= r_.complex_path_to[t][pt][ksq_];
        candidates &= own_ & ~sensitive & ~square_bb<BB>(ksq_);
        while (candidates) {
            const Square s = pop_lsb(candidates);
            if (attacked(occ_ ^ square_bb<BB>(s))) sensitive |= square_bb<BB>(s);
        }
        return sensitive;
    }

    // Does the king survive the move from -> to (victim removed, if any)? With `natural`, every
    // enemy piece attacks by all its natural moves, whatever move types it has lost.
    [[nodiscard]] bool survives(Square from, Square to, Square victim, bool natural = false) const {
        BB occ = (occ_ ^ square_bb<BB>(from)) | square_bb<BB>(to);
        BB removed = square_bb<BB>(to);
        if (victim != NoSquare) {
            occ ^= square_bb<BB>(victim);
            removed |= square_bb<BB>(victim);
        }
        const Square k = from == ksq_ ? to : ksq_;
        if (!natural) return !pos_.attacked(k, them_, occ, removed);
        const BB by_color[2] = {pos_.pieces(Color::White), pos_.pieces(Color::Black)};
        return !attacked_naturally(r_, by_type_.data(), by_color, k, them_, occ, removed);
    }

    // Is the move legal, given that it needs a test? `victim`: a captured piece not on `to`.
    [[nodiscard]] bool legal(Move m, Square victim) const {
        if (full()) {
            // Lost move types only ever remove attacks, so a king that no enemy piece could
            // attack with all its natural moves is safe without recomputing the freezes.
            if (m.kind() != MoveKind::Castling && survives(m.from(), m.to(), victim, true))
                return true;
            return pos_.king_safe_after(m);
        }
        return survives(m.from(), m.to(), victim);
    }

    // Does the king survive a shot at `victim` (the shooter stays, the victim's square empties)?
    [[nodiscard]] bool survives_shot(Move m) const {
        const BB victim = square_bb<BB>(m.to());
        if (full()) return survives(m.from(), m.from(), m.to(), true) || pos_.king_safe_after(m);
        return !pos_.attacked(ksq_, them_, occ_ ^ victim, victim);
    }

    [[nodiscard]] std::uint64_t count() const { return count_; }

  private:
    [[nodiscard]] bool full() const { return Rights && full_; }

    void add(Move m) {
        if constexpr (Count)
            ++count_;
        else
            list_->push(m);
    }

    // Promotion choices now (rule B can narrow them); computed once per node.
    void load_promotions() {
        if (promotions_loaded_) return;
        pos_.promotion_types(us_, promotion_types_, promotion_count_);
        promotions_loaded_ = true;
        // With none available the pawn either may not enter the last rank or stays a pawn.
        entries_per_promotion_ = promotion_count_ ? promotion_count_
                                 : r_.game.no_promotion_available == NoPromotionAvailable::StaysPawn
                                     ? 1
                                     : 0;
    }

    // Adds the move(s) from -> to; with `tested`, each only if it leaves the king safe (under
    // FullTest a promotion's new piece matters, so each promotion is tested on its own).
    void push(Square from, Square to, bool pawn, bool tested) {
        if (pawn && (r_.promotion_zone[index(us_)] & square_bb<BB>(to))) {
            load_promotions();
            if (promotion_count_ == 0) {
                // The pawn enters and stays a pawn: a capture only if it takes something.
                const bool capture = (occ_ & square_bb<BB>(to)) != BB{};  // self-capture too
                const bool wanted = Captures ? capture : Quiets ? !capture : true;
                if (entries_per_promotion_ && wanted) add_if(Move(from, to), tested);
                return;
            }
            if constexpr (Quiets) return;  // promotions belong to the captures
            if (tested && !full() && !survives(from, to, NoSquare)) return;
            for (int i = 0; i < promotion_count_; ++i)
                add_if(Move(from, to, MoveKind::Promotion, promotion_types_[i]), tested && full());
            return;
        }
        add_if(Move(from, to), tested);
    }

    void add_if(Move m, bool tested) {
        if (!tested || legal(m, NoSquare)) add(m);
    }

    void emit(Square from, BB targets, bool pawn) {
        targets &= check_mask_;
        if (!targets) return;
        const bool tested = !exact_ && (sensitive_ & square_bb<BB>(from));
        if (exact_ && (pinned_ & square_bb<BB>(from)))
            for (int i = 0; i < pin_count_; ++i)
                if (pins_[i].square == from) targets &= pins_[i].segment;
        if constexpr (Count) {
            if (!tested) {
                if (pawn && (targets & r_.promotion_zone[index(us_)])) {
                    load_promotions();
                    const BB promo = targets & r_.promotion_zone[index(us_)];
                    count_ += popcount(targets ^ promo) + popcount(promo) * entries_per_promotion_;
                } else {
                    count_ += popcount(targets);
                }
                return;
            }
        }
        while (targets) push(from, pop_lsb(targets), pawn, tested);
    }

    void emit_ep(Square from) {
        const Move m(from, pos_.ep_square(), MoveKind::EnPassant);
        if (legal(m, pos_.ep_victim())) add(m);
    }

    // Shots at enemy pieces (a shot cannot block a check: it only captures the checker).
    void emit_shots(Square from, BB victims) {
        victims &= enemy_ & check_mask_;
        while (victims) {
            const Move m(from, pop_lsb(victims), MoveKind::Shoot);
            if (survives_shot(m)) add(m);
        }
    }

    // The board masks every piece reads, as values: the generator's members would be reloaded
    // for each piece, since the count they are read beside is a member of the same type.
    struct Masks {
        BB empty, enemy, ep;  // enemy: the pieces this part captures (Generator::victims_)
        BB tactical;          // Captures: what a piece's tactical_reach must meet to have any move
    };

    void pieces(bool skip_king) {
        const int u = index(us_);
        const Masks board{empty_, victims_, ep_bb_,
                          Captures ? victims_ | ep_bb_ | (empty_ & r_.promotion_zone[u]) : BB{}};
        for (PieceType t : r_.armies[u].types) {
            if (skip_king && t == r_.king_type[u]) continue;
            BB bb = pos_.pieces(us_, t) & only_;
            if (!bb) continue;
            const PieceMoves<BB>& natural = r_.moves[u][t];
            const bool pawn = r_.pieces[t].role == PieceRole::Pawn;
            const BB initial = r_.initial_squares[u][t];
            // Pieces that may have lost move types read their table per square; the others keep
            // one table for the whole loop.
            if (Rights && r_.natural_types[u][t] != 0) {
                while (bb) {
                    const Square from = pop_lsb(bb);
                    piece(from, r_.moves_for(u, t, pos_.lost_mask(from)), pawn, initial, board);
                    if (Any && count_) return;
                }
            } else {
                while (bb) {
                    piece(pop_lsb(bb), natural, pawn, initial, board);
                    if (Any && count_) return;
                }
            }
        }
    }

    // Inlined into both loops of pieces(): a call per piece costs orthodox perft about 15%.
    [[gnu::always_inline]] void piece(Square from, const PieceMoves<BB>& pm, bool pawn, BB initial,
                                      const Masks& board) {
        if constexpr (Captures)
            if (!(pm.tactical_reach[from] & board.tactical)) return;
        const LeapSet<BB>& leaps = pm.leaps[from];
        BB quiet = leaps.quiet, capture = leaps.capture, ep_reach = leaps.en_passant;
        if (initial & square_bb<BB>(from)) {
            quiet |= leaps.initial_quiet;
            capture |= leaps.initial_capture;
        }
        for (const auto& g : pm.sliders) {
            BB a = g.orthogonal ? r_.sliders->rook(from, g.plain ? occ_ : occ_ & ~g.skip[from])
                                : r_.sliders->bishop(from, g.plain ? occ_ : occ_ & ~g.skip[from]);
            if (!g.plain) a &= g.reach[from];
            if (g.move) quiet |= a;
            if (g.capture) capture |= a;
            if (g.en_passant) ep_reach |= a;
        }
        for (const auto& s : pm.lame(from)) {
            if (s.block & occ_) continue;
            if (s.initial && !(initial & square_bb<BB>(from))) continue;
            quiet |= s.quiet;
            capture |= s.capture;
            ep_reach |= s.en_passant;
        }
        // Entering the e.p. square by an e.p.-capable move is always the capture.
        if (ep_reach & board.ep) {
            quiet &= ~board.ep;
            if constexpr (!Quiets) emit_ep(from);
        }
        if constexpr (Captures) quiet &= pawn ? r_.promotion_zone[index(us_)] : BB{};
        emit(from, (quiet & board.empty) | (capture & board.enemy), pawn);
        if (!Quiets && Rights && pm.has_shots) emit_shots(from, pm.shots[from]);
    }

    void king_moves() {
        const int u = index(us_);
        const PieceType k = r_.king_type[u];
        // The king's own moves, tested square by square with the king lifted off the board.
        BB quiet = r_.moves[u][k].leaps[ksq_].quiet, capture = r_.moves[u][k].leaps[ksq_].capture;
        for (const auto& g : r_.moves[u][k].sliders) {
            BB a = g.orthogonal ? r_.sliders->rook(ksq_, occ_ & ~g.skip[ksq_])
                                : r_.sliders->bishop(ksq_, occ_ & ~g.skip[ksq_]);
            a &= g.reach[ksq_];
            if (g.move) quiet |= a;
            if (g.capture) capture |= a;
        }
        for (const auto& s : r_.moves[u][k].lame(ksq_))
            if (!(s.block & occ_)) {
                quiet |= s.quiet;
                capture |= s.capture;
            }
        BB targets = (Captures ? BB{} : quiet & empty_) | (capture & king_victims_);
        while (targets) {
            const Square to = pop_lsb(targets);
            if (r_.game.king_slide_crossing_safe && crosses_attacked(to)) continue;
            const Move m(ksq_, to);
            if (legal(m, NoSquare)) add(m);
        }
        if (!Quiets && Rights && r_.moves[u][k].has_shots) {
            const BB saved = check_mask_;
            check_mask_ = ~BB{};  // the king's own shot may capture any checker it reaches
            emit_shots(ksq_, r_.moves[u][k].shots[ksq_]);
            check_mask_ = saved;
        }
    }

    // A king's two-square straight step whose middle square is attacked (RULES.md 5.3 option).
    [[nodiscard]] bool crosses_attacked(Square to) const {
        const BB mid = r_.between(ksq_, to);
        return mid && !more_than_one(mid) && pos_.attacked(lsb(mid), them_, occ_);
    }

    void castling() {
        const int u = index(us_);
        if (!(pos_.castling_rights() & (3 << (u * 2)))) return;
        if (pos_.game_ply() / 2 + 1 < r_.castling_from_move[u]) return;  // too early
        for (int side = 0; side < 2; ++side) {
            if (!(pos_.castling_rights() & (1 << (u * 2 + side)))) continue;
            const CastlingInfo<BB>& ci = r_.castling[u][side];
            if (ci.must_be_empty & occ_) continue;
            bool safe = true;
            for (Square s : ci.king_path) safe = safe && !pos_.attacked(s, them_, occ_);
            if (!safe) continue;
            if (!rook_may_castle(ci)) continue;
            if (full()) {
                const Move m(ci.king_from, ci.king_to, MoveKind::Castling);
                if (pos_.king_safe_after(m)) add(m);
                continue;
            }
            const BB after = (occ_ ^ square_bb<BB>(ci.king_from) ^ square_bb<BB>(ci.rook_from)) |
                             square_bb<BB>(ci.king_to) | square_bb<BB>(ci.rook_to);
            if (pos_.attacked(ci.king_to, them_, after)) continue;
            add(Move(ci.king_from, ci.king_to, MoveKind::Castling));
        }
    }

    // Options that tie castling to the rook's move rights (RULES.md 4.3 and 5.3 alternatives).
    [[nodiscard]] bool rook_may_castle(const CastlingInfo<BB>& ci) const {
        if (Rights && !r_.game.anti_relay.frozen_rook_castles &&
            (pos_.lost_mask(ci.rook_from) & RookType))
            return false;
        if (r_.game.castling_rook_on_own_colour &&
            ((r_.file_of(ci.rook_from) + r_.rank_of(ci.rook_from)) % 2 == 1) !=
                (us_ == Color::White))
            return false;
        return true;
    }

    void drops() {
        const int u = index(us_);
        const BB targets = r_.back_rank[u] & ~occ_;
        for (PieceType t : r_.armies[u].types) {
            if (pos_.hand_count(us_, t) == 0) continue;
            BB bb = targets;
            while (bb) add(Move::drop(t, pop_lsb(bb)));
        }
    }

    const Position<BB>& pos_;
    const Rules<BB>& r_;
    MoveList* list_;
    std::uint64_t count_ = 0;
    PieceType promotion_types_[MaxPieceTypes];
    int promotion_count_ = 0, entries_per_promotion_ = 0;
    bool promotions_loaded_ = false;
    const Color us_, them_;
    const BB occ_, own_, enemy_;
    const Square ksq_;
    const BB empty_;  // empty squares of the board
    const BB ep_bb_;  // the e.p. square, if any
    const BB only_;   // the squares whose pieces' moves are generated
    // What this part captures: enemy pieces, and own ones under self-capture (the king's own
    // victims apart: the rules may forbid the king to self-capture).
    BB victims_{}, king_victims_{};
    bool exact_ = true, full_ = false, in_check_ = false, double_check_ = false;
    BB check_mask_ = ~BB{}, pinned_{}, sensitive_{};
    std::array<BB, MaxPieceTypes> by_type_;  // FullTest only (filled by prepare_full): by type
    struct Pin {
        Square square;
        BB segment;
    };
    std::array<Pin, 16> pins_;  // at most one per line through the king
    int pin_count_ = 0;
};

// Runs the generator compiled for the position's rules; returns the count (Count) or fills list.
// `only`: the squares whose pieces' moves are generated (drops are never filtered).
template <Bitboard BB, bool Count, Part Subset = Part::All, bool Any = false>
std::uint64_t run_generator(const Position<BB>& pos, MoveList* list, BB only = ~BB{}) {
    if (pos.rules().plain_moves) {
        Generator<BB, Count, false, Subset, Any> g(pos, list, only);
        g.run();
        return g.count();
    }
    Generator<BB, Count, true, Subset, Any> g(pos, list, only);
    g.run();
    return g.count();
}

}  // namespace

template <Bitboard BB>
void generate_legal(const Position<BB>& pos, MoveList& list) {
    list.clear();
    (void)run_generator<BB, false>(pos, &list);
}

template <Bitboard BB>
void generate_captures(const Position<BB>& pos, MoveList& list) {
    list.clear();
    (void)run_generator<BB, false, Part::Captures>(pos, &list);
}

template <Bitboard BB>
void append_quiets(const Position<BB>& pos, MoveList& list) {
    (void)run_generator<BB, false, Part::Quiets>(pos, &list);
}

template <Bitboard BB>
bool is_legal(const Position<BB>& pos, Move m, MoveList& scratch) {
    scratch.clear();
    if (m.is_none()) return false;
    // During placement every move is a drop: the few drops are generated whole.
    const bool placement = pos.in_placement();
    if (!placement && m.from() >= pos.rules().squares) return false;  // off this board
    (void)run_generator<BB, false>(pos, &scratch, placement ? ~BB{} : square_bb<BB>(m.from()));
    return scratch.contains(m);
}

template <Bitboard BB>
std::uint64_t count_legal(const Position<BB>& pos) {
    return run_generator<BB, true>(pos, nullptr);
}

template <Bitboard BB>
bool has_legal_move(const Position<BB>& pos) {
    return run_generator<BB, true, Part::All, true>(pos, nullptr) != 0;
}

namespace {

// The legal moves of the position, counted with the generator compiled for Rights.
template <Bitboard BB, bool Rights>
std::uint64_t count_with(const Position<BB>& pos) {
    Generator<BB, true, Rights> counter(pos, nullptr);
    counter.run();
    return counter.count();
}

// perft for depth >= 2, with Rights fixed for the whole tree (make/unmake never change
// Rules::plain_moves): the nodes above the leaves count their children's moves in the loop,
// not through one more call and one more choice of generator per child (that structure cost
// orthodox perft about 2% more instructions).
template <Bitboard BB, bool Rights>
std::uint64_t perft_tree(Position<BB>& pos, int depth) {
    MoveList list;
    Generator<BB, false, Rights>(pos, &list).run();
    std::uint64_t nodes = 0;
    for (const Move m : list) {
        pos.make(m);
        nodes += depth == 2 ? count_with<BB, Rights>(pos) : perft_tree<BB, Rights>(pos, depth - 1);
        pos.unmake();
    }
    return nodes;
}

}  // namespace

template <Bitboard BB>
std::uint64_t perft(Position<BB>& pos, int depth) {
    if (depth <= 0) return 1;
    if (depth == 1) return count_legal(pos);
    return pos.rules().plain_moves ? perft_tree<BB, false>(pos, depth)
                                   : perft_tree<BB, true>(pos, depth);
}

namespace {

// Brute force: can any piece of colour `by` capture on s (by the attack tables)?
template <Bitboard BB>
bool attacked_brute(const Position<BB>& pos, Square s, Color by) {
    const Rules<BB>& r = pos.rules();
    for (PieceType t : r.armies[index(by)].types) {
        BB bb = pos.pieces(by, t);
        while (bb) {
            const Square from = pop_lsb(bb);
            if (pos.attacks_from(by, t, from, pos.pieces()) & square_bb<BB>(s)) return true;
        }
    }
    return false;
}

template <Bitboard BB>
Result<std::uint64_t> perft_checked_rec(Position<BB>& pos, int depth) {
    const std::string fen = pos.fen();
    const std::uint64_t key = pos.key();
    auto fresh = Position<BB>::from_fen(pos.rules_ptr(), fen);
    if (!fresh) return Error{"FEN round trip failed: " + fresh.error().message, fen};
    if (fresh->key() != key)
        return Error{"incremental hash differs from the hash of the same FEN", fen};
    if (fresh->fen() != fen) return Error{"FEN round trip changed the FEN to " + fresh->fen(), fen};
    const Color us = pos.side_to_move();
    const Square k = pos.king_square(us);
    if (!pos.in_placement() && k != NoSquare && pos.in_check() != attacked_brute(pos, k, ~us))
        return Error{"in_check disagrees with a brute-force attack scan", fen};
    if (depth == 0) return std::uint64_t{1};
    MoveList list;
    generate_legal(pos, list);
    std::uint64_t nodes = 0;
    for (const Move m : list) {
        pos.make(m);
        const Square mk = pos.king_square(us);
        if (!pos.in_placement() && mk != NoSquare && attacked_brute(pos, mk, pos.side_to_move()))
            return Error{"move " + std::to_string(m.from()) + "-" + std::to_string(m.to()) +
                             " leaves the king attacked",
                         fen};
        auto sub = perft_checked_rec(pos, depth - 1);
        if (!sub) return sub;
        nodes += *sub;
        pos.unmake();
        if (pos.fen() != fen || pos.key() != key)
            return Error{"unmake did not restore the position after move " +
                             std::to_string(m.from()) + "-" + std::to_string(m.to()),
                         fen};
    }
    return nodes;
}

}  // namespace

template <Bitboard BB>
Result<std::uint64_t> perft_checked(Position<BB>& pos, int depth) {
    return perft_checked_rec(pos, depth);
}

template void generate_legal<u64>(const Position<u64>&, MoveList&);
template void generate_legal<u128>(const Position<u128>&, MoveList&);
template void generate_captures<u64>(const Position<u64>&, MoveList&);
template void generate_captures<u128>(const Position<u128>&, MoveList&);
template void append_quiets<u64>(const Position<u64>&, MoveList&);
template void append_quiets<u128>(const Position<u128>&, MoveList&);
template bool is_legal<u64>(const Position<u64>&, Move, MoveList&);
template bool is_legal<u128>(const Position<u128>&, Move, MoveList&);
template std::uint64_t count_legal<u64>(const Position<u64>&);
template std::uint64_t count_legal<u128>(const Position<u128>&);
template bool has_legal_move<u64>(const Position<u64>&);
template bool has_legal_move<u128>(const Position<u128>&);
template std::uint64_t perft<u64>(Position<u64>&, int);
template std::uint64_t perft<u128>(Position<u128>&, int);
template Result<std::uint64_t> perft_checked<u64>(Position<u64>&, int);
template Result<std::uint64_t> perft_checked<u128>(Position<u128>&, int);

}  // namespace balance::core
