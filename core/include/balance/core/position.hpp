#pragma once
// A position of a compiled variant: bitboards, a mailbox, side to move, e.p., castling rights,
// clocks, pieces in hand (free placement) and the history needed to unmake moves and to detect
// repetitions. make()/unmake() do not allocate once the history has grown to the game's length.

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "balance/core/bitboard.hpp"
#include "balance/core/error.hpp"
#include "balance/core/move_rights.hpp"
#include "balance/core/rules.hpp"
#include "balance/core/types.hpp"

namespace balance::core {

template <Bitboard BB>
class Position {
  public:
    using RulesPtr = std::shared_ptr<const Rules<BB>>;

    // The variant's start position.
    explicit Position(RulesPtr rules);
    // Any position; army metadata in the FEN (`{W:elves B:orcs}`) must match the rules.
    [[nodiscard]] static Result<Position> from_fen(RulesPtr rules, std::string_view fen);

    [[nodiscard]] std::string fen() const;
    [[nodiscard]] const Rules<BB>& rules() const { return *rules_; }
    [[nodiscard]] const RulesPtr& rules_ptr() const { return rules_; }

    [[nodiscard]] Color side_to_move() const { return stm_; }
    [[nodiscard]] PieceCode piece_on(Square s) const { return board_[s]; }
    [[nodiscard]] BB pieces() const { return by_color_[0] | by_color_[1]; }
    [[nodiscard]] BB pieces(Color c) const { return by_color_[index(c)]; }
    [[nodiscard]] BB pieces(PieceType t) const { return by_type_[t]; }
    [[nodiscard]] BB pieces(Color c, PieceType t) const {
        return by_type_[t] & by_color_[index(c)];
    }
    [[nodiscard]] Square king_square(Color c) const {
        const BB k = pieces(c, rules_->king_type[index(c)]);
        return k ? lsb(k) : NoSquare;
    }
    [[nodiscard]] Square ep_square() const { return ep_square_; }
    [[nodiscard]] Square ep_victim() const { return ep_victim_; }
    [[nodiscard]] int castling_rights() const { return castling_; }
    [[nodiscard]] int rule50() const { return rule50_; }
    // Plies since the last irreversible move (a capture, a promotion, a pawn's advance unless
    // some pawn may step back): how far back a repetition can be. Equal to rule50() in orthodox
    // chess; longer where pawns step sideways or back (those steps can be undone).
    [[nodiscard]] int reversible_plies() const { return reversible_; }
    [[nodiscard]] int game_ply() const { return game_ply_; }
    [[nodiscard]] std::uint64_t key() const { return key_; }
    [[nodiscard]] int hand_count(Color c, PieceType t) const { return hand_[index(c)][t]; }
    [[nodiscard]] int hand_total(Color c) const { return hand_total_[index(c)]; }
    [[nodiscard]] bool in_placement() const { return hand_total_[0] + hand_total_[1] > 0; }
    [[nodiscard]] int count(Color c, PieceType t) const { return popcount(pieces(c, t)); }

    // The key after m, before making it: exact for a normal move or capture by a piece that
    // keeps or loses no castling right; the other kinds come out near it. For prefetching the
    // child's hash-table entry while the move is still being made, never as the real key.
    [[nodiscard]] std::uint64_t key_after(Move m) const {
        const Rules<BB>& r = *rules_;
        std::uint64_t k = key_ ^ r.zobrist.side;
        if (ep_square_ != NoSquare) k ^= r.zobrist.ep[ep_square_];
        if (m.kind() == MoveKind::Drop) return k;
        const auto zs = [&](PieceCode p, Square s) {
            return r.zobrist.piece_square[static_cast<std::size_t>(p) * r.squares + s];
        };
        const PieceCode p = board_[m.from()], victim = board_[m.to()];
        k ^= zs(p, m.from()) ^ zs(p, m.to());
        if (victim != NoPiece) k ^= zs(victim, m.to());
        return k;
    }

    void make(Move m);
    void unmake();
    // A pass, for null-move pruning in search (never during placement).
    void make_null();
    void unmake_null();
    [[nodiscard]] int history_size() const { return static_cast<int>(history_.size()); }
    // The key of the position `plies` moves into the history (0 <= plies <= history_size();
    // history_size() is the current position).
    [[nodiscard]] std::uint64_t history_key(int plies) const {
        return plies == history_size() ? key_ : history_[static_cast<std::size_t>(plies)].key;
    }
    [[nodiscard]] Move last_move() const {
        return history_.empty() ? Move::none() : history_.back().move;
    }
    // The move before the last one (none when the history is shorter, or it was a pass).
    [[nodiscard]] Move move_before_last() const {
        return history_.size() < 2 ? Move::none() : history_[history_.size() - 2].move;
    }
    [[nodiscard]] PieceCode last_captured() const {
        return history_.empty() ? NoPiece : history_.back().captured;
    }

    // Is square s attacked by colour `by` with occupancy occ, ignoring `removed` pieces?
    [[nodiscard]] bool attacked(Square s, Color by, BB occ, BB removed = BB{}) const;
    [[nodiscard]] bool attacked(Square s, Color by) const { return attacked(s, by, pieces()); }
    // Squares a piece of colour c and type t on `from` attacks (could capture on) given occ,
    // with the move rights the piece standing on `from` has now (see move_rights.hpp).
    [[nodiscard]] BB attacks_from(Color c, PieceType t, Square from, BB occ) const;
    // Move types lost by the pieces of this position (anti-relay; all empty otherwise).
    [[nodiscard]] const LostTypes<BB>& lost_types() const { return lost_; }
    [[nodiscard]] unsigned lost_mask(Square s) const { return core::lost_mask(lost_, s); }
    // Would the mover's king be safe after the pseudo-legal move m? Tests the board the move
    // leaves with every move right recomputed there (Legality::FullTest).
    [[nodiscard]] bool king_safe_after(Move m) const;
    [[nodiscard]] bool in_check() const {
        const Square k = king_square(stm_);
        return k != NoSquare && attacked(k, ~stm_);
    }
    // How often the current position occurred before (same side to move, within the
    // reversible part of the game).
    [[nodiscard]] int repetitions() const;
    [[nodiscard]] bool insufficient_material() const;

    [[nodiscard]] PieceCode moved_piece(Move m) const {
        return m.kind() == MoveKind::Drop ? make_piece(stm_, m.dropped()) : board_[m.from()];
    }
    [[nodiscard]] bool is_capture(Move m) const {
        return m.kind() == MoveKind::EnPassant || m.kind() == MoveKind::Shoot ||
               (m.kind() != MoveKind::Drop && m.kind() != MoveKind::Castling &&
                board_[m.to()] != NoPiece);
    }

    // Do the board, the bitboards, the hands, the e.p. state, the incremental key (against the
    // key recomputed from scratch) and, under anti-relay, the freezes agree? Checked after every
    // make and unmake in debug builds.
    [[nodiscard]] bool consistent() const;

    // Promotion types available to a pawn of colour c now (rule B narrows them).
    void promotion_types(Color c, PieceType* out, int& n) const;

  private:
    struct State {
        std::uint64_t key;
        Move move;
        PieceCode moved;
        PieceCode captured;
        Square ep_square, ep_victim;
        int castling, rule50, reversible;
        bool null_move;
    };

    void update_lost();
    void pawn_step_clocks(Square from, Square to);
    void make_drop(Move m);
    void ep_after_lame_step(PieceType type, Square from, Square to);
    void put(PieceCode p, Square s);
    void remove(Square s);
    void set_ep_after_double_step(Square ep, Square victim);
    [[nodiscard]] bool can_capture_ep(Color c, Square ep) const;
    void grant_castling_after_placement(Color c);
    // FEN reading (parse), in the order it runs.
    Result<void> parse(std::string_view fen);
    void clear();
    Result<void> take_army_metadata(std::vector<std::string>& fields) const;
    Result<void> check_field_count(const std::vector<std::string>& fields) const;
    Result<void> read_board(std::string_view field);
    Result<void> check_kings_and_pawns() const;
    Result<void> read_side_to_move(std::string_view field);
    Result<void> read_castling(std::string_view field);
    Result<void> read_en_passant(std::string_view field);
    Result<void> read_clocks(const std::vector<std::string>& fields);
    Result<void> check_side_not_to_move_safe() const;

    RulesPtr rules_;
    std::array<BB, MaxPieceTypes> by_type_{};
    std::array<BB, 2> by_color_{};
    std::array<PieceCode, max_squares<BB>> board_{};
    Color stm_ = Color::White;
    Square ep_square_ = NoSquare, ep_victim_ = NoSquare;
    int castling_ = 0;
    int rule50_ = 0;
    int reversible_ = 0;
    int game_ply_ = 0;
    std::uint64_t key_ = 0;
    std::array<std::array<std::uint8_t, MaxPieceTypes>, 2> hand_{};
    std::array<int, 2> hand_total_{};
    LostTypes<BB> lost_{};
    std::vector<State> history_;
    std::vector<LostTypes<BB>> lost_history_;  // lost_ before each make (anti-relay only)
};

// Square names: files a.., ranks 1.. (multi-digit on tall boards).
[[nodiscard]] std::string square_name(int files, Square s);
[[nodiscard]] Square parse_square(int files, int ranks, std::string_view text);

}  // namespace balance::core
